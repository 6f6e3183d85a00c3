// arrows.ts — one arrow of the plane: its shaft from the origin, its head
// (filled for a query, hollow for a key), its label beside the tip (the name,
// and for a key the score of the selected query) and its tip: a focusable
// button with a touch target of HANDLE_R, which the pointer drags and the
// arrow keys move. The elements are made once per row and then only their
// attributes change (a drag redraws every arrow on each pointer move).

import { arrowHead, labelPlace, labelWidth, LABEL_FONT, LABEL_TURN, toPx, type LabelBox, type PlaneFrame } from './geometry';
import { HANDLE_R, HEAD, KEY_TEXT, QUERY_TEXT, type ArrowStyle } from './style';
import { setAttrs, svgEl } from './svg';
import type { Vec2, VectorKind } from './types';

/** The elements of one arrow. */
export interface Arrow {
  kind: VectorKind;
  row: number;
  group: SVGGElement;
  shaft: SVGLineElement;
  head: SVGPathElement;
  name: SVGTextElement;
  /** The score line under a key's name (null for a query). */
  score: SVGTextElement | null;
  /** The focusable tip (role button) with its touch target. */
  tip: SVGGElement;
  /** What it was last drawn from (the plane's key of the frame, words and numbers it shows), '' before the first drawing. */
  drawn: string;
  /** Where its label goes beside the tip, before the labels are kept apart (placeLabel); null before the first drawing. */
  label: LabelBox | null;
  /** Where its label was last put, '' before. */
  labelAt: string;
}

/** What one arrow shows. */
export interface ArrowLook {
  value: Vec2;
  style: ArrowStyle;
  name: string;
  /** The score line of a key ('' for none). */
  score: string;
  /** The tip's accessible name. */
  aria: string;
  /** The tip's aria-pressed (a query: whether it is selected), or null (a key). */
  pressed: boolean | null;
  /** Whether the tip can be dragged (its cursor). */
  draggable: boolean;
}

/** Make the elements of arrow `row` of kind; `helpId` describes the tips (the keyboard help). */
export function createArrow(doc: Document, kind: VectorKind, row: number, helpId: string): Arrow {
  const cls = kind === 'q' ? 'vp-query' : 'vp-key';
  const group = svgEl(doc, 'g', { class: `vp-arrow ${cls}`, 'data-kind': kind, 'data-row': row });
  const shaft = svgEl(doc, 'line', { class: 'vp-shaft', stroke: 'currentColor', 'stroke-linecap': 'round' });
  const head = svgEl(doc, 'path', {
    class: 'vp-head',
    stroke: 'currentColor',
    'stroke-width': 1.5,
    'stroke-linejoin': 'round',
    fill: kind === 'q' ? 'currentColor' : '#ffffff',
  });
  const name = svgEl(doc, 'text', {
    class: 'vp-name',
    fill: kind === 'q' ? QUERY_TEXT : KEY_TEXT,
    'font-size': LABEL_FONT,
    dy: '0.35em',
    'aria-hidden': 'true',
  });
  const score = kind === 'k' ? svgEl(doc, 'text', { class: 'vp-score', 'font-size': LABEL_FONT - 1, dy: '0.35em', 'aria-hidden': 'true' }) : null;
  const tip = svgEl(doc, 'g', { class: 'vp-tip', tabindex: 0, role: 'button', 'data-kind': kind, 'data-row': row, 'aria-describedby': helpId });
  tip.append(
    svgEl(doc, 'circle', { class: 'vp-handle', r: HANDLE_R, fill: 'transparent' }),
    svgEl(doc, 'circle', { class: 'vp-ring', r: HANDLE_R - 3, fill: 'none' }),
  );
  group.append(shaft, head, name, ...(score ? [score] : []), tip);
  return { kind, row, group, shaft, head, name, score, tip, drawn: '', label: null, labelAt: '' };
}

/** Put arrow `a` where `look` says in frame f; its label's place (a.label) is worked out, and put by placeLabel. */
export function drawArrow(a: Arrow, f: PlaneFrame, look: ArrowLook): void {
  const origin = toPx(f, [0, 0]);
  const tip = toPx(f, look.value);
  const r = (v: number) => Math.round(v * 100) / 100;
  const { width, opacity, dash } = look.style;
  setAttrs(a.group, { 'data-draggable': look.draggable ? 'true' : 'false' });
  // the shaft stops at the head's base, so a wide shaft does not blunt the point
  const len = Math.hypot(tip[0] - origin[0], tip[1] - origin[1]);
  const back = len > 1e-9 ? Math.min(HEAD * 0.8, len) / len : 0;
  const end = [tip[0] - (tip[0] - origin[0]) * back, tip[1] - (tip[1] - origin[1]) * back];
  setAttrs(a.shaft, { x1: r(origin[0]), y1: r(origin[1]), x2: r(end[0]), y2: r(end[1]), 'stroke-width': width, 'stroke-dasharray': dash, opacity });
  setAttrs(a.head, { d: arrowHead(origin, tip, HEAD + width), opacity });
  const width2 = Math.max(labelWidth(look.name), labelWidth(look.score));
  const lines = look.score ? 2 : 1;
  a.label = { ...labelPlace(f, origin, tip, width2, lines, LABEL_TURN[a.kind]), width: width2, lines };
  if (a.name.textContent !== look.name) a.name.textContent = look.name;
  if (a.score && a.score.textContent !== look.score) a.score.textContent = look.score;
  setAttrs(a.tip, {
    transform: `translate(${r(tip[0])},${r(tip[1])})`,
    'aria-label': look.aria,
    'aria-pressed': look.pressed === null ? null : String(look.pressed),
  });
}

/** Put arrow `a`'s label at its place with its first line's middle at `y` (separateLabels); nothing when it is there. */
export function placeLabel(a: Arrow, y: number): void {
  if (!a.label) return;
  const { x, anchor } = a.label;
  const at = `${x},${y},${anchor}`;
  if (at === a.labelAt) return;
  a.labelAt = at;
  setAttrs(a.name, { x, y, 'text-anchor': anchor });
  if (a.score) setAttrs(a.score, { x, y: y + LABEL_FONT + 2, 'text-anchor': anchor });
}
