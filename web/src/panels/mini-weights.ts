// mini-weights.ts — on a narrow screen the results are below the inputs, so
// an edit would mean scrolling up to see what it did. This keeps a compact
// view of the weights (the shown head's, colour only, on a small canvas) at
// the bottom of the screen while the inputs are in sight and the results
// are not, with a button that scrolls to them. On a wide screen (results beside the inputs)
// the stylesheet hides it.

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import { colourTable, lutIndex, MASK_FILL, parseHex } from '../figures/heatmap/scales';
import { el } from '../widgets/dom';
import type { Panel, PanelContext, Pointed } from './context';
import { setText } from '../figures/kit/figure-kit';

/** Side of the compact view, in CSS pixels. */
const SIDE = 72;

/** The compact weights view. */
export class MiniWeights implements Panel {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly label: HTMLElement;
  private observer: IntersectionObserver | null = null;
  /** The drawing of the last render, until it is painted. */
  private pending: (() => void) | null = null;
  /** Whether each watched panel is on screen. */
  private readonly seen = new Map<Element, boolean>();

  /**
   * @param results the results panel: the compact view shows while it is out of sight…
   * @param inputs …and the inputs panel is in sight (not below, beside the experiments)
   */
  constructor(
    private readonly ctx: PanelContext,
    private readonly results: HTMLElement,
    private readonly inputs: HTMLElement,
  ) {
    const t = ctx.t.bind(ctx);
    this.canvas = el('canvas', { class: 'mini-canvas', 'aria-hidden': 'true' });
    this.label = el('span', { class: 'mini-label' });
    const jump = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'mini-jump' }, t('mini.jump'));
    jump.addEventListener('click', () => this.results.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    this.element = el(
      'aside',
      { class: 'mini-weights', hidden: true, 'data-testid': 'mini-weights', 'aria-label': t('mini.title') },
      this.canvas,
      this.label,
      jump,
    );
    if (typeof IntersectionObserver === 'function') {
      this.observer = new IntersectionObserver((entries) => {
        for (const e of entries) this.seen.set(e.target, e.isIntersecting);
        const away = this.seen.get(this.inputs) === true && this.seen.get(this.results) === false;
        this.element.classList.toggle('is-away', away);
        if (away) this.paint();
      });
      this.observer.observe(results);
      this.observer.observe(inputs);
    }
  }

  render(state: State, outcome: Outcome): void {
    const view = outcome.ok ? outcome.view : this.ctx.lastGood();
    this.element.hidden = !view;
    if (!view) return;
    const head = view.heads[Math.min(state.head, view.heads.length - 1)];
    const d = head.drawn;
    const [values, rows, cols, hidden] = d ? [d.data, d.rows, d.cols, d.hidden] : [head.weights.data, head.weights.rows, head.weights.cols, view.hidden];
    setText(this.label, this.ctx.t('mini.label', { head: this.ctx.t(head.key, head.vars), rows: head.weights.rows, cols: head.weights.cols }));
    this.element.classList.toggle('is-stale', !outcome.ok);
    this.pending = () => draw(this.canvas, values, rows, cols, hidden);
    if (this.element.classList.contains('is-away')) this.paint();
  }

  /** Paint what the last render asked for (only while the view is shown: a drag renders many times a second). */
  private paint(): void {
    this.pending?.();
    this.pending = null;
  }

  showPointed(_p: Pointed): void {
    // the compact view only shows the colours; pointing happens in the full figures
  }
}

/**
 * Paint the weights (viridis, masked grey) as one image of at most SIDE × SIDE pixels, a pixel per cell
 * (nearest cell when there are more: 256 × 256 block maxima would be 65,536 rectangles); CSS scales it up.
 */
function draw(canvas: HTMLCanvasElement, values: Float64Array, rows: number, cols: number, hidden: Uint8Array | null): void {
  const w = Math.min(cols, SIDE);
  const h = Math.min(rows, SIDE);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) return; // jsdom
  const img = g.createImageData(w, h);
  const { rgba } = colourTable();
  const mask = parseHex(MASK_FILL);
  for (let y = 0; y < h; y++) {
    const i = Math.floor((y * rows) / h);
    for (let x = 0; x < w; x++) {
      const p = i * cols + Math.floor((x * cols) / w);
      const o = 4 * (y * w + x);
      if (hidden?.[p]) img.data.set([...mask, 255], o);
      else {
        const k = 4 * lutIndex(values[p], [0, 1]);
        img.data.set(rgba.subarray(k, k + 4), o);
      }
    }
  }
  g.putImageData(img, 0, 0);
}
