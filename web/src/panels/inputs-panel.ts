// inputs-panel.ts — the editors of the matrices the operation reads, and the
// custom mask grid when the mask is "custom" (a note instead when the score
// shape, which a link may make as large as it likes, is over MAX_MASK_CELLS);
// under it the mask figure (mask-figure.ts: a built mask read-only, and the
// share of visible entries of every mask).

import { fitMask, materialize, type Outcome } from '../model/compute';
import { el, replaceChildren } from '../widgets/dom';
import { MAX_MASK_CELLS, MaskEditor } from '../widgets/mask-editor';
import { MatrixEditor } from '../widgets/matrix-editor';
import { ALL_OPTIONAL, appliedMask, opOf, scoreShape } from '../model/ops/index';
import type { MatrixName, State } from '../model/state';

import type { Panel, PanelContext, Pointed } from './context';
import { MaskFigure } from './mask-figure';

/** The inputs panel. */
export class InputsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly editors = new Map<MatrixName, MatrixEditor>();
  private readonly list: HTMLElement;
  private readonly mask: MaskEditor;
  private readonly figure: MaskFigure;
  private shownOp = '';

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    this.list = el('div', { class: 'editors' });
    this.mask = new MaskEditor(ctx.t.bind(ctx), (i, j) =>
      ctx.update((s) => {
        const [nq, nk] = scoreShape(s);
        s.customMask = fitMask(s.customMask, nq, nk);
        s.customMask[i][j] = !s.customMask[i][j];
      }, 'push'),
    );
    this.figure = new MaskFigure(ctx);
    this.element = el(
      'section',
      { class: 'panel panel-inputs', 'aria-label': ctx.t('inputs.title') },
      el('h2', { class: 'panel-title' }, ctx.t('inputs.title')),
      this.list,
      this.mask.element,
      this.figure.element,
    );
  }

  private editor(name: MatrixName): MatrixEditor {
    let e = this.editors.get(name);
    if (!e) {
      const ctx = this.ctx;
      e = new MatrixEditor(
        name,
        {
          t: ctx.t.bind(ctx),
          materialize: (src) => materialize(ctx.core, src),
          set: (n, src, history) => ctx.update((s) => void (s.matrices[n] = src), history),
          seed: () => ctx.state().seed,
          setSeed: (seed) => ctx.update((s) => void (s.seed = seed), 'replace'),
        },
        ALL_OPTIONAL.has(name),
      );
      this.editors.set(name, e);
    }
    return e;
  }

  /** Weight (i, j) was made of Q row i and K row j (of X's rows for self-attention on X): outline them. */
  showPointed(p: Pointed): void {
    const rows: Partial<Record<MatrixName, number | null>> = opOf(this.ctx.state()).flags.selfInput
      ? { X: p ? p.i : null }
      : { Q: p ? p.i : null, K: p?.kind === 'weight' ? p.j : null, V: p?.kind === 'weight' ? p.j : null };
    for (const [name, editor] of this.editors) editor.highlightRow(rows[name] ?? null);
  }

  render(state: State, outcome: Outcome): void {
    const names = opOf(state).inputs;
    if (state.op !== this.shownOp) {
      this.shownOp = state.op;
      replaceChildren(
        this.list,
        names.map((n) => this.editor(n).element),
      );
    }
    const errors = outcome.ok ? [] : outcome.cellErrors;
    for (const n of names)
      this.editor(n).render(
        state.matrices[n],
        errors.filter((e) => e.matrix === n),
      );
    const custom = appliedMask(state) === 'custom';
    this.mask.element.hidden = !custom;
    this.figure.render(state);
    if (custom) {
      const [nq, nk] = scoreShape(state);
      const label = (n: number) => Array.from({ length: n }, (_, i) => state.tokens[i] || String(i));
      if (nq * nk > MAX_MASK_CELLS) this.mask.renderTooLarge(nq, nk);
      else this.mask.render(fitMask(state.customMask, nq, nk), label(nq), label(nk));
    }
  }
}
