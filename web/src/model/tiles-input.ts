// tiles-input.ts — what the tile stepper runs on, read from the
// state: attention's Q, K, V as typed (the scale switch followed; temperature,
// query length and positions are left out, and a note says so), or for every
// other operation a seeded 8 × 4 example (Q, K, V from random_normal with seeds
// 1, 2, 3, two decimals) with a note; causal when the mask is causal, none when
// it is none, and for the other masks none with a note (flash here takes causal
// or none). More than MAX_TILE_TOKENS queries or keys: nothing, and a note.
// Then the trace (core.typed.flash_trace) and the full pass it is checked
// against (core.typed.attention with the same causal mask).

import type { Core, TypedMatrix } from '../core/core';
import { readMatrix } from './inputs';
import { appliedMask, opOf } from './ops/index';
import type { MatrixSource, State } from './state';
import { largestDifference, scaledScores, type TypedTrace } from './tiles';

/** The most queries or keys the tile stepper shows. */
export const MAX_TILE_TOKENS = 16;

/** A note under the stepper: an i18n key (tiles.note.*) and its variables. */
export interface TileNote {
  key: string;
  vars?: Record<string, string | number>;
}

/** What the stepper runs on: Q, K, V, causal or not, and the scale switch. */
export interface TileInputs {
  Q: TypedMatrix;
  K: TypedMatrix;
  V: TypedMatrix;
  causal: boolean;
  scale: boolean;
}

/** The seeded example used for operations other than attention: 8 tokens, d = 4, two decimals. */
export const EXAMPLE_SHAPE: readonly [number, number] = [8, 4];

/** The seeded 8 × 4 example matrix number `seed` (1: Q, 2: K, 3: V). */
function example(core: Core, seed: number): TypedMatrix {
  const m = core.typed.random_normal(EXAMPLE_SHAPE[0], EXAMPLE_SHAPE[1], seed, 1);
  for (let k = 0; k < m.data.length; k++) m.data[k] = Math.round(m.data[k] * 100) / 100 || 0;
  return m;
}

/** The rows of a matrix source (0 for none). */
function rowsOf(src: MatrixSource | undefined): number {
  return !src ? 0 : src.kind === 'random' ? src.rows : src.cells.length;
}

/** Q, K, V of attention as typed, or null (and a note) when one cannot be read. */
function typedInputs(core: Core, state: State, notes: TileNote[]): [TypedMatrix, TypedMatrix, TypedMatrix] | null {
  const read = (name: 'Q' | 'K' | 'V') => {
    try {
      return readMatrix(core, state, name).m;
    } catch {
      return null;
    }
  };
  const [Q, K, V] = [read('Q'), read('K'), read('V')];
  if (!Q || !K || !V) {
    notes.push({ key: 'tiles.note.unread' });
    return null;
  }
  if (state.temperature !== 1 || state.qLength !== 1 || state.positions !== 'none') notes.push({ key: 'tiles.note.plain' });
  return [Q, K, V];
}

/** The stepper's inputs for `state`, or the notes saying why there are none. */
export function tileInputs(core: Core, state: State): { inputs: TileInputs | null; notes: TileNote[] } {
  const notes: TileNote[] = [];
  const mode = appliedMask(state);
  if (mode !== 'none' && mode !== 'causal') notes.push({ key: 'tiles.note.mask', vars: { mask: mode } });
  const causal = mode === 'causal';
  let qkv: [TypedMatrix, TypedMatrix, TypedMatrix] | null;
  const [nq, nk] = [rowsOf(state.matrices.Q), rowsOf(state.matrices.K)];
  const own = opOf(state).flags.tiles;
  if (own && (nq > MAX_TILE_TOKENS || nk > MAX_TILE_TOKENS)) {
    notes.push({ key: 'tiles.note.tooMany', vars: { max: MAX_TILE_TOKENS, nq, nk } }); // not read: a large input is not generated twice
    return { inputs: null, notes };
  }
  if (own) qkv = typedInputs(core, state, notes);
  else {
    notes.push({ key: 'tiles.note.example', vars: { op: state.op, n: EXAMPLE_SHAPE[0], d: EXAMPLE_SHAPE[1] } });
    qkv = [example(core, 1), example(core, 2), example(core, 3)];
  }
  if (!qkv) return { inputs: null, notes };
  const [Q, K, V] = qkv;
  if (causal && Q.rows !== K.rows && state.align === 'bottom-right') notes.push({ key: 'tiles.note.align' });
  if (Q.cols !== K.cols || K.rows !== V.rows) {
    notes.push({ key: 'tiles.note.shapes' });
    return { inputs: null, notes };
  }
  return { inputs: { Q, K, V, causal, scale: opOf(state).flags.scaleOption ? state.scale : true }, notes };
}

/** The trace of `x` in tiles of `size`, the scores it reads, and the check against the full softmax (attention's out with the same mask). */
export interface TileRun {
  trace: TypedTrace;
  scores: TypedMatrix;
  /** attention()'s out on the same Q, K, V, mask and scale. */
  full: TypedMatrix;
  /** The largest |trace out − attention out|. */
  difference: number;
}

/** Run the trace and the full pass (both through the core); throws the core's AttentionError for what it refuses. */
export function runTiles(core: Core, x: TileInputs, size: number): TileRun {
  const trace = core.typed.flash_trace(x.Q, x.K, x.V, { causal: x.causal, scale: x.scale, block_k: size });
  const mask = x.causal ? core.typed.causal_mask(x.Q.rows, x.K.rows) : null;
  const full = core.typed.attention(x.Q, x.K, x.V, mask, { scale: x.scale }).out;
  return { trace, scores: scaledScores(x.Q, x.K, x.scale), full, difference: largestDifference(trace.out, full) };
}
