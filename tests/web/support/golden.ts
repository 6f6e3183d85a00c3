// golden.ts — reading the PyTorch float64 reference tensors (tests/golden/*.json,
// written by scripts/make_golden.py) and comparing against them the llm.c way:
// the largest absolute difference, named by case and field.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/** The tolerance against PyTorch float64 (the core agrees to ~1e-15). */
export const TOL = 1e-9;

const dir = fileURLToPath(new URL('../../golden/', import.meta.url));

/** The cases of tests/golden/<file>; a missing or empty file fails its own test instead of passing silently. */
export function fixture<T>(file: string): T[] {
  const path = dir + file;
  if (!existsSync(path)) {
    test(`${file} exists`, () => expect.fail(`missing fixture ${path}: run /usr/bin/python3 scripts/make_golden.py`));
    return [];
  }
  const cases = JSON.parse(readFileSync(path, 'utf8')) as T[];
  if (!Array.isArray(cases) || cases.length === 0) test(`${file} has cases`, () => expect.fail(`${path} holds no cases`));
  return cases;
}

/** A number or nested arrays of numbers (a typed array counts as one level). */
export type Nested = number | Nested[] | Float64Array;

/** Largest |a − b| over two nested arrays; Infinity if the shapes differ. */
export function maxAbsDiff(a: Nested, b: Nested): number {
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a !== 'number' || typeof b !== 'number') return Infinity;
    return a === b ? 0 : Math.abs(a - b);
  }
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, maxAbsDiff(a[i], b[i]));
  return m;
}

function shapeOf(x: Nested): number[] {
  const s: number[] = [];
  for (let y = x; typeof y !== 'number'; y = y[0]) s.push(y.length);
  return s;
}

/** llm.c's check_tensor: compare within `tol`, report the case, the field and the max difference. */
export function check(where: string, field: string, actual: Nested, expected: Nested, tol = TOL): void {
  const d = maxAbsDiff(actual, expected);
  const shapes = d === Infinity ? ` (shape ${JSON.stringify(shapeOf(actual))} vs expected ${JSON.stringify(shapeOf(expected))})` : '';
  expect(d, `${where}: ${field} max |diff| = ${d}${shapes}, tolerance ${tol}`).toBeLessThanOrEqual(tol);
}
