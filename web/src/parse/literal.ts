// literal.ts — the reader of bracketed pastes: JSON / Python lists,
// np.array(…), torch.tensor(…), the printed reprs array(…) / tensor(…) and
// NumPy print() output. A recursive-descent parser over tokenizer.ts's tokens
// builds nested lists; toRows turns them into the rows of one matrix.
// No eval / new Function: the page runs under a strict CSP.

import { fail, ragged, type PasteNote } from './messages';
import { finite, notANumber } from './numbers';
import { describe, tokenize, type Token } from './tokenizer';

/** The formats a literal is read as: a plain list, or the call around it. */
export type LiteralFormat = 'json' | 'numpy' | 'torch';

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
/** An item of a list: a number or a nested list. */
type ValueNode = NumNode | ListNode;

/** Function names accepted around the list, and the format each one means. */
const CALLS = new Map<string, LiteralFormat>([
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

/**
 * The most brackets open at once. A matrix needs 2 ("[[…]]"), a batch of one 3; deeper lists are refused after
 * reading (too_deep), but the reader stops here first, before "[" × 10,000 overflows the call stack.
 */
export const MAX_NESTING = 32;

/** Grammar (one paste = one array):
 *   paste  := ["Parameter containing:"] [NAME "="] (list | NAME "(" list {"," arg} [","] ")") END
 *   list   := "[" [item {[","] item} [","]] "]"      (commas, or spaces as in NumPy print())
 *   item   := number | list
 *   arg    := [NAME "="] (NAME | number | string | "<" NAME ">")   e.g. dtype=np.float32, grad_fn=<AddBackward0>
 */
class Parser {
  private i = 0;
  /** How many lists are open: list() recurses, so the depth is bounded (MAX_NESTING) instead of the call stack. */
  private depth = 0;
  /** The first value that followed another without a comma (NumPy print() output), if any. */
  spaced: Token | undefined;
  /** Whether any list separated its values by commas. */
  private commas = false;

  constructor(private readonly tokens: Token[]) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.i + ahead, this.tokens.length - 1)];
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
  paste(): { root: ListNode; format: LiteralFormat } {
    if (this.peek().text === 'Parameter' && this.peek(1).text === 'containing' && this.is(this.peek(2), ':')) this.i += 3;
    if (this.peek().kind === 'word' && this.is(this.peek(1), '=')) this.i += 2; // X = …
    const t = this.peek();
    let format: LiteralFormat = 'json';
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
    if (++this.depth > MAX_NESTING) fail('too_deep_nesting', { max: MAX_NESTING }, open);
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
    this.depth--;
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
    if (row.length !== width) ragged(r + 1, row.length, width, row.length > width ? startOf(node.items[width]) : node.close);
    rows.push(row);
  });
  return rows;
}

/** Rows from the top-level list: 1-D is one row, 2-D is the matrix, 3-D of batch size 1 drops the batch (each noted in `notes`). */
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
    const second = root.items[1];
    const n = first.items.length;
    const d = first.items[0].items.length;
    fail('batch', { batch: root.items.length, n, d }, startOf(second));
  }
  const rows = matrixRows(first);
  const n = rows.length;
  const d = rows[0].length;
  notes.push({ code: 'batch_dropped', vars: { n, d } });
  return rows;
}

/** Rows of bracketed text and the format it was read as, noting in `notes` what was inferred; throws a PasteFailure when it cannot be read. */
export function readLiteral(src: string, notes: PasteNote[]): { rows: number[][]; format: LiteralFormat } {
  const parser = new Parser(tokenize(src));
  const parsed = parser.paste();
  const rows = toRows(parsed.root, notes);
  if (parser.spaced !== undefined && parsed.format === 'json') {
    notes.unshift({ code: 'numpy_print', vars: {} });
    return { rows, format: 'numpy' };
  }
  return { rows, format: parsed.format };
}
