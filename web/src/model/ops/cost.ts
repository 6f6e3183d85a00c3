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

/** The cost of calling `fn` with these sizes (in the order of cpp/cost.h). */
export function call(core: Core, fn: string, dims: number[]): Call {
  return { fn, ...core.typed.call_cost(fn, dims) };
}

/** The steps of the first STEP_ROWS queries (attention_steps). */
export function stepsCall(core: Core, nq: number, nk: number, dk: number, dv: number): Call {
  return call(core, 'attention_steps', [Math.min(nq, STEP_ROWS), nk, dk, dv]);
}
