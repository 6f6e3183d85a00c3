// vector-plane.ts — the vector plane: the queries and keys of one head as
// arrows from the origin, in two of their columns (all of them when d_k = 2),
// the composer of the modules in this folder and its public entry.
//
// The plane shows a square of data space that holds every arrow (extent.ts),
// kept as it is while a tip is dragged so the plane does not move under the
// pointer, and fitted again when the drag ends. Inside one <svg> (svg.ts),
// back to front: the grid and axes (axes.ts), the keys' arrows, the queries'
// arrows (arrows.ts; their look: style.ts). Around it, in HTML
// (controls.ts): the projection note, the columns drawn and their selects,
// the legend, the formula of the scores, an aria-live readout. What the
// pointer and keys do is interaction.ts; every number and text is pure
// (geometry.ts, describe.ts).
//
// The plane never changes the data itself: it reports drags, the selected
// query, the columns and what is pointed at through its callbacks, and its
// owner calls update() with the new data. Its words are PlaneWords
// (words.ts), English by default. Its listeners and destroy() are
// ../kit/lifecycle.ts (the plane scales by its viewBox: no resize to follow).

import { fill, setDimmed } from '../kit/figure-kit';
import { FigureLifecycle } from '../kit/lifecycle';
import { createArrow, drawArrow, placeLabel, type Arrow } from './arrows';
import { drawAxes } from './axes';
import { createControls, drawControls, type PlaneControls } from './controls';
import { isHidden, keyScore, planeAria, planeWords, tipAria, tipName, valueOf } from './describe';
import { fitExtent, valueDecimals } from './extent';
import { chooseColumn, frameFor, separateLabels, type PlaneFrame } from './geometry';
import { PlaneInteraction, type TipRef } from './interaction';
import { keyStyle, queryStyle } from './style';
import { createPlaneSvg, type PlaneSvg } from './svg';
import type { PlaneData, PlaneOptions, Vec2, VectorKind } from './types';
import type { PlaneWords } from './words';

export { DEFAULT_PLANE_WORDS, type PlaneWords } from './words';
export type { DragPhase, PlaneCallbacks, PlaneData, PlaneMatrix, PlaneOptions, PlanePointed, Vec2, VectorKind } from './types';

let instances = 0;

/** Every point drawn: the queries' and keys' values in the drawn columns. */
function* points(d: PlaneData): Generator<Vec2> {
  for (let i = 0; i < d.q.rows; i++) yield valueOf(d, 'q', i);
  for (let j = 0; j < d.k.rows; j++) yield valueOf(d, 'k', j);
}

/** One vector plane: arrows, axes, draggable tips, column selects, readout. */
export class VectorPlane {
  /** The component's root element (a div.vp inside the container). */
  readonly element: HTMLElement;

  private options: PlaneOptions;
  private readonly parts: PlaneSvg;
  private readonly controls: PlaneControls;
  /** The listeners and destroy(). */
  private readonly life: FigureLifecycle;
  private readonly interaction: PlaneInteraction;
  private readonly arrows: Record<VectorKind, Arrow[]> = { q: [], k: [] };
  private readonly id: string;
  private data: PlaneData | null = null;
  private frame: PlaneFrame | null = null;
  private axesKey = '';
  private dragging = false;
  private dimmed = false;
  /** Counts the changes of words (an arrow's drawing depends on them). */
  private wordsVersion = 0;
  private highlighted: [number | null, number | null] = [null, null];

  /** Create an empty plane inside container; call update() to draw. */
  constructor(container: HTMLElement, options: PlaneOptions = {}) {
    this.options = options;
    this.id = `vp-${++instances}`;
    const doc = container.ownerDocument;
    this.element = doc.createElement('div');
    this.element.className = 'vp fig';
    this.element.id = this.id;
    this.life = new FigureLifecycle({ element: this.element });
    this.parts = createPlaneSvg(doc);
    this.controls = createControls(doc, this.id);
    const c = this.controls;
    this.element.append(c.projected, c.columns, c.legend, this.parts.svg, c.formula, c.readout, c.help);
    container.append(this.element);
    c.selects.forEach((s, axis) =>
      this.life.listeners.add(s, 'change', () => {
        if (this.data) this.options.onDims?.(chooseColumn(this.data.dims, axis as 0 | 1, Number(s.value)));
      }),
    );
    this.interaction = new PlaneInteraction(this.life.listeners, {
      svg: this.parts.svg,
      drawn: () => (this.data && this.frame ? { data: this.data, frame: this.frame, decimals: this.decimals() } : null),
      canDrag: () => !!this.data?.draggable && !this.dimmed,
      callbacks: () => this.options,
      setDragging: (on) => {
        this.dragging = on;
        if (on) this.element.dataset['dragging'] = 'true';
        else delete this.element.dataset['dragging'];
      },
      showActive: (tip) => this.showActive(tip),
    });
  }

  /** Draw new data (and optionally change the options: callbacks, words). */
  update(data: PlaneData, options?: Partial<PlaneOptions>): void {
    if (options) this.options = { ...this.options, ...options };
    if (options?.words) this.wordsVersion++;
    this.data = data;
    // the extent stays while a tip is dragged; otherwise it fits the arrows
    if (!this.dragging || !this.frame) this.frame = frameFor(fitExtent(points(data)));
    const f = this.frame;
    const w = this.words();
    const [xTitle, yTitle] = data.dims.map((n) => fill(w.axis, { n }));
    const key = JSON.stringify([f.extent, xTitle, yTitle]);
    if (key !== this.axesKey) {
      this.axesKey = key;
      drawAxes(this.parts.grid, this.parts.axes, f, xTitle, yTitle);
    }
    this.drawArrows(data, f, w);
    drawControls(this.controls, data, w);
    this.parts.svg.setAttribute('aria-label', planeAria(data, w));
    this.element.dataset['query'] = String(data.query);
    this.element.dataset['dims'] = data.dims.join(',');
    this.applyHighlight();
    if (!this.dragging) this.showActive(this.interaction.active());
  }

  /** Emphasise query i's and key j's arrows (null: none), e.g. while weight (i, j) is pointed at elsewhere. */
  highlight(i: number | null, j: number | null): void {
    this.highlighted = [i, j];
    this.applyHighlight();
  }

  /** Grey out the plane (the last good drawing stays visible while the input is invalid); no drags while dimmed. */
  setDimmed(dimmed: boolean): void {
    this.dimmed = dimmed;
    setDimmed(this.element, 'vp', dimmed);
  }

  /** The decimals values are rounded to at the current extent (0.5 between ticks: 2). */
  decimals(): number {
    return this.frame ? valueDecimals(this.frame.extent) : 2;
  }

  /** Whether a tip is being dragged. */
  isDragging(): boolean {
    return this.dragging;
  }

  /** Stop a drag in progress, putting the tip back ('cancel'). */
  cancelDrag(): void {
    this.interaction.cancel();
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.life.destroy();
    this.data = null;
  }

  // ------------------------------------------------------------ internals

  private words(): PlaneWords {
    return planeWords(this.options.words);
  }

  /** Make or remove arrows to match the rows of `kind`, in `group`. */
  private sync(kind: VectorKind, rows: number, group: SVGGElement): Arrow[] {
    const list = this.arrows[kind];
    while (list.length > rows) list.pop()!.group.remove();
    while (list.length < rows) {
      const a = createArrow(this.element.ownerDocument, kind, list.length, `${this.id}-help`);
      list.push(a);
      group.append(a.group);
    }
    return list;
  }

  /**
   * Put every arrow where the data says. An arrow whose numbers, names, frame and words are those it was last
   * drawn from is left as it is: a drag moves one arrow, and the other queries stay.
   */
  private drawArrows(d: PlaneData, f: PlaneFrame, w: PlaneWords): void {
    const draggable = d.draggable && !this.dimmed;
    const frame = `${this.axesKey}|${this.wordsVersion}|${draggable}`;
    const unchanged = (a: Arrow, key: string) => {
      if (a.drawn === key) return true;
      a.drawn = key;
      return false;
    };
    this.sync('q', d.q.rows, this.parts.queries).forEach((a, i) => {
      const selected = i === d.query;
      a.group.classList.toggle('vp-selected', selected);
      const value = valueOf(d, 'q', i);
      const name = tipName(d, 'q', i, w);
      if (unchanged(a, `${frame}|${value[0]},${value[1]}|${selected}|${name}`)) return;
      drawArrow(a, f, { value, style: queryStyle(selected), name, score: '', aria: tipAria(d, 'q', i, w), pressed: selected, draggable });
    });
    const queryName = tipName(d, 'q', d.query, w);
    this.sync('k', d.k.rows, this.parts.keys).forEach((a, j) => {
      const masked = isHidden(d, d.query, j);
      a.group.classList.toggle('vp-masked', masked);
      const p = d.query * d.k.rows + j;
      const value = valueOf(d, 'k', j);
      const name = tipName(d, 'k', j, w);
      if (unchanged(a, `${frame}|${value[0]},${value[1]}|${masked}|${d.weights.data[p]}|${d.scaled.data[p]}|${name}|${queryName}`)) return;
      const style = keyStyle(d.weights.data[p], masked);
      drawArrow(a, f, { value, style, name, score: keyScore(d, j, w), aria: tipAria(d, 'k', j, w), pressed: null, draggable });
    });
    // the labels, kept apart: every label's place may depend on an arrow that moved
    const all = [...this.arrows.q, ...this.arrows.k];
    const ys = separateLabels(
      all.map((a) => a.label!),
      f.size,
    );
    all.forEach((a, n) => placeLabel(a, ys[n]));
  }

  private applyHighlight(): void {
    const [i, j] = this.highlighted;
    this.arrows.q.forEach((a, n) => a.group.classList.toggle('vp-hl', n === i));
    this.arrows.k.forEach((a, n) => a.group.classList.toggle('vp-hl', n === j));
    if (i === null && j === null) delete this.element.dataset['highlight'];
    else this.element.dataset['highlight'] = `${i ?? ''},${j ?? ''}`;
  }

  /** The readout: the tip hovered or focused, else the hint. */
  private showActive(tip: TipRef | null): void {
    const d = this.data;
    if (!d || !this.frame) return;
    const w = this.words();
    const text = tip && tip.row < (tip.kind === 'q' ? d.q.rows : d.k.rows) ? tipAria(d, tip.kind, tip.row, w) : d.draggable ? w.hint : w.hintFixed;
    if (this.controls.readout.textContent !== text) this.controls.readout.textContent = text;
  }
}
