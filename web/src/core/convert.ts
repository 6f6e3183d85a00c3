// convert.ts — plain arrays ⇄ typed arrays, with the checks that make a bad
// argument an AttentionError naming the function and the argument, before
// anything reaches the WASM module. Sizes are checked against the core's
// limits (validate.ts) from the lengths alone, before anything is allocated
// or iterated: new Array(2 ** 32 - 1) is refused at once.

import { describe, fail, list, lim, within } from './validate';
import type { TypedMask, TypedMatrix, TypedTensor3, Matrix } from './shapes';
import type { RawStack } from './wasm/attention_core.mjs';

/** Rows of `kind` (numbers or booleans) → row-major data, checking the shape (rectangular, within the limits: at most `maxRows` rows) first. */
function rows<T extends Float64Array | Uint8Array>(fn: string, arg: string, m: unknown, C: new (n: number) => T, isMask: boolean, maxRows?: number) {
  const what = isMask ? 'rows of booleans (true = the query may see the key)' : 'an array of rows';
  if (!Array.isArray(m)) fail(fn, `${arg} must be ${what}, got ${describe(m)}`, 'not_a_number');
  if (m.length === 0) fail(fn, `${arg} is empty (0 rows): it needs at least one row and one column`, isMask ? 'not_a_number' : 'empty');
  const n = m.length;
  const width = (i: number) => {
    const row = m[i] as unknown;
    if (!Array.isArray(row)) fail(fn, `${arg}[${i}] must be an array (a row), got ${describe(row)}`, 'not_a_number');
    return row as unknown[];
  };
  const cols = width(0).length;
  if (cols === 0) fail(fn, `${arg} is empty (${n}, 0): it needs at least one row and one column`, 'empty');
  within(fn, arg, [n, cols], maxRows);
  const data = new C(n * cols);
  for (let i = 0; i < n; i++) {
    const row = width(i);
    if (row.length !== cols)
      fail(
        fn,
        `${arg}[${i}] has ${row.length} values but ${arg}[0] has ${cols}: every row of ${isMask ? 'the mask' : arg} needs the same number of columns`,
        'ragged',
      );
    for (let j = 0; j < cols; j++) {
      const x = row[j];
      if (typeof x !== (isMask ? 'boolean' : 'number'))
        fail(fn, `${arg}[${i}][${j}] is ${describe(x)}, not ${isMask ? 'true/false' : 'a number'}`, 'not_a_number');
      data[i * cols + j] = +(x as number);
    }
  }
  return { data, rows: n, cols };
}

/** number[][] → TypedMatrix, checking it is rectangular, numeric and within the limits (`maxRows`: flash_attention's). */
export const toTypedMatrix = (fn: string, arg: string, m: unknown, maxRows?: number): TypedMatrix => rows(fn, arg, m, Float64Array, false, maxRows);

/** boolean[][] → TypedMask (1 = visible), checking it is rectangular; null/undefined → null. */
export const toTypedMask = (fn: string, m: unknown, maxRows?: number): TypedMask | null => (m == null ? null : rows(fn, 'mask', m, Uint8Array, true, maxRows));

/** number[] → Float64Array, checking every entry is a number (and the length first). */
export const toTypedVector = (fn: string, arg: string, v: unknown): Float64Array => list(fn, arg, v);

/** number[][][] → TypedTensor3, checking every matrix has the same shape. */
export function toTypedTensor3(fn: string, arg: string, t: unknown): TypedTensor3 {
  if (!Array.isArray(t) || t.length === 0)
    fail(
      fn,
      `${arg} must be a non-empty array of matrices (batch × rows × cols), got ${Array.isArray(t) ? 'an empty array' : describe(t)}`,
      Array.isArray(t) ? 'empty' : 'not_a_number',
    );
  if (t.length > lim().maxBatch) fail(fn, `${arg} has ${t.length} matrices: the limit is batch ${lim().maxBatch}`, 'too_large');
  const mats = Array.from({ length: t.length }, (_, b) => toTypedMatrix(fn, `${arg}[${b}]`, t[b])); // holes too
  const { rows, cols } = mats[0];
  within(fn, arg, [t.length, rows, cols]);
  mats.forEach((m, b) => {
    if (m.rows !== rows || m.cols !== cols)
      fail(fn, `${arg}[${b}] is (${m.rows}, ${m.cols}) but ${arg}[0] is (${rows}, ${cols}): every matrix of the batch needs the same shape`, 'ragged');
  });
  const data = new Float64Array(t.length * rows * cols);
  mats.forEach((m, b) => data.set(m.data, b * rows * cols));
  return { data, batch: t.length, rows, cols };
}

/** TypedMatrix → number[][]. */
export function fromTyped(m: { data: Float64Array; rows: number; cols: number }, offset = 0): Matrix {
  const out: Matrix = new Array<number[]>(m.rows);
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
