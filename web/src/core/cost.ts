// cost.ts — what a call of the core costs, asked of the core itself
// (cpp/cost.h): call_cost(fn, dims) gives the call's multiply-adds, its
// result bytes and, over the core's caps, the message the call itself would
// give ("attention: this call needs 6.9e10 multiply-adds; …"). The page asks
// it from the shapes alone, before it builds anything (model/work.ts), so it
// keeps no copy of the core's formulas. Checked here before it crosses: a
// function name, and at most 16 sizes, each a number ≥ 0 (a link may ask for
// 2³² − 1 rows: the core counts in double).

import { unwrap } from './errors';
import type { CallCost, Core, TypedCore } from './types';
import { describe, fail } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** The most sizes a cost takes (grouped_query_attention's 11). */
const MAX_DIMS = 16;

/** The typed and the friendly form are one: plain numbers in and out. */
function makeCost(raw: RawCore): (fn: unknown, dims: unknown) => CallCost {
  return (fn, dims) => {
    const f = 'call_cost';
    if (typeof fn !== 'string' || !/^[a-z_]{1,40}$/.test(fn)) fail(f, `fn must be the name of a core function, got ${describe(fn)}`);
    if (!(Array.isArray(dims) || dims instanceof Float64Array) || dims.length > MAX_DIMS)
      fail(f, `dims must be an array of at most ${MAX_DIMS} sizes, got ${describe(dims)}`, 'not_a_number');
    const sizes = Float64Array.from(dims as ArrayLike<unknown>, (x, i) =>
      typeof x === 'number' && x >= 0 && x <= Number.MAX_VALUE
        ? x
        : fail(f, `dims[${i}] = ${typeof x === 'number' ? x : describe(x)} must be a number ≥ 0`, 'not_a_number'),
    );
    const r = unwrap(raw.cost(fn, sizes), f);
    return { multiplyAdds: r.multiply_adds, resultBytes: r.result_bytes, message: r.message || null };
  };
}

/** The typed form's call_cost. */
export function makeTypedCost(raw: RawCore): Pick<TypedCore, 'call_cost'> {
  return { call_cost: makeCost(raw) };
}

/** The friendly form's call_cost (the same function). */
export function makeFriendlyCost(typed: TypedCore): Pick<Core, 'call_cost'> {
  return { call_cost: (fn, dims) => typed.call_cost(fn, dims) };
}
