// inputs.ts — reading the input matrices of a State: cell text → numbers, a
// seeded random source → numbers, and what is wrong when they cannot be read:
// a cell's problem (its code, variables and English message) or the whole
// matrix's (rows of different lengths, a size over the core's limits).
//
// Linear in the text it reads: a cell longer than MAX_CELL_CHARS is refused
// before it is scanned, and the number grammar is the paste parser's scanner,
// not a regular expression that backtracks.

import type { Core, TypedMatrix } from '../core/core';
import { fill } from '../base/fill';
import { scanNumber } from '../parse/numbers';
import type { MatrixName, MatrixSource, State } from './state';
import { CELL_MESSAGES, FAILURE_MESSAGES, type CellErrorCode } from './words';

/** What is wrong with one cell's text: a code, its variables ({ text }), and the message in English. */
export interface CellProblem {
  code: CellErrorCode;
  vars: Record<string, string>;
  /** The English message (exports, the embed API and tests read it). */
  message: string;
}

/** An unparsable cell, located for the editor. */
export interface CellError extends CellProblem {
  matrix: MatrixName;
  row: number;
  col: number;
}

/**
 * The longest cell text (after trimming) that is read as a number. The longest shortest-round-trip float64 is
 * 24 characters ("-2.2250738585072014e-308"); longer text is refused before any scanning, so a link or a paste
 * with a megabyte in one cell costs nothing.
 */
export const MAX_CELL_CHARS = 64;

/** How many characters of an over-long cell its message quotes. */
const QUOTED_CHARS = 12;

const problem = (code: CellErrorCode, vars: Record<string, string> = {}): CellProblem => ({ code, vars, message: fill(CELL_MESSAGES[code], vars) });

/** A count with thousands separators, the same in every language: 100000 → "100,000". */
function grouped(n: number): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return out;
}

/** The first `n` characters of `t`, without cutting a surrogate pair in two. */
function head(t: string, n: number): string {
  const code = t.charCodeAt(n - 1);
  return t.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/**
 * Is `t` exactly one number, [+-] (digits [. digits?] | . digits) [e [+-] digits]? The paste parser's linear
 * scanner (a regular expression with \d+\.?\d* backtracks quadratically on a long run of digits and a letter),
 * with ASCII signs only: Number() does not read the Unicode minus the paste parser also accepts.
 */
const isCellNumber = (t: string): boolean => t.charCodeAt(0) !== 0x2212 && scanNumber(t, 0) === t.length;

/** Read one cell's text: the number, or what is wrong with it (code, vars, English message). */
export function checkCell(text: string): number | CellProblem {
  const t = text.trim();
  if (t === '') return problem('empty');
  if (t.length > MAX_CELL_CHARS) return problem('too_long', { start: head(t, QUOTED_CHARS), length: grouped(t.length), max: String(MAX_CELL_CHARS) });
  if (/^[+-]?(inf|infinity|nan)$/i.test(t)) return problem('non_finite', { text: t });
  if (!isCellNumber(t)) return problem('not_a_number', { text: t });
  const value = Number(t);
  return Number.isFinite(value) ? value : problem('too_large', { text: t }); // 1e999 and -1e400 overflow to ±Infinity
}

/** Parse one cell's text; returns the number or an error message (English). */
export function parseCell(text: string): number | string {
  const v = checkCell(text);
  return typeof v === 'number' ? v : v.message;
}

/** What is wrong with a whole input matrix, as a Failure says it: rows of different lengths, or a size over the core's limits. */
export interface MatrixProblem {
  code: 'ragged' | 'too_large';
  /** The i18n key ('cell.ragged', 'cell.raggedOne', 'cell.tooLarge') and its variables. */
  key: string;
  vars: Record<string, string | number>;
  /** The English message. */
  message: string;
}

const matrixProblem = (code: MatrixProblem['code'], name: keyof typeof FAILURE_MESSAGES, vars: Record<string, string | number>): MatrixProblem => ({
  code,
  key: `cell.${name}`,
  vars,
  message: fill(FAILURE_MESSAGES[name], vars),
});

/** The first row of `cells` whose length differs from row 1's (as a link such as Q=1,2;3 gives it), reported as it is: never padded. */
function raggedRow(name: MatrixName, cells: string[][]): MatrixProblem | null {
  const expected = cells[0]?.length ?? 0;
  const i = cells.findIndex((row) => row.length !== expected);
  if (i < 0) return null;
  const count = cells[i].length;
  return matrixProblem('ragged', count === 1 ? 'raggedOne' : 'ragged', { name, row: i + 1, count, expected });
}

/** A random source larger than the core computes (its limits, read from the module), e.g. Q=rand:4097:64:… in a link. */
function oversized(core: Core, name: MatrixName, src: Extract<MatrixSource, { kind: 'random' }>): MatrixProblem | null {
  const { maxRows, maxCols } = core.limits();
  if (src.rows <= maxRows && src.cols <= maxCols) return null;
  return matrixProblem('too_large', 'tooLarge', { name, rows: src.rows, cols: src.cols, maxRows, maxCols });
}

/** The numbers of one input matrix; or the cells that failed, or what is wrong with the whole matrix (`problem`). */
export function readMatrix(core: Core, state: State, name: MatrixName): { m: TypedMatrix | null; errors: CellError[]; problem?: MatrixProblem } {
  const src = state.matrices[name];
  if (!src) return { m: null, errors: [] };
  if (src.kind === 'random') {
    const problem = oversized(core, name, src);
    return problem ? { m: null, errors: [], problem } : { m: randomMatrix(core, src), errors: [] };
  }
  const problem = raggedRow(name, src.cells);
  if (problem) return { m: null, errors: [], problem };
  const rows = src.cells.length;
  const cols = rows > 0 ? src.cells[0].length : 0;
  const errors: CellError[] = [];
  const data = new Float64Array(rows * cols);
  src.cells.forEach((row, i) => {
    for (let j = 0; j < cols; j++) {
      const text = row[j];
      const v = checkCell(typeof text === 'string' ? text : ''); // a hole (setState) reads as an empty cell
      if (typeof v === 'number') data[i * cols + j] = v;
      else errors.push({ matrix: name, row: i, col: j, ...v });
    }
  });
  return { m: errors.length ? null : { data, rows, cols }, errors };
}

/** The numbers of a random source: seeded normals × scale, rounded to `digits` decimals when given. */
export function randomMatrix(core: Core, src: Extract<MatrixSource, { kind: 'random' }>): TypedMatrix {
  const m = core.typed.random_normal(src.rows, src.cols, src.seed, src.scale);
  if (src.digits !== undefined) {
    const f = 10 ** src.digits;
    for (let i = 0; i < m.data.length; i++) m.data[i] = Math.round(m.data[i] * f) / f || 0; // || 0: no −0
  }
  return m;
}

/** A source as cell text (random values written out), for editing one cell of it. */
export function materialize(core: Core, src: MatrixSource): string[][] {
  if (src.kind === 'cells') return src.cells.map((r) => [...r]);
  const m = randomMatrix(core, src);
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), (x) => String(x)));
}
