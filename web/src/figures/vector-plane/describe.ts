// describe.ts — the plane's texts (pure, no DOM): the tips' names and
// accessible names, the score beside each key, the formula under the plane,
// the statement of the columns drawn and the accessible name of the whole.

import { fill } from '../kit/figure-kit';
import type { PlaneData, Vec2, VectorKind } from './types';
import { DEFAULT_PLANE_WORDS, type PlaneWords } from './words';

/** The words in use: `words` over the English defaults. */
export function planeWords(words?: Partial<PlaneWords>): PlaneWords {
  return { ...DEFAULT_PLANE_WORDS, ...words };
}

/** A number as text with a real minus sign ("−0.5"); `digits` fixed decimals, or the shortest text when undefined. */
export function numberText(v: number, digits?: number): string {
  const s = digits === undefined ? String(v) : v.toFixed(digits);
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/** A score beside a key: 3 decimals ("1.234", "−0.500"). */
export function scoreText(v: number): string {
  return numberText(v, 3);
}

/** A coordinate as text: 6 significant digits, written short ("0.5", "−1.25", "0.374541"). */
export function coordText(v: number): string {
  return numberText(Number(v.toPrecision(6)) || 0);
}

/** A point as text, "(0.5, −1.25)". */
export function pointText([x, y]: Vec2): string {
  return `(${coordText(x)}, ${coordText(y)})`;
}

/** The token name of row i, or '' when it has none (no label, '' or just its index). */
function tokenOf(labels: readonly string[] | undefined, i: number): string {
  const l = labels?.[i];
  return l === undefined || l === '' || l === String(i) ? '' : l;
}

/** What a learner calls row i of kind: its token name, or its index. */
export function rowLabel(d: Pick<PlaneData, 'queryLabels' | 'keyLabels'>, kind: VectorKind, i: number): string {
  return tokenOf(kind === 'q' ? d.queryLabels : d.keyLabels, i) || String(i);
}

/** The name at a tip: "q0", "k2", or with a token name "q(the)", "k(cat)". */
export function tipName(d: Pick<PlaneData, 'queryLabels' | 'keyLabels'>, kind: VectorKind, i: number, w: PlaneWords): string {
  const token = tokenOf(kind === 'q' ? d.queryLabels : d.keyLabels, i);
  if (token) return fill(kind === 'q' ? w.queryNamed : w.keyNamed, { label: token });
  return fill(kind === 'q' ? w.queryIndex : w.keyIndex, { i });
}

/** Whether key j is hidden from query i. */
export function isHidden(d: PlaneData, i: number, j: number): boolean {
  return !!d.hidden && d.hidden[i * d.k.rows + j] === 1;
}

/** The value of arrow `row` of kind in the drawn columns. */
export function valueOf(d: PlaneData, kind: VectorKind, row: number): Vec2 {
  const m = kind === 'q' ? d.q : d.k;
  return [m.data[row * m.cols + d.dims[0]], m.data[row * m.cols + d.dims[1]]];
}

/** The accessible name of a tip: where it is, and for a key its score and weight from the selected query (or that it is masked). */
export function tipAria(d: PlaneData, kind: VectorKind, row: number, w: PlaneWords): string {
  const [x, y] = valueOf(d, kind, row).map(coordText);
  const label = rowLabel(d, kind, row);
  if (kind === 'q') {
    const text = fill(w.queryTip, { label, x, y });
    return row === d.query ? fill(w.selected, { text }) : text;
  }
  const q = tipName(d, 'q', d.query, w);
  if (isHidden(d, d.query, row)) return fill(w.keyTipMasked, { label, x, y, q });
  const p = d.query * d.k.rows + row;
  return fill(w.keyTip, { label, x, y, q, s: scoreText(d.scaled.data[p]), w: numberText(d.weights.data[p], 3) });
}

/** The text beside key j's tip for the selected query: "s = 1.234", or "masked". */
export function keyScore(d: PlaneData, j: number, w: PlaneWords): string {
  if (isHidden(d, d.query, j)) return w.masked;
  return fill(w.score, { s: scoreText(d.scaled.data[d.query * d.k.rows + j]) });
}

/** The formula of the scores, e.g. "s = q0·k / √2" or "s = q0·k / (0.5·√2)". */
export function formulaText(d: PlaneData, w: PlaneWords): string {
  const vars = { q: tipName(d, 'q', d.query, w), dk: d.q.cols, tau: numberText(d.temperature) };
  const tau = d.temperature !== 1;
  return fill(d.scale ? (tau ? w.formulaScaledTau : w.formulaScaled) : tau ? w.formulaPlainTau : w.formulaPlain, vars);
}

/** The line under the plane: what the text beside each key is, and what an arrow's strength means. */
export function scoreNote(d: PlaneData, w: PlaneWords): string {
  return fill(w.scoreNote, { formula: formulaText(d, w), q: tipName(d, 'q', d.query, w) });
}

/** Which columns are drawn, when they are not the whole vectors (d_k > 2); '' otherwise. */
export function columnsText(d: PlaneData, w: PlaneWords): string {
  return d.q.cols > 2 ? fill(w.columns, { a: d.dims[0], b: d.dims[1], dk: d.q.cols }) : '';
}

/** The accessible name of the plane. */
export function planeAria(d: PlaneData, w: PlaneWords): string {
  return fill(w.aria, { nq: d.q.rows, nk: d.k.rows, a: d.dims[0], b: d.dims[1], q: tipName(d, 'q', d.query, w) });
}
