// style.ts — how the arrows look (pure, no DOM). Queries and keys differ in
// three ways, so colour is never the only cue: colour (Okabe–Ito blue and
// vermillion, set in vector-plane.css through --vp-query and --vp-key), the
// head (filled for queries, hollow for keys) and the tip's label (q… / k…).
// The selected query is bold; a key's width and opacity follow the weight
// the selected query gives it; a masked key is thin, faint and dashed.

/** The query colour used when no stylesheet sets --vp-query (Okabe–Ito blue). */
export const QUERY_COLOUR = '#0072B2';
/** The key colour used when no stylesheet sets --vp-key (Okabe–Ito vermillion). */
export const KEY_COLOUR = '#D55E00';
/** The colour of a query's label (--vp-query-text): the query colour, 5.2:1 on white. */
export const QUERY_TEXT = '#0072B2';
/** The colour of a key's label (--vp-key-text): a darker vermillion, 5.5:1 on white (the arrow's 3.9:1 is enough for a line, not for text). */
export const KEY_TEXT = '#B34700';
/** The dash of a masked key's arrow. */
export const MASKED_DASH = '5 4';
/** The length of an arrow's head, in viewBox units. */
export const HEAD = 11;
/** The radius of a tip's touch target, in viewBox units (≥ 12 px on screen at a 340 px wide plane). */
export const HANDLE_R = 14;

/** The stroke of one arrow: width in viewBox units, opacity 0…1, dash or null. */
export interface ArrowStyle {
  width: number;
  opacity: number;
  dash: string | null;
}

/** A query's arrow: bold when it is the selected one. */
export function queryStyle(selected: boolean): ArrowStyle {
  return selected ? { width: 3.5, opacity: 1, dash: null } : { width: 1.75, opacity: 0.6, dash: null };
}

/** A key's arrow for the selected query: wider and darker with its weight w (0…1); thin, faint and dashed when masked. */
export function keyStyle(w: number, masked: boolean): ArrowStyle {
  if (masked) return { width: 1.25, opacity: 0.4, dash: MASKED_DASH };
  const x = Math.min(1, Math.max(0, Number.isFinite(w) ? w : 0));
  return { width: round(1.25 + 3.25 * x), opacity: round(0.3 + 0.7 * x), dash: null };
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
