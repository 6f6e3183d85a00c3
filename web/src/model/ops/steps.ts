// steps.ts — what every operation's run shares: the five steps of one head
// (scores, scaled, masked, weights, out) as the steps panel shows them, and
// a head's column slice.

import type { Core, TypedMask, TypedMatrix } from '../../core/core';
import { firstRows, firstSteps, STEP_ROWS, type HeadParts } from '../parts';
import type { PositionStep } from '../positions';
import { named, type NamedMatrix } from '../view';
import type { NameKey } from '../words';

/** Columns [first, first + width) of M: one head's slice. */
export function columns(M: TypedMatrix, first: number, width: number): TypedMatrix {
  const data = new Float64Array(M.rows * width);
  for (let i = 0; i < M.rows; i++) data.set(M.data.subarray(i * M.cols + first, i * M.cols + first + width), i * width);
  return { data, rows: M.rows, cols: width };
}

/** A step of positions (positions.ts) with its first STEP_ROWS rows, named with its whole shape. */
const step = (s: PositionStep): NamedMatrix => named(s.key, firstRows(s.m, STEP_ROWS), s.vars, s.m.rows);

/**
 * How stepsOf computes: the scaling, the temperature, and the head's parts when it has them; with positions, the
 * head's bias (ALiBi), the steps before the scores (PE added, q and k turned) and the bias as a step.
 */
export type StepsOptions = {
  scale: boolean;
  temperature?: number;
  whole?: HeadParts | null;
  bias?: TypedMatrix | null;
  before?: PositionStep[];
  biasStep?: PositionStep | null;
};

/** The name of the scaled step: with or without √d_k, τ and a bias. */
function scaledName(s: TypedMatrix, n: number, dk: number, scale: boolean, tau: number, bias: boolean): NamedMatrix {
  const b = bias ? 'Bias' : '';
  if (tau !== 1) return named(`step.scaledTau${scale ? '' : 'Off'}${b}` as NameKey, s, { dk, tau }, n);
  return named(`step.scaled${scale ? '' : 'Off'}${b}` as NameKey, s, scale ? { dk } : {}, n);
}

/**
 * The five steps of attention for one head's Q, K, V, of the first STEP_ROWS queries (each named with its whole
 * shape). A head with parts (parts.ts) has them for every query already: their first rows, without another call.
 */
export function stepsOf(core: Core, Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask: TypedMask | null, o: StepsOptions): NamedMatrix[] {
  const { scale, temperature = 1, whole, bias = null } = o;
  const r = Math.min(Q.rows, STEP_ROWS);
  const s = whole
    ? firstSteps(whole, r)
    : core.typed.attention_steps(firstRows(Q, r), K, V, mask && firstRows(mask, r), { scale, temperature, bias: bias && firstRows(bias, r) });
  const n = Q.rows;
  return [
    ...(o.before ?? []).map(step),
    named('step.scores', s.scores, {}, n),
    ...(o.biasStep ? [step(o.biasStep)] : []),
    scaledName(s.scaled, n, Q.cols, scale, temperature, !!bias),
    named('step.masked', s.masked, {}, n),
    named('step.weights', s.weights, {}, n),
    named('step.out', s.out, {}, n),
  ];
}
