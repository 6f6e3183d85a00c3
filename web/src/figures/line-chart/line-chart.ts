// line-chart.ts — one reusable line chart for the experiments panel: the
// LineChart component, composed from the modules of this folder.
//
// Used for the √d_k scaling experiment (x = d on a log₂ axis, y = largest
// softmax weight, a spread band per series, a guide line at d = 64) and the
// quadratic-cost experiment (log–log axes, a dashed fitted line), and for any
// other "y against x" result.
//
// One focusable <svg role="img"> (svg.ts) drawn with d3, back to front:
//   title (frame.ts) · legend (legend.ts; flows onto more rows when narrow) ·
//   grid (axes.ts) · bands, lines, markers, guide lines (marks/) · axes
//   (axes.ts) · cursor (overlay.ts).
// Where everything goes is pure code: layout.ts (sizes, legend rows, the
// frame), scales.ts (log/linear scales and ticks), text.ts (number formats,
// wrapping), data.ts, describe.ts (readout and summary), cursor.ts (keys).
// Every colour, dash and font is a presentation attribute, so toSVG()
// (export.ts) is a standalone file; line-chart.css only adds layout, focus
// ring and theming. No inline styles (CSP style-src 'self').
//
// Series differ without colour (style.ts): Okabe–Ito colours, one marker shape
// per series and a dash pattern for lines without markers. Below the SVG: an
// optional caption, an aria-live readout (hover, or focus the chart and use
// ←/→/Home/End) and a "Table" toggle for the numbers (table.ts). What it
// shares with the heatmap (the readout, the table toggle, the cursor's events,
// export and text helpers) is in figure-kit.ts; when it renders (resizes),
// exports and is destroyed, lifecycle.ts.
//
// Its own words are templates in ChartWords (words.ts), English by default
// (DEFAULT_CHART_WORDS); a page in another language passes its own through
// `words`. Everything is found through the component's own elements, never
// through `document`, so it works inside a shadow root.

import { select } from 'd3-selection';
import { CursorState, ThemePalette, figureControls, listenCursor, listenTableToggle, setDimmed } from '../kit/figure-kit';
import { FigureLifecycle } from '../kit/lifecycle';
import { drawAxes, drawGrid } from './axes';
import { moveIndex } from './cursor';
import { sortedSeries } from './data';
import { idleReadout, readoutText } from './describe';
import { CHART_EXPORT, type ChartExportSource } from './export';
import { drawFrame } from './frame';
import { chartLayout } from './layout';
import { drawLegend } from './legend';
import { drawBands } from './marks/bands';
import { drawGuides } from './marks/guides';
import { drawLines } from './marks/lines';
import { drawMarkers } from './marks/markers';
import { drawCursor, pointerIndex } from './overlay';
import { DEFAULT_PALETTE } from './style';
import { createChartSvg, type DrawContext } from './svg';
import { chartTable } from './table';
import type { ChartFrame, ChartOptions, ChartPalette, Series } from './types';
import { chartWords } from './words';

// The public API, as before the split: importers need only this file.
export { DEFAULT_CHART_WORDS, chartWords, type ChartWords } from './words';
export { escapeXml, fill, formatFull } from '../kit/figure-kit';
export type { ChartOptions, ChartPalette, LegendItem, Series, SeriesPoint } from './types';
export { BAND_OPACITY, DEFAULT_PALETTE, FIT_DASH, MARKERS, PALETTE, PLAIN_DASHES, seriesStyle } from './style';
export { DEFAULT_HEIGHT } from './metrics';
export { formatNumber, textWidth, wrapText } from './text';
export { drawable, extent, valueAt, xPositions } from './data';
export { isPowerOfTwo, labelStep, logTicks } from './scales';
export { legendLayout, verticalLayout } from './layout';
export { readoutText, summarise } from './describe';
export { moveIndex, nearestIndex } from './cursor';

/** The layers of render(), back to front. */
const LAYERS: ReadonlyArray<(c: DrawContext) => void> = [drawFrame, drawLegend, drawGrid, drawBands, drawLines, drawMarkers, drawGuides, drawAxes];

let instances = 0;

/** One line chart: lines, bands, markers, guide lines, legend, keyboard/hover readout, table alternative, export. */
export class LineChart {
  /** The component's root element (a div.lc inside the container). */
  readonly element: HTMLElement;

  private options: ChartOptions;
  private series: Series[] = [];
  private readonly id: string;
  private readonly svg: SVGSVGElement;
  private readonly captionEl: HTMLParagraphElement;
  private readonly readout: HTMLParagraphElement;
  private readonly tableBox: HTMLDivElement;
  private readonly tableButton: HTMLButtonElement;
  /** Resizes, the scheduled render, the listeners, export and destroy. */
  private readonly life: FigureLifecycle<ChartExportSource>;
  /** The --lc-* colours, read at every draw. */
  private readonly colours: ThemePalette<ChartPalette>;
  private drawn: ChartFrame | null = null;
  /** The keyboard cursor and the hovered x, as indices into drawn.xs (−1: none). */
  private readonly pos = new CursorState<number>(-1);

  /** Create an empty chart inside container; call update() to draw. */
  constructor(container: HTMLElement, options: ChartOptions) {
    this.options = { ...options };
    this.id = `lc-${++instances}`;
    const doc = container.ownerDocument;

    this.element = doc.createElement('div');
    this.element.className = 'lc fig';
    this.colours = new ThemePalette(this.element, 'lc', DEFAULT_PALETTE, false);
    this.life = new FigureLifecycle({
      element: this.element,
      container,
      observedWidth: false,
      render: () => {
        this.render();
        this.showActive();
      },
      // the colours are read at every render: a theme change only draws again
      recolour: () => {
        if (!this.drawn) return;
        this.render();
        this.showActive();
      },
      source: () => this.exportSource(),
      export: CHART_EXPORT,
    });
    this.svg = createChartSvg(doc, this.id);
    this.captionEl = doc.createElement('p');
    this.captionEl.className = 'lc-caption';
    this.captionEl.id = `${this.id}-caption`;
    const below = figureControls(doc, 'lc', this.id, chartWords(this.options.words).table);
    this.readout = below.readout;
    this.tableButton = below.tableButton;
    this.tableBox = below.tableBox;
    this.element.append(this.svg, this.captionEl, this.readout, below.toolbar, this.tableBox);
    container.append(this.element);
    this.listen();
    listenTableToggle(this.life.listeners, below, 'lc');
    this.readout.textContent = chartWords(this.options.words).noData;
    this.render();
  }

  /** Draw new series (and optionally change options); keeps the cursor on the same x when it is still there. */
  update(series: Series[], options?: Partial<ChartOptions>): void {
    if (options) this.options = { ...this.options, ...options };
    const oldX = this.drawn?.xs[this.pos.cursor];
    this.series = sortedSeries(series);
    this.render();
    const xs = this.drawn?.xs ?? [];
    this.pos.cursor = oldX === undefined ? -1 : xs.indexOf(oldX);
    this.pos.hover = -1;
    this.tableBox.replaceChildren(chartTable(this.element.ownerDocument, this.series, xs, this.options));
    this.showActive();
  }

  /** Grey out the whole chart (the last good result stays visible while the input is invalid or a run is going). */
  setDimmed(dimmed: boolean): void {
    setDimmed(this.element, 'lc', dimmed);
  }

  /** The readout text at the i-th x position (as shown when the cursor is there), or '' if there is none. */
  readoutAt(i: number): string {
    const x = this.drawn?.xs[i];
    return x === undefined ? '' : readoutText(x, this.series, this.options);
  }

  /** A standalone SVG document: title, legend, axes, bands, lines, markers, guide lines and the caption. */
  toSVG(): string {
    return this.life.toSVG();
  }

  /** A PNG of the chart at twice the CSS size (the toSVG() image drawn onto a canvas). */
  toPNG(): Promise<Blob> {
    return this.life.toPNG();
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.life.destroy();
    this.series = [];
    this.drawn = null;
  }

  // ------------------------------------------------------------ internals

  /** Let keys, focus and the pointer move the cursor over the x positions (figure-kit's listenCursor). */
  private listen(): void {
    listenCursor(
      this.life.listeners,
      this.svg,
      this.pos,
      {
        at: (e) => (this.drawn ? pointerIndex(this.svg, this.drawn, e.clientX, e.clientY) : -1),
        first: () => (this.drawn?.xs.length ? 0 : -1),
        move: (from, e) => {
          const n = this.drawn?.xs.length ?? 0;
          return n ? moveIndex(from < 0 ? 0 : from, e.key, n) : null;
        },
      },
      () => this.showActive(),
    );
  }

  /** The export of what is drawn, or null once destroyed. */
  private exportSource(): ChartExportSource | null {
    const frame = this.drawn;
    return frame && { svg: this.svg, frame, series: this.series, options: this.options, palette: this.colours.get() };
  }

  /** Layout for the current width, series and options, then every layer, then the caption. */
  private render(): void {
    const o = this.options;
    const words = chartWords(o.words);
    const measured = this.life.layoutWidth();
    this.tableButton.textContent = words.table;
    const frame = chartLayout(this.series, o, measured);
    this.drawn = frame;
    this.element.dataset['series'] = String(this.series.length);
    this.element.dataset['points'] = String(frame.xs.length);
    const ctx: DrawContext = { svg: select(this.svg), id: this.id, frame, series: this.series, options: o, palette: this.colours.get(), words };
    for (const draw of LAYERS) draw(ctx);
    // Caption: HTML on screen; the export wraps it into the SVG.
    this.captionEl.textContent = o.caption ?? '';
    this.captionEl.hidden = !o.caption;
    if (o.caption) this.svg.setAttribute('aria-describedby', this.captionEl.id);
    else this.svg.removeAttribute('aria-describedby');
  }

  /** Move the cursor line and dots and rewrite the readout for the hovered x, else the keyboard cursor. */
  private showActive(): void {
    const active = this.pos.active;
    if (this.pos.cursor >= 0) this.element.dataset['cursor'] = String(this.pos.cursor);
    else delete this.element.dataset['cursor'];
    const f = this.drawn;
    if (f) drawCursor(select(this.svg), f, this.series, active);
    const shown = f && active >= 0 && active < f.xs.length;
    this.readout.textContent = shown ? readoutText(f.xs[active], this.series, this.options) : idleReadout(this.series, f?.xs.length ?? 0, this.options);
  }
}
