// explain-panel.ts — "How weight (i, j) was made": the weight the learner
// points at (hover or keyboard focus on a heatmap cell), written out with its
// actual numbers (model/explain.ts); an output row the same way, from its
// weights row. With nothing pointed at it explains the selected query's
// largest weight. Hidden when the head keeps no parts (linear attention, heads
// too large to take apart).
//
// Accessibility: every formula is drawn with <var>, <sub> and <sup> for the
// eye and given as plain Unicode text to screen readers; a polite live region
// says the one-sentence summary once the pointer rests (ANNOUNCE_MS), not on
// every cell the mouse crosses.

import type { Outcome, View } from '../model/compute';
import { explainOutputRow, explainWeight, largestKey, sourceOf, type ExplainSource, type ExplainStep, type Explanation, type Piece } from '../model/explain';
import type { State } from '../model/state';
import { el, replaceChildren } from '../widgets/dom';
import type { Panel, PanelContext, Pointed } from './context';
import { copyText } from '../widgets/copy-text';
import type { BuiltPanel } from './context';
import explainCss from './explain.styles.css?inline';
import { EXPLAIN_WORDS } from './explain.words';

/** How long the pointing must rest on one weight before the live region says its summary. */
export const ANNOUNCE_MS = 600;

/** The DOM of one piece: <var>q</var><sub>0</sub>, e<sup>…</sup>, a number with its full value as a title. */
function pieceNodes(p: Piece): Node[] {
  switch (p.kind) {
    case 'text':
      return [document.createTextNode(p.text)];
    case 'var':
      return [el('var', {}, p.name), el('sub', {}, p.sub)];
    case 'num': {
      const span = el('span', { class: 'explain-num', title: p.num.full, 'data-full': p.num.full }, p.num.text);
      return p.paren && p.num.value < 0 ? [document.createTextNode('('), span, document.createTextNode(')')] : [span];
    }
    case 'pow':
      return [document.createTextNode(p.base), el('sup', {}, p.pieces.flatMap(pieceNodes))];
  }
}

/** What to explain: a head's source and the weight (i, j) or output row i, and whether the learner pointed at it. */
export interface Target {
  src: ExplainSource;
  kind: 'weight' | 'output';
  i: number;
  j: number;
  pointed: boolean;
}

/** The target of a pointing in `view`, or the default (the selected query's largest weight in the steps' head); null when the head has no parts. */
export function targetOf(view: View, state: State, p: Pointed): Target | null {
  const head = p?.kind === 'weight' ? p.head : view.stepsHead;
  const src = sourceOf(view, head);
  if (src && p?.kind === 'weight' && p.i < src.parts.q.rows && p.j < src.parts.k.rows) return { src, kind: 'weight', i: p.i, j: p.j, pointed: true };
  if (src && p?.kind === 'output' && p.i < src.parts.q.rows) return { src, kind: 'output', i: p.i, j: 0, pointed: true };
  const fallback = sourceOf(view, view.stepsHead);
  if (!fallback) return null;
  const i = Math.min(Math.max(0, state.query), fallback.parts.q.rows - 1);
  return { src: fallback, kind: 'weight', i, j: largestKey(fallback, i), pointed: false };
}

/** The "how weight (i, j) was made" panel. */
export class ExplainPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly title: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly steps: HTMLElement;
  private readonly live: HTMLElement;
  private readonly copyStatus: HTMLElement;
  private view: View | null = null;
  private state: State | null = null;
  private shown: Explanation | null = null;
  private drawnText = '';
  private announced = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** What the last draw explained (a render draws, then the pointing told after every render would draw it again). */
  private drawnFor: { view: View | null; state: State | null; pointed: string } | null = null;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const titleId = `explain-title-${Math.random().toString(36).slice(2, 8)}`;
    this.title = el('h2', { class: 'panel-title', id: titleId });
    this.hint = el('p', { class: 'hint explain-hint', 'data-testid': 'explain-hint' });
    this.heading = el('p', { class: 'explain-heading', 'data-testid': 'explain-heading' });
    this.steps = el('ol', { class: 'explain-steps', 'data-testid': 'explain-steps' });
    this.live = el('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'explain-live' });
    this.copyStatus = el('span', { class: 'explain-copied', role: 'status' });
    const copy = el('button', { type: 'button', class: 'btn', 'data-testid': 'explain-copy', onclick: () => void this.copy(copy) }, t('explain.copy'));
    this.element = el(
      'section',
      { class: 'panel panel-explain', 'aria-labelledby': titleId, 'data-testid': 'explain', hidden: true },
      this.title,
      this.hint,
      this.heading,
      this.steps,
      el('div', { class: 'explain-tools' }, copy, this.copyStatus),
      this.live,
    );
  }

  render(state: State, outcome: Outcome): void {
    this.state = state;
    this.view = outcome.ok ? outcome.view : this.ctx.lastGood();
    this.element.classList.toggle('is-stale', !outcome.ok);
    this.draw(this.ctx.pointed());
  }

  showPointed(p: Pointed): void {
    this.draw(p);
  }

  /** The explanation shown now (null when the panel is hidden). */
  current(): Explanation | null {
    return this.shown;
  }

  /** Explain what `p` points at (or the default) and, when the learner pointed, say its summary once the pointing rests. */
  private draw(p: Pointed): void {
    const pointed = JSON.stringify(p);
    const last = this.drawnFor;
    if (last && last.view === this.view && last.state === this.state && last.pointed === pointed) return;
    this.drawnFor = { view: this.view, state: this.state, pointed };
    const target = this.view && this.state ? targetOf(this.view, this.state, p) : null;
    this.element.hidden = !target;
    if (!target) {
      this.shown = null;
      return;
    }
    const t = this.ctx.t.bind(this.ctx);
    const ex = target.kind === 'weight' ? explainWeight(target.src, target.i, target.j, t) : explainOutputRow(target.src, target.i, t);
    this.shown = ex;
    const hint = target.pointed ? '' : t('explain.hintDefault', { hint: t('explain.hint'), now: t('explain.default', { i: target.i }) });
    if (ex.text + hint !== this.drawnText) {
      this.drawnText = ex.text + hint;
      this.title.textContent = ex.title;
      this.hint.textContent = hint;
      this.hint.hidden = !hint;
      this.heading.textContent = ex.heading;
      replaceChildren(
        this.steps,
        ex.steps.map((s) => this.stepNode(s)),
      );
    }
    this.schedule(target.pointed ? ex.summary : '');
  }

  /** One step: its label, its formulas (drawn for the eye, plain text for screen readers) and its notes. */
  private stepNode(s: ExplainStep): HTMLElement {
    return el(
      'li',
      { class: 'explain-step', 'data-step': s.id },
      el('span', { class: 'explain-label' }, s.label),
      s.lines.map((l) =>
        l.role === 'math'
          ? el(
              'div',
              { class: 'explain-line explain-math' },
              el('span', { 'aria-hidden': 'true' }, l.pieces.flatMap(pieceNodes)),
              el('span', { class: 'visually-hidden' }, l.text),
            )
          : el('p', { class: 'explain-line explain-note' }, l.pieces.flatMap(pieceNodes)),
      ),
    );
  }

  /** Say `summary` in the live region once nothing else was pointed at for ANNOUNCE_MS ('' cancels a pending one). */
  private schedule(summary: string): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!summary || summary === this.announced) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.announced = summary;
      this.live.textContent = summary;
    }, ANNOUNCE_MS);
  }

  private async copy(button: HTMLElement): Promise<void> {
    if (!this.shown) return;
    if ((await copyText(this.shown.text, button, (key) => this.ctx.t(key))) !== 'copied') return; // shown selected instead
    this.copyStatus.textContent = this.ctx.t('explain.copied');
    setTimeout(() => (this.copyStatus.textContent = ''), 1500);
  }
}

/** The explain panel with its styles (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new ExplainPanel(ctx), styles: [explainCss], words: [EXPLAIN_WORDS] };
}
