// figure-kit.ts — what the figures (heatmap, line chart, token lines, vector
// plane and the panels' small ones) share:
//   * text: word templates (fill, from i18n/fill.ts), XML escaping, full-precision numbers;
//   * export: an SVG element as a standalone document, an SVG string as an
//     image, a canvas for an export, an SVG document drawn on one, a canvas
//     as a PNG blob;
//   * theming: a palette read from the component's CSS custom properties;
//   * listeners a component removes in destroy(), and the cursor: keys,
//     focus and the pointer move it, the readout follows;
//   * the parts below every figure: an aria-live readout, a toolbar with the
//     "Table" toggle and the visually hidden box that holds the table, and
//     the dimmed state. Their styles are figure-kit.css (classes fig-*);
//     each element also keeps its component's own class (hm-readout,
//     lc-table-toggle, …), which pages and tests look for.
// When a figure renders, exports and is destroyed is lifecycle.ts.
//
// Everything is found through the given elements, never through `document`,
// so it works inside a shadow root.

/** The SVG namespace. */
export const SVG_NS = 'http://www.w3.org/2000/svg';
/** The font of the labels drawn in SVG (a presentation attribute, so exports keep it). */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** The export of a figure with nothing drawn yet. */
export const EMPTY_SVG = `<svg xmlns="${SVG_NS}" width="0" height="0"/>`;

// ---------------------------------------------------------------- pure helpers: text

/** Fill the {name} placeholders of a template (the one filler, i18n/fill.ts). */
export { fill } from '../../base/fill';

/** Set an element's text unless it already is that (a write makes the browser lay it out again, and a live region speak again). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Set an attribute unless it already has that value (a drag redraws many times a second; most attributes stay). */
export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Escape text for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Full-precision text of a value for the readout and the table (6 significant digits). */
export function formatFull(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  return String(Number(v.toPrecision(6)));
}

// ---------------------------------------------------------------- theming

/**
 * The event a playground sends to the root (class `fig`) of each of its figures when its theme changes
 * (component/theme.ts): a figure that draws with colours it read (a canvas, presentation attributes) reads
 * them again and draws (FigureLifecycle's `recolour`); one coloured by CSS alone needs nothing.
 */
export const THEME_CHANGE = 'fig-themechange';

/**
 * The palette in element's CSS custom properties: key `maskFill` is read from
 * `--{prefix}-mask-fill`, and an unset one is its entry in defaults. Null when
 * the element is not in a document with a window (nothing to read yet).
 */
export function readPalette<T extends { [K in keyof T]: string }>(element: Element, prefix: string, defaults: T): T | null {
  const win = element.ownerDocument.defaultView;
  if (!win || !element.isConnected) return null;
  const cs = win.getComputedStyle(element);
  const out: Record<string, string> = {};
  for (const [key, dflt] of Object.entries<string>(defaults)) {
    const name = `--${prefix}-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    out[key] = cs.getPropertyValue(name).trim() || dflt;
  }
  return out as T;
}

/** A figure's palette from its CSS custom properties (readPalette), its defaults outside a document: read once until forget() (getComputedStyle restyles a busy page), or at every get() when not `cached`. */
export class ThemePalette<T extends { [K in keyof T]: string }> {
  private read: T | null = null;

  constructor(
    private readonly element: Element,
    private readonly prefix: string,
    private readonly defaults: T,
    private readonly cached = true,
  ) {}

  /** The palette in use. */
  get(): T {
    if (!this.cached) return readPalette(this.element, this.prefix, this.defaults) ?? this.defaults;
    this.read ??= readPalette(this.element, this.prefix, this.defaults);
    return this.read ?? this.defaults;
  }

  /** Read the custom properties again at the next get() (after a theme change). */
  forget(): void {
    this.read = null;
  }
}

// ---------------------------------------------------------------- listeners and the cursor

/** Event listeners added through add(), all removed again by removeAll() (a component's destroy()). */
export class Listeners {
  private readonly added: Array<[EventTarget, string, EventListener]> = [];

  /** Add a listener and remember it. */
  add(target: EventTarget, type: string, fn: EventListener): void {
    target.addEventListener(type, fn);
    this.added.push([target, type, fn]);
  }

  /** Remove every listener added. */
  removeAll(): void {
    for (const [target, type, fn] of this.added) target.removeEventListener(type, fn);
    this.added.length = 0;
  }
}

/**
 * Where a figure's cursor is: the keyboard position, the hovered one and
 * whether the figure has focus. P is a position (the heatmap's cell, the
 * chart's index); `none` stands for no position (null, −1).
 */
export class CursorState<P> {
  /** The keyboard position (moved by keys and clicks), or none. */
  cursor: P;
  /** The position under the pointer, or none. */
  hover: P;
  /** Whether the figure has focus. */
  focused = false;

  constructor(readonly none: P) {
    this.cursor = none;
    this.hover = none;
  }

  /** The position to show: the hovered one, else the keyboard one while focused, else none. */
  get active(): P {
    return this.hover !== this.none ? this.hover : this.focused ? this.cursor : this.none;
  }
}

/** How a figure finds and moves positions (see listenCursor). */
export interface CursorMoves<P> {
  /** The position under a pointer event, or none. */
  at(e: PointerEvent): P;
  /** The position a focused figure without a cursor starts at, or none when nothing is drawn. */
  first(): P;
  /** Where a key moves the cursor from `from`, or null when the key is not the figure's (or nothing is drawn). */
  move(from: P, e: KeyboardEvent): P | null;
}

/**
 * Let keys, focus, blur and the pointer on `target` move `state`: a key moves
 * the cursor (and ends the hover), focus starts it at moves.first(), the
 * pointer hovers, a click puts the cursor there. `show` redraws the highlight
 * and the readout after each.
 */
export function listenCursor<P>(listeners: Listeners, target: EventTarget, state: CursorState<P>, moves: CursorMoves<P>, show: () => void): void {
  listeners.add(target, 'keydown', (e) => {
    const next = moves.move(state.cursor, e as KeyboardEvent);
    if (next === null) return;
    e.preventDefault();
    state.cursor = next;
    state.hover = state.none;
    show();
  });
  listeners.add(target, 'focus', () => {
    state.focused = true;
    if (state.cursor === state.none) state.cursor = moves.first();
    show();
  });
  listeners.add(target, 'blur', () => {
    state.focused = false;
    show();
  });
  listeners.add(target, 'pointermove', (e) => {
    state.hover = moves.at(e as PointerEvent);
    show();
  });
  listeners.add(target, 'pointerleave', () => {
    state.hover = state.none;
    show();
  });
  listeners.add(target, 'pointerdown', (e) => {
    const p = moves.at(e as PointerEvent);
    if (p !== state.none) state.cursor = p;
    show();
  });
}

// ---------------------------------------------------------------- the parts below a figure

/** The readout, the toolbar with the table toggle, and the table's box (see figureControls). */
export interface FigureControls {
  /** The aria-live line that describes the active cell or position. */
  readout: HTMLParagraphElement;
  /** The row of buttons under the figure; holds tableButton. */
  toolbar: HTMLDivElement;
  /** The "Table" toggle (aria-expanded, aria-controls the box). */
  tableButton: HTMLButtonElement;
  /** The box of the table alternative: visually hidden (still read by screen readers) until the toggle opens it. */
  tableBox: HTMLDivElement;
}

/**
 * Build the parts below a figure for the component with class prefix `prefix`
 * ('hm', 'lc') and element id `id`: each gets its fig-* class and the
 * component's own ({prefix}-readout, {prefix}-toolbar, {prefix}-table-toggle,
 * {prefix}-table-box). The box is `{id}-table`, closed.
 */
export function figureControls(doc: Document, prefix: string, id: string, tableLabel: string): FigureControls {
  const readout = doc.createElement('p');
  readout.className = `${prefix}-readout fig-readout`;
  readout.setAttribute('aria-live', 'polite');

  const toolbar = doc.createElement('div');
  toolbar.className = `${prefix}-toolbar fig-toolbar`;
  const tableButton = doc.createElement('button');
  tableButton.type = 'button';
  tableButton.className = `${prefix}-table-toggle fig-table-toggle`;
  tableButton.textContent = tableLabel;
  tableButton.setAttribute('aria-expanded', 'false');
  tableButton.setAttribute('aria-controls', `${id}-table`);
  toolbar.append(tableButton);

  const tableBox = doc.createElement('div');
  tableBox.id = `${id}-table`;
  tableBox.className = `${prefix}-table-box fig-table-box`;
  setTableOpen(tableButton, tableBox, prefix, false);
  return { readout, toolbar, tableButton, tableBox };
}

/** Let the table toggle of figureControls open and close the table; onOpen runs after each opening (e.g. to build a large table only when asked for). */
export function listenTableToggle(listeners: Listeners, c: Pick<FigureControls, 'tableButton' | 'tableBox'>, prefix: string, onOpen?: () => void): void {
  listeners.add(c.tableButton, 'click', () => {
    const open = c.tableButton.getAttribute('aria-expanded') !== 'true';
    setTableOpen(c.tableButton, c.tableBox, prefix, open);
    if (open) onOpen?.();
  });
}

/** Open or close the table: the toggle's aria-expanded, and the box visually hidden while closed (fig-sr-only, and {prefix}-sr-only for those who look for it). */
function setTableOpen(tableButton: HTMLButtonElement, tableBox: HTMLElement, prefix: string, open: boolean): void {
  tableButton.setAttribute('aria-expanded', String(open));
  tableBox.classList.toggle(`${prefix}-sr-only`, !open);
  tableBox.classList.toggle('fig-sr-only', !open);
}

/** Grey out a figure's root element ({prefix}-dimmed and data-dimmed="true"), or undo it. */
export function setDimmed(element: HTMLElement, prefix: string, dimmed: boolean): void {
  element.classList.toggle(`${prefix}-dimmed`, dimmed);
  if (dimmed) element.dataset['dimmed'] = 'true';
  else delete element.dataset['dimmed'];
}

/** An empty table of the component with class prefix `prefix` ({prefix}-table fig-table) with its caption. */
export function captionedTable(doc: Document, prefix: string, caption: string): HTMLTableElement {
  const table = doc.createElement('table');
  table.className = `${prefix}-table fig-table`;
  const cap = doc.createElement('caption');
  cap.textContent = caption;
  table.append(cap);
  return table;
}

/** A <th> with a scope and its text. */
export function headerCell(doc: Document, text: string, scope: 'col' | 'row'): HTMLTableCellElement {
  const th = doc.createElement('th');
  th.scope = scope;
  th.textContent = text;
  return th;
}

// ---------------------------------------------------------------- export

/** An SVG element as a standalone document, with `inner` markup (a <title>, a background, …) first inside the root. */
export function svgDocument(svg: SVGSVGElement, inner: string): string {
  const text = new (svg.ownerDocument.defaultView ?? globalThis).XMLSerializer().serializeToString(svg);
  const k = text.indexOf('>') + 1;
  return text.slice(0, k) + inner + text.slice(k);
}

/** Load an SVG string as an image (blob: URL first, data: URL if that is refused); rejects with `failure` as the message. */
export function loadSvgImage(doc: Document, svg: string, failure: string): Promise<HTMLImageElement> {
  const win = doc.defaultView!;
  const tryLoad = (src: string): Promise<HTMLImageElement> =>
    new Promise((resolve, reject) => {
      const img = new win.Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error(failure));
      img.src = src;
    });
  const url = win.URL.createObjectURL(new win.Blob([svg], { type: 'image/svg+xml' }));
  return tryLoad(url)
    .catch(() => tryLoad('data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg)))
    .finally(() => win.URL.revokeObjectURL(url));
}

/** A canvas as a PNG blob; rejects with `failure` as the message. */
export function canvasToPng(canvas: HTMLCanvasElement, failure: string): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(failure))), 'image/png'));
}

/** A new canvas of `width` × `height` px for an export, filled with `background` (null: transparent), and its 2D context; throws "{name}: no 2D canvas context" without one. */
export function exportCanvas(
  doc: Document,
  width: number,
  height: number,
  background: string | null,
  name: string,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = doc.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(`${name}: no 2D canvas context`);
  if (background !== null) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
  }
  return { canvas, ctx };
}

/** An SVG document drawn onto a new canvas of `size` px (default: the image's own size, at least 1 × 1) over `background`; rejects with "{name}: could not render the SVG as an image" when it does not load. */
export async function svgCanvas(
  doc: Document,
  svg: string,
  name: string,
  size?: { width: number; height: number },
  background: string | null = null,
): Promise<HTMLCanvasElement> {
  const img = await loadSvgImage(doc, svg, `${name}: could not render the SVG as an image`);
  const width = size?.width ?? Math.max(1, Math.round(img.naturalWidth || img.width));
  const height = size?.height ?? Math.max(1, Math.round(img.naturalHeight || img.height));
  const { canvas, ctx } = exportCanvas(doc, width, height, background, name);
  ctx.drawImage(img, 0, 0, width, height);
  return canvas;
}

/** Estimated width of `s` in px: `latin` em per narrow character, 1 em per wide (CJK, full-width) one. */
export function estimateTextWidth(s: string, fontPx: number, latin: number): number {
  let ems = 0;
  for (const ch of s) ems += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : latin; // CJK, kana, hangul, full-width forms
  return ems * fontPx;
}
