// index.ts — the one list of operations, and what the page asks of the
// state's operation through it: its descriptor, the state as the operation
// applies it (a mask or position mode it does not take reads as none), the
// score shape, the heads ALiBi gives slopes to, every input any operation reads.

import { mergeWords } from '../../base/words';
import { sizeOf } from '../examples';
import type { MaskMode, Positions } from '../options';
import type { MatrixName, State } from '../state';
import { attention } from './attention';
import { block } from './block';
import { gqa } from './gqa';
import { OPERATIONS, type Operation } from './ids';
import { linear } from './linear';
import { multiHead } from './multi-head';
import { singleHead } from './single-head';
import type { OpSpec } from './spec';

export { OPERATIONS, type Operation } from './ids';
export type { HeadsKind, OpFlags, OpSpec } from './spec';

/** Every operation's descriptor, by name (the type checks that each name of ids.ts has one). */
export const OPS = {
  attention,
  multi_head: multiHead,
  block,
  single_head: singleHead,
  gqa,
  linear,
} satisfies Record<Operation, OpSpec>;

/** The descriptors in menu order. */
export const OP_LIST: readonly OpSpec[] = OPERATIONS.map((id) => OPS[id]);

/** The descriptor of the state's operation. */
export function opOf(state: Pick<State, 'op'>): OpSpec {
  return OPS[state.op];
}

/** The mask mode the state's operation applies: the state's own, or 'none' when the operation cannot take it. */
export function appliedMask(state: Pick<State, 'op' | 'mask'>): MaskMode {
  return opOf(state).flags.masks.includes(state.mask) ? state.mask : 'none';
}

/** The positions the state's operation uses: 'none' for an operation without them. */
export function appliedPositions(state: Pick<State, 'op' | 'positions'>): Positions {
  return opOf(state).flags.positions ? state.positions : 'none';
}

/** The state as its operation applies it (the same object when nothing differs): what the operations' runs are given. */
export function applied(state: State): State {
  const [mask, positions] = [appliedMask(state), appliedPositions(state)];
  return mask === state.mask && positions === state.positions ? state : { ...state, mask, positions };
}

/** (n_q, n_k) of the score matrix, from the input shapes alone (no cell is read): X's rows for self-attention on X. */
export function scoreShape(s: State): [number, number] {
  if (opOf(s).flags.selfInput) {
    const x = sizeOf(s.matrices.X)?.[0] ?? 1;
    return [x, x];
  }
  return [sizeOf(s.matrices.Q)?.[0] ?? 1, sizeOf(s.matrices.K)?.[0] ?? 1];
}

/** The number of heads of the state's operation that positions (ALiBi's slopes) apply to: h when it splits into heads, else 1. */
export function headsOf(state: State): number {
  return opOf(state).flags.heads === 'split' ? state.h : 1;
}

/** Give the state every input its operation reads, keeping what is there (used when the operation changes). */
export function ensureInputs(s: State): void {
  opOf(s).ensureInputs(s);
}

/**
 * A state read from a link, with the inputs its operation reads that the link leaves out (a link written by hand,
 * `#op=block&h=2`) made as choosing the operation makes them. A link that names them all, as every link the page
 * writes does, is kept exactly as written (projections that do not fit stay, and so does their error).
 */
export function withMissingInputs(s: State): State {
  const op = opOf(s);
  if (op.inputs.some((name) => !op.optional.includes(name) && s.matrices[name] === undefined)) op.ensureInputs(s);
  return s;
}

/** Every matrix any operation reads, in the order of the operations and their inputs. */
export const ALL_INPUTS: readonly MatrixName[] = [...new Set(OP_LIST.flatMap((o) => o.inputs))];

/** The operations' words (their menu labels and their presets'), merged. */
export const OP_WORDS = mergeWords(Object.values(OPS).map((o) => o.words));

/** Every input that may be left empty (a bias vector: empty = no bias). */
export const ALL_OPTIONAL: ReadonlySet<MatrixName> = new Set(OP_LIST.flatMap((o) => o.optional));
