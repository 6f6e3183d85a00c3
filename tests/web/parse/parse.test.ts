// parse.test.ts — pasted text → matrix: every format, the seed's weights, precise errors, round trips.
import { describe, expect, test } from 'vitest';
import { formatMatrix, parseMatrix, type ParseError, type ParseOk } from '../../../web/src/parse/parse';
import { SEED_000 } from '../../../web/src/model/seed000';

/** Parse and require success. */
function ok(text: string): ParseOk {
  const r = parseMatrix(text);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to parse, got: ${r.message}`);
  return r;
}

/** Parse and require an error. */
function err(text: string): ParseError {
  const r = parseMatrix(text);
  if (r.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got rows ${JSON.stringify(r.rows)}`);
  return r;
}

// ---------------------------------------------------------------------------
// The seed (000_…): X (1×3×4) and Wq, Wk, Wv (4×2), as numpy literals.

const { X, Wq, Wk, Wv } = SEED_000;

// Exactly as in the seed file: line breaks lost, indentation turned into no-break spaces (U+00A0).
const seedFlat = {
  X: 'X = np.array([[[0.1,\u00a00.2,\u00a00.3,\u00a00.4],\u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0[0.5,\u00a00.4,\u00a00.3,\u00a00.2],\u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0 \u00a0[0.0,\u00a00.1,\u00a00.0,\u00a00.1]]], dtype=np.float32)',
  Wq: 'Wq = np.array([[\u00a00.2,\u00a0-0.1],[\u00a00.0, \u00a00.1],[\u00a00.1, \u00a00.2],[-0.1, \u00a00.0]], dtype=np.float32)',
  Wk: 'Wk = np.array([[\u00a00.1, \u00a00.1],[\u00a00.0,\u00a0-0.1],[\u00a00.2, \u00a00.0],[\u00a00.0, \u00a00.2]], dtype=np.float32)',
  Wv: 'Wv = np.array([[\u00a00.1, \u00a00.0],[-0.1, \u00a00.1],[\u00a00.2,\u00a0-0.1],[\u00a00.0, \u00a00.2]], dtype=np.float32)',
};

// The same code as it was written, one row per line.
const seedFormatted = {
  X: `X = np.array([[[0.1, 0.2, 0.3, 0.4],
               [0.5, 0.4, 0.3, 0.2],
               [0.0, 0.1, 0.0, 0.1]]], dtype=np.float32)`,
  Wq: `Wq = np.array([[ 0.2, -0.1],
               [ 0.0,  0.1],
               [ 0.1,  0.2],
               [-0.1,  0.0]], dtype=np.float32)`,
  Wk: `Wk = np.array([[ 0.1,  0.1],
               [ 0.0, -0.1],
               [ 0.2,  0.0],
               [ 0.0,  0.2]], dtype=np.float32)`,
  Wv: `Wv = np.array([[ 0.1,  0.0],
               [-0.1,  0.1],
               [ 0.2, -0.1],
               [ 0.0,  0.2]], dtype=np.float32)`,
};

describe('the seed weights', () => {
  for (const [name, source] of [
    ['flattened (as in the seed file)', seedFlat],
    ['formatted', seedFormatted],
  ] as const) {
    test(`X ${name}: the 1×3×4 batch becomes 3×4, with a note`, () => {
      const r = ok(source.X);
      expect(r.rows).toEqual(X);
      expect(r.format).toBe('numpy');
      expect(r.note).toBe('dropped the batch dimension of size 1 (1, 3, 4) → (3, 4)');
    });
    test(`Wq, Wk, Wv ${name}: exact 4×2 numbers, no note`, () => {
      for (const [text, want] of [
        [source.Wq, Wq],
        [source.Wk, Wk],
        [source.Wv, Wv],
      ] as const) {
        const r = ok(text);
        expect(r.rows).toEqual(want);
        expect(r.format).toBe('numpy');
        expect(r.note).toBeUndefined();
      }
    });
  }

  test('0.0 reads as +0 and every value is the nearest double of its decimal text', () => {
    const rows = ok(seedFlat.Wv).rows;
    expect(Object.is(rows[0][1], 0)).toBe(true);
    expect(rows[2][1]).toBe(-0.1);
  });

  test('the whole seed line (four assignments) is refused: one array per paste', () => {
    const line = seedFlat.X + seedFlat.Wq + seedFlat.Wk + seedFlat.Wv;
    const e = err(line);
    expect(e.message).toMatch(/^only one array per paste, but a second assignment "Wq = …" starts here/);
    expect([e.line, e.column]).toEqual([1, seedFlat.X.length + 1]);
  });

  test('the seed with ordinary spaces instead of no-break spaces', () => {
    expect(ok(seedFlat.X.replace(/\u00a0/g, ' ')).rows).toEqual(X);
  });
});

// ---------------------------------------------------------------------------
// Formats

describe('JSON and Python lists', () => {
  test('2-D JSON', () => {
    expect(ok('[[1,2],[3,4]]')).toEqual({
      ok: true,
      rows: [
        [1, 2],
        [3, 4],
      ],
      format: 'json',
    });
  });
  test('a flat list is one row', () => {
    const r = ok('[1, 2, 3]');
    expect(r.rows).toEqual([[1, 2, 3]]);
    expect(r.format).toBe('json');
    expect(r.note).toBe('read a flat list as one row (1, 3)');
  });
  test('multi-line, trailing commas, comments and an assignment', () => {
    const text = `# my keys
K = [
  [1, 2],   # first
  [3, 4],
]`;
    expect(ok(text)).toEqual({
      ok: true,
      rows: [
        [1, 2],
        [3, 4],
      ],
      format: 'json',
    });
  });
  test('number spellings: 1e-3, -.5, +2, 1., 2.5E+4, and a typographic minus', () => {
    expect(ok('[[1e-3, -.5, +2, 1., 2.5E+4, \u22123]]').rows).toEqual([[0.001, -0.5, 2, 1, 25000, -3]]);
  });
  test('Windows line endings', () => {
    expect(ok('[[1, 2],\r\n [3, 4]]\r\n').rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});

describe('CSV, TSV and whitespace columns', () => {
  test('CSV with optional spaces', () => {
    expect(ok('1,2,3\n4, 5 ,6')).toEqual({
      ok: true,
      rows: [
        [1, 2, 3],
        [4, 5, 6],
      ],
      format: 'csv',
    });
  });
  test('CSV with trailing commas, blank lines and comments', () => {
    expect(ok('\n1,2,  # a\n\n3,4,\n').rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
  test('TSV pasted from a spreadsheet, with a trailing tab', () => {
    expect(ok('0.1\t0.2\t\n0.3\t0.4\t\n')).toEqual({
      ok: true,
      rows: [
        [0.1, 0.2],
        [0.3, 0.4],
      ],
      format: 'tsv',
    });
  });
  test('a spreadsheet header row is skipped, with a note', () => {
    const r = ok('q1\tq2\n1\t2\n3\t4');
    expect(r.rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(r.note).toBe('skipped the header row "q1, q2" (line 1)');
  });
  test('whitespace-separated rows, aligned with several spaces or tabs', () => {
    expect(ok('  1   -2\n 3\t 4.5 \n')).toEqual({
      ok: true,
      rows: [
        [1, -2],
        [3, 4.5],
      ],
      format: 'whitespace',
    });
  });
  test('a single column and a single value', () => {
    expect(ok('1\n2\n3').rows).toEqual([[1], [2], [3]]);
    expect(ok('42').rows).toEqual([[42]]);
  });
});

describe('NumPy', () => {
  test('np.array and numpy.array, with dtype', () => {
    expect(ok('np.array([[1, 2], [3, 4]], dtype=np.float32)')).toEqual({
      ok: true,
      rows: [
        [1, 2],
        [3, 4],
      ],
      format: 'numpy',
    });
    expect(ok('numpy.array([[1, 2]])').format).toBe('numpy');
  });
  test('the repr: array([...], dtype=float32)', () => {
    const repr = `array([[ 0.1,  0.2, -0.3],
       [ 1. ,  2. ,  3. ]], dtype=float32)`;
    expect(ok(repr)).toEqual({
      ok: true,
      rows: [
        [0.1, 0.2, -0.3],
        [1, 2, 3],
      ],
      format: 'numpy',
    });
  });
  test('print() output without commas', () => {
    const printed = `[[0.1 0.2 0.3 0.4]
 [0.5 0.4 0.3 0.2]
 [0.  0.1 0.  0.1]]`;
    const r = ok(printed);
    expect(r.rows).toEqual(X);
    expect(r.format).toBe('numpy');
    expect(r.note).toBe('read NumPy print() output (values separated by spaces)');
  });
  test('print() of a 1×3×4 batch', () => {
    const r = ok('[[[0.1 0.2 0.3 0.4]\n  [0.5 0.4 0.3 0.2]\n  [0.  0.1 0.  0.1]]]');
    expect(r.rows).toEqual(X);
    expect(r.note).toContain('dropped the batch dimension of size 1 (1, 3, 4) → (3, 4)');
  });
});

describe('PyTorch', () => {
  test('torch.tensor with dtype and requires_grad', () => {
    const text = 'W = torch.tensor([[1.5, -2], [3, 4]], dtype=torch.float64, requires_grad=True)';
    expect(ok(text)).toEqual({
      ok: true,
      rows: [
        [1.5, -2],
        [3, 4],
      ],
      format: 'torch',
    });
  });
  test('the repr: tensor([...]) with scientific notation, grad_fn and device', () => {
    expect(ok('tensor([[1.0000e-03, 2.0000e+00]])').rows).toEqual([[0.001, 2]]);
    expect(ok('tensor([[0.5000, 0.2500]], grad_fn=<SoftmaxBackward0>)').rows).toEqual([[0.5, 0.25]]);
    expect(ok("tensor([[1., 2.]], device='cuda:0')").format).toBe('torch');
  });
  test('a printed nn.Parameter', () => {
    const text = 'Parameter containing:\ntensor([[ 0.2000, -0.1000],\n        [ 0.0000,  0.1000]], requires_grad=True)';
    expect(ok(text).rows).toEqual([
      [0.2, -0.1],
      [0, 0.1],
    ]);
  });
  test('the seed input x = torch.tensor(X) printed: a 1×3×4 batch', () => {
    const text = `tensor([[[0.1000, 0.2000, 0.3000, 0.4000],
         [0.5000, 0.4000, 0.3000, 0.2000],
         [0.0000, 0.1000, 0.0000, 0.1000]]])`;
    const r = ok(text);
    expect(r.rows).toEqual(X);
    expect(r.note).toBe('dropped the batch dimension of size 1 (1, 3, 4) → (3, 4)');
  });
});

// ---------------------------------------------------------------------------
// Errors: message, line and column of the offending token

describe('errors', () => {
  test('empty input', () => {
    expect(parseMatrix('')).toEqual({ ok: false, message: 'empty input', line: 1, column: 1 });
    expect(parseMatrix('  \n\t\n')).toEqual({ ok: false, message: 'empty input', line: 1, column: 1 });
    expect(err('# only a comment').message).toMatch(/^empty input/);
  });

  test('ragged rows in a list: points at the first extra value', () => {
    const e = err('[[1, 2, 3, 4],\n [5, 6, 7, 8, 9]]');
    expect(e.message).toBe('row 2 has 5 values, expected 4 (like row 1) (line 2, column 15)');
    expect([e.line, e.column]).toEqual([2, 15]);
  });
  test('a short row in a list: points at its closing bracket', () => {
    const e = err('[[1, 2, 3, 4],\n [5, 6, 7]]');
    expect(e.message).toMatch(/^row 2 has 3 values, expected 4 \(like row 1\)/);
    expect([e.line, e.column]).toEqual([2, 10]);
  });
  test('ragged CSV and whitespace rows', () => {
    const csv = err('1,2,3,4\n5,6,7');
    expect(csv.message).toBe('row 2 has 3 values, expected 4 (like row 1) (line 2, column 6)');
    const ws = err('1 2\n3 4 5');
    expect([ws.message, ws.line, ws.column]).toEqual(['row 2 has 3 values, expected 2 (like row 1) (line 2, column 5)', 2, 5]);
  });

  test('unclosed bracket points at the bracket that is never closed', () => {
    const e = err('[[1, 2],\n [3, 4]');
    expect(e).toEqual({
      ok: false,
      message: '"[" is never closed: expected "]" before the end of the input (line 1, column 1)',
      line: 1,
      column: 1,
    });
    const call = err('np.array([[1, 2]]');
    expect([call.line, call.column]).toEqual([1, 9]);
    expect(call.message).toMatch(/^"\(" is never closed: expected "\)"/);
  });
  test('an unmatched closing bracket', () => {
    const e = err('[[1, 2]]]');
    expect(e.message).toMatch(/^unmatched "\]"/);
    expect([e.line, e.column]).toEqual([1, 9]);
  });

  test('a word where a number should be', () => {
    expect(err('1 2\n3 abc')).toEqual({ ok: false, message: '"abc" is not a number (line 2, column 3)', line: 2, column: 3 });
    const inList = err('[[1, 2],\n [3, four]]');
    expect([inList.message, inList.line, inList.column]).toEqual(['"four" is not a number (line 2, column 6)', 2, 6]);
    expect(err('1,2\n3,x').message).toBe('"x" is not a number (line 2, column 3)');
  });
  test('malformed numbers', () => {
    expect(err('[1.2.3]').message).toBe('"1.2.3" is not a number (line 1, column 2)');
    expect(err('[1e]').message).toBe('"1e" is not a number (line 1, column 2)');
    expect(err('[- 1]').message).toBe('unexpected character "-" (line 1, column 2)');
  });

  test('nan, inf and overflow are non-finite values', () => {
    const e = err('[[1, nan]]');
    expect(e.message).toBe('non-finite value "nan": only finite numbers can be used (line 1, column 6)');
    expect(err('1 2\n-inf 4').message).toBe('non-finite value "-inf": only finite numbers can be used (line 2, column 1)');
    expect(err('np.array([[np.inf]])').message).toMatch(/^non-finite value "np.inf"/);
    expect(err('tensor([[1., NaN]])').message).toMatch(/^non-finite value "NaN"/);
    expect(err('[1e999]').message).toMatch(/^non-finite value "1e999" \(too large\)/);
  });

  test('a batch of two matrices is refused, pointing at the second', () => {
    const e = err('np.array([[[1, 2], [3, 4]],\n          [[5, 6], [7, 8]]])');
    expect(e.message).toBe(
      'found a batch of 2 matrices, shape (2, 2, 2): only one matrix can be pasted here, ' +
        'so paste one of them (e.g. X[0], shape (2, 2)) (line 2, column 11)',
    );
    expect([e.line, e.column]).toEqual([2, 11]);
  });
  test('four levels of brackets', () => {
    expect(err('[[[[1]]]]').message).toMatch(/^too many nested brackets/);
  });
  test('empty lists and rows', () => {
    expect(err('[]').message).toMatch(/^empty list "\[\]"/);
    expect(err('[[]]').message).toBe('row 1 is empty: expected at least one value (line 1, column 3)');
    expect(err('[[1, 2], []]').message).toBe('row 2 is empty: expected 2 values (line 1, column 11)');
  });
  test('a number where a row should be', () => {
    expect(err('[[1, 2], 3]').message).toBe('expected row 2 to be a list "[…]", found the number "3" (line 1, column 10)');
  });

  test('a missing comma in a list with commas', () => {
    const e = err('[[1, 2]\n [3, 4]]');
    expect(e.message).toBe('expected "," before "[": the other values are separated by commas (line 2, column 2)');
    expect(err('[1, 2 3]').message).toMatch(/^expected "," before "3"/);
  });
  test('missing CSV and TSV values', () => {
    expect(err('1,,2').message).toBe('missing value: expected a number between two commas (line 1, column 3)');
    expect(err(',1').message).toBe('missing value: expected a number before the first comma (line 1, column 1)');
    expect(err('1\t\t2').message).toBe('missing value: expected a number between two tabs (line 1, column 3)');
    expect(err('1 2, 3').message).toBe('expected a comma between "1" and the next value (line 1, column 3)');
  });
  test('two values with only commas between: a double comma in a list', () => {
    expect(err('[1,, 2]').message).toBe('expected a number or "[", found "," (line 1, column 4)');
  });

  test('only one array per paste', () => {
    const e = err('Q = [[1]]\nK = [[2]]');
    expect([e.message, e.line, e.column]).toEqual(['only one array per paste, but a second assignment "K = …" starts here (line 2, column 1)', 2, 1]);
    expect(err('[[1]] [[2]]').message).toMatch(/^unexpected "\[" after the end of the array: only one array per paste/);
  });
  test('unknown functions and non-list arguments', () => {
    expect(err('torch.randn([[1]])').message).toMatch(/^unknown function "torch.randn"/);
    expect(err('np.array(5)').message).toBe('expected "[" to start the values, found "5" (line 1, column 10)');
  });
  test('summarised NumPy output ("...") is refused', () => {
    const e = err('array([[0.1, 0.2, ..., 0.9]])');
    expect(e.message).toMatch(/^the array was printed in summarised form/);
    expect([e.line, e.column]).toEqual([1, 19]);
  });
  test('an unclosed string in an argument', () => {
    expect(err("tensor([[1.]], device='cuda)").message).toMatch(/^unclosed string/);
  });
});

// ---------------------------------------------------------------------------
// formatMatrix, and round trips

describe('formatMatrix', () => {
  const m = [
    [0.1, 0.2],
    [0.3, 0.4],
  ];
  test('each format', () => {
    expect(formatMatrix(m, 'numpy')).toBe('np.array([[0.1, 0.2], [0.3, 0.4]])');
    expect(formatMatrix(m, 'torch')).toBe('torch.tensor([[0.1, 0.2], [0.3, 0.4]])');
    expect(formatMatrix(m, 'json')).toBe('[[0.1, 0.2], [0.3, 0.4]]');
    expect(formatMatrix(m, 'csv')).toBe('0.1,0.2\n0.3,0.4');
    expect(formatMatrix(m, 'tsv')).toBe('0.1\t0.2\n0.3\t0.4');
  });
  test('full precision: the shortest text that reads back as the same double', () => {
    expect(formatMatrix([[0.1 + 0.2, 1 / 3, -1e-7, 1e21]], 'csv')).toBe('0.30000000000000004,0.3333333333333333,-1e-7,1e+21');
  });
  test('non-finite values are spelled per format (e.g. masked scores)', () => {
    const s = [[-Infinity, NaN, Infinity]];
    expect(formatMatrix(s, 'numpy')).toBe('np.array([[-np.inf, np.nan, np.inf]])');
    expect(formatMatrix(s, 'torch')).toBe("torch.tensor([[float('-inf'), float('nan'), float('inf')]])");
    expect(formatMatrix(s, 'csv')).toBe('-inf,nan,inf');
    expect(formatMatrix(s, 'json')).toBe('[[null, null, null]]');
  });

  const samples: number[][][] = [X, Wq, [[0.1 + 0.2, -1 / 3, 123456789.123, 5e-324, -0, 1.7976931348623157e308, -2.5e-10]], [[1], [-2], [3]]];
  for (const format of ['csv', 'tsv', 'json', 'numpy', 'torch'] as const) {
    test(`round trip through ${format}`, () => {
      for (const rows of samples) {
        const r = ok(formatMatrix(rows, format));
        // One column has no separators to tell CSV/TSV from whitespace columns.
        if (rows[0].length > 1 || format === 'json' || format === 'numpy' || format === 'torch') expect(r.format).toBe(format);
        expect(r.rows).toEqual(rows);
        r.rows.flat().forEach((x, i) => expect(Object.is(x, rows.flat()[i])).toBe(true));
      }
    });
  }
});
