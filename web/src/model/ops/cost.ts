// cost.ts — the core calls an operation makes, each with its work and result
// size asked of the core itself (core.call_cost: cpp/cost.h, the formulas the
// C++ entry points check), so that a state over the core's caps is refused
// from its shapes alone, with the core's own message, before anything is built.

import type { Core } from '../../core/core';
import { STEP_ROWS } from '../parts';

/** One call into the core, as its cost check sees it. */
export interface Call {
  /** The function called, e.g. "attention". */
  fn: string;
  multiplyAdds: number;
  resultBytes: number;
  /** The core's message when the call is over its caps (what to reduce included), else null. */
  message: string | null;
}

/** The costs asked of each core so far, by function and sizes (a drag asks the same ones on every move). */
const asked = new WeakMap<Core, Map<string, Omit<Call, 'fn'>>>();
/** The most costs kept per core: a page asks a handful per state; past this many the cache starts again. */
const MAX_KEPT = 256;

/** The cost of calling `fn` with these sizes (in the order of cpp/cost.h): a pure function of them, so asked once. */
export function call(core: Core, fn: string, dims: number[]): Call {
  let kept = asked.get(core);
  if (!kept) asked.set(core, (kept = new Map<string, Omit<Call, 'fn'>>()));
  const key = `${fn}(${dims.join()})`;
  let cost = kept.get(key);
  if (!cost) {
    if (kept.size >= MAX_KEPT) kept.clear();
    cost = core.typed.call_cost(fn, dims);
    kept.set(key, cost);
  }
  return { fn, ...cost };
}

/** The steps of the first STEP_ROWS queries (attention_steps). */
export function stepsCall(core: Core, nq: number, nk: number, dk: number, dv: number): Call {
  return call(core, 'attention_steps', [Math.min(nq, STEP_ROWS), nk, dk, dv]);
}
