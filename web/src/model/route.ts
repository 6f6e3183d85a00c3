// route.ts — where a state is computed, decided from its shapes before any of
// its inputs is built (pure: the core's limits are passed in):
//
//   refused  a random source over the core's size limits, or a core call over
//            its per-call caps (maxMultiplyAdds, maxResultBytes): the failure
//            the core itself would give, with what to reduce — at once, with
//            nothing generated (a 4096 × 4096 random source alone takes a second);
//   worker   more than WORKER_MULTIPLY_ADDS of work or WORKER_RESULT_BYTES of
//            results: computed by the same compute() in a Web Worker, so the
//            page never blocks (compute-worker/);
//   sync     the rest, computed at once on the page, as always.

import type { Limits } from '../core/core';
import { fill } from '../base/fill';
import { opOf } from './ops/index';
import type { State } from './state';
import type { Failure } from './view';
import { estimateWork, type Call, type Work } from './work';
import { FAILURE_MESSAGES } from './words';

/** Work above which a state is computed in the worker, in multiply-adds (~10 ms of the core). */
export const WORKER_MULTIPLY_ADDS = 1e7;
/** Results above which a state is computed in the worker, in bytes (two 1024 × 1024 matrices of float64). */
export const WORKER_RESULT_BYTES = 2 ** 24;

/** The core's limits route() reads. */
export interface Caps {
  maxRows: number;
  maxCols: number;
  maxMultiplyAdds: number;
  maxResultBytes: number;
}

/** The C++ core's own caps (cpp/size_limits.h), for a module that does not report them yet. */
export const FALLBACK_CAPS: Caps = { maxRows: 4096, maxCols: 4096, maxMultiplyAdds: 2 ** 32, maxResultBytes: 2 ** 28 };

/** The caps in `limits` (core.limits()); any it lacks (an older module) is the C++ core's own value. */
export function capsOf(limits: Partial<Limits>): Caps {
  const pick = (k: keyof Caps) => (typeof limits[k] === 'number' ? limits[k] : FALLBACK_CAPS[k]);
  return { maxRows: pick('maxRows'), maxCols: pick('maxCols'), maxMultiplyAdds: pick('maxMultiplyAdds'), maxResultBytes: pick('maxResultBytes') };
}

/** Where a state is computed, and why. */
export type Route = { kind: 'sync'; work: Work } | { kind: 'worker'; work: Work } | { kind: 'refused'; work: Work; failure: Failure };

// ---------------------------------------------------------------- the core's words (cpp/checks.cpp)

/** A value that is not finite, as the core writes it. */
const notFinite = (x: number): string => (Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity');

/** A count as the core writes it: whole numbers below 10⁶ in full ("786432"), others as "6.9e10" with `digits` significant digits. */
export function countText(x: number, digits: number): string {
  if (!Number.isFinite(x)) return notFinite(x);
  if (x < 1e6 && x === Math.floor(x)) return x.toFixed(0);
  const [mantissa, exponent] = x.toExponential(digits - 1).split('e');
  return `${mantissa}e${Number(exponent)}`;
}

/** Bytes as MiB with `digits` significant digits, never in e-notation: "514", "256.5". */
export function mibText(bytes: number, digits: number): string {
  if (!Number.isFinite(bytes)) return notFinite(bytes);
  const mib = bytes / 1048576;
  let whole = 1; // digits before the point
  for (let p = 10; p <= mib && whole < 20; p *= 10) whole++;
  const s = mib.toFixed(Math.max(0, digits - whole));
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** x and the limit with 2 significant digits, or as many more as it takes for them to read differently. */
function distinct(x: number, limit: number, format: (v: number, digits: number) => string): [string, string] {
  let pair: [string, string] = ['', ''];
  for (let digits = 2; digits <= 17; digits++) {
    pair = [format(x, digits), format(limit, digits)];
    if (pair[0] !== pair[1]) break;
  }
  return pair;
}

/** The core's message for a call over its caps ("attention: this call needs 6.9e10 multiply-adds; …"), or null within them. */
export function costMessage(call: Call, caps: Caps): string | null {
  if (!(call.multiplyAdds <= caps.maxMultiplyAdds)) {
    const [need, limit] = distinct(call.multiplyAdds, caps.maxMultiplyAdds, countText);
    return `${call.fn}: this call needs ${need} multiply-adds; the limit is ${limit} per call: ${call.reduce}`;
  }
  if (!(call.resultBytes <= caps.maxResultBytes)) {
    const [need, limit] = distinct(call.resultBytes, caps.maxResultBytes, mibText);
    return `${call.fn}: this call's results need ${need} MiB; the limit is ${limit} MiB per call: ${call.reduce}`;
  }
  return null;
}

// ---------------------------------------------------------------- the decision

/** A random source over the core's rows or columns, as compute() reports it (inputs.ts), in the order it reads them. */
function oversized(state: State, caps: Caps): Failure | null {
  for (const name of opOf(state).inputs) {
    const src = state.matrices[name];
    if (src?.kind !== 'random' || (src.rows <= caps.maxRows && src.cols <= caps.maxCols)) continue;
    const vars = { name, rows: src.rows, cols: src.cols, maxRows: caps.maxRows, maxCols: caps.maxCols };
    return { cellErrors: [], code: 'too_large', key: 'cell.tooLarge', vars, message: fill(FAILURE_MESSAGES.tooLarge, vars) };
  }
  return null;
}

/** Why the core would refuse `state` from its shapes alone (a size or a cost over its limits), or null. Builds nothing. */
export function refusal(state: State, caps: Caps, work: Work = estimateWork(state)): Failure | null {
  const big = oversized(state, caps);
  if (big) return big;
  for (const call of work.calls) {
    const message = costMessage(call, caps);
    if (message) return { cellErrors: [], code: 'too_large', message };
  }
  return null;
}

/** Where to compute `state`, given the core's limits. */
export function routeOf(state: State, limits: Partial<Limits>): Route {
  const work = estimateWork(state);
  const failure = refusal(state, capsOf(limits), work);
  if (failure) return { kind: 'refused', work, failure };
  const heavy = work.multiplyAdds > WORKER_MULTIPLY_ADDS || work.resultBytes > WORKER_RESULT_BYTES;
  return { kind: heavy ? 'worker' : 'sync', work };
}
