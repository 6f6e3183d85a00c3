// words.ts — compute.ts's own words: the source of their English text.
// i18n/ builds its 'cell.*', 'step.*', 'result.head' and 'head.kv' English
// entries from these tables and holds only the 中文 translations; compute.ts
// stays free of languages (its results carry a key and variables).

/** The English message of each cell error code, with {placeholders}; 'cell.<code>' in i18n. */
export const CELL_MESSAGES = {
  empty: 'empty cell: type a number',
  not_a_number: '"{text}" is not a number',
  non_finite: '"{text}" is not a finite number',
  too_large: '"{text}" is too large for float64',
  too_long: '"{start}…" is {length} characters long; a cell holds at most {max}',
} as const;

/** Why a cell's text is not a number: an empty cell, a word, inf / NaN, a number beyond float64 (1e999), or text over the length limit. */
export type CellErrorCode = keyof typeof CELL_MESSAGES;

/**
 * The English of a failure's summary, 'cell.<name>' in i18n: the first bad cell ({where}: {message}), how many more,
 * a missing input, rows of different lengths (as a link may give them), a random source over the core's size limits.
 */
export const FAILURE_MESSAGES = {
  at: '{where}: {message}',
  more: ' (and {n} more)',
  missing: '{op}: {name} is missing',
  ragged: '{name} row {row} has {count} values but row 1 has {expected}',
  raggedOne: '{name} row {row} has {count} value but row 1 has {expected}',
  tooLarge: '{name} is {rows} × {cols}: a matrix can have at most {maxRows} rows and {maxCols} columns',
} as const;

/** The English names of the results and steps, by i18n key: the panels show t(key, vars). */
export const NAMES = {
  'step.output': 'out',
  'step.scores': 'scores = Q·Kᵀ',
  'step.scaled': 'scaled = scores / √{dk}',
  'step.scaledOff': 'scaled = scores (no √d_k)',
  'step.scaledTau': 'scaled = scores / (τ·√{dk}), τ = {tau}',
  'step.scaledTauOff': 'scaled = scores / τ, τ = {tau}',
  'step.masked': 'masked (hidden → −∞)',
  'step.weights': 'weights = softmax(masked)',
  'step.out': 'out = weights·V',
  'step.ln': 'LN(X)',
  'step.attended': 'attended = multi_head(LN(X))',
  'step.residual': 'out = X + attended',
  'step.q': 'q = X·Wq',
  'step.k': 'k = X·Wk',
  'step.v': 'v = X·Wv',
  // positions: the steps that put positions in (model/positions.ts)
  'step.peQ': 'Q + PE (rows at positions {from}…{to})',
  'step.peK': 'K + PE (rows at positions 0…{to})',
  'step.peV': 'V + PE (rows at positions 0…{to})',
  'step.peX': 'X + PE (rows at positions 0…{to})',
  'step.ropeQ': 'q rotated by RoPE (positions {from}…{to})',
  'step.ropeK': 'k rotated by RoPE (positions 0…{to})',
  'step.alibi': '+ ALiBi bias −m·|i − j|, m = {m}',
  'step.alibiShift': '+ ALiBi bias −m·|p_i − j|, p_i = i + {first}, m = {m}',
  'step.scaledBias': 'scaled = scores / √{dk} + bias',
  'step.scaledOffBias': 'scaled = scores + bias (no √d_k)',
  'step.scaledTauBias': 'scaled = scores / (τ·√{dk}) + bias, τ = {tau}',
  'step.scaledTauOffBias': 'scaled = scores / τ + bias, τ = {tau}',
  // end of positions
  'result.head': 'head {n}',
  'head.kv': 'head {n} (kv {kv})',
} as const;

/** Variables of a translated name, e.g. { dk: 2 }. */
export type NameVars = Record<string, string | number>;

/** A name's i18n key: a key of NAMES. */
export type NameKey = keyof typeof NAMES;

/** The 中文 of CELL_MESSAGES (i18n/i18n.ts gives it the keys' prefix 'cell.'); the type refuses a missing or an orphaned key. */
export const CELL_MESSAGES_ZH = {
  empty: '空单元格：请输入数字',
  not_a_number: '“{text}”不是数字',
  non_finite: '“{text}”不是有限数',
  too_large: '“{text}”超出 float64 的范围',
  too_long: '“{start}…”长 {length} 个字符；一个单元格最多 {max} 个字符',
} as const satisfies { readonly [K in keyof typeof CELL_MESSAGES]: string };

/** The 中文 of FAILURE_MESSAGES (i18n/i18n.ts gives it the keys' prefix 'cell.'); the type refuses a missing or an orphaned key. */
export const FAILURE_MESSAGES_ZH = {
  at: '{where}：{message}',
  more: '（另有 {n} 处）',
  missing: '{op}：缺少 {name}',
  ragged: '{name} 第 {row} 行有 {count} 个值，但第 1 行有 {expected} 个',
  raggedOne: '{name} 第 {row} 行有 {count} 个值，但第 1 行有 {expected} 个',
  tooLarge: '{name} 为 {rows} × {cols}：矩阵最多 {maxRows} 行、{maxCols} 列',
} as const satisfies { readonly [K in keyof typeof FAILURE_MESSAGES]: string };

/** The 中文 of NAMES (i18n/i18n.ts gives it the keys' prefix); the type refuses a missing or an orphaned key. */
export const NAMES_ZH = {
  'step.output': 'out',
  'step.scores': '分数 scores = Q·Kᵀ',
  'step.scaled': '缩放 scaled = scores / √{dk}',
  'step.scaledOff': '未缩放 scaled = scores（不除以 √d_k）',
  'step.scaledTau': '缩放 scaled = scores / (τ·√{dk})，τ = {tau}',
  'step.scaledTauOff': 'scaled = scores / τ，τ = {tau}（不除以 √d_k）',
  'step.masked': '掩码 masked（隐藏 → −∞）',
  'step.weights': '权重 weights = softmax(masked)',
  'step.out': '输出 out = weights·V',
  'step.ln': '层归一化 LN(X)',
  'step.attended': '注意力 attended = multi_head(LN(X))',
  'step.residual': '残差 out = X + attended',
  'step.q': '查询 q = X·Wq',
  'step.k': '键 k = X·Wk',
  'step.v': '值 v = X·Wv',
  'step.peQ': 'Q + PE（位置 {from}…{to} 的行）',
  'step.peK': 'K + PE（位置 0…{to} 的行）',
  'step.peV': 'V + PE（位置 0…{to} 的行）',
  'step.peX': 'X + PE（位置 0…{to} 的行）',
  'step.ropeQ': '经 RoPE 旋转的 q（位置 {from}…{to}）',
  'step.ropeK': '经 RoPE 旋转的 k（位置 0…{to}）',
  'step.alibi': '+ ALiBi 偏置 −m·|i − j|，m = {m}',
  'step.alibiShift': '+ ALiBi 偏置 −m·|p_i − j|，p_i = i + {first}，m = {m}',
  'step.scaledBias': '缩放 scaled = scores / √{dk} + 偏置',
  'step.scaledOffBias': 'scaled = scores + 偏置（不除以 √d_k）',
  'step.scaledTauBias': '缩放 scaled = scores / (τ·√{dk}) + 偏置，τ = {tau}',
  'step.scaledTauOffBias': 'scaled = scores / τ + 偏置，τ = {tau}',
  'result.head': '第 {n} 个头',
  'head.kv': '第 {n} 个头（KV 头 {kv}）',
} as const satisfies { readonly [K in keyof typeof NAMES]: string };
