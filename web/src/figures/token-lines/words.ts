// words.ts — the token view's own words: the source of their English text.
// i18n/ builds its English table from DEFAULT_TOKEN_LINES_WORDS ('tl.' keys)
// and holds only the 中文 translations.

/**
 * Every text the token view writes itself, as templates: {name} is filled by
 * fill. A token is named by `query` / `key` ("query 2") when it has no label,
 * by its label when the label is unique in its column, else by `repeated`
 * ("the (4)").
 */
export interface TokenLinesWords {
  /** The readout before the first update(). */
  noData: string;
  /** The readout when there is nothing to draw (no queries, keys or heads). */
  empty: string;
  /** The readout when nothing is pointed at and no token is chosen. */
  hint: string;
  /** The readout while one token's lines are kept: {token}. */
  selected: string;
  /** The button that shows every line again. */
  clear: string;
  /** The heading of the left column. */
  queries: string;
  /** The heading of the right column. */
  keys: string;
  /** The accessible name of the group of query tokens. */
  queryGroup: string;
  /** The accessible name of the group of key tokens. */
  keyGroup: string;
  /** A query without a label: {index}. */
  query: string;
  /** A key without a label: {index}. */
  key: string;
  /** A label that is in its column more than once: {label}, {index}. */
  repeated: string;
  /** A token button's accessible name: {who} ("query 2"), {label}. */
  labelled: string;
  /** A head without a label: {n} (1-based). */
  head: string;
  /** The readout of one line: {q}, {k}, {w} (the weight), {head}. */
  line: string;
  /** The readout of a query token: {token}, its strongest line to {other} of weight {w} in {head}. */
  tokenQuery: string;
  /** The readout of a key token: {token}, its strongest line from {other} of weight {w} in {head}. */
  tokenKey: string;
  /** The readout of a token whose every line is masked: {token}. */
  tokenNone: string;
  /** One head, in the accessible name. */
  headsOne: string;
  /** Several heads, in the accessible name: {n}. */
  headsMany: string;
  /** Accessible name without a title: {rows}, {cols}, {heads} (headsOne / headsMany). */
  aria: string;
  /** Accessible name with a title: {title}, {rows}, {cols}, {heads}. */
  ariaTitled: string;
  /** The legend's label before the line-width samples. */
  weight: string;
  /** The note in place of the lines when a side has too many tokens: {rows}, {cols}, {max}. */
  tooMany: string;
  /** The <title> of an exported SVG: {title} (or `untitled`). */
  svgTitle: string;
  /** The title of an exported SVG when the figure has none. */
  untitled: string;
}

/** The token view's words in English. */
export const DEFAULT_TOKEN_LINES_WORDS: Readonly<TokenLinesWords> = {
  noData: 'No data yet.',
  empty: 'Nothing to draw: no queries, keys or heads.',
  hint: 'Hover a line to read its weight; click a token (or focus it and press Enter) to keep only its lines.',
  selected: 'Only the lines of {token} are shown. Click it again, press Escape or “Show all” to see every line.',
  clear: 'Show all',
  queries: 'queries',
  keys: 'keys',
  queryGroup: 'Query tokens',
  keyGroup: 'Key tokens',
  query: 'query {index}',
  key: 'key {index}',
  repeated: '{label} ({index})',
  labelled: '{who}: {label}',
  head: 'head {n}',
  line: '{q} → {k}: {w} ({head})',
  tokenQuery: '{token} attends most to {other}: {w} ({head}).',
  tokenKey: '{token} gets most from {other}: {w} ({head}).',
  tokenNone: '{token}: no lines (every pair is masked).',
  headsOne: '1 head',
  headsMany: '{n} heads',
  aria: 'Attention lines: {rows} queries × {cols} keys, {heads}.',
  ariaTitled: '{title}: attention lines, {rows} queries × {cols} keys, {heads}.',
  weight: 'weight',
  tooMany: 'The token view draws at most {max} tokens per side; this has {rows} queries and {cols} keys. The heatmap shows every weight.',
  svgTitle: '{title} (queries → keys)',
  untitled: 'Attention lines',
};
