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
