// mask-figure.ts — the mask under the inputs: a built mask (causal,
// sliding window, prefix-LM, local + global, dilated, BigBird) drawn read-only
// with the custom editor's grid, and for every mask the line "visible 1,536
// of 65,536 = 2.3 %: cost grows like n·w, not n²" (model/mask-cost.ts). A mask
// the core refuses (a bad parameter) shows nothing here: the operation panel
// says why. Nothing larger than MAX_COUNTED entries is built for the count.

import type { TypedMask } from '../core/core';
import { costLine, countVisible } from '../model/mask-cost';
import { isBuilt, maskFor, maskRows } from '../model/masks';
import { applied, appliedMask, opOf, scoreShape } from '../model/ops/index';
import { queryOffset } from '../model/options';
import type { State } from '../model/state';
import { el } from '../widgets/dom';
import { MAX_MASK_CELLS, MaskEditor } from '../widgets/mask-editor';
import type { PanelContext } from './context';

/** Entries beyond which the mask is not built again here to be counted (2048 × 2048). */
export const MAX_COUNTED = 2048 * 2048;

/** The read-only grid of a built mask and the cost line of every mask. */
export class MaskFigure {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly grid: MaskEditor;
  private readonly rowsNote: HTMLElement;
  private readonly line: HTMLElement;
  private shown = '';

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    this.grid = new MaskEditor(ctx.t.bind(ctx), null);
    this.rowsNote = el('p', { class: 'hint', 'data-testid': 'mask-last-rows', hidden: true });
    this.line = el('p', { class: 'mask-cost', 'data-testid': 'mask-cost', 'aria-live': 'polite' });
    this.element = el(
      'section',
      { class: 'mask-figure', 'data-testid': 'mask-figure', 'aria-label': ctx.t('opt.mask') },
      this.grid.element,
      this.rowsNote,
      this.line,
    );
  }

  /** The mask of `state` (only what its operation applies), or null for none; undefined when it cannot be built here. */
  private maskOf(state: State, nq: number, nk: number): TypedMask | null | undefined {
    if (appliedMask(state) === 'none') return null;
    if (nq * nk > MAX_COUNTED) return undefined;
    try {
      return maskFor(this.ctx.core, applied(state), nq, nk);
    } catch {
      return undefined; // the core refused a parameter: compute() failed with its message, shown by the operation panel
    }
  }

  /** Show the mask `state` applies (rebuilt only when its mode, parameters or shape changed). */
  render(state: State): void {
    const mode = appliedMask(state);
    const [nq, nk] = scoreShape(state);
    const what = mode === 'custom' ? state.customMask : isBuilt(mode) ? state.maskParams : null;
    const key = JSON.stringify([mode, what, nq, nk, state.tokens, this.ctx.lang, opOf(state).flags.quadratic, state.align]);
    if (key === this.shown) return;
    this.shown = key;
    const mask = this.maskOf(state, nq, nk);
    this.element.hidden = mask === undefined;
    if (mask === undefined) return;
    // how the cost grows with the mask: for an operation whose cost follows the score matrix (else its note says)
    const growth = opOf(state).flags.quadratic;
    this.line.textContent = costLine(mode, countVisible(mask, nq, nk), this.ctx.lang, this.ctx.t.bind(this.ctx), growth);
    const drawn = mask !== null && mode !== 'custom'; // the custom editor draws its own
    this.grid.element.hidden = !drawn;
    // where the queries sit, said whenever it matters (n_q ≠ n_k)
    this.rowsNote.hidden = nq === nk;
    const first = queryOffset(state.align, nq, nk);
    if (!this.rowsNote.hidden) this.rowsNote.textContent = this.ctx.t(`mask.aligned.${state.align}`, { nq, nk, first, last: nk - 1 });
    if (!drawn) return;
    const label = (n: number) => Array.from({ length: n }, (_, i) => state.tokens[i] || String(i));
    if (nq * nk > MAX_MASK_CELLS) this.grid.renderTooLarge(nq, nk);
    else this.grid.render(maskRows(mask), label(nq), label(nk));
  }
}
