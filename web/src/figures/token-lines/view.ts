// view.ts — what the learner's pointing and choosing does to the lines (pure,
// no DOM). Two things shape the view:
//   * the chosen token (a click, or Enter/Space on its button): only its
//     lines are drawn, the others are hidden; choosing it again, Escape or
//     "Show all" brings every line back;
//   * the emphasis: the lines of one query and/or one key stand out, the
//     others fade. It comes from the hovered token, else the focused token,
//     else what the page points at elsewhere (highlight()). A hovered line
//     is drawn again on top, and the labels of its two ends stand out.

import type { Line } from './geometry';
import type { Emphasis, TokenRef } from './types';

/** The chosen token after a click on `clicked`: it, or none when it was already chosen. */
export function toggleChoice(current: TokenRef | null, clicked: TokenRef): TokenRef | null {
  return sameToken(current, clicked) ? null : clicked;
}

/** Whether two token references name the same token. */
export function sameToken(a: TokenRef | null, b: TokenRef | null): boolean {
  return !!a && !!b && a.side === b.side && a.index === b.index;
}

/** Whether a line touches a token (starts at the query or ends at the key). */
export function touches(l: Pick<Line, 'i' | 'j'>, t: TokenRef): boolean {
  return t.side === 'query' ? l.i === t.index : l.j === t.index;
}

/** Whether a line is drawn while `chosen` is the chosen token (all are, when none is). */
export function lineShown(l: Pick<Line, 'i' | 'j'>, chosen: TokenRef | null): boolean {
  return !chosen || touches(l, chosen);
}

/** The emphasis of a token: its own lines. */
export function tokenEmphasis(t: TokenRef): Emphasis {
  return t.side === 'query' ? { i: t.index } : { j: t.index };
}

/** Whether a line fades under an emphasis: there is one, and the line belongs to neither its query nor its key. */
export function lineFaded(l: Pick<Line, 'i' | 'j'>, e: Emphasis | null): boolean {
  if (!e || (e.i === undefined && e.j === undefined)) return false;
  return l.i !== e.i && l.j !== e.j;
}

/** Whether a token's label stands out: it is chosen, the hovered line touches it, or the emphasis names it. */
export function tokenLit(t: TokenRef, chosen: TokenRef | null, e: Emphasis | null, hoverLine: Pick<Line, 'i' | 'j'> | null = null): boolean {
  if (sameToken(t, chosen) || (hoverLine && touches(hoverLine, t))) return true;
  return t.side === 'query' ? e?.i === t.index : e?.j === t.index;
}

/** The emphasis in force: the hovered token's, else the focused token's, else the page's (a hovered line fades nothing: it is drawn on top). */
export function activeEmphasis(s: { hoverToken: TokenRef | null; focusToken: TokenRef | null; external: Emphasis | null }): Emphasis | null {
  if (s.hoverToken) return tokenEmphasis(s.hoverToken);
  if (s.focusToken) return tokenEmphasis(s.focusToken);
  return s.external;
}

/** Where a key moves the focus among the tokens: ↑/↓ within the column, Home/End to its ends, ←/→ to the other column (same index, clamped); null if the key is not ours. */
export function moveFocus(t: TokenRef, key: string, rows: number, cols: number): TokenRef | null {
  const n = t.side === 'query' ? rows : cols;
  const clamp = (k: number, m: number): number => Math.max(0, Math.min(m - 1, k));
  switch (key) {
    case 'ArrowUp':
      return { side: t.side, index: clamp(t.index - 1, n) };
    case 'ArrowDown':
      return { side: t.side, index: clamp(t.index + 1, n) };
    case 'Home':
      return { side: t.side, index: 0 };
    case 'End':
      return { side: t.side, index: n - 1 };
    case 'ArrowLeft':
      return rows > 0 ? { side: 'query', index: clamp(t.index, rows) } : null;
    case 'ArrowRight':
      return cols > 0 ? { side: 'key', index: clamp(t.index, cols) } : null;
    default:
      return null;
  }
}
