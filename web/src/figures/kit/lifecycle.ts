// lifecycle.ts — the life of one figure, from its constructor to destroy():
//   * the listener bag: every listener the figure adds, removed by destroy();
//   * resizes: a ResizeObserver on the figure's container asks for a render;
//     the renders asked for within one frame run once, on the next animation
//     frame, and only when the width to lay out at is not the one drawn;
//   * the width a figure lays out at: the container's observed width, else
//     the element's (or the container's) clientWidth;
//   * the theme: THEME_CHANGE on the element (a playground's theme changed)
//     asks the figure to read its colours again and draw (`recolour`);
//   * export: toSVG() and toPNG() from the figure's producers (an SVG
//     document, a canvas), the empty SVG and a refusal while nothing is drawn;
//   * destroy(): the observer disconnected, the frame cancelled, the
//     listeners removed and the element taken out of the page; nothing
//     renders after it.
// The figure keeps what it draws; the lifecycle decides when.

import { EMPTY_SVG, Listeners, THEME_CHANGE, canvasToPng } from './figure-kit';

/** How a figure becomes a file: a drawn source as an SVG document and as a canvas the size of the PNG. */
export interface FigureExport<S> {
  /** The figure's name at the head of an error message ('heatmap'). */
  readonly name: string;
  /** Why toPNG() refuses while nothing is drawn. */
  readonly nothingDrawn: string;
  /** A drawn source as a standalone SVG document. */
  svg(source: S): string;
  /** A drawn source painted onto a new canvas of the PNG's size. */
  canvas(source: S, doc: Document): Promise<HTMLCanvasElement>;
}

/** What a figure hands its lifecycle (see FigureLifecycle). */
export interface LifecycleOptions<S> {
  /** The figure's root element: its window schedules the frames, destroy() removes it. */
  element: HTMLElement;
  /** The element whose resizes redraw the figure; none: the figure follows no width. */
  container?: HTMLElement;
  /** Whether the container's observed width is the one to lay out at (default true); false: clientWidth is read at every render. */
  observedWidth?: boolean;
  /** Whether there is anything to redraw (default: always). */
  drawable?(): boolean;
  /** Draw again for the current width (the scheduled render). */
  render?(): void;
  /** Read the colours again and draw (THEME_CHANGE on the element); none: the figure's colours are CSS alone. */
  recolour?(): void;
  /** What is drawn, as the export reads it; null while nothing is. */
  source?(): S | null;
  /** How the source becomes an SVG document and a PNG; none: toSVG() is the empty SVG and toPNG() refuses. */
  export?: FigureExport<S>;
}

/** One figure's listeners, resize observer, scheduled render, export entry points and destroy(). */
export class FigureLifecycle<S = unknown> {
  /** The figure's listeners, all removed by destroy(). */
  readonly listeners = new Listeners();

  private readonly observer: ResizeObserver | null;
  private frame = 0;
  /** The container width the observer last reported (0: none yet). */
  private observed = 0;
  /** The width last laid out at (−1: none yet). */
  private drawn = -1;
  private destroyed = false;

  constructor(private readonly o: LifecycleOptions<S>) {
    const win = o.element.ownerDocument.defaultView;
    this.observer = o.container && win && 'ResizeObserver' in win ? new win.ResizeObserver((entries) => this.resized(entries)) : null;
    if (o.container) this.observer?.observe(o.container);
    if (o.recolour) this.listeners.add(o.element, THEME_CHANGE, () => this.destroyed || o.recolour?.());
  }

  /** The width last laid out at (layoutWidth()), −1 before the first render. */
  get width(): number {
    return this.drawn;
  }

  /** The width to lay out at now: the observed one, else the element's or the container's clientWidth; 0 when not laid out. */
  measure(): number {
    if (this.o.observedWidth !== false && this.observed > 0) return this.observed;
    return this.o.element.clientWidth || this.o.container?.clientWidth || 0;
  }

  /** Measure the width to lay out at, and remember it as the one drawn (a render calls this). */
  layoutWidth(): number {
    this.drawn = this.measure();
    return this.drawn;
  }

  /** Ask for a render on the next animation frame: many asks in one frame run it once, and only when the width changed; none after destroy(). */
  requestRender(): void {
    const win = this.o.element.ownerDocument.defaultView;
    if (this.destroyed || !win || this.frame) return;
    this.frame = win.requestAnimationFrame(() => {
      this.frame = 0;
      if (this.destroyed || !(this.o.drawable?.() ?? true)) return;
      if (this.measure() !== this.drawn) this.o.render?.();
    });
  }

  /** What is drawn as a standalone SVG document; the empty SVG while nothing is. */
  toSVG(): string {
    const source = this.o.source?.();
    return source && this.o.export ? this.o.export.svg(source) : EMPTY_SVG;
  }

  /** What is drawn as a PNG (the export's canvas); rejects while nothing is drawn. */
  async toPNG(): Promise<Blob> {
    const source = this.o.source?.();
    const ex = this.o.export;
    if (!ex) throw new Error('figure: nothing to export');
    if (!source) throw new Error(ex.nothingDrawn);
    const canvas = await ex.canvas(source, this.o.element.ownerDocument);
    return canvasToPng(canvas, `${ex.name}: toBlob failed`);
  }

  /** Stop observing, cancel the scheduled render, remove every listener and the element. */
  destroy(): void {
    this.destroyed = true;
    this.observer?.disconnect();
    this.listeners.removeAll();
    const win = this.o.element.ownerDocument.defaultView;
    if (this.frame && win) win.cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.o.element.remove();
  }

  /** The observer's callback: keep the container's new width (whole pixels) and ask for a render. */
  private resized(entries: ResizeObserverEntry[]): void {
    const w = entries[entries.length - 1]?.contentRect.width ?? 0;
    if (w > 0) this.observed = Math.floor(w);
    this.requestRender();
  }
}
