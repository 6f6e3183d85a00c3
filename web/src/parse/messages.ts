// messages.ts — the paste parser's errors and notes: their codes, their English
// templates (the source of the 'paste.*' English of i18n/), and how a refusal
// is thrown inside the parser.
//
// The parser stays free of languages: every error and note carries a code and
// its variables beside the English text; i18n/messages.ts translates them.

/** English templates of the parser's errors, by code ({name}s are filled from the error's `vars`); 'paste.<code>' in i18n. */
export const PASTE_MESSAGES = {
  empty: 'empty input',
  only_comments: 'empty input: there are only comments',
  not_a_number: '"{text}" is not a number',
  non_finite: 'non-finite value "{text}": only finite numbers can be used',
  too_large: 'non-finite value "{text}" (too large): only finite numbers can be used',
  unexpected_character: 'unexpected character "{char}"',
  unclosed_string: 'unclosed string: expected a closing {quote} on this line',
  ellipsis:
    'the array was printed in summarised form ("..."), so values are missing; print it in full, ' +
    'e.g. after np.set_printoptions(threshold=np.inf) or torch.set_printoptions(profile="full")',
  unclosed: '"{open}" is never closed: expected "{close}" before the end of the input',
  unknown_function: 'unknown function "{name}": expected np.array(…), torch.tensor(…) or a plain [[…]] list',
  not_a_matrix: 'expected a matrix such as [[1, 2], [3, 4]] or np.array([[…]]), found {found}',
  unmatched: 'unmatched "{bracket}": there is no opening bracket for it',
  two_arrays: 'only one array per paste, but a second assignment "{name} = …" starts here',
  after_end: 'unexpected {found} after the end of the array: only one array per paste',
  expected_values: 'expected "[" to start the values, found {found}',
  expected_comma_or_paren: 'expected "," or ")" after the values, found {found}',
  expected_grad_fn: 'expected <Name> as in grad_fn=<AddBackward0>',
  expected_argument: 'expected an argument such as dtype=np.float32, found {found}',
  expected_comma_or_bracket: 'expected "," or "]" after the value, found {found}',
  missing_comma: 'expected "," before {found}: the other values are separated by commas',
  expected_number: 'expected a number or "[", found {found}',
  too_deep: 'too many nested brackets: expected a number in row {row}, found "["',
  too_deep_list: 'too many nested brackets: expected a number in the list, found "["',
  row_not_a_list: 'expected row {row} to be a list "[…]", found the number "{text}"',
  row_empty_first: 'row {row} is empty: expected at least one value',
  row_empty: 'row {row} is empty: expected {expected} values',
  row_empty_one: 'row {row} is empty: expected {expected} value',
  ragged: 'row {row} has {count} values, expected {expected} (like row 1)',
  ragged_one: 'row {row} has {count} value, expected {expected} (like row 1)',
  empty_list: 'empty list "[]": there are no values to read',
  batch:
    'found a batch of {batch} matrices, shape ({batch}, {n}, {d}): ' + 'only one matrix can be pasted here, so paste one of them (e.g. X[0], shape ({n}, {d}))',
  missing_before_comma: 'missing value: expected a number before the first comma',
  missing_between_commas: 'missing value: expected a number between two commas',
  missing_before_tab: 'missing value: expected a number before the first tab',
  missing_between_tabs: 'missing value: expected a number between two tabs',
  expected_comma: 'expected a comma between "{text}" and the next value',
  expected_tab: 'expected a tab between "{text}" and the next value',
  too_long: 'the pasted text is {size} MB; at most {max} MB can be pasted',
  too_deep_nesting: 'too many nested brackets: more than {max} levels of "["',
} as const;

/** English templates of the parser's notes (remarks on a matrix it did read), by code; 'paste.note.<code>' in i18n. */
export const PASTE_NOTES = {
  numpy_print: 'read NumPy print() output (values separated by spaces)',
  flat: 'read a flat list as one row (1, {cols})',
  batch_dropped: 'dropped the batch dimension of size 1 (1, {n}, {d}) → ({n}, {d})',
  header: 'skipped the header row "{header}" (line {line})',
} as const;

/** The English of the words around the messages, 'paste.<name>' in i18n: the end of the input in {found}, a quoted token, between two notes. */
export const PASTE_WORDS = {
  end: 'the end of the input',
  quoted: '"{text}"',
  noteSeparator: '; ',
} as const;

/** How a token at the end of the input is named in {found} (the i18n key 'paste.end' translates it). */
export const END_OF_INPUT = PASTE_WORDS.end;

/** Which error: a key of PASTE_MESSAGES. */
export type PasteErrorCode = keyof typeof PASTE_MESSAGES;
/** Which note: a key of PASTE_NOTES. */
export type PasteNoteCode = keyof typeof PASTE_NOTES;
/** The numbers and quoted text a template needs, e.g. { row: 2, count: 3, expected: 4 }. */
export type PasteVars = Record<string, string | number>;
/** One remark on a matrix that was read: its code and variables. */
export type PasteNote = { code: PasteNoteCode; vars: PasteVars };

/** A 1-based place in the pasted text. */
export interface Pos {
  line: number;
  column: number;
}

/** Thrown inside the parser only; parseMatrix() turns it into a ParseError. */
export class PasteFailure extends Error {
  constructor(
    readonly code: PasteErrorCode,
    readonly vars: PasteVars,
    readonly pos: Pos,
  ) {
    super(code);
    this.name = 'PasteFailure';
  }
}

/** Refuse the paste: throw the error `code` with its variables, at `pos`. */
export function fail(code: PasteErrorCode, vars: PasteVars, pos: Pos): never {
  throw new PasteFailure(code, vars, pos);
}

/** Fail: row `row` has `count` values instead of `expected` (like row 1), at `pos`. */
export function ragged(row: number, count: number, expected: number, pos: Pos): never {
  fail(count === 1 ? 'ragged_one' : 'ragged', { row, count, expected }, pos);
}

/** The 中文 of PASTE_MESSAGES (i18n/i18n.ts gives it the keys' prefix 'paste.'); the type refuses a missing or an orphaned key. */
export const PASTE_MESSAGES_ZH = {
  empty: '输入为空',
  only_comments: '输入为空：只有注释',
  not_a_number: '“{text}”不是数字',
  non_finite: '非有限值“{text}”：只能使用有限数',
  too_large: '非有限值“{text}”（数值过大）：只能使用有限数',
  unexpected_character: '意外的字符“{char}”',
  unclosed_string: '字符串没有闭合：本行应有配对的 {quote}',
  ellipsis:
    '该数组是以省略形式（“...”）打印的，缺少部分值；请完整打印，例如先执行 np.set_printoptions(threshold=np.inf) 或 torch.set_printoptions(profile="full")',
  unclosed: '“{open}”没有闭合：输入结束前应有“{close}”',
  unknown_function: '未知函数“{name}”：应为 np.array(…)、torch.tensor(…) 或普通的 [[…]] 列表',
  not_a_matrix: '应为矩阵，例如 [[1, 2], [3, 4]] 或 np.array([[…]])，却遇到{found}',
  unmatched: '多余的“{bracket}”：没有与之配对的左括号',
  two_arrays: '每次只能粘贴一个数组，但这里开始了第二个赋值“{name} = …”',
  after_end: '数组结束后出现多余的{found}：每次只能粘贴一个数组',
  expected_values: '数值应以“[”开始，却遇到{found}',
  expected_comma_or_paren: '数值之后应为“,”或“)”，却遇到{found}',
  expected_grad_fn: '应为 <名称> 的形式，如 grad_fn=<AddBackward0>',
  expected_argument: '应为参数，例如 dtype=np.float32，却遇到{found}',
  expected_comma_or_bracket: '值之后应为“,”或“]”，却遇到{found}',
  missing_comma: '{found}之前应有“,”：其他值都以逗号分隔',
  expected_number: '应为数字或“[”，却遇到{found}',
  too_deep: '括号嵌套过多：矩阵第 {row} 行中应为数字，却遇到“[”',
  too_deep_list: '括号嵌套过多：列表中应为数字，却遇到“[”',
  row_not_a_list: '矩阵第 {row} 行应为列表“[…]”，却遇到数字“{text}”',
  row_empty_first: '矩阵第 {row} 行为空：至少应有一个值',
  row_empty: '矩阵第 {row} 行为空：应有 {expected} 个值',
  row_empty_one: '矩阵第 {row} 行为空：应有 {expected} 个值',
  ragged: '矩阵第 {row} 行有 {count} 个值，应为 {expected} 个（与矩阵第 1 行相同）',
  ragged_one: '矩阵第 {row} 行有 {count} 个值，应为 {expected} 个（与矩阵第 1 行相同）',
  empty_list: '空列表“[]”：没有可读取的值',
  batch: '这是一批 {batch} 个矩阵，形状为 ({batch}, {n}, {d})：这里只能粘贴一个矩阵，请粘贴其中之一（例如 X[0]，形状为 ({n}, {d})）',
  missing_before_comma: '缺少值：第一个逗号之前应有一个数字',
  missing_between_commas: '缺少值：两个逗号之间应有一个数字',
  missing_before_tab: '缺少值：第一个制表符之前应有一个数字',
  missing_between_tabs: '缺少值：两个制表符之间应有一个数字',
  expected_comma: '“{text}”与下一个值之间应有逗号',
  expected_tab: '“{text}”与下一个值之间应有制表符',
  too_long: '粘贴的文本有 {size} MB；最多只能粘贴 {max} MB',
  too_deep_nesting: '括号嵌套过多：“[”超过 {max} 层',
} as const satisfies { readonly [K in keyof typeof PASTE_MESSAGES]: string };

/** The 中文 of PASTE_NOTES (i18n/i18n.ts gives it the keys' prefix 'paste.note.'); the type refuses a missing or an orphaned key. */
export const PASTE_NOTES_ZH = {
  numpy_print: '已按 NumPy print() 的输出读取（值以空格分隔）',
  flat: '已将一维列表读作一行 (1, {cols})',
  batch_dropped: '已去掉大小为 1 的批次维度 (1, {n}, {d}) → ({n}, {d})',
  header: '已跳过表头行“{header}”（第 {line} 行）',
} as const satisfies { readonly [K in keyof typeof PASTE_NOTES]: string };

/** The 中文 of PASTE_WORDS (i18n/i18n.ts gives it the keys' prefix 'paste.'); the type refuses a missing or an orphaned key. */
export const PASTE_WORDS_ZH = {
  end: '输入结尾',
  quoted: '“{text}”',
  noteSeparator: '；',
} as const satisfies { readonly [K in keyof typeof PASTE_WORDS]: string };
