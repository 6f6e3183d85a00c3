// words.ts — the vector plane's own words: the source of their English text.
// i18n/ builds its English table from DEFAULT_PLANE_WORDS ('vp.' keys) and
// holds only the 中文 translations.

/**
 * Every text the vector plane writes itself, as templates: {name} is filled
 * by fill. {label} is a token name or an index, {q} a query's tip name
 * ("q0", "q(the)"), {x} and {y} coordinates, {s} a score, {w} a weight.
 */
export interface PlaneWords {
  /** The accessible name of the plane: {nq}, {nk}, {a}, {b}, {q}. */
  aria: string;
  /** A query's tip without a token name: {i}. */
  queryIndex: string;
  /** A key's tip without a token name: {i}. */
  keyIndex: string;
  /** A query's tip with a token name: {label}. */
  queryNamed: string;
  /** A key's tip with a token name: {label}. */
  keyNamed: string;
  /** The accessible name of a query's tip: {label}, {x}, {y}. */
  queryTip: string;
  /** The accessible name of a key's tip: {label}, {x}, {y}, {s}, {w}, {q}. */
  keyTip: string;
  /** The accessible name of a masked key's tip: {label}, {x}, {y}, {q}. */
  keyTipMasked: string;
  /** The score beside a key's tip: {s}. */
  score: string;
  /** Beside a masked key's tip. */
  masked: string;
  /** The score with √d_k scaling: {q}, {dk}. */
  formulaScaled: string;
  /** The score with √d_k scaling and a temperature: {q}, {dk}, {tau}. */
  formulaScaledTau: string;
  /** The score without scaling: {q}. */
  formulaPlain: string;
  /** The score without scaling, with a temperature: {q}, {tau}. */
  formulaPlainTau: string;
  /** The line under the plane: {formula}, {q}. */
  scoreNote: string;
  /** Which columns are drawn when d_k > 2: {a}, {b}, {dk}. */
  columns: string;
  /** The label of the column select of the x axis. */
  xColumn: string;
  /** The label of the column select of the y axis. */
  yColumn: string;
  /** The title of an axis: {n} (a column). */
  axis: string;
  /** The note when q and k are projections (not draggable). */
  projected: string;
  /** The note when q and k are a grouped-query head's projections (not draggable). */
  projectedGrouped: string;
  /** The legend's query entry. */
  legendQueries: string;
  /** The legend's key entry. */
  legendKeys: string;
  /** The readout when no tip is active, and the tips' help, when the arrows can be dragged. */
  hint: string;
  /** The same when they cannot. */
  hintFixed: string;
  /** The readout of the selected query's tip: {text} (its accessible name). */
  selected: string;
}

/** The vector plane's words in English. */
export const DEFAULT_PLANE_WORDS: Readonly<PlaneWords> = {
  aria: 'Vector plane: {nq} queries and {nk} keys as arrows from the origin, in columns {a} (across) and {b} (up); the selected query is {q}.',
  queryIndex: 'q{i}',
  keyIndex: 'k{i}',
  queryNamed: 'q({label})',
  keyNamed: 'k({label})',
  queryTip: 'query {label}: ({x}, {y})',
  keyTip: 'key {label}: ({x}, {y}); s = {s}, weight {w} from {q}',
  keyTipMasked: 'key {label}: ({x}, {y}); masked for {q}',
  score: 's = {s}',
  masked: 'masked',
  formulaScaled: 's = {q}·k / √{dk}',
  formulaScaledTau: 's = {q}·k / ({tau}·√{dk})',
  formulaPlain: 's = {q}·k',
  formulaPlainTau: 's = {q}·k / {tau}',
  scoreNote: 'Beside each key: {formula} for the selected query {q}. The wider and darker a key’s arrow, the more weight {q} gives it.',
  columns: 'Columns {a} and {b} of d_k = {dk}: the other columns also count in q·k.',
  xColumn: 'across: column',
  yColumn: 'up: column',
  axis: 'column {n}',
  projected: 'Projected q = X·Wq, k = X·Wk: to drag the arrows, use attention(Q, K, V).',
  projectedGrouped:
    'Projected: this query head’s columns of q·Wq (+ bq) and its key/value head’s columns of k·Wk (+ bk). To drag the arrows, use attention(Q, K, V).',
  legendQueries: 'queries (filled heads)',
  legendKeys: 'keys (hollow heads)',
  hint: 'Drag a tip, or focus it and use the arrow keys (Shift: 10× steps); Enter or Space selects a query; Escape cancels a drag.',
  hintFixed: 'Focus a tip to read it; Enter or Space selects a query.',
  selected: '{text} (selected)',
};

/** The 中文 of DEFAULT_PLANE_WORDS (i18n/i18n.ts gives it the keys' prefix 'vp.'); the type refuses a missing or an orphaned key. */
export const PLANE_ZH = {
  aria: '向量平面：{nq} 个查询和 {nk} 个键，画成从原点出发的箭头，横轴为第 {a} 列，纵轴为第 {b} 列；选中的查询是 {q}。',
  queryIndex: 'q{i}',
  keyIndex: 'k{i}',
  queryNamed: 'q({label})',
  keyNamed: 'k({label})',
  queryTip: '查询 {label}：({x}, {y})',
  keyTip: '键 {label}：({x}, {y})；s = {s}，{q} 给它的权重为 {w}',
  keyTipMasked: '键 {label}：({x}, {y})；对 {q} 被掩码',
  score: 's = {s}',
  masked: '已掩码',
  formulaScaled: 's = {q}·k / √{dk}',
  formulaScaledTau: 's = {q}·k / ({tau}·√{dk})',
  formulaPlain: 's = {q}·k',
  formulaPlainTau: 's = {q}·k / {tau}',
  scoreNote: '每个键旁边标的是所选查询 {q} 的 {formula}。键的箭头越粗、颜色越深，{q} 给它的权重就越大。',
  columns: '这里画的是 d_k = {dk} 中的第 {a} 列和第 {b} 列：其余各列同样计入 q·k。',
  xColumn: '横轴：第几列',
  yColumn: '纵轴：第几列',
  axis: '第 {n} 列',
  projected: '这里是投影后的 q = X·Wq、k = X·Wk：要拖动箭头，请改用 attention(Q, K, V)。',
  projectedGrouped: '这里是投影后的向量：这个查询头在 q·Wq（+ bq）中的列，以及它的键/值头在 k·Wk（+ bk）中的列。要拖动箭头，请改用 attention(Q, K, V)。',
  legendQueries: '查询（实心箭头）',
  legendKeys: '键（空心箭头）',
  hint: '拖动箭头的尖端，或聚焦它后用方向键移动（按住 Shift 步长乘以 10）；按 Enter 或空格选中一个查询；按 Esc 取消拖动。',
  hintFixed: '聚焦箭头的尖端可读出它的数值；按 Enter 或空格选中一个查询。',
  selected: '{text}（已选中）',
} as const satisfies { readonly [K in keyof typeof DEFAULT_PLANE_WORDS]: string };
