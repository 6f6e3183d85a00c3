// explain-common.ts — what the written-out weight (explain.ts) and output row
// (explain-output.ts) share: their types, where they read the head's numbers,
// the mask and the labels, and their heading and plain text. Pure: no DOM.

import { num, phrase, plainText, text, v, type Piece, type Translate } from './explain-format';
import type { View } from './compute';
import type { HeadParts } from './parts';

/** A row maximum beyond ±this is subtracted in the written-out softmax (e^(x − m)), so no e^… overflows or vanishes. */
export const SHIFT_ABOVE = 20;

/** What an explanation is made from: one head's parts, its mask and its labels. */
export interface ExplainSource {
  parts: HeadParts;
  /** (n_q, n_k), 1 = query i may NOT see key j; null when nothing is masked. */
  hidden?: Uint8Array | null;
  queryLabels?: readonly string[];
  keyLabels?: readonly string[];
  /** Which head (0-based) of how many, named when there are several. */
  head?: number;
  heads?: number;
}

/** One written-out line: a formula or a sentence. */
export interface ExplainLine {
  role: 'math' | 'note';
  pieces: Piece[];
  /** The same in plain Unicode. */
  text: string;
}

/** One step of the computation, with its label ("Score: the dot product …"). */
export interface ExplainStep {
  id: 'source' | 'dot' | 'scaled' | 'softmax' | 'share' | 'weights' | 'sum';
  label: string;
  lines: ExplainLine[];
}

/** The numbers of a weight's explanation, for tests and figures. */
export interface WeightValues {
  /** The core's q_i·k_j. */
  score: number;
  /** The core's scaled score x_i,j. */
  scaled: number;
  /** The core's weight w_i,j (0 when masked). */
  weight: number;
  masked: boolean;
  /** What the written-out softmax subtracts from every exponent (0, or the row maximum when it is large). */
  shift: number;
  /** e^(x_i,j − shift) and Σ_j′ e^(x_i,j′ − shift) over the visible keys, for display (NaN when masked). */
  numerator: number;
  denominator: number;
  /** w_i,j·v_j, for display. */
  term: number[];
  /** The core's output row i of this head. */
  outRow: number[];
}

/** The numbers of an output row's explanation. */
export interface OutputValues {
  /** The core's weights row i. */
  weights: number[];
  /** The core's output row i of this head. */
  outRow: number[];
}

/** What both kinds of explanation have. */
interface ExplanationBase {
  i: number;
  /** "How weight (0, 2) was made". */
  title: string;
  /** "query 0 “the” → key 2 “sat”" (with the head when there are several). */
  heading: string;
  steps: ExplainStep[];
  /** One sentence with the result, for an aria-live region. */
  summary: string;
  /** Title, heading and every step in plain Unicode, one line each: for copying and for screen readers. */
  text: string;
}

/** A written-out weight (i, j). */
export type WeightExplanation = ExplanationBase & { kind: 'weight'; j: number; values: WeightValues };
/** A written-out output row i. */
export type OutputExplanation = ExplanationBase & { kind: 'output'; values: OutputValues };
/** A written-out weight or output row. */
export type Explanation = WeightExplanation | OutputExplanation;

/** Entry (r, c) of a matrix. */
export const at = (m: HeadParts['q'], r: number, c: number): number => m.data[r * m.cols + c];
/** Row r of a matrix. */
export const rowOf = (m: HeadParts['q'], r: number): number[] => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));

/** Is key j hidden from query i? */
export function isHidden(src: ExplainSource, i: number, j: number): boolean {
  return !!src.hidden && src.hidden[i * src.parts.k.rows + j] === 1;
}

/** A label with its index: "2" when the label is the index, else "2 “sat”". */
export function named(labels: readonly string[] | undefined, index: number): string {
  const label = labels?.[index];
  return label === undefined || label === String(index) ? String(index) : `${index} “${label}”`;
}

/** A line from pieces. */
export const line = (role: ExplainLine['role'], pieces: Piece[]): ExplainLine => ({ role, pieces, text: plainText(pieces) });

/** A head's columns from `from`, `width` of them: "columns 2–3", or "column 2" for one. */
export function columnsOf(t: Translate, from: number, width: number): string {
  return width === 1 ? t('explain.col', { from }) : t('explain.cols', { from, to: from + width - 1 });
}

/**
 * Where a head's output row goes when it is not the output itself: a block's head (q, k, v columns of LN(X))
 * makes its columns of attended, before the residual adds X; a grouped-query head its columns of the heads'
 * concatenation, which Wo projects. Else none.
 */
export function headOutputNote(src: ExplainSource, width: number, t: Translate): ExplainLine[] {
  const vars = { n: (src.head ?? 0) + 1, cols: columnsOf(t, (src.head ?? 0) * width, width) };
  if (src.parts.source === 'normed') return [line('note', phrase(t, 'explain.headSliceAttended', vars))];
  if (src.parts.source === 'grouped') return [line('note', phrase(t, 'explain.headSliceGrouped', vars))];
  return [];
}

/** Which columns of the projections a grouped-query head reads: its own of q·Wq, its key/value head's of k·Wk and v·Wv. */
function groupedVars(src: ExplainSource, t: Translate): Record<string, string | number> {
  const p = src.parts;
  const kv = p.kvHead ?? 0;
  const [dk, dv] = [p.dk, p.v.cols];
  return { n: (src.head ?? 0) + 1, kv: kv + 1, qcols: columnsOf(t, p.offset, dk), kcols: columnsOf(t, kv * dk, dk), vcols: columnsOf(t, kv * dv, dv) };
}

/** The sentence saying where q and k come from (projections, a head's columns, the length multiplier), or none. */
export function sourceStep(src: ExplainSource, t: Translate): ExplainStep[] {
  const p = src.parts;
  const notes: ExplainLine[] = [];
  if (p.source === 'projected') notes.push(line('note', phrase(t, 'explain.projected')));
  else if (p.source === 'grouped') notes.push(line('note', phrase(t, 'explain.grouped', groupedVars(src, t))));
  else if (p.source === 'normed') notes.push(line('note', phrase(t, 'explain.normed', { n: (src.head ?? 0) + 1, cols: columnsOf(t, p.offset, p.dk) })));
  else if ((src.heads ?? 1) > 1) notes.push(line('note', phrase(t, 'explain.headColumns', { n: (src.head ?? 0) + 1, cols: columnsOf(t, p.offset, p.dk) })));
  if (p.qLength !== 1) notes.push(line('note', phrase(t, 'explain.qLength', { f: num(p.qLength) })));
  return notes.length ? [{ id: 'source', label: t('explain.step.source'), lines: notes }] : [];
}

/** The visible keys of row i. */
export function visibleKeys(src: ExplainSource, i: number): number[] {
  return Array.from({ length: src.parts.k.rows }, (_, j) => j).filter((j) => !isHidden(src, i, j));
}

/** The masked keys of row i as "k₁ “cat”, k₂", or null when none is. */
export function maskedKeys(src: ExplainSource, i: number, t: Translate): Piece[] | null {
  const masked = Array.from({ length: src.parts.k.rows }, (_, j) => j).filter((j) => isHidden(src, i, j));
  if (!masked.length) return null;
  return masked.flatMap((j, idx) => {
    const label = named(src.keyLabels, j);
    const name = label === String(j) ? [] : [text(label.slice(String(j).length))];
    return [...(idx > 0 ? [text(t('explain.sep'))] : []), v('k', j), ...name];
  });
}

/** The heading: the head (when there are several), then "query i → key j" or "query i". */
export function headingOf(src: ExplainSource, t: Translate, i: number, j?: number): string {
  const parts = [];
  if ((src.heads ?? 1) > 1) parts.push(t('result.head', { n: (src.head ?? 0) + 1 }));
  const pair = t('explain.query', { name: named(src.queryLabels, i) }) + (j === undefined ? '' : ` → ${t('explain.key', { name: named(src.keyLabels, j) })}`);
  parts.push(pair);
  return parts.join(' · ');
}

/** The plain text of an explanation: title, heading, and every step numbered with its lines. */
export function explanationText(title: string, heading: string, steps: readonly ExplainStep[]): string {
  const body = steps.flatMap((s, n) => [`${n + 1}. ${s.label}`, ...s.lines.map((l) => `   ${l.text}`)]);
  return [title, heading, ...body].join('\n');
}

/** The explanation source of head `head` of a view, or null when the head keeps no parts (gqa, block's heads but the steps' one, large heads). */
export function sourceOf(view: View, head: number): ExplainSource | null {
  const parts = view.heads[head]?.parts;
  if (!parts) return null;
  return { parts, hidden: view.hidden, queryLabels: view.queryLabels, keyLabels: view.keyLabels, head, heads: view.heads.length };
}

/** The key with query i's largest weight (the first of equal ones; a masked key only when every key is). */
export function largestKey(src: ExplainSource, i: number): number {
  const keys = visibleKeys(src, i);
  if (!keys.length) return 0;
  return keys.reduce((best, j) => (at(src.parts.weights, i, j) > at(src.parts.weights, i, best) ? j : best), keys[0]);
}
