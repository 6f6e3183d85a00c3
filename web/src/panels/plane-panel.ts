// plane-panel.ts — the vector plane of the head shown (state.head, the
// operation panel's "head" option): its queries and keys as arrows, with a
// one-line prompt for newcomers. Dragging a tip writes the two cells of Q or
// K it stands for (a random source is written out first), live while the
// pointer moves and as one history entry when it is released; a key press
// is one entry; Escape puts the matrices back as they were. Choosing a query
// or the columns writes the state too; pointing at a key's tip points at
// the weight (selected query, key) for every panel.
//
// Shown for attention, multi_head and single_head when the head keeps its
// parts (model/parts.ts: small heads) and d_k ≥ 2; hidden otherwise. While
// the input is invalid the last drawing stays, dimmed and not draggable.
// With RoPE or sinusoidal positions the arrows are the vectors the core
// compares (q and k turned, or with PE added): a note says so, and they are
// drawn, not dragged; with ALiBi the note says the scores include its bias.

import { materialize, type Outcome, type View } from '../model/compute';
import type { HeadParts } from '../model/parts';
import { opOf } from '../model/ops/index';
import type { MatrixName, MatrixSource, State } from '../model/state';
import { cellEdits, type CellEdit } from '../figures/vector-plane/geometry';
import { VectorPlane, type DragPhase, type Vec2, type VectorKind } from '../figures/vector-plane/vector-plane';
import { el } from '../widgets/dom';
import type { Panel, PanelContext, Pointed } from './context';
import { planeWords } from './words';
import { slopeText } from '../model/positions';

/** The columns to draw: the state's two when they fit a head of width dk (and differ), else the first two. */
export function planeDims(dims: readonly [number, number], dk: number): Vec2 {
  const [a, b] = dims;
  const fits = (n: number) => Number.isInteger(n) && n >= 0 && n < dk;
  return fits(a) && fits(b) && a !== b ? [a, b] : [0, 1];
}

/** `src` as cells with `edits` written in (shortest text of each value); a random source is written out first. */
export function writeCells(src: MatrixSource, edits: readonly CellEdit[], toCells: (src: MatrixSource) => string[][]): MatrixSource {
  const cells = toCells(src);
  for (const e of edits) {
    const row = cells[e.row];
    if (row && e.col < row.length) row[e.col] = String(e.value);
  }
  return { kind: 'cells', cells };
}

/** Whether the head's q and k are its inputs, so that a drag can write them back (not turned by RoPE, no PE added). */
export function canDrag(parts: HeadParts): boolean {
  const kind = parts.positions?.kind;
  return parts.source === 'input' && kind !== 'rope' && kind !== 'sinusoidal';
}

/** The note on the head's positions under the title (i18n key and variables), or null without one. */
export function positionsNote(parts: HeadParts): { key: string; vars: Record<string, string | number> } | null {
  const pos = parts.positions;
  if (!pos) return null;
  if (pos.kind === 'alibi') return { key: 'plane.pos.alibi', vars: { m: slopeText(pos.slope) } };
  return { key: `plane.pos.${pos.kind}`, vars: {} };
}

/** What the plane draws now. */
interface Shown {
  head: number;
  parts: HeadParts;
  dims: Vec2;
}

/** The vector plane panel. */
export class PlanePanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly title: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly positions: HTMLElement;
  private readonly plane: VectorPlane;
  private shown: Shown | null = null;
  /** Q and K as they were when the drag began (Escape puts them back). */
  private saved: Partial<Record<MatrixName, MatrixSource>> | null = null;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.title = el('h2', { class: 'panel-title' }, t('plane.title'));
    this.prompt = el('p', { class: 'hint plane-prompt', 'data-testid': 'plane-prompt' }, t('plane.prompt'));
    this.positions = el('p', { class: 'hint plane-positions', 'data-testid': 'plane-positions', hidden: true });
    const box = el('div', { class: 'plane-box' });
    this.element = el(
      'section',
      { class: 'panel panel-plane', 'aria-label': t('plane.title'), 'data-testid': 'plane', hidden: true },
      this.title,
      this.prompt,
      this.positions,
      box,
    );
    this.plane = new VectorPlane(box, {
      words: planeWords(t),
      onDrag: (kind, row, value, phase) => this.drag(kind, row, value, phase),
      onSelect: (i) => ctx.update((s) => void (s.query = i), 'replace'),
      onDims: (dims) => ctx.update((s) => void (s.planeDims = dims), 'push'),
      onPoint: (p) => ctx.point(p && this.shown ? { kind: 'weight', head: this.shown.head, i: p.i, j: p.j } : null),
    });
  }

  /** The figure (tests and the lead's wiring). */
  figure(): VectorPlane {
    return this.plane;
  }

  render(state: State, outcome: Outcome): void {
    const view = outcome.ok ? outcome.view : this.ctx.lastGood();
    const head = view ? Math.max(0, Math.min(state.head, view.heads.length - 1)) : 0;
    const parts = view && opOf(state).flags.plane ? view.heads[head]?.parts : undefined;
    if (!view || !parts || parts.dk < 2) {
      this.element.hidden = true;
      this.shown = null;
      return;
    }
    this.element.hidden = false;
    this.plane.setDimmed(!outcome.ok);
    if (outcome.ok || !this.shown) this.draw(state, view, head, parts);
  }

  showPointed(p: Pointed): void {
    if (p?.kind === 'weight' && this.shown && p.head === this.shown.head) this.plane.highlight(p.i, p.j);
    else if (p?.kind === 'output') this.plane.highlight(p.i, null);
    else this.plane.highlight(null, null);
  }

  private draw(state: State, view: View, head: number, parts: HeadParts): void {
    const t = this.ctx.t.bind(this.ctx);
    const dims = planeDims(state.planeDims, parts.dk);
    this.shown = { head, parts, dims };
    const title = view.heads.length > 1 ? t('plane.titleHead', { n: head + 1 }) : t('plane.title');
    if (this.title.textContent !== title) this.title.textContent = title;
    const draggable = canDrag(parts);
    this.prompt.hidden = !draggable;
    const note = positionsNote(parts);
    this.positions.hidden = !note;
    this.positions.textContent = note ? t(note.key, note.vars) : '';
    this.plane.update({
      q: parts.q,
      k: parts.k,
      scaled: parts.scaled,
      weights: parts.weights,
      hidden: view.hidden,
      dims,
      query: Math.max(0, Math.min(state.query, parts.q.rows - 1)),
      queryLabels: distinct(view.queryLabels),
      keyLabels: distinct(view.keyLabels),
      draggable,
      projected: parts.source === 'grouped' ? 'grouped' : parts.source === 'projected',
      scale: parts.scale,
      temperature: parts.temperature,
    });
  }

  /** A tip moved: write its two cells (live while dragging, a history entry at the end), or put Q and K back. */
  private drag(kind: VectorKind, row: number, value: Vec2, phase: DragPhase): void {
    const shown = this.shown;
    if (!shown || !canDrag(shown.parts)) return;
    if (phase === 'cancel') {
      const saved = this.saved;
      this.saved = null;
      if (saved) this.ctx.update((s) => Object.assign(s.matrices, saved), 'replace');
      return;
    }
    if (phase === 'move' && !this.saved) {
      const { Q, K } = this.ctx.state().matrices;
      this.saved = { ...(Q && { Q }), ...(K && { K }) };
    }
    const name: MatrixName = kind === 'q' ? 'Q' : 'K';
    const edits = cellEdits(kind, row, value, shown.dims, shown.parts.offset, shown.parts.qLength, this.plane.decimals());
    const core = this.ctx.core;
    this.ctx.update(
      (s) => {
        const src = s.matrices[name];
        if (src) s.matrices[name] = writeCells(src, edits, (m) => materialize(core, m));
      },
      phase === 'move' ? 'live' : 'push',
    );
    if (phase === 'end') this.saved = null;
  }
}

/** Labels with a repeated one told apart by its index ("the", "the₄"): two arrows of one token name lie on each other. */
export function distinct(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.map((l, i) => {
    if (!seen.has(l)) {
      seen.add(l);
      return l;
    }
    return l + String(i).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);
  });
}
