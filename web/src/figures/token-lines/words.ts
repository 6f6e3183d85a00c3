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

/** The 中文 of DEFAULT_TOKEN_LINES_WORDS (i18n/i18n.ts gives it the keys' prefix 'tl.'); the type refuses a missing or an orphaned key. */
export const TOKEN_LINES_ZH = {
  noData: '暂无数据。',
  empty: '没有可画的内容：没有查询、键或头。',
  hint: '将鼠标悬停在连线上可读出它的权重；点击一个词元（或聚焦后按 Enter）只保留它的连线。',
  selected: '只显示 {token} 的连线。再点一次、按 Esc 或点“显示全部”可看到所有连线。',
  clear: '显示全部',
  queries: '查询',
  keys: '键',
  queryGroup: '查询词元',
  keyGroup: '键词元',
  query: '查询 {index}',
  key: '键 {index}',
  repeated: '{label}（{index}）',
  labelled: '{who}：{label}',
  head: '第 {n} 个头',
  line: '{q} → {k}：{w}（{head}）',
  tokenQuery: '{token} 最关注 {other}：{w}（{head}）。',
  tokenKey: '{token} 得到的最大权重来自 {other}：{w}（{head}）。',
  tokenNone: '{token}：没有连线（每一对都被遮住）。',
  headsOne: '1 个头',
  headsMany: '{n} 个头',
  aria: '注意力连线：{rows} 个查询 × {cols} 个键，{heads}。',
  ariaTitled: '{title}：注意力连线，{rows} 个查询 × {cols} 个键，{heads}。',
  weight: '权重',
  tooMany: '词元视图每侧最多画 {max} 个词元；这里有 {rows} 个查询和 {cols} 个键。热力图显示了每个权重。',
  svgTitle: '{title}（查询 → 键）',
  untitled: '注意力连线',
} as const satisfies { readonly [K in keyof typeof DEFAULT_TOKEN_LINES_WORDS]: string };
