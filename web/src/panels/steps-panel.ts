// steps-panel.ts — the intermediate steps of one head, each with its shape,
// and the seed-style trace of shapes ("q (1, 3, 2)  k (1, 3, 2) …"). A step
// holds the rows its table shows (compute.ts: STEP_ROWS), its shape the whole.

import type { Outcome } from '../model/compute';
import { el } from '../widgets/dom';
import { MatrixTable } from '../widgets/matrix-table';
import type { State } from '../model/state';
import type { Panel, PanelContext, Pointed } from './context';
import type { BuiltPanel } from './context';

/** The steps of positions (model/positions.ts) whose rows are tokens, not weights: a query's row, or a key's (or a value's). */
const ROWS_OF: Readonly<Record<string, 'query' | 'key'>> = {
  'step.peQ': 'query',
  'step.ropeQ': 'query',
  'step.peX': 'query',
  'step.peK': 'key',
  'step.peV': 'key',
  'step.ropeK': 'key',
};

/** The step-by-step panel. */
export class StepsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly trace: HTMLElement;
  private readonly steps: HTMLElement;
  private readonly details: HTMLDetailsElement;
  private readonly tables: { box: HTMLElement; table: MatrixTable }[] = [];
  /** The head the steps belong to. */
  private head = 0;
  /** The name key of each step shown (positions' steps are outlined by row: rowsOf). */
  private keys: string[] = [];
  /** Whether the panel is on screen (true where that cannot be known). */
  private onScreen = true;
  /** A render put off while a drag goes on out of sight, and its timer. */
  private later = 0;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.trace = el('pre', { class: 'trace', 'data-testid': 'trace', 'aria-label': t('steps.trace') });
    this.steps = el('div', { class: 'steps', 'data-testid': 'steps' });
    this.details = el('details', { class: 'steps-details', open: true }, el('summary', {}, t('steps.title')), this.trace, this.steps);
    this.element = el('section', { class: 'panel panel-steps', 'aria-label': t('steps.title') }, this.details);
    if (typeof IntersectionObserver === 'function')
      new IntersectionObserver((entries) => (this.onScreen = entries[entries.length - 1]?.isIntersecting ?? true)).observe(this.element);
  }

  /** Show the steps of `outcome`; during a drag while the panel is out of sight, once the drag pauses (250 ms). */
  render(_state: State, outcome: Outcome): void {
    clearTimeout(this.later);
    if (this.ctx.live() && !this.onScreen) this.later = window.setTimeout(() => this.draw(outcome), 250);
    else this.draw(outcome);
  }

  /** The render as steps: the trace and the tables' boxes, then each step's table (a large outcome's in slices: frames.ts). */
  stages(state: State, outcome: Outcome): (() => void)[] {
    if (this.ctx.live() && !this.onScreen) return [() => this.render(state, outcome)];
    clearTimeout(this.later);
    return this.drawSteps(outcome);
  }

  private draw(outcome: Outcome): void {
    for (const step of this.drawSteps(outcome)) step();
  }

  private drawSteps(outcome: Outcome): (() => void)[] {
    const v = outcome.ok ? outcome.view : null;
    const first = () => {
      this.element.classList.toggle('is-stale', !outcome.ok);
      if (!v) return;
      this.trace.textContent = v.trace.join('\n');
      this.steps.hidden = !v.steps;
      if (!v.steps) return;
      this.head = v.stepsHead;
      this.keys = v.steps.map((s) => s.key);
      while (this.tables.length < v.steps.length) {
        const table = new MatrixTable();
        const box = el('div', { class: 'step' }, el('span', { class: 'step-number', 'aria-hidden': 'true' }, String(this.tables.length + 1)), table.element);
        this.tables.push({ box, table });
        this.steps.appendChild(box);
      }
    };
    if (!v?.steps) return [first];
    const head = v.heads.length > 1 ? ` — ${this.ctx.t('result.head', { n: v.stepsHead + 1 })}` : '';
    return [
      first,
      ...v.steps.map((s, i) => () => {
        // the table reads the rows it shows (at most STEP_ROWS), and says how many the whole step has
        const m = { data: s.m.data, rows: s.shape[s.shape.length - 2], cols: s.m.cols };
        this.tables[i].table.update(this.ctx.t(s.key, s.vars) + (i === 0 ? head : ''), s.shape, m, { rowLabels: v.queryLabels });
      }),
    ];
  }

  /** Outline cell (i, j) of every (n_q, n_k) step for weight (i, j) of the steps' head; row i of every step for output row i. */
  showPointed(p: Pointed): void {
    const n = this.tables.length;
    this.tables.forEach(({ table }, k) => {
      const rows = ROWS_OF[this.keys[k]];
      if (!p || (p.kind === 'weight' && p.head !== this.head)) table.highlight(null);
      else if (rows === 'query') table.highlight({ row: p.i });
      else if (rows === 'key') table.highlight(p.kind === 'weight' ? { row: p.j } : null);
      else if (p.kind === 'output' || k === n - 1)
        table.highlight({ row: p.i }); // the last step is out = weights·V: its row i
      else table.highlight({ row: p.i, col: p.j });
    });
  }
}

/** The steps panel (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new StepsPanel(ctx) };
}
