// curve-view.ts — the run's loss and accuracy (on the positions the task
// counts) against the step, two line charts side by side, the loss on a log
// scale when asked, and the run's status: step N of M, steps per second. A
// live run adds points many times a second: the charts are drawn at most a
// few times a second, each with at most MAX_POINTS points (every k-th, and the
// last).

import { LineChart } from '../../figures/line-chart/line-chart';
import type { SeriesPoint } from '../../figures/line-chart/types';
import type { ChartWords } from '../../figures/line-chart/words';
import type { CurvePoint } from '../../training/types';
import { el, uid } from '../../widgets/dom';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** The most points a chart draws. */
export const MAX_POINTS = 400;
/** The least time between two drawings of a live run, ms. */
const DRAW_EVERY_MS = 250;

/** Every k-th point of `curve` and its last, at most `max` (k the least that fits). */
export function thinned<P>(curve: readonly P[], max = MAX_POINTS): P[] {
  if (curve.length <= max) return curve.slice();
  const k = Math.ceil(curve.length / (max - 1));
  const out: P[] = [];
  for (let i = 0; i < curve.length - 1; i += k) out.push(curve[i]);
  out.push(curve[curve.length - 1]);
  return out;
}

/** The loss and accuracy charts, the log-scale box and the status line. */
export class CurveView {
  readonly element: HTMLElement;
  readonly status: HTMLElement;
  private readonly loss: LineChart;
  private readonly accuracy: LineChart;
  private readonly log: HTMLInputElement;
  private curve: readonly CurvePoint[] = [];
  private total = 0;
  private lastDraw = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly t: T,
    words: ChartWords,
  ) {
    const logId = uid('train-log');
    this.log = el('input', { type: 'checkbox', id: logId, 'data-testid': 'train-log', checked: true });
    this.log.addEventListener('change', () => this.draw());
    this.status = el('p', { class: 'train-status', role: 'status', 'data-testid': 'train-status' }, t('train.status.idle'));
    const lossBox = el('div', { class: 'train-chart', 'data-testid': 'train-loss' });
    const accBox = el('div', { class: 'train-chart', 'data-testid': 'train-accuracy' });
    this.element = el(
      'div',
      { class: 'train-curve' },
      this.status,
      el('label', { class: 'train-check', for: logId }, this.log, ' ', t('train.logScale')),
      el('div', { class: 'train-charts' }, lossBox, accBox),
    );
    const x = { xLabel: t('train.step'), xName: t('train.step'), xWhole: true, xFormat: (v: number) => String(Math.round(v)), words, height: 220 };
    this.loss = new LineChart(lossBox, { ...x, title: t('train.lossChart'), yLabel: t('train.loss'), yScale: 'log' });
    this.accuracy = new LineChart(accBox, { ...x, title: t('train.accuracyChart'), yLabel: t('train.accuracy'), yDomain: [0, 1] });
  }

  /** Show `curve` of a run of `total` steps (a live run: drawn soon, at most every DRAW_EVERY_MS; else at once). */
  show(curve: readonly CurvePoint[], live = false, total = this.total): void {
    this.curve = curve;
    this.total = total;
    const wait = this.lastDraw + DRAW_EVERY_MS - Date.now();
    if (!live || wait <= 0) this.draw();
    else this.timer ??= setTimeout(() => this.draw(), wait);
  }

  /** Draw the curve now. */
  draw(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastDraw = Date.now();
    const points = thinned(this.curve);
    const log = this.log.checked;
    const loss: SeriesPoint[] = points.filter((p) => !log || p.loss > 0).map((p) => ({ x: p.step, y: p.loss }));
    const accuracy: SeriesPoint[] = points.map((p) => ({ x: p.step, y: p.accuracy }));
    // the x axis spans the whole run from its start, so a live curve grows across it
    const xDomain: [number, number] = [0, Math.max(1, this.total, (this.curve.at(-1)?.step ?? 0) + 1)];
    this.loss.update([{ id: 'loss', label: this.t('train.loss'), points: loss }], { yScale: log ? 'log' : 'linear', xDomain });
    this.accuracy.update([{ id: 'accuracy', label: this.t('train.accuracy'), points: accuracy }], { xDomain });
    this.element.dataset['points'] = String(this.curve.length);
    const last = this.curve.at(-1);
    this.element.dataset['accuracy'] = last ? String(last.accuracy) : ''; // the latest batch's, for tests and scripts
  }
}
