// parse.ts — turn pasted text into a matrix, or into one precise error.
//
// parseMatrix() reads what a learner is likely to paste:
//   * bracketed text — JSON / Python lists, np.array(...), torch.tensor(...),
//     the printed reprs array(...) / tensor(...), NumPy print() output — goes
//     through a small tokenizer and a recursive-descent parser;
//   * anything without brackets is read line by line as CSV, TSV or
//     whitespace-separated columns.
// Both readers share one number scanner. Errors carry the 1-based line and
// column of the offending token. No eval / new Function: the page runs under
// a strict CSP. formatMatrix() is the inverse.
//
// Pure: no DOM, no language. Every error and note carries a code and its
// variables beside the English text; the English templates are one table
// (PASTE_MESSAGES, PASTE_NOTES, the same texts as the 'paste.<code>' and
// 'paste.note.<code>' keys of i18n.ts) and messages.ts translates them.

/** English templates of the parser's errors, by code ({name}s are filled from the error's `vars`). */
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
} as const;

/** English templates of the parser's notes (remarks on a matrix it did read), by code. */
export const PASTE_NOTES = {
  numpy_print: 'read NumPy print() output (values separated by spaces)',
  flat: 'read a flat list as one row (1, {cols})',
  batch_dropped: 'dropped the batch dimension of size 1 (1, {n}, {d}) → ({n}, {d})',
  header: 'skipped the header row "{header}" (line {line})',
} as const;

/** How a token at the end of the input is named in {found} (the i18n key 'paste.end' translates it). */
export const END_OF_INPUT = 'the end of the input';

/** Which error: a key of PASTE_MESSAGES. */
export type PasteErrorCode = keyof typeof PASTE_MESSAGES;
/** Which note: a key of PASTE_NOTES. */
export type PasteNoteCode = keyof typeof PASTE_NOTES;
/** The numbers and quoted text a template needs, e.g. { row: 2, count: 3, expected: 4 }. */
export type PasteVars = Record<string, string | number>;
/** One remark on a matrix that was read: its code and variables. */
export type PasteNote = { code: PasteNoteCode; vars: PasteVars };

/** Fill {placeholders} of an English template. */
const fill = (text: string, vars: PasteVars): string => text.replace(/\{(\w+)\}/g, (m, v: string) => (v in vars ? String(vars[v]) : m));

/** A successfully read matrix (every row has the same length), the format it was read as, and optional remarks for the learner: `note` in English ("; "-joined), `notes` as codes and variables. */
export type ParseOk = {
  ok: true;
  rows: number[][];
  format: 'json' | 'csv' | 'tsv' | 'whitespace' | 'numpy' | 'torch';
  note?: string;
  notes?: PasteNote[];
};

/**
 * Why a paste could not be read: what was expected and what was found, at a 1-based line and column.
 * `message` is English and ends with "(line L, column C)" (except 'empty'); `code` and `vars` say the same
 * for translation. They are non-enumerable, so the object's own keys stay { ok, message, line, column }.
 */
export type ParseError = {
  ok: false;
  message: string;
  line: number;
  column: number;
  readonly code: PasteErrorCode;
  readonly vars: PasteVars;
};

type Format = ParseOk['format'];

/** A 1-based place in the pasted text. */
interface Pos {
  line: number;
  column: number;
}

/** Thrown inside this module only; parseMatrix() turns it into a ParseError. */
class Failure {
  constructor(
    readonly code: PasteErrorCode,
    readonly vars: PasteVars,
    readonly pos: Pos,
  ) {}
}

function fail(code: PasteErrorCode, vars: PasteVars, pos: Pos): never {
  throw new Failure(code, vars, pos);
}

/** The ParseError for `code`: the English message (with its place unless `placed` is false), and code and vars non-enumerable. */
function refusal(code: PasteErrorCode, vars: PasteVars, pos: Pos, placed = true): ParseError {
  const message = fill(PASTE_MESSAGES[code], vars) + (placed ? ` (line ${pos.line}, column ${pos.column})` : '');
  const error = { ok: false as const, message, line: pos.line, column: pos.column };
  return Object.defineProperties(error, { code: { value: code }, vars: { value: vars } }) as ParseError;
}

// ---------------------------------------------------------------------------
// Characters and numbers

const UNICODE_MINUS = '\u2212'; // "−", as copied from web pages and PDFs

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isSign = (c: string | undefined): boolean => c === '+' || c === '-' || c === UNICODE_MINUS;
// \s covers tabs, NBSP (the seed text has them) and the BOM.
const isSpace = (c: string | undefined): boolean => c !== undefined && c !== '\n' && /\s/.test(c);
const isWordStart = (c: string | undefined): boolean => c !== undefined && /[\p{L}_]/u.test(c);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_.]/u.test(c);

/**
 * End of the number lexeme starting at s[i], or -1 if there is none.
 * Grammar: [+-] (digits [. digits?] | . digits) [e [+-] digits]
 * e.g. 3, -0.5, -.5, +2, 1., 1e-3, 2.5E+4.
 */
function scanNumber(s: string, i: number): number {
  let j = i;
  if (isSign(s[j])) j++;
  let digits = 0;
  for (; isDigit(s[j]); j++) digits++;
  if (s[j] === '.') {
    j++;
    for (; isDigit(s[j]); j++) digits++;
  }
  if (digits === 0) return -1;
  if (s[j] === 'e' || s[j] === 'E') {
    let k = j + 1;
    if (s[k] === '+' || s[k] === '-') k++;
    const exponentStart = k;
    while (isDigit(s[k])) k++;
    if (k > exponentStart) j = k; // a bare "1e" is left for the caller to reject
  }
  return j;
}

/** The value of a lexeme accepted by scanNumber. */
const numberValue = (lexeme: string): number => Number(lexeme.replace(UNICODE_MINUS, '-'));

/** Words that NumPy / PyTorch print for non-finite values. */
const NON_FINITE = /^[+\-\u2212]?((np|numpy|math|torch)\.)?(inf|infinity|nan)$/i;

/** Reject a word where a number was expected, naming non-finite values specially. */
function notANumber(text: string, pos: Pos): never {
  fail(NON_FINITE.test(text) ? 'non_finite' : 'not_a_number', { text }, pos);
}

/** A number lexeme's value, rejecting overflow such as 1e999. */
function finite(lexeme: string, pos: Pos): number {
  const value = numberValue(lexeme);
  if (!Number.isFinite(value)) fail('too_large', { text: lexeme }, pos);
  return value;
}

// ---------------------------------------------------------------------------
// Tokenizer (bracketed text)

type TokenKind = 'number' | 'word' | 'string' | 'punct' | 'end';

/** One token with the place where it starts. */
interface Token extends Pos {
  kind: TokenKind;
  text: string;
}

const PUNCTUATION = '[](),=<>:';

/** Split text into numbers, words (identifiers like np.array, or junk like 1.2.3), strings and punctuation; skip spaces and # comments. */
function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: src.slice(start, end), line, column: start - lineStart + 1 });
  };
  while (i < src.length) {
    const c = src.charAt(i);
    const pos = { line, column: i - lineStart + 1 };
    if (c === '\n') {
      line++;
      lineStart = ++i;
    } else if (isSpace(c)) {
      i++;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (PUNCTUATION.includes(c)) {
      push('punct', i, ++i);
    } else if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0 || src.slice(i, end).includes('\n')) fail('unclosed_string', { quote: c }, pos);
      push('string', i, end + 1);
      i = end + 1;
    } else if (src.startsWith('...', i)) {
      fail('ellipsis', {}, pos);
    } else if (scanNumber(src, i) !== -1) {
      const end = scanNumber(src, i);
      let j = end;
      while (isWordChar(src[j])) j++; // "1.2.3", "2x", "1e": a malformed number
      push(j === end ? 'number' : 'word', i, j);
      i = j;
    } else if (isWordStart(c) || (isSign(c) && isWordStart(src[i + 1]))) {
      let j = i + 1;
      while (isWordChar(src[j])) j++;
      push('word', i, j);
      i = j;
    } else {
      fail('unexpected_character', { char: c }, pos);
    }
  }
  tokens.push({ kind: 'end', text: '', line, column: i - lineStart + 1 });
  return tokens;
}

/** How a token reads inside an error message ({found}). */
function describe(t: Token): string {
  return t.kind === 'end' ? END_OF_INPUT : t.kind === 'string' ? t.text : `"${t.text}"`;
}

// ---------------------------------------------------------------------------
// Parser (bracketed text)

/** A number inside a list. */
interface NumNode {
  kind: 'num';
  value: number;
  tok: Token;
}
/** A bracketed list; `open` and `close` are its brackets. */
interface ListNode {
  kind: 'list';
  items: ValueNode[];
  open: Token;
  close: Token;
}
type ValueNode = NumNode | ListNode;

/** Function names accepted around the list, and the format each one means. */
const CALLS = new Map<string, Format>([
  ['np.array', 'numpy'],
  ['numpy.array', 'numpy'],
  ['np.asarray', 'numpy'],
  ['numpy.asarray', 'numpy'],
  ['array', 'numpy'], // repr of an ndarray
  ['torch.tensor', 'torch'],
  ['torch.Tensor', 'torch'],
  ['torch.as_tensor', 'torch'],
  ['tensor', 'torch'], // repr of a torch.Tensor
]);

/** Grammar (one paste = one array):
 *   paste  := ["Parameter containing:"] [NAME "="] (list | NAME "(" list {"," arg} [","] ")") END
 *   list   := "[" [item {[","] item} [","]] "]"      (commas, or spaces as in NumPy print())
 *   item   := number | list
 *   arg    := [NAME "="] (NAME | number | string | "<" NAME ">")   e.g. dtype=np.float32, grad_fn=<AddBackward0>
 */
class Parser {
  private i = 0;
  /** The first value that followed another without a comma (NumPy print() output), if any. */
  spaced: Token | undefined;
  /** Whether any list separated its values by commas. */
  private commas = false;

  constructor(private readonly tokens: Token[]) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.i + ahead, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'end') this.i++;
    return t;
  }
  private is(t: Token, punct: string): boolean {
    return t.kind === 'punct' && t.text === punct;
  }
  private unclosed(open: Token, closer: string): never {
    fail('unclosed', { open: open.text, close: closer }, open);
  }

  /** The whole paste: the top-level list and the format implied by the call around it. */
  paste(): { root: ListNode; format: Format } {
    if (this.peek().text === 'Parameter' && this.peek(1).text === 'containing' && this.is(this.peek(2), ':')) this.i += 3;
    if (this.peek().kind === 'word' && this.is(this.peek(1), '=')) this.i += 2; // X = …
    const t = this.peek();
    let format: Format = 'json';
    let root: ListNode;
    if (this.is(t, '[')) {
      root = this.list();
    } else if (t.kind === 'word' && this.is(this.peek(1), '(')) {
      const kind = CALLS.get(t.text);
      if (kind === undefined) fail('unknown_function', { name: t.text }, t);
      format = kind;
      this.next();
      root = this.call(this.next());
    } else {
      fail('not_a_matrix', { found: describe(t) }, t);
    }
    this.checkSeparators();
    const rest = this.peek();
    if (this.is(rest, ']') || this.is(rest, ')')) fail('unmatched', { bracket: rest.text }, rest);
    if (rest.kind !== 'end') {
      if (rest.kind === 'word' && this.is(this.peek(1), '=')) {
        fail('two_arrays', { name: rest.text }, rest);
      }
      fail('after_end', { found: describe(rest) }, rest);
    }
    return { root, format };
  }

  /** The arguments of np.array( / torch.tensor(, after the "(" `open`. */
  private call(open: Token): ListNode {
    const first = this.peek();
    if (!this.is(first, '[')) fail('expected_values', { found: describe(first) }, first);
    const root = this.list();
    for (;;) {
      const t = this.next();
      if (this.is(t, ')')) return root;
      if (t.kind === 'end') this.unclosed(open, ')');
      if (!this.is(t, ',')) fail('expected_comma_or_paren', { found: describe(t) }, t);
      if (this.is(this.peek(), ')')) continue; // trailing comma
      this.argument();
    }
  }

  /** One extra argument such as dtype=np.float32 or requires_grad=True; its value is ignored. */
  private argument(): void {
    if (this.peek().kind === 'word' && this.is(this.peek(1), '=')) this.i += 2;
    const t = this.next();
    if (this.is(t, '<')) {
      // grad_fn=<AddBackward0>
      const name = this.next();
      const close = this.next();
      if (name.kind !== 'word' || !this.is(close, '>')) fail('expected_grad_fn', {}, t);
      return;
    }
    if (t.kind === 'end') return; // the caller reports the unclosed "("
    if (t.kind === 'punct') fail('expected_argument', { found: describe(t) }, t);
  }

  /** A bracketed list, starting at "[". Values are separated by commas, or by spaces as in NumPy print(). */
  private list(): ListNode {
    const open = this.next();
    const items: ValueNode[] = [];
    for (;;) {
      let t = this.peek();
      if (t.kind === 'end') this.unclosed(open, ']');
      if (this.is(t, ']')) break;
      if (items.length > 0) {
        if (this.is(t, ',')) {
          this.commas = true;
          this.next();
          t = this.peek();
          if (t.kind === 'end') this.unclosed(open, ']');
          if (this.is(t, ']')) break; // trailing comma
        } else if (t.kind === 'number' || t.kind === 'word' || this.is(t, '[')) {
          this.spaced ??= t;
        } else {
          fail('expected_comma_or_bracket', { found: describe(t) }, t);
        }
      }
      this.checkSeparators();
      items.push(this.item());
    }
    return { kind: 'list', items, open, close: this.next() };
  }

  /** Commas and spaces cannot be mixed: a missing comma is a typo, not NumPy print() output. */
  private checkSeparators(): void {
    if (this.commas && this.spaced) fail('missing_comma', { found: describe(this.spaced) }, this.spaced);
  }

  /** A number or a nested list. */
  private item(): ValueNode {
    const t = this.peek();
    if (this.is(t, '[')) return this.list();
    this.next();
    if (t.kind === 'number') return { kind: 'num', value: finite(t.text, t), tok: t };
    if (t.kind === 'word') notANumber(t.text, t);
    fail('expected_number', { found: describe(t) }, t);
  }
}

// ---------------------------------------------------------------------------
// From nested lists to rows

const startOf = (node: ValueNode): Token => (node.kind === 'num' ? node.tok : node.open);

/** The numbers of one list (row `row`, or the flat top-level list); a nested "[" here means one bracket too many. */
function numbersOf(list: ListNode, row?: number): number[] {
  return list.items.map((node) => {
    if (node.kind === 'list') fail(row === undefined ? 'too_deep_list' : 'too_deep', row === undefined ? {} : { row }, node.open);
    return node.value;
  });
}

/** Fail: row `row` has `count` values instead of `expected` (like row 1), at `pos`. */
function ragged(row: number, count: number, expected: number, pos: Pos): never {
  fail(count === 1 ? 'ragged_one' : 'ragged', { row, count, expected }, pos);
}

/** Rows of a 2-D list, checking that every row is a list as long as row 1. */
function matrixRows(matrix: ListNode): number[][] {
  const rows: number[][] = [];
  matrix.items.forEach((node, r) => {
    if (node.kind === 'num') fail('row_not_a_list', { row: r + 1, text: node.tok.text }, node.tok);
    const row = numbersOf(node, r + 1);
    const width = rows[0]?.length ?? row.length;
    if (row.length === 0) {
      const code = r === 0 ? 'row_empty_first' : width === 1 ? 'row_empty_one' : 'row_empty';
      fail(code, r === 0 ? { row: r + 1 } : { row: r + 1, expected: width }, node.close);
    }
    if (row.length !== width) ragged(r + 1, row.length, width, row.length > width ? startOf(node.items[width]!) : node.close);
    rows.push(row);
  });
  return rows;
}

/** Rows from the top-level list: 1-D is one row, 2-D is the matrix, 3-D of batch size 1 drops the batch. */
function toRows(root: ListNode, notes: PasteNote[]): number[][] {
  const first = root.items[0];
  if (first === undefined) fail('empty_list', {}, root.open);
  if (first.kind === 'num') {
    const row = numbersOf(root);
    notes.push({ code: 'flat', vars: { cols: row.length } });
    return [row];
  }
  if (first.items[0]?.kind !== 'list') return matrixRows(root);
  // 3-D: (batch, rows, cols)
  if (root.items.length > 1) {
    const second = root.items[1]!;
    const n = first.items.length;
    const d = first.items[0].items.length;
    fail('batch', { batch: root.items.length, n, d }, startOf(second));
  }
  const rows = matrixRows(first);
  const n = rows.length;
  const d = rows[0]!.length;
  notes.push({ code: 'batch_dropped', vars: { n, d } });
  return rows;
}

// ---------------------------------------------------------------------------
// Delimited text: CSV, TSV, whitespace columns

/** One cell of delimited text and where it starts. */
interface Cell extends Pos {
  text: string;
}

/** Split one line on `sep` (a single character), trimming cells; a trailing separator is allowed. */
function splitOn(text: string, line: number, sep: ',' | '\t'): Cell[] {
  const cells: Cell[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== sep) continue;
    const raw = text.slice(start, i);
    const lead = raw.length - raw.trimStart().length;
    const cell = { text: raw.trim(), line, column: start + lead + 1 };
    const isLast = i === text.length;
    if (cell.text === '') {
      if (isLast && cells.length > 0) break; // trailing separator
      const first = cells.length === 0;
      const code = sep === ',' ? (first ? 'missing_before_comma' : 'missing_between_commas') : first ? 'missing_before_tab' : 'missing_between_tabs';
      fail(code, {}, { line, column: i + 1 });
    }
    const gap = cell.text.search(/\s/);
    if (gap >= 0) {
      const restStart = gap + cell.text.slice(gap).search(/\S/);
      fail(sep === ',' ? 'expected_comma' : 'expected_tab', { text: cell.text.slice(0, gap) }, { line, column: cell.column + restStart });
    }
    cells.push(cell);
    start = i + 1;
  }
  return cells;
}

/** Split one line on runs of whitespace. */
function splitOnSpace(text: string, line: number): Cell[] {
  const cells: Cell[] = [];
  for (let i = 0; i < text.length;) {
    if (isSpace(text[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && !isSpace(text[j])) j++;
    cells.push({ text: text.slice(i, j), line, column: i + 1 });
    i = j;
  }
  return cells;
}

/** Whether a cell is exactly one number. */
const isNumberCell = (text: string): boolean => scanNumber(text, 0) === text.length;

/** Rows of CSV / TSV / whitespace-separated text (no brackets in it). */
function readDelimited(src: string, notes: PasteNote[]): { rows: number[][]; format: Format } {
  const lines = src
    .split('\n')
    .map((text, k) => ({ text: text.replace(/#.*/, '').trimEnd(), line: k + 1 }))
    .filter((l) => l.text.trim() !== '');
  if (lines.length === 0) fail('only_comments', {}, { line: 1, column: 1 });

  // Commas anywhere → CSV; tabs and no space-separated values → TSV; else whitespace.
  let format: Format = 'whitespace';
  if (lines.some((l) => l.text.includes(','))) format = 'csv';
  else if (lines.some((l) => l.text.includes('\t')) && !lines.some((l) => /\S[ \u00a0]+\S/.test(l.text))) format = 'tsv';
  const split = (l: { text: string; line: number }): Cell[] =>
    format === 'csv' ? splitOn(l.text, l.line, ',') : format === 'tsv' ? splitOn(l.text, l.line, '\t') : splitOnSpace(l.text, l.line);
  let table = lines.map((l) => ({ cells: split(l), end: { line: l.line, column: l.text.length + 1 } }));

  // A first row of words only (a spreadsheet header) is skipped.
  const head = table[0]!.cells;
  if (table.length > 1 && head.length === table[1]!.cells.length && head.every((c) => isWordStart(c.text[0]) && !NON_FINITE.test(c.text))) {
    notes.push({ code: 'header', vars: { header: head.map((c) => c.text).join(', '), line: head[0]!.line } });
    table = table.slice(1);
  }

  const width = table[0]!.cells.length;
  const rows = table.map(({ cells, end }, r) => {
    if (cells.length !== width) ragged(r + 1, cells.length, width, cells[width] ?? end);
    return cells.map((c) => (isNumberCell(c.text) ? finite(c.text, c) : notANumber(c.text, c)));
  });
  return { rows, format };
}

// ---------------------------------------------------------------------------
// Public API

/** Read pasted text (JSON, CSV, TSV, whitespace columns, NumPy or PyTorch literals/reprs) into a matrix, or a precise error. */
export function parseMatrix(text: string): ParseOk | ParseError {
  const src = text.replace(/\r\n?/g, '\n');
  if (src.trim() === '') return refusal('empty', {}, { line: 1, column: 1 }, false);
  const notes: PasteNote[] = [];
  try {
    let rows: number[][];
    let format: Format;
    if (/[[(]/.test(src.replace(/#.*/g, ''))) {
      const parser = new Parser(tokenize(src));
      const parsed = parser.paste();
      rows = toRows(parsed.root, notes);
      format = parsed.format;
      if (parser.spaced !== undefined && format === 'json') {
        format = 'numpy';
        notes.unshift({ code: 'numpy_print', vars: {} });
      }
    } else {
      ({ rows, format } = readDelimited(src, notes));
    }
    const result: ParseOk = { ok: true, rows, format };
    if (notes.length > 0) {
      result.note = notes.map((n) => fill(PASTE_NOTES[n.code], n.vars)).join('; ');
      result.notes = notes;
    }
    return result;
  } catch (e) {
    if (e instanceof Failure) return refusal(e.code, e.vars, e.pos);
    throw e;
  }
}

/** One number at full precision (shortest round-trip), spelled the way `format` writes non-finite values. */
function formatNumber(x: number, format: 'csv' | 'tsv' | 'json' | 'numpy' | 'torch'): string {
  if (Number.isFinite(x)) return Object.is(x, -0) ? '-0' : String(x);
  const name = Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  switch (format) {
    case 'json':
      return 'null'; // JSON has no inf/nan; same as JSON.stringify
    case 'numpy':
      return { nan: 'np.nan', inf: 'np.inf', '-inf': '-np.inf' }[name];
    case 'torch':
      return `float('${name}')`;
    default:
      return name; // np.loadtxt and pandas read these
  }
}

/** Write rows as CSV, TSV, JSON, np.array(…) or torch.tensor(…) text, at full precision (the inverse of parseMatrix). */
export function formatMatrix(rows: number[][], format: 'csv' | 'tsv' | 'json' | 'numpy' | 'torch'): string {
  const cells = rows.map((row) => row.map((x) => formatNumber(x, format)));
  if (format === 'csv') return cells.map((r) => r.join(',')).join('\n');
  if (format === 'tsv') return cells.map((r) => r.join('\t')).join('\n');
  const list = `[${cells.map((r) => `[${r.join(', ')}]`).join(', ')}]`;
  if (format === 'numpy') return `np.array(${list})`;
  if (format === 'torch') return `torch.tensor(${list})`;
  return list;
}
