// readout.ts — what the token view says in words (pure, no DOM): its
// accessible name, the readout of a line ("the → cat: 0.482 (head 1)"), of a
// token (its strongest line) and when nothing is pointed at, the note for too
// many tokens and the exported SVG's title, from the templates in words.ts.

import { fill, formatFull } from '../kit/figure-kit';
import { isEmpty, strongest } from './data';
import { headName, tokenName } from './text';
import { MAX_TOKENS, type LinePoint, type TokenLinesData, type TokenRef } from './types';
import { DEFAULT_TOKEN_LINES_WORDS, type TokenLinesWords } from './words';

/** The full set of words: the given ones over DEFAULT_TOKEN_LINES_WORDS. */
export function tokenLinesWords(words?: Partial<TokenLinesWords>): TokenLinesWords {
  return { ...DEFAULT_TOKEN_LINES_WORDS, ...words };
}

/** The accessible name, e.g. "Attention lines: 4 queries × 4 keys, 2 heads." (with the title in front when there is one). */
export function ariaLabel(d: TokenLinesData, title: string | undefined, w: TokenLinesWords): string {
  const h = d.heads.length;
  const heads = h === 1 ? w.headsOne : fill(w.headsMany, { n: h });
  return fill(title ? w.ariaTitled : w.aria, { title: title ?? '', rows: d.rows, cols: d.cols, heads });
}

/** The readout of line (head, i, j): "the → cat: 0.482326 (head 1)". */
export function describeLine(d: TokenLinesData, p: LinePoint, w: TokenLinesWords): string {
  const v = d.heads[p.head].weights[p.i * d.cols + p.j];
  return fill(w.line, { q: tokenName(d, 'query', p.i, w), k: tokenName(d, 'key', p.j, w), w: formatFull(v), head: headName(d, p.head, w) });
}

/** The readout of a token: its strongest line ("sat attends most to cat: 0.48 (head 1)."), or that it has none. */
export function describeToken(d: TokenLinesData, t: TokenRef, w: TokenLinesWords): string {
  const token = tokenName(d, t.side, t.index, w);
  const best = strongest(d, t);
  if (!best) return fill(w.tokenNone, { token });
  const other = t.side === 'query' ? tokenName(d, 'key', best.j, w) : tokenName(d, 'query', best.i, w);
  return fill(t.side === 'query' ? w.tokenQuery : w.tokenKey, { token, other, w: formatFull(best.w), head: headName(d, best.head, w) });
}

/** The readout when nothing is pointed at: the note of empty data, the chosen token's, else the hint. */
export function idleText(d: TokenLinesData, chosen: TokenRef | null, w: TokenLinesWords): string {
  if (isEmpty(d)) return w.empty;
  if (chosen) return fill(w.selected, { token: tokenName(d, chosen.side, chosen.index, w) });
  return w.hint;
}

/** The note shown instead of the lines when a side has more than MAX_TOKENS tokens. */
export function tooManyText(d: TokenLinesData, w: TokenLinesWords): string {
  return fill(w.tooMany, { rows: d.rows, cols: d.cols, max: MAX_TOKENS });
}

/** The <title> of an exported SVG, e.g. "head 1 (queries → keys)". */
export function svgTitle(title: string | undefined, w: TokenLinesWords): string {
  return fill(w.svgTitle, { title: title || w.untitled });
}
