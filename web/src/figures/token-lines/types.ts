// types.ts — the token view's public types (its data and options), the
// references to a token and a line the other modules pass around, and the
// options with every default filled in.
//
// Orientation, everywhere (screen, export, readout): QUERIES are the left
// column (index i, top → bottom), KEYS the right column (index j, top →
// bottom). A line from query i to key j of head h shows weight w_ij of that
// head: how much query i attends to key j (each query's weights sum to 1).

import type { TokenLinesWords } from './words';

/** One head's weights: n_q × n_k, row-major (row i = query i, column j = key j). */
export interface TokenLinesHead {
  /** The head's name in the legend and the readout, e.g. "head 1"; '' → words.head. */
  label: string;
  weights: Float64Array;
}

/** What the token view draws: the token labels, the shape, the heads, and which pairs are masked. */
export interface TokenLinesData {
  /** Labels of the queries (left column); a missing or '' one is shown as its index. */
  queryLabels: string[];
  /** Labels of the keys (right column). */
  keyLabels: string[];
  /** n_q: the number of queries. */
  rows: number;
  /** n_k: the number of keys. */
  cols: number;
  heads: TokenLinesHead[];
  /** rows × cols, row-major: 1 = the pair is MASKED (no line). Note: the opposite of core.ts's masks, where 1 = visible. */
  hidden?: Uint8Array | null;
}

/** A line: head h, query i, key j. */
export interface LinePoint {
  head: number;
  i: number;
  j: number;
}

/** How to title, word and wire the token view. */
export interface TokenLinesOptions {
  /** Title drawn above the columns and used in the accessible name. */
  title?: string;
  /** The component's own words, e.g. translated; missing ones are DEFAULT_TOKEN_LINES_WORDS. */
  words?: Partial<TokenLinesWords>;
  /** Called with the line under the pointer, and with null when the pointer leaves it. */
  onPoint?: (p: LinePoint | null) => void;
  /** The root's data-testid; default 'token-lines'. */
  testid?: string;
}

/** A column: the queries (left) or the keys (right). */
export type Side = 'query' | 'key';

/** One token: its column and its index there. */
export interface TokenRef {
  side: Side;
  index: number;
}

/** What is emphasised: the lines of query i and those of key j (either may be absent). */
export interface Emphasis {
  i?: number;
  j?: number;
}

/** The greatest number of tokens on a side that the view draws lines for (beyond: a note, the heatmap shows the weights). */
export const MAX_TOKENS = 64;

/** The default data-testid of the root. */
export const DEFAULT_TESTID = 'token-lines';
