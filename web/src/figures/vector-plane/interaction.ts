// interaction.ts — what the pointer and the keys do on the plane's tips:
//   * press a tip: it takes focus; a query's tip selects that query; where the
//     arrows can be dragged the press starts a drag (the pointer captured, so
//     it keeps following outside the SVG, mouse and touch alike);
//   * move: the tip follows the pointer's movement since the press
//     (geometry.dragValue: inside the shown extent, rounded), each new value
//     reported as 'move'; release: 'end'; Escape or a lost pointer: 'cancel'
//     with the value it started from (a touch on a draggable tip does not
//     scroll the page);
//   * arrow keys on a focused tip move it one step (Shift: ten), each an 'end';
//     Enter or Space on a query's tip selects it;
//   * hovering or focusing key j's tip points at (selected query, j).
// The geometry is geometry.ts; this module only reads events.

import type { Listeners } from '../kit/figure-kit';
import { keyStep } from './extent';
import { clientToView, dragValue, keyValue, type ClientBox, type PlaneFrame } from './geometry';
import { valueOf } from './describe';
import type { PlaneCallbacks, PlaneData, PlanePointed, Vec2, VectorKind } from './types';

/** A tip: which arrow. */
export interface TipRef {
  kind: VectorKind;
  row: number;
}

/** What the interaction needs from the plane. */
export interface PlaneHost {
  readonly svg: SVGSVGElement;
  /** The data drawn, its frame and the decimals of its values; null before the first update. */
  drawn(): { data: PlaneData; frame: PlaneFrame; decimals: number } | null;
  /** Whether the tips can be dragged now (the data allows it and the plane is not dimmed). */
  canDrag(): boolean;
  /** The owner's callbacks. */
  callbacks(): PlaneCallbacks;
  /** A drag started (true: keep the extent) or ended. */
  setDragging(on: boolean): void;
  /** The tip hovered or focused changed. */
  showActive(tip: TipRef | null): void;
}

/** A drag in progress. */
interface Drag {
  tip: TipRef;
  element: Element;
  pointerId: number;
  /** The SVG's box on the page at the press (read once: reading it on every move would force a layout of the page after each redraw). */
  box: ClientBox;
  /** The pointer at the press, in viewBox units. */
  origin: Vec2;
  start: Vec2;
  last: Vec2;
  moved: boolean;
}

/** The tip an event happened on, or null. */
export function tipOf(target: EventTarget | null): { ref: TipRef; element: Element } | null {
  const element = (target as Element | null)?.closest?.('.vp-tip');
  if (!element) return null;
  const kind = element.getAttribute('data-kind');
  const row = Number(element.getAttribute('data-row'));
  return kind === 'q' || kind === 'k' ? { ref: { kind, row }, element } : null;
}

const same = (a: TipRef | null, b: TipRef | null) => a === b || (!!a && !!b && a.kind === b.kind && a.row === b.row);

/** The pointer and keys on the tips of one plane. */
export class PlaneInteraction {
  private drag: Drag | null = null;
  private hover: TipRef | null = null;
  private focus: TipRef | null = null;
  private pointed: PlanePointed | null = null;

  constructor(
    listeners: Listeners,
    private readonly host: PlaneHost,
  ) {
    const svg = host.svg;
    listeners.add(svg, 'pointerdown', (e) => this.press(e as PointerEvent));
    // a touch on a draggable tip must not scroll the page: Chromium ignores touch-action inside an SVG, so the
    // touch's default is prevented (a listener on the SVG is not passive)
    listeners.add(svg, 'touchstart', (e) => tipOf(e.target) && host.canDrag() && e.preventDefault());
    listeners.add(svg, 'pointermove', (e) => this.move(e as PointerEvent));
    listeners.add(svg, 'pointerup', (e) => this.release(e as PointerEvent));
    listeners.add(svg, 'pointercancel', (e) => (e as PointerEvent).pointerId === this.drag?.pointerId && this.cancel());
    listeners.add(svg, 'lostpointercapture', (e) => (e as PointerEvent).pointerId === this.drag?.pointerId && this.cancel());
    listeners.add(svg, 'pointerleave', () => this.drag || this.setActive('hover', null));
    listeners.add(svg, 'keydown', (e) => this.key(e as KeyboardEvent));
    listeners.add(svg, 'focusin', (e) => this.setActive('focus', tipOf(e.target)?.ref ?? null));
    listeners.add(svg, 'focusout', () => this.setActive('focus', null));
  }

  /** The tip hovered, else the one focused, or null. */
  active(): TipRef | null {
    return this.hover ?? this.focus;
  }

  /** Whether a drag is in progress. */
  dragging(): boolean {
    return this.drag !== null;
  }

  /** Stop the drag in progress: the tip goes back to where it started ('cancel'). */
  cancel(): void {
    const d = this.end();
    if (d?.moved) this.host.callbacks().onDrag?.(d.tip.kind, d.tip.row, d.start, 'cancel');
  }

  private press(e: PointerEvent): void {
    const hit = tipOf(e.target);
    const drawn = this.host.drawn();
    if (!hit || !drawn || this.drag) return;
    e.preventDefault(); // no text selection, no emulated mouse events; focus by hand
    (hit.element as SVGElement).focus?.({ preventScroll: true });
    const { kind, row } = hit.ref;
    if (kind === 'q' && row !== drawn.data.query) this.host.callbacks().onSelect?.(row);
    if (!this.host.canDrag() || e.button !== 0) return;
    const start = valueOf(this.host.drawn()!.data, kind, row);
    const box = this.host.svg.getBoundingClientRect();
    const origin = clientToView(box, drawn.frame.size, e.clientX, e.clientY);
    this.drag = { tip: hit.ref, element: hit.element, pointerId: e.pointerId, box, origin, start, last: start, moved: false };
    try {
      hit.element.setPointerCapture(e.pointerId);
    } catch {
      // no capture (an old browser, or the pointer is gone): moves over the SVG still drag
    }
    this.host.setDragging(true);
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return this.setActive('hover', tipOf(e.target)?.ref ?? null);
    const drawn = this.host.drawn();
    if (e.pointerId !== d.pointerId || !drawn) return;
    const [x, y] = clientToView(d.box, drawn.frame.size, e.clientX, e.clientY);
    const v = dragValue(drawn.frame, d.start, [x - d.origin[0], y - d.origin[1]], drawn.decimals);
    if (v[0] === d.last[0] && v[1] === d.last[1]) return;
    d.last = v;
    d.moved = true;
    this.host.callbacks().onDrag?.(d.tip.kind, d.tip.row, v, 'move');
  }

  private release(e: PointerEvent): void {
    if (e.pointerId !== this.drag?.pointerId) return;
    const d = this.end();
    if (d?.moved) this.host.callbacks().onDrag?.(d.tip.kind, d.tip.row, d.last, 'end');
  }

  /** Forget the drag (before telling the owner, so that its redraw fits the extent again) and let the pointer go. */
  private end(): Drag | null {
    const d = this.drag;
    this.drag = null;
    if (!d) return null;
    try {
      if (d.element.hasPointerCapture?.(d.pointerId)) d.element.releasePointerCapture(d.pointerId);
    } catch {
      // already released
    }
    this.host.setDragging(false);
    return d;
  }

  private key(e: KeyboardEvent): void {
    const hit = tipOf(e.target);
    if (e.key === 'Escape' && this.drag) {
      e.preventDefault();
      return this.cancel();
    }
    const drawn = this.host.drawn();
    if (!hit || !drawn || this.drag) return;
    const { kind, row } = hit.ref;
    if ((e.key === 'Enter' || e.key === ' ') && kind === 'q') {
      e.preventDefault();
      if (row !== drawn.data.query) this.host.callbacks().onSelect?.(row);
      return;
    }
    if (!this.host.canDrag()) return;
    const v = keyValue(valueOf(drawn.data, kind, row), e.key, e.shiftKey, keyStep(drawn.frame.extent), drawn.decimals);
    if (!v) return;
    e.preventDefault();
    this.host.callbacks().onDrag?.(kind, row, v, 'end');
  }

  /** A tip is hovered or focused (or no longer): the readout, and the pointing of a key's tip. */
  private setActive(which: 'hover' | 'focus', tip: TipRef | null): void {
    const before = this.active();
    this[which] = tip;
    const now = this.active();
    if (same(before, now)) return;
    this.host.showActive(now);
    const data = this.host.drawn()?.data;
    const p = now?.kind === 'k' && data ? { i: data.query, j: now.row } : null;
    if (p?.i === this.pointed?.i && p?.j === this.pointed?.j) return;
    this.pointed = p;
    this.host.callbacks().onPoint?.(p);
  }
}
