// route.ts — where a state is computed, decided from its shapes before any of
// its inputs is built (the core is asked what each call costs, nothing is run):
//
//   refused  a random source over the core's size limits, or a core call over
//            its per-call caps (maxMultiplyAdds, maxResultBytes): the failure
//            the core itself would give, with what to reduce — at once, with
//            nothing generated (a 4096 × 4096 random source alone takes a second);
//   worker   more than WORKER_MULTIPLY_ADDS of work or WORKER_RESULT_BYTES of
//            results: computed by the same compute() in a Web Worker, so the
//            page never blocks (worker/);
//   sync     the rest, computed at once on the page, as always.

import type { Core, Limits } from '../core/core';
import { fill } from '../base/fill';
import { opOf } from './ops/index';
import type { State } from './state';
import type { Failure } from './view';
import { estimateWork, type Work } from './work';
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

/** Why the core would refuse `state` from its shapes alone (a size over its limits, or a call over its caps: the core's own message), or null. Builds nothing. */
export function refusal(core: Core, state: State, work: Work = estimateWork(core, state)): Failure | null {
  const big = oversized(state, capsOf(core.limits()));
  if (big) return big;
  const over = work.calls.find((c) => c.message !== null);
  return over ? { cellErrors: [], code: 'too_large', message: over.message ?? '' } : null;
}

/** Where to compute `state`. */
export function routeOf(core: Core, state: State): Route {
  const work = estimateWork(core, state);
  const failure = refusal(core, state, work);
  if (failure) return { kind: 'refused', work, failure };
  const heavy = work.multiplyAdds > WORKER_MULTIPLY_ADDS || work.resultBytes > WORKER_RESULT_BYTES;
  return { kind: heavy ? 'worker' : 'sync', work };
}
