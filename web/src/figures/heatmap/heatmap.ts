// heatmap.ts — one reusable heatmap for attention weights (and any matrix):
// the composer of the modules in this folder, and its public entry.
//
// Orientation, everywhere (screen, export, table, readout): rows are
// queries (i, top → bottom, labelled on the left), columns are keys (j,
// left → right, labelled on top); see types.ts.
//
// Inside one focusable figure, back to front:
//   * <canvas>  the cells (cells.ts), coloured by the viridis scale (scales.ts);
//   * <svg>     the overlay (overlay.ts): defs.ts, axes.ts, notes.ts (row
//               notes), values.ts, legend.ts, the outside emphasis
//               (emphasis.ts, see highlight()) and the cursor (highlight.ts).
// Below the figure: an aria-live readout (its words: readout.ts) and the
// table of the same numbers (table.ts, split to fit by table-fit.ts). Export
// is export.ts. Where things go is layout.ts, how keys and the pointer move
// the cursor navigation.ts, and both are pure. The cell pointed at (hovered,
// else the keyboard cursor while focused) is told to options.onPoint. What it
// shares with the line chart (the readout, the table toggle, the cursor's
// events, export and text helpers) is in ../kit/figure-kit.ts; when it
// renders (resizes), exports and is destroyed, ../kit/lifecycle.ts.
//
// Its own words (the Table button, hints, accessible name, caption) are
// templates in HeatmapWords (words.ts), English by default
// (DEFAULT_HEATMAP_WORDS); a page in another language passes its own
// through `words`.
//
// Everything is found through the component's own elements, never through
// `document`, so it works inside a shadow root.

import { CursorState, ThemePalette, figureControls, listenCursor, listenTableToggle, setDimmed, setText, type FigureControls } from '../kit/figure-kit';
import { FigureLifecycle } from '../kit/lifecycle';
import { cellBitmap, drawCanvas, type CellSource, type PaintedCells } from './cells';
import { normalise, rowSums } from './data';
import { hatchId } from './defs';
import { drawEmphasis } from './emphasis';
import { HEATMAP_EXPORT, type ExportSource } from './export';
import { drawHighlight, markCursor } from './highlight';
import { axisLabels, fitLayout, type HeatmapLayout } from './layout';
import { cellAtPoint, fitsIn, moveCursor } from './navigation';
import { createOverlay, drawOverlay, sizeOverlay } from './overlay';
import { ariaLabel, describeCell, heatmapWords, idleText, svgTitle } from './readout';
import { DEFAULT_PALETTE, type Palette } from './scales';
import { buildTable, refreshTable, planTable, tableNow, tableTexts } from './table';
import { HEATMAP_DEFAULTS, type CellPos, type Emphasis, type HeatmapData, type HeatmapOptions, type Matrix, type ResolvedOptions } from './types';
import type { HeatmapWords } from './words';

// The public names, as before the split: importers and tests need no change.
export { escapeXml, fill, formatFull } from '../kit/figure-kit';
export { cellsMarkup } from './export';
export { normalise } from './data';
export { MAX_CELL, MIN_CELL, cellText, computeLayout, shortLabel, textWidth, thinTicks, tickStep, type HeatmapLayout, type LayoutInput } from './layout';
export { moveCursor } from './navigation';
export { heatmapWords } from './readout';
export {
  DEFAULT_PALETTE,
  LUT_SIZE,
  MASK_FILL,
  MASK_HATCH,
  colourFor,
  colourTable,
  luminance,
  lutIndex,
  matrixToRGBA,
  parseHex,
  textColourFor,
  type Palette,
} from './scales';
export { TABLE_EAGER_CELLS, TABLE_MAX_CELLS } from './table';
export type { CellPos, Emphasis, HeatmapData, HeatmapOptions } from './types';
export { MASK_TEXT } from './values';
export { DEFAULT_HEATMAP_WORDS, type HeatmapWords } from './words';

let instances = 0;

/** One heatmap: canvas cells, SVG labels and legend, keyboard/hover readout, table alternative, export. */
export class Heatmap {
  /** The component's root element (a div.hm inside the container). */
  readonly element: HTMLElement;

  private options: ResolvedOptions;
  private readonly id: string;
  private readonly figure: HTMLDivElement;
  private readonly stage: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly svg: SVGSVGElement;
  private readonly readout: HTMLParagraphElement;
  private readonly tableBox: HTMLDivElement;
  private readonly tableButton: HTMLButtonElement;
  /** Resizes, the scheduled render, the listeners, export and destroy. */
  private readonly life: FigureLifecycle<ExportSource>;
  /** The --hm-* colours, read once (see refreshColours). */
  private readonly colours: ThemePalette<Palette>;

  private m: Matrix | null = null;
  /** The row sums the readout tells, computed when a cell is first read out (null: not yet, for this data). */
  private sums: Float64Array | null = null;
  private bitmap: HTMLCanvasElement | null = null;
  /** What the on-screen canvas shows (drawCanvas repaints only the cells that changed). */
  private painted: PaintedCells | null = null;
  private layout: HeatmapLayout | null = null;
  /** Whether the table alternative has been asked for (large tables are built on demand). */
  private tableWanted = false;
  /** The keyboard cursor and the hovered cell (null: none). */
  private readonly pos = new CursorState<CellPos | null>(null);
  /** The cell last told to onPoint (null: none). */
  private pointed: CellPos | null = null;
  /** What highlight() outlines (null: nothing). */
  private emphasis: Emphasis | null = null;
  /** The parts the table was last built in ('' : not built), and whether its data changed since. */
  private tableKey = '';
  private tableStale = true;
  /** A pending rebuild of the table alternative while it is closed (see update's `live`). */
  private tableTimer = 0;
  /** Whether the current data's table waits for that pause. */
  private tableLater = false;

  /** Create an empty heatmap inside container; call update() to draw. */
  constructor(container: HTMLElement, options: HeatmapOptions = {}) {
    this.options = { ...HEATMAP_DEFAULTS, ...options };
    this.id = `hm-${++instances}`;
    const doc = container.ownerDocument;

    this.element = doc.createElement('div');
    this.element.className = 'hm fig';
    this.colours = new ThemePalette(this.element, 'hm', DEFAULT_PALETTE);
    this.life = new FigureLifecycle({
      element: this.element,
      container,
      drawable: () => !!this.m,
      render: () => this.render(),
      recolour: () => this.refreshColours(),
      source: () => this.exportSource(),
      export: HEATMAP_EXPORT,
    });

    this.figure = doc.createElement('div');
    this.figure.className = 'hm-figure fig-plot';
    this.figure.tabIndex = 0;
    this.figure.setAttribute('role', 'img');

    this.stage = doc.createElement('div');
    this.stage.className = 'hm-stage';

    this.canvas = doc.createElement('canvas');
    this.canvas.className = 'hm-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');

    this.svg = createOverlay(doc, this.id);
    this.stage.append(this.canvas, this.svg);
    this.figure.append(this.stage);

    const below = figureControls(doc, 'hm', this.id, this.words().table);
    this.readout = below.readout;
    this.tableButton = below.tableButton;
    this.tableBox = below.tableBox;

    this.element.append(this.figure, this.readout, below.toolbar, this.tableBox);
    container.append(this.element);
    this.listen(below);
    this.readout.textContent = this.words().noData;
  }

  /**
   * Draw new data (and optionally change options); keeps the cursor where it still fits. `live`: one of many
   * updates a second (a drag); the closed table alternative (for screen readers) is then rebuilt once they
   * pause, 250 ms after the last.
   */
  update(data: HeatmapData, options?: Partial<HeatmapOptions>, live = false): void {
    if (options) this.options = { ...this.options, ...options };
    const m = normalise(data);
    const o = this.options;
    const w = this.words();
    this.m = m;
    this.sums = null;
    if (!fitsIn(this.pos.cursor, m.rows, m.cols)) this.pos.cursor = null;
    if (!fitsIn(this.pos.hover, m.rows, m.cols)) this.pos.hover = null;
    this.element.dataset['rows'] = String(m.rows);
    this.element.dataset['cols'] = String(m.cols);
    setText(this.tableButton, w.table);
    this.figure.setAttribute('aria-label', ariaLabel(m, o, w));
    this.bitmap = cellBitmap(this.element.ownerDocument, m, o.domain, this.colours.get().maskFill, this.bitmap);
    this.tableStale = true;
    this.tableLater = live && !this.tableWanted;
    this.render();
  }

  /**
   * Outline a whole row (row only: e.g. the weights row that made output row i), a whole column (col only) or
   * one cell (both), from outside; null (or neither) removes it. Moves no cursor, calls no onPoint, redraws no cell.
   */
  highlight(h: Emphasis | null): void {
    this.emphasis = h && (h.row !== undefined || h.col !== undefined) ? { ...h } : null;
    drawEmphasis(this.svg, this.emphasis, this.m?.rows ?? 0, this.m?.cols ?? 0, this.layout);
  }

  /** Re-read the --hm-* colours (after a theme change) and redraw. */
  refreshColours(): void {
    this.colours.forget();
    if (this.m) {
      this.bitmap = cellBitmap(this.element.ownerDocument, this.m, this.options.domain, this.colours.get().maskFill, this.bitmap);
      this.render();
    }
  }

  /** Grey out the whole heatmap (the last good result stays visible while the input is invalid). */
  setDimmed(dimmed: boolean): void {
    setDimmed(this.element, 'hm', dimmed);
  }

  /** A standalone SVG document: one rect per cell, axes, values, legend and title. */
  toSVG(): string {
    return this.life.toSVG();
  }

  /** A PNG of the heatmap with its labels, at twice the CSS size. */
  toPNG(): Promise<Blob> {
    return this.life.toPNG();
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.life.destroy();
    this.element.ownerDocument.defaultView?.clearTimeout(this.tableTimer);
    this.m = null;
    this.bitmap = null;
  }

  // ------------------------------------------------------------ internals

  /** The words in use: the options' over the defaults. */
  private words(): HeatmapWords {
    return heatmapWords(this.options.words);
  }

  /** Keys, focus and the pointer move the cursor; the toggle opens the table (building a large one the first time). */
  private listen(below: FigureControls): void {
    listenCursor(
      this.life.listeners,
      this.figure,
      this.pos,
      {
        at: (e) => (this.m && this.layout ? cellAtPoint(this.canvas.getBoundingClientRect(), e.clientX, e.clientY, this.m.rows, this.m.cols) : null),
        first: () => (this.m && this.m.rows * this.m.cols > 0 ? { row: 0, col: 0 } : null),
        move: (from, e) => {
          const m = this.m;
          if (!m || m.rows * m.cols === 0) return null;
          return moveCursor(from ?? { row: 0, col: 0 }, e.key, m.rows, m.cols, e.ctrlKey || e.metaKey);
        },
      },
      () => this.showActive(),
    );
    // a tap points at a cell: the figure takes focus at once, so the cursor stays shown after the finger lifts
    this.life.listeners.add(this.figure, 'pointerdown', (e) => {
      if ((e as PointerEvent).pointerType === 'touch') this.figure.focus({ preventScroll: true });
    });
    listenTableToggle(this.life.listeners, below, 'hm', () => {
      if (!this.tableWanted) {
        this.tableWanted = true;
        this.syncTable();
      }
    });
    // a canvas whose context the browser lost comes back blank: paint every cell again, not only the changed ones
    this.life.listeners.add(this.canvas, 'contextrestored', () => {
      this.painted = null;
      this.render();
    });
  }

  /** Build the table alternative when it is due (new data, another split for the width, first opened), or empty it while it waits to be opened. */
  private syncTable(): void {
    const m = this.m;
    if (!m) return;
    if (!tableNow(m, this.tableWanted)) {
      if (this.tableKey) this.tableBox.replaceChildren();
      this.tableKey = '';
      return;
    }
    const o = this.options;
    const w = this.words();
    const parts = planTable(m, tableTexts(o, w), this.life.width - 2);
    // the table's structure: its parts, shape, labels and words; new values alone are written in place
    const key = JSON.stringify([
      parts,
      m.rows,
      m.cols,
      o.rowLabels,
      o.colLabels,
      o.rowTitle,
      o.colTitle,
      o.title,
      o.maskedLabel,
      o.legendNote,
      o.rowNotesTitle,
      !o.rowNotes,
      w,
    ]);
    if (!this.tableStale && key === this.tableKey) return;
    if (key === this.tableKey) refreshTable(this.tableBox, m, o, w);
    else buildTable(this.tableBox, m, o, w, parts); // the note for huge ones is cheap
    this.tableKey = key;
    this.tableStale = false;
  }

  /** What the cells are painted from: the matrix, its bitmap, the grid of the current layout, the palette. */
  private cells(m: Matrix): CellSource {
    return { m, domain: this.options.domain, bitmap: this.bitmap, grid: !!this.layout?.grid, pal: this.colours.get() };
  }

  /** The export of what is drawn, or null before the first update(). */
  private exportSource(): ExportSource | null {
    const { m, layout: L, options: o } = this;
    if (!L || !m) return null;
    const w = this.words();
    return { svg: this.svg, cells: this.cells(m), L, hatchId: hatchId(this.id), label: ariaLabel(m, o, w, false), title: svgTitle(o, w) };
  }

  /** Lay out and draw the canvas and the overlay for the current width. */
  private render(): void {
    const m = this.m;
    if (!m) return;
    const o = this.options;
    const width = this.life.layoutWidth();
    const rowLabels = axisLabels(m.rows, o.rowLabels);
    const colLabels = axisLabels(m.cols, o.colLabels);
    const { layout: L, digits } = fitLayout(m, o, width, rowLabels, colLabels);
    this.layout = L;
    sizeOverlay(this.stage, this.svg, L);
    // Canvas: CSS size = plot size; backing store at device resolution.
    this.painted = drawCanvas(this.canvas, L, this.element.ownerDocument.defaultView?.devicePixelRatio || 1, this.cells(m), this.painted);
    drawOverlay(this.svg, { m, o, L, rowLabels, colLabels, digits, pal: this.colours.get() });
    drawEmphasis(this.svg, this.emphasis, m.rows, m.cols, L);
    const win = this.element.ownerDocument.defaultView;
    if (win) win.clearTimeout(this.tableTimer);
    if (this.tableLater && win) this.tableTimer = win.setTimeout(() => this.syncTable(), 250);
    else this.syncTable();
    this.showActive();
  }

  /** Move the highlight and rewrite the readout for the hovered cell, else the keyboard cursor; tell onPoint when that cell changed. */
  private showActive(): void {
    const { m, layout: L, options: o } = this;
    const { active, cursor } = this.pos;
    if (active?.row !== this.pointed?.row || active?.col !== this.pointed?.col) {
      this.pointed = active ? { row: active.row, col: active.col } : null;
      o.onPoint?.(this.pointed);
    }
    markCursor(this.element, cursor);
    drawHighlight(this.svg, active, m ? L : null);
    if (!m || !L) return;
    const w = this.words();
    setText(this.readout, active ? describeCell(m, (this.sums ??= rowSums(m)), o, w, active.row, active.col) : idleText(m, o, w));
  }
}
