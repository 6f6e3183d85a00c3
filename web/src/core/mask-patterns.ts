// mask-patterns.ts — the sparse mask builders (cpp/mask_patterns.h) in both
// forms: sliding window (Beltagy et al. 2020; Jiang et al. 2023), prefix-LM
// (Raffel et al. 2020), local + global (Beltagy et al. 2020), dilated (Child
// et al. 2019; Beltagy et al. 2020) and BigBird's block pattern (Zaheer et al.
// 2020). Every argument and every relation to n is checked here, in JS, with
// the core's own messages, before the call crosses into WebAssembly; the core
// checks them again.

import { unwrap } from './errors';
import type { BoolMatrix, Core, TypedCore, TypedMask } from './types';
import { count, describe, fail, lim, list, obj } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** The mask builders of the typed form: each returns an (n, n) { data: Uint8Array, rows, cols }, 1 = may see. */
export type TypedMaskPatterns = Pick<TypedCore, MaskBuilder>;
/** The same builders in the friendly form: boolean[][] (true = may see), globals a plain array. */
export type FriendlyMaskPatterns = Pick<Core, MaskBuilder>;
/** The names of the builders. */
type MaskBuilder = 'sliding_window_mask' | 'prefix_lm_mask' | 'local_global_mask' | 'dilated_mask' | 'bigbird_mask';

/** n: a whole number 1 … maxRows ("empty" for 0, "too_large" above). */
function size(fn: string, n: unknown): number {
  const x = count(fn, 'n', n);
  if (x === 0) fail(fn, 'n = 0 must be at least 1', 'empty');
  if (x > lim().maxRows) fail(fn, `n = ${x} is over the limit of ${lim().maxRows}`, 'too_large');
  return x;
}

/** `arg` = x: a whole number lo … hi, where hi is called `range` in the message ("n = 5"). */
function between(fn: string, arg: string, x: unknown, lo: number, range: string, hi: number): number {
  const whole = typeof x === 'number' && Number.isInteger(x);
  if (!whole || x < lo || x > hi)
    fail(fn, `${arg} ${typeof x === 'number' ? `= ${x}` : `is ${describe(x)}:`} must be a whole number between ${lo} and ${range} = ${hi}`);
  return x;
}

/** A whole number ≥ 1 and at most maxRows (dilation, block). */
function atLeastOne(fn: string, arg: string, x: unknown): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 1)
    fail(fn, `${arg} ${typeof x === 'number' ? `= ${x}` : `is ${describe(x)}:`} must be a whole number ≥ 1`);
  return x;
}

/** globals: token indices, each a whole number in [0, n); returned as a fresh Float64Array. */
function globalsOf(fn: string, x: unknown, n: number, typed: boolean): Float64Array {
  const g = list(fn, 'globals', x, typed);
  g.forEach((v, t) => {
    if (!Number.isInteger(v) || v < 0 || v >= n) fail(fn, `globals[${t}] = ${v} must be a whole number between 0 and n − 1 = ${n - 1}`);
  });
  return g;
}

const BLOCKS = 'n / block (the number of blocks)';

/** BigBird's checked arguments, in the order the core checks them; a count left out is its default, at most nb. */
function bigbirdArgs(n: unknown, block: unknown, opts: unknown): [number, number, number, number, number, number] {
  const f = 'bigbird_mask';
  const nn = size(f, n);
  const b = atLeastOne(f, 'block', block);
  if (nn % b !== 0) fail(f, `block = ${b} does not divide n = ${nn}`, 'divisibility');
  const nb = nn / b;
  const o = obj(f, 'opts', opts);
  const blocks = (arg: string, dflt: number) => (o[arg] == null ? Math.min(dflt, nb) : between(f, arg, o[arg], 0, BLOCKS, nb));
  return [nn, b, blocks('window_blocks', 3), blocks('global_blocks', 1), blocks('random_blocks', 1), count(f, 'seed', o.seed ?? 0)];
}

/** A typed mask as rows of booleans. */
export function boolRows(m: TypedMask): BoolMatrix {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), (x) => x === 1));
}

/** The typed builders over the raw module; `typedGlobals` false takes globals as a plain array only (the friendly form). */
function makeBuilders(raw: RawCore, typedGlobals: boolean): TypedMaskPatterns {
  return {
    sliding_window_mask: (n, w) => {
      const f = 'sliding_window_mask';
      const nn = size(f, n);
      return unwrap(raw.sliding_window_mask(nn, between(f, 'w', w, 1, 'n', nn)), f);
    },
    prefix_lm_mask: (n, p) => {
      const f = 'prefix_lm_mask';
      const nn = size(f, n);
      return unwrap(raw.prefix_lm_mask(nn, between(f, 'p', p, 0, 'n', nn)), f);
    },
    local_global_mask: (n, w, globals) => {
      const f = 'local_global_mask';
      const nn = size(f, n);
      const ww = between(f, 'w', w, 1, 'n', nn);
      return unwrap(raw.local_global_mask(nn, ww, globalsOf(f, globals, nn, typedGlobals)), f);
    },
    dilated_mask: (n, w, dilation) => {
      const f = 'dilated_mask';
      const nn = size(f, n);
      const ww = between(f, 'w', w, 1, 'n', nn);
      const d = atLeastOne(f, 'dilation', dilation);
      if (d > lim().maxRows) fail(f, `dilation = ${d} is over the limit of ${lim().maxRows}`, 'too_large');
      return unwrap(raw.dilated_mask(nn, ww, d), f);
    },
    bigbird_mask: (n, block, opts) => unwrap(raw.bigbird_mask(...bigbirdArgs(n, block, opts)), 'bigbird_mask'),
  };
}

/** The typed form's mask builders (globals: an array or a typed array). */
export const makeTypedMaskPatterns = (raw: RawCore): TypedMaskPatterns => makeBuilders(raw, true);

/** The friendly form's mask builders: the same checks, boolean[][] out. */
export function makeFriendlyMaskPatterns(raw: RawCore): FriendlyMaskPatterns {
  const t = makeBuilders(raw, false);
  return {
    sliding_window_mask: (n, w) => boolRows(t.sliding_window_mask(n, w)),
    prefix_lm_mask: (n, p) => boolRows(t.prefix_lm_mask(n, p)),
    local_global_mask: (n, w, globals) => boolRows(t.local_global_mask(n, w, globals)),
    dilated_mask: (n, w, dilation) => boolRows(t.dilated_mask(n, w, dilation)),
    bigbird_mask: (n, block, opts) => boolRows(t.bigbird_mask(n, block, opts)),
  };
}
