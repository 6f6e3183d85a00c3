// positions.ts — how the page puts positions into the operations that take
// them (flags.positions), computed with the core (pure: no DOM). The state is
// as its operation applies it (ops/index.ts: applied): `state.positions` is
// 'none' for an operation without positions.
//
// Key j sits at position j (0 … n_k − 1) and query i at first + i, where the
// state's alignment puts the queries (options.ts: queryOffset): first = 0
// top-left, n_k − n_q bottom-right (as ALiBi's p_i and decoding with a KV
// cache); bottom-right with n_q > n_k is refused (PositionsError).
//
//   sinusoidal  the seed's pos_encoding (Vaswani et al. 2017) added to the
//               inputs: each of Q, K, V (or X) gets the rows of PE at its
//               tokens' positions;
//   RoPE        q and k turned by position (Su et al. 2021): rope(q, offset
//               first), rope(k); the values are not turned;
//   ALiBi       a bias −m_t·|p_i − j| added to head t's scaled scores (Press
//               et al. 2022), m_t = alibi_slopes(h)[t].

import type { Core, TypedMatrix, TypedTensor3 } from '../core/core';
import { AttentionError } from '../core/errors';
import { fill } from '../base/fill';
import { queryOffset } from './options';
import type { Positions, RopePairing, State } from './state';
import type { NameKey, NameVars } from './words';

/** What a head's parts remember of its positions, for the written-out weight and the vector plane. */
export interface PartsPositions {
  kind: Exclude<Positions, 'none'>;
  /** Query i sits at position first + i (0 top-left, n_k − n_q bottom-right); key j at j. */
  first: number;
  /** RoPE's base and pairing. */
  base: number;
  pairing: RopePairing;
  /** ALiBi's slope m of this head (0 otherwise). */
  slope: number;
}

/** The English of a positions failure, 'pos.fail.<name>' in i18n. */
export const POSITIONS_FAILURES = {
  tooManyQueries:
    '{op} with {positions} positions: Q has n_q = {nq} rows but K has n_k = {nk}; aligned bottom-right, the queries sit at the last n_q of the n_k key positions, so n_q must be at most n_k (or align the queries top-left)',
} as const;

/** A failure of the page's positions, with its i18n key and variables (compute.ts passes them on). */
export class PositionsError extends AttentionError {
  /** The i18n key of the message and its variables. */
  readonly key: string;
  readonly vars: Record<string, string | number>;
  constructor(name: keyof typeof POSITIONS_FAILURES, vars: Record<string, string | number>) {
    super(fill(POSITIONS_FAILURES[name], vars), 'shape');
    this.key = `pos.fail.${name}`;
    this.vars = vars;
  }
}

/** The positions' names in a message (method names: the same in every language). */
const POSITION_NAMES: Readonly<Record<Positions, string>> = { none: 'no', sinusoidal: 'sinusoidal', rope: 'RoPE', alibi: 'ALiBi' };

/** Where query 0 sits for the state's alignment (query i at this + i). */
export function firstOf(state: Pick<State, 'align'>, nq: number, nk: number): number {
  return queryOffset(state.align, nq, nk);
}

/** Refuse bottom-right queries with n_q > n_k when positions are on (the queries would be the last n_q of the n_k positions). */
export function checkPositions(state: State, nq: number, nk: number): void {
  const positions = state.positions;
  if (positions !== 'none' && firstOf(state, nq, nk) < 0)
    throw new PositionsError('tooManyQueries', { op: state.op, positions: POSITION_NAMES[positions], nq, nk });
}

/** M plus rows [first, first + M.rows) of the seed's sinusoidal encoding pos_encoding(first + M.rows, M.cols). */
export function addPE(core: Core, M: TypedMatrix, first: number): TypedMatrix {
  const pe = core.typed.pos_encoding(first + M.rows, M.cols); // (first + n, d)
  const data = new Float64Array(M.data.length);
  for (let p = 0; p < data.length; p++) data[p] = M.data[p] + pe.data[first * M.cols + p];
  return { data, rows: M.rows, cols: M.cols };
}

/** RoPE's options of the state: its base and pairing. */
export function ropeOf(state: State): { base: number; pairing: RopePairing } {
  return { base: state.ropeBase, pairing: state.ropePairing };
}

/** M turned by RoPE with the state's base and pairing, row r at position first + r. */
export function rotate(core: Core, state: State, M: TypedMatrix, first: number): TypedMatrix {
  return core.typed.rope(M, { ...ropeOf(state), offset: first });
}

/** ALiBi's biases of h heads, h × n_q × n_k, query i at position first + i: the core's (its p_i is n_k − n_q + i), or rows of its square one. */
export function alibiOf(core: Core, h: number, nq: number, nk: number, first = nk - nq): TypedTensor3 {
  if (first === nk - nq) return core.typed.alibi_bias(h, nq, nk);
  const n = Math.max(nk, first + nq);
  const square = core.typed.alibi_bias(h, n, n); // (h, n, n), p_i = i
  const data = new Float64Array(h * nq * nk);
  for (let t = 0; t < h; t++)
    for (let i = 0; i < nq; i++) data.set(square.data.subarray((t * n + first + i) * n, (t * n + first + i) * n + nk), (t * nq + i) * nk);
  return { data, batch: h, rows: nq, cols: nk };
}

/** Head t's (n_q, n_k) matrix of a stack of biases (a view). */
export function headBias(b: TypedTensor3, t: number): TypedMatrix {
  const size = b.rows * b.cols;
  return { data: b.data.subarray(t * size, (t + 1) * size), rows: b.rows, cols: b.cols };
}

/** What parts.ts keeps of the positions of a head (t of h heads; n_q, n_k), or undefined without positions. */
export function partsPositions(core: Core, state: State, nq: number, nk: number, t = 0, h = 1): PartsPositions | undefined {
  const kind = state.positions;
  if (kind === 'none') return undefined;
  const slope = kind === 'alibi' ? core.typed.alibi_slopes(h)[t] : 0;
  return { kind, first: firstOf(state, nq, nk), base: state.ropeBase, pairing: state.ropePairing, slope };
}

/** A slope as a fraction when it is 1/2^k ("1/256"), else with 4 significant digits. */
export function slopeText(m: number): string {
  const k = -Math.log2(m);
  if (Number.isInteger(k) && k >= 0 && k <= 52) return k === 0 ? '1' : `1/${2 ** k}`;
  return String(Number(m.toPrecision(4)));
}

/** The slopes of h heads as "1/2, 1/4, 1/8, …" (at most `most`, then "…"). */
export function slopesText(slopes: ArrayLike<number>, most = 8): string {
  const all = Array.from(slopes, slopeText);
  return all.length > most ? `${all.slice(0, most).join(', ')}, …` : all.join(', ');
}

/** One line of the shape trace for the positions, or none. */
export function positionsTrace(state: State, nq: number, nk: number, heads = 1): string[] {
  const kind = state.positions;
  if (kind === 'none') return [];
  const first = firstOf(state, nq, nk);
  const where = `queries at positions ${first}…${first + nq - 1}, keys at 0…${nk - 1}`;
  if (kind === 'sinusoidal') return [`+ PE (sinusoidal): ${where}`];
  if (kind === 'rope') return [`RoPE (${state.ropePairing}, base ${state.ropeBase}) on q and k: ${where}`];
  return [`+ ALiBi bias −m·|p_i − j| (${heads} × ${nq} × ${nk}): ${where}`];
}

/** A step that puts positions in: the key of its name, its matrix and its variables. */
export interface PositionStep {
  key: NameKey;
  m: TypedMatrix;
  vars: NameVars;
}

/** Sinusoidal positions: Q, K, V (whole, before any split into heads) with their PE rows added, and those steps; unchanged otherwise. */
export function withPE(
  core: Core,
  state: State,
  Q: TypedMatrix,
  K: TypedMatrix,
  V: TypedMatrix,
): { Q: TypedMatrix; K: TypedMatrix; V: TypedMatrix; steps: PositionStep[] } {
  if (state.positions !== 'sinusoidal') return { Q, K, V, steps: [] };
  const first = firstOf(state, Q.rows, K.rows);
  const to = K.rows - 1;
  const [q, k, v] = [addPE(core, Q, first), addPE(core, K, 0), addPE(core, V, 0)];
  const steps: PositionStep[] = [
    { key: 'step.peQ', m: q, vars: { from: first, to: first + Q.rows - 1 } },
    { key: 'step.peK', m: k, vars: { to } },
    { key: 'step.peV', m: v, vars: { to } },
  ];
  return { Q: q, K: k, V: v, steps };
}

/** One head's q and k as the core compares them (turned by RoPE), its ALiBi bias, and the steps that made them. */
export interface HeadPositions {
  q: TypedMatrix;
  k: TypedMatrix;
  bias: TypedMatrix | null;
  /** The steps before the scores (q and k turned). */
  steps: PositionStep[];
  /** The bias as a step (shown between the scores and the scaled scores), or null. */
  biasStep: PositionStep | null;
}

/** RoPE and ALiBi on head t of h: q (n_q, d_h) and k (n_k, d_h) turned, or the head's bias (from `alibi` when given). */
export function headPositions(core: Core, state: State, q: TypedMatrix, k: TypedMatrix, t: number, h: number, alibi?: TypedTensor3 | null): HeadPositions {
  const kind = state.positions;
  const [nq, nk] = [q.rows, k.rows];
  if (kind === 'rope') {
    const first = firstOf(state, nq, nk);
    const [rq, rk] = [rotate(core, state, q, first), rotate(core, state, k, 0)];
    const steps: PositionStep[] = [
      { key: 'step.ropeQ', m: rq, vars: { from: first, to: first + nq - 1 } },
      { key: 'step.ropeK', m: rk, vars: { to: nk - 1 } },
    ];
    return { q: rq, k: rk, bias: null, steps, biasStep: null };
  }
  if (kind !== 'alibi') return { q, k, bias: null, steps: [], biasStep: null };
  const first = firstOf(state, nq, nk);
  const bias = headBias(alibi ?? alibiOf(core, h, nq, nk, first), t);
  const m = slopeText(core.typed.alibi_slopes(h)[t]);
  const biasStep: PositionStep = first === 0 ? { key: 'step.alibi', m: bias, vars: { m } } : { key: 'step.alibiShift', m: bias, vars: { m, first } };
  return { q, k, bias, steps: [], biasStep };
}
