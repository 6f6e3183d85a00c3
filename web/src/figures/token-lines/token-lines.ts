// token-lines.ts — the token view of attention (as BertViz shows it): the
// composer of the modules in this folder, and its public entry.
//
// Queries in a column on the left, keys in a column on the right, and for
// every head h and every pair (i, j) that is not masked a line from query i to
// key j, as wide and as opaque as the weight w_ij (style.ts), one
// colour-blind-safe colour per head, the heads' lines side by side
// (layout.ts). The elements (parts.ts): inside the figure box, the <svg
// role="img"> (svg.ts: title, headings, lines.ts, tokens.ts's labels,
// legend.ts) and, laid over the labels, a button per token (tokens.ts);
// below, a note when a side has more than MAX_TOKENS tokens (then nothing is
// drawn: the heatmap shows the weights), an aria-live readout, and "Show
// all". While a learner drags, only the lines' weights are rewritten.
//
// Pointing: hover (or tap) a line to read "the → cat: 0.482 (head 1)";
// hover or focus a token to make its lines stand out and read its strongest
// one; click it (Enter/Space) to keep only its lines, again (Escape, "Show
// all") to see every line; ↑/↓/Home/End/←/→ move between tokens. What is
// pointed at and chosen, and what it does to the lines, is view.ts (pure).
// Export (export.ts) is the whole figure without that state; when it renders
// (resizes), exports and is destroyed is ../kit/lifecycle.ts.
//
// Its words are templates in TokenLinesWords (words.ts), English by default;
// a page in another language passes its own through `words`. Everything is
// found through the component's own elements, never through `document`, so
// it works inside a shadow root.

import { ThemePalette, setAttr, setDimmed, setText } from '../kit/figure-kit';
import { FigureLifecycle } from '../kit/lifecycle';
import { checkData, isEmpty, tooMany } from './data';
import { TOKEN_LINES_EXPORT, type ExportSource } from './export';
import { buildLines, lineAt } from './geometry';
import { computeLayout, layoutKey, type TokenLinesLayout } from './layout';
import { drawLegend } from './legend';
import { NO_LINES, applyLineView, drawHover, drawLines, type DrawnLines } from './lines';
import { ariaLabel, describeLine, describeToken, idleText, svgTitle, tokenLinesWords, tooManyText } from './readout';
import { DEFAULT_PALETTE, type TokenLinesPalette } from './style';
import { createParts } from './parts';
import { drawFrame, type SvgLayers } from './svg';
import { headName } from './text';
import { buttonToken, drawButtons, drawLabels, markButtons, markLabels, type TokenButtons } from './tokens';
import { DEFAULT_TESTID, type Emphasis, type LinePoint, type Side, type TokenLinesData, type TokenLinesOptions, type TokenRef } from './types';
import { activeEmphasis, moveFocus, sameToken, tokenLit, toggleChoice } from './view';
import type { TokenLinesWords } from './words';

export { DEFAULT_TOKEN_LINES_WORDS, type TokenLinesWords } from './words';
export { MAX_TOKENS, type Emphasis, type LinePoint, type TokenLinesData, type TokenLinesHead, type TokenLinesOptions, type TokenRef } from './types';
export { HEAD_COLOURS, DEFAULT_PALETTE, headColour, strokeOpacity, strokeWidth, type TokenLinesPalette } from './style';
export { buildLines, lineAt, type Line } from './geometry';
export { computeLayout, type TokenLinesLayout } from './layout';
export { tokenLinesWords } from './readout';

/** How near (px) the pointer must be to a line's edge to point at it. */
const HIT_TOLERANCE = 4;

/** The token view: queries and keys in two columns, a line per head and pair, click-to-filter, hover readout, export. */
export class TokenLines {
  /** The component's root element (a div.tl inside the container). */
  readonly element: HTMLElement;

  private options: TokenLinesOptions;
  private readonly figure: HTMLDivElement;
  private readonly layers: SvgLayers;
  private readonly buttons: TokenButtons;
  private readonly note: HTMLParagraphElement;
  private readonly readout: HTMLParagraphElement;
  private readonly clearButton: HTMLButtonElement;
  /** Resizes, the scheduled render, the listeners, export and destroy. */
  private readonly life: FigureLifecycle<ExportSource>;
  /** The --tl-* colours, read once (see refreshColours). */
  private readonly colours: ThemePalette<TokenLinesPalette>;

  private data: TokenLinesData | null = null;
  private layout: TokenLinesLayout | null = null;
  /** The layoutKey of what drawFrame drew last ('' after refreshColours or when nothing is drawn). */
  private frameKey = '';
  private drawn: DrawnLines = NO_LINES;
  /** The token whose lines alone are kept, or none. */
  private chosen: TokenRef | null = null;
  private hoverToken: TokenRef | null = null;
  private focusToken: TokenRef | null = null;
  /** The index of the hovered line in drawn.lines, or −1. */
  private hoverLine = -1;
  /** What the page points at elsewhere (highlight()). */
  private external: Emphasis | null = null;
  /** Whether the next focus comes from the pointer (a click; then it emphasises nothing, the click chooses). */
  private pointerFocus = false;
  /** The button of each column that Tab reaches. */
  private readonly tabStop: Record<Side, number> = { query: 0, key: 0 };

  /** Create an empty token view inside container; call update() to draw. */
  constructor(container: HTMLElement, options: TokenLinesOptions = {}) {
    this.options = { ...options };
    const doc = container.ownerDocument;
    const parts = createParts(doc, this.words(), options.testid ?? DEFAULT_TESTID);
    this.element = parts.element;
    this.figure = parts.figure;
    this.layers = parts.layers;
    this.buttons = parts.buttons;
    this.note = parts.note;
    this.readout = parts.readout;
    this.clearButton = parts.clearButton;
    this.colours = new ThemePalette(this.element, 'tl', DEFAULT_PALETTE);
    this.life = new FigureLifecycle({
      element: this.element,
      container,
      drawable: () => !!this.data,
      render: () => this.render(),
      recolour: () => this.refreshColours(),
      source: () => this.exportSource(),
      export: TOKEN_LINES_EXPORT,
    });
    container.append(this.element);
    this.listen();
  }

  /** Draw new data (and optionally change options); keeps the chosen token while it still exists. */
  update(data: TokenLinesData, options?: Partial<TokenLinesOptions>): void {
    checkData(data);
    if (options) this.options = { ...this.options, ...options };
    this.element.dataset['testid'] = this.options.testid ?? DEFAULT_TESTID;
    this.data = data;
    const exists = (t: TokenRef | null): boolean => !!t && t.index < (t.side === 'query' ? data.rows : data.cols);
    if (!exists(this.chosen)) this.chosen = null;
    if (!exists(this.hoverToken)) this.hoverToken = null;
    if (!exists(this.focusToken)) this.focusToken = null;
    this.render();
  }

  /** Emphasise what the learner points at elsewhere: query i's lines (and key j's) or nothing. */
  highlight(p: { i?: number; j?: number } | null): void {
    const d = this.data;
    const ok = (k: number | undefined, n: number): number | undefined => (k !== undefined && Number.isInteger(k) && k >= 0 && k < n ? k : undefined);
    const i = ok(p?.i, d?.rows ?? 0);
    const j = ok(p?.j, d?.cols ?? 0);
    this.external = i === undefined && j === undefined ? null : { i, j };
    this.showView();
  }

  /** Grey out the whole figure (the last good result stays visible while the input is invalid). */
  setDimmed(dimmed: boolean): void {
    setDimmed(this.element, 'tl', dimmed);
  }

  /** Re-read the --tl-* colours (after a theme change) and redraw. */
  refreshColours(): void {
    this.colours.forget();
    this.frameKey = '';
    this.render();
  }

  /** A standalone SVG document: title, headings, labels, every line and the legend (EMPTY_SVG when nothing is drawn). */
  toSVG(): string {
    return this.life.toSVG();
  }

  /** A PNG of the figure at twice the CSS size (the toSVG() image drawn onto a canvas). */
  toPNG(): Promise<Blob> {
    return this.life.toPNG();
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.life.destroy();
    this.data = null;
    this.layout = null;
    this.drawn = NO_LINES;
  }

  // ------------------------------------------------------------ internals

  /** The words in use: the options' over the defaults. */
  private words(): TokenLinesWords {
    return tokenLinesWords(this.options.words);
  }

  /** The export of what is drawn, or null when nothing is. */
  private exportSource(): ExportSource | null {
    const { data: d, layout: L } = this;
    if (!d || !L) return null;
    const w = this.words();
    return { svg: this.layers.svg, L, label: ariaLabel(d, this.options.title, w), title: svgTitle(this.options.title, w), pal: this.colours.get() };
  }

  /** Tokens: click chooses, focus and hover emphasise, keys move; lines: the pointer reads them; Escape and "Show all" clear the choice. */
  private listen(): void {
    const L = this.life.listeners;
    const box = this.buttons.box;
    L.add(box, 'click', (e) => {
      this.pointerFocus = false;
      const t = buttonToken(e.target);
      if (t) this.choose(toggleChoice(this.chosen, t));
    });
    L.add(box, 'pointerdown', () => (this.pointerFocus = true));
    L.add(box, 'keydown', (e) => this.onTokenKey(e as KeyboardEvent));
    L.add(box, 'focusin', (e) => {
      const t = buttonToken(e.target);
      if (t) this.setTabStop(t);
      this.focusToken = this.pointerFocus ? null : t;
      this.pointerFocus = false;
      this.showView();
    });
    L.add(box, 'focusout', () => {
      this.focusToken = null;
      this.showView();
    });
    L.add(box, 'pointerover', (e) => this.hoverTokenIs(buttonToken(e.target)));
    L.add(box, 'pointerout', () => this.hoverTokenIs(null));
    const svg = this.layers.svg;
    L.add(svg, 'pointermove', (e) => this.pointAt(e as PointerEvent));
    L.add(svg, 'pointerdown', (e) => this.pointAt(e as PointerEvent));
    // A finger leaves the screen after a tap: keep the tapped line's readout until the next tap.
    L.add(svg, 'pointerleave', (e) => (e as PointerEvent).pointerType !== 'touch' && this.hoverLineIs(-1));
    L.add(this.clearButton, 'click', () => this.choose(null));
    L.add(this.element, 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape' && this.chosen) {
        e.preventDefault();
        this.choose(null);
      }
    });
  }

  /** Keep only the lines of `t` (null: all of them). */
  private choose(t: TokenRef | null): void {
    this.chosen = t;
    this.hoverLineIs(-1, false);
    this.showView();
  }

  /** Arrow keys, Home and End on a token button move the focus to another token. */
  private onTokenKey(e: KeyboardEvent): void {
    const from = buttonToken(e.target);
    const d = this.data;
    if (!from || !d || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = moveFocus(from, e.key, d.rows, d.cols);
    if (!to) return;
    e.preventDefault();
    const group = to.side === 'query' ? this.buttons.query : this.buttons.key;
    (group.children[to.index] as HTMLButtonElement | undefined)?.focus();
  }

  /** Make token t its column's tab stop. */
  private setTabStop(t: TokenRef): void {
    this.tabStop[t.side] = t.index;
    const group = t.side === 'query' ? this.buttons.query : this.buttons.key;
    Array.from(group.children as HTMLCollectionOf<HTMLButtonElement>).forEach((b, i) => (b.tabIndex = i === t.index ? 0 : -1));
  }

  /** Set the token under the pointer (null: none) and redraw when it changes. */
  private hoverTokenIs(t: TokenRef | null): void {
    if (sameToken(t, this.hoverToken) || (!t && !this.hoverToken)) return;
    this.hoverToken = t;
    this.showView();
  }

  /** Point at the line under a pointer event (only lines that are drawn and have a weight > 0). */
  private pointAt(e: PointerEvent): void {
    const L = this.layout;
    if (!L) return;
    const r = this.layers.svg.getBoundingClientRect();
    const sx = r.width > 0 ? L.width / r.width : 1;
    const sy = r.height > 0 ? L.height / r.height : 1;
    const { state } = this.drawn;
    this.hoverLineIs(lineAt(this.drawn.lines, (e.clientX - r.left) * sx, (e.clientY - r.top) * sy, HIT_TOLERANCE, (k) => (state[k] & 1) === 0));
  }

  /** Set the hovered line (−1: none), tell onPoint when it changes, and redraw unless told not to. */
  private hoverLineIs(k: number, redraw = true): void {
    if (k === this.hoverLine) return;
    this.hoverLine = k;
    const l = this.drawn.lines[k];
    this.options.onPoint?.(l ? ({ head: l.head, i: l.i, j: l.j } satisfies LinePoint) : null);
    if (redraw) this.showView();
  }

  /** Lay out and draw everything for the current data, width and options (or the note, when there is nothing to draw). */
  private render(): void {
    const d = this.data;
    if (!d) return;
    const w = this.words();
    const pal = this.colours.get();
    const width = this.life.layoutWidth();
    // Only what changed is written (a drag calls this for every pointer move).
    setText(this.clearButton, w.clear);
    setAttr(this.element, 'data-rows', String(d.rows));
    setAttr(this.element, 'data-cols', String(d.cols));
    setAttr(this.element, 'data-heads', String(d.heads.length));
    setAttr(this.layers.svg, 'aria-label', ariaLabel(d, this.options.title, w));
    const drawable = !isEmpty(d) && !tooMany(d);
    this.figure.hidden = !drawable;
    this.note.hidden = !tooMany(d);
    setText(this.note, tooMany(d) ? tooManyText(d, w) : '');
    if (!drawable) {
      this.layout = null;
      this.frameKey = '';
      this.drawn = drawLines(this.layers.lines, [], 0, this.drawn, pal);
      this.hoverLineIs(-1, false);
      this.showView();
      return;
    }
    const input = { data: d, availableWidth: width, title: this.options.title, words: w, headNames: d.heads.map((_, h) => headName(d, h, w)) };
    const key = layoutKey(input) + JSON.stringify(w); // the buttons' names come from the words too
    // While a learner drags, only the weights change: the frame, labels, buttons and legend stay.
    if (key !== this.frameKey || !this.layout) this.drawFrame(computeLayout(input), key);
    const L = this.layout!;
    const before = this.drawn;
    this.drawn = drawLines(this.layers.lines, buildLines(d, L), d.heads.length, before, pal);
    if (this.drawn.els !== before.els) this.hoverLineIs(-1, false);
    this.showView();
  }

  /** Draw everything but the lines for a new layout (whose layoutKey is `key`). */
  private drawFrame(L: TokenLinesLayout, key: string): void {
    const d = this.data!;
    const w = this.words();
    const pal = this.colours.get();
    this.layout = L;
    this.frameKey = key;
    this.figure.style.width = `${L.width}px`;
    this.figure.style.height = `${L.height}px`;
    drawFrame(this.layers, L, this.options.title, pal);
    drawLabels(this.layers.labelsQ, L.q, d);
    drawLabels(this.layers.labelsK, L.k, d);
    drawButtons(this.buttons.query, L.q, L, d, w, Math.min(this.tabStop.query, d.rows - 1));
    drawButtons(this.buttons.key, L.k, L, d, w, Math.min(this.tabStop.key, d.cols - 1));
    drawLegend(this.layers.legend, L, pal);
  }

  /** Apply the view (chosen token, emphasis, hovered line) to the lines, labels and buttons, and rewrite the readout. */
  private showView(): void {
    const d = this.data;
    const w = this.words();
    this.clearButton.disabled = !this.chosen;
    if (this.chosen) this.element.dataset['chosen'] = `${this.chosen.side}:${this.chosen.index}`;
    else delete this.element.dataset['chosen'];
    if (!d || !this.layout) {
      setText(this.readout, !d ? w.noData : tooMany(d) ? '' : idleText(d, null, w));
      return;
    }
    const line = this.drawn.lines[this.hoverLine] ?? null;
    const e = activeEmphasis({ hoverToken: this.hoverToken, focusToken: this.focusToken, external: this.external });
    applyLineView(this.drawn, this.chosen, e);
    drawHover(this.layers.hover, line, this.colours.get());
    const lit =
      (side: Side) =>
      (index: number): boolean =>
        tokenLit({ side, index }, this.chosen, e, line);
    markLabels(this.layers.labelsQ, lit('query'));
    markLabels(this.layers.labelsK, lit('key'));
    markButtons(this.buttons.query, 'query', this.chosen, lit('query'));
    markButtons(this.buttons.key, 'key', this.chosen, lit('key'));
    const token = this.hoverToken ?? this.focusToken;
    setText(this.readout, line ? describeLine(d, line, w) : token ? describeToken(d, token, w) : idleText(d, this.chosen, w));
  }
}
