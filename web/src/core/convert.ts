// convert.ts — plain arrays ⇄ typed arrays, with the checks that make a bad
// argument an AttentionError naming the function and the argument, before
// anything reaches the WASM module.

import { AttentionError } from './errors';
import type { Matrix, TypedMask, TypedMatrix, TypedTensor3 } from './types';
import type { RawStack } from './wasm/attention_core.mjs';

/** How a wrong value reads in a message: "an array", "the string \"ab\"", "a boolean". */
export function describe(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'string') return `the string ${JSON.stringify(x.length > 20 ? x.slice(0, 20) + '…' : x)}`;
  return `a ${typeof x}`;
}

/** number[][] → TypedMatrix, checking it is rectangular and numeric. */
export function toTypedMatrix(fn: string, arg: string, m: unknown): TypedMatrix {
  if (!Array.isArray(m)) throw new AttentionError(`${fn}: ${arg} must be an array of rows, got ${describe(m)}`, 'not_a_number');
  if (m.length === 0) throw new AttentionError(`${fn}: ${arg} is empty (0 rows): it needs at least one row and one column`, 'empty');
  const first = m[0] as unknown;
  if (!Array.isArray(first)) throw new AttentionError(`${fn}: ${arg}[0] must be an array (a row), got ${describe(first)}`, 'not_a_number');
  const rows = m.length;
  const cols = first.length;
  if (cols === 0) throw new AttentionError(`${fn}: ${arg} is empty (${rows}, 0): it needs at least one row and one column`, 'empty');
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = m[i] as unknown;
    if (!Array.isArray(row)) throw new AttentionError(`${fn}: ${arg}[${i}] must be an array (a row), got ${describe(row)}`, 'not_a_number');
    if (row.length !== cols)
      throw new AttentionError(
        `${fn}: ${arg}[${i}] has ${row.length} values but ${arg}[0] has ${cols}: every row of ${arg} needs the same number of columns`,
        'ragged',
      );
    for (let j = 0; j < cols; j++) {
      const x = row[j] as unknown;
      if (typeof x !== 'number') throw new AttentionError(`${fn}: ${arg}[${i}][${j}] is ${describe(x)}, not a number`, 'not_a_number');
      data[i * cols + j] = x;
    }
  }
  return { data, rows, cols };
}

/** boolean[][] → TypedMask (1 = visible), checking it is rectangular. */
export function toTypedMask(fn: string, m: unknown): TypedMask | null {
  if (m === undefined || m === null) return null;
  if (!Array.isArray(m) || m.length === 0 || !Array.isArray(m[0]))
    throw new AttentionError(`${fn}: mask must be rows of booleans (true = the query may see the key), got ${describe(m)}`, 'not_a_number');
  const rows = m.length;
  const cols = (m[0] as unknown[]).length;
  const data = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = m[i] as unknown;
    if (!Array.isArray(row) || row.length !== cols)
      throw new AttentionError(
        `${fn}: mask[${i}] has ${Array.isArray(row) ? row.length : 0} values but mask[0] has ${cols}: every row of the mask needs the same number of columns`,
        'ragged',
      );
    for (let j = 0; j < cols; j++) {
      const x = row[j] as unknown;
      if (typeof x !== 'boolean') throw new AttentionError(`${fn}: mask[${i}][${j}] is ${describe(x)}, not true/false`, 'not_a_number');
      data[i * cols + j] = x ? 1 : 0;
    }
  }
  return { data, rows, cols };
}

/** number[] → Float64Array, checking every entry is a number. */
export function toTypedVector(fn: string, arg: string, v: unknown): Float64Array {
  if (!Array.isArray(v)) throw new AttentionError(`${fn}: ${arg} must be an array of numbers, got ${describe(v)}`, 'not_a_number');
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i] as unknown;
    if (typeof x !== 'number') throw new AttentionError(`${fn}: ${arg}[${i}] is ${describe(x)}, not a number`, 'not_a_number');
    out[i] = x;
  }
  return out;
}

/** number[][][] → TypedTensor3, checking every matrix has the same shape. */
export function toTypedTensor3(fn: string, arg: string, t: unknown): TypedTensor3 {
  if (!Array.isArray(t) || t.length === 0)
    throw new AttentionError(
      `${fn}: ${arg} must be a non-empty array of matrices (batch × rows × cols), got ${Array.isArray(t) ? 'an empty array' : describe(t)}`,
      Array.isArray(t) ? 'empty' : 'not_a_number',
    );
  const mats = t.map((m, b) => toTypedMatrix(fn, `${arg}[${b}]`, m));
  const { rows, cols } = mats[0];
  mats.forEach((m, b) => {
    if (m.rows !== rows || m.cols !== cols)
      throw new AttentionError(
        `${fn}: ${arg}[${b}] is (${m.rows}, ${m.cols}) but ${arg}[0] is (${rows}, ${cols}): every matrix of the batch needs the same shape`,
        'ragged',
      );
  });
  const data = new Float64Array(t.length * rows * cols);
  mats.forEach((m, b) => data.set(m.data, b * rows * cols));
  return { data, batch: t.length, rows, cols };
}

/** TypedMatrix → number[][]. */
export function fromTyped(m: { data: Float64Array; rows: number; cols: number }, offset = 0): Matrix {
  const out: Matrix = new Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    const start = offset + i * m.cols;
    out[i] = Array.from(m.data.subarray(start, start + m.cols));
  }
  return out;
}

/** A stack of equal-shaped matrices → an array of TypedMatrix views. */
export function unstack(s: RawStack): TypedMatrix[] {
  const size = s.rows * s.cols;
  return Array.from({ length: s.count }, (_, t) => ({ data: s.data.subarray(t * size, (t + 1) * size), rows: s.rows, cols: s.cols }));
}

// Counts cross as a 32-bit size_t (wasm32): anything larger would wrap (1e20 → 0).
export function checkCount(fn: string, arg: string, x: unknown, max = 0xffffffff): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0)
    throw new AttentionError(`${fn}: ${arg} = ${String(x)} must be a whole number ≥ 0`, 'invalid_argument');
  if (x > max) throw new AttentionError(`${fn}: ${arg} = ${String(x)} is over the limit of ${max}`, 'too_large');
  return x;
}

export function checkEps(fn: string, eps: unknown): number {
  if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 0)
    throw new AttentionError(`${fn}: eps = ${String(eps)} must be a finite number ≥ 0`, 'invalid_argument');
  return eps;
}
