// spec.ts — what an operation is to the page: one descriptor per operation
// (ops/<op>.ts), listed once in ops/index.ts. The page never asks "is this
// multi_head?": the panels, the state, the export, the presets, the embed and
// the positions read the descriptor's inputs and flags, and compute() calls
// its run.

import type { Words } from '../../base/words';
import type { Core } from '../../core/core';
import { MASK_MODES, type MaskMode } from '../options';
import type { Preset } from '../examples';
import type { MatrixName, State } from '../state';
import type { Inputs, View } from '../view';
import type { Call } from './cost';
import type { Operation } from './ids';

/** Every mask mode, in menu order: what an operation with Q, K, V takes. */
export const ALL_MASKS: readonly MaskMode[] = MASK_MODES;

/** How an operation splits into heads. */
export type HeadsKind =
  /** one head */
  | 'one'
  /** h heads over the width (the h field, the head whose steps are shown) */
  | 'split'
  /** query heads sharing key/value heads (the query-heads and key/value-heads fields) */
  | 'grouped';

/** What the page offers an operation: which controls, masks, positions and panels apply to it. */
export interface OpFlags {
  heads: HeadsKind;
  /** Self-attention on X (X's rows are the queries and the keys) rather than separate Q, K, V. */
  selfInput: boolean;
  /** The mask modes it takes, in menu order. */
  masks: readonly MaskMode[];
  /** It takes positions (sinusoidal, RoPE, ALiBi). */
  positions: boolean;
  /** The vector plane draws its heads' q and k (and lets them be dragged when they are the inputs). */
  plane: boolean;
  /** The softmax sliders (temperature, query length) apply. */
  sliders: boolean;
  /** The "divide by √d_k" checkbox applies. */
  scaleOption: boolean;
  /** The LayerNorm eps field applies. */
  eps: boolean;
  /** Choosing it in the menu turns the causal mask on (the seed's head is causal). */
  opensCausal: boolean;
  /** The tile stepper steps through its own Q, K, V (else a seeded example). */
  tiles: boolean;
  /** The KV-cache stepper decodes its own inputs and projections (else a seeded example). */
  kvCache: boolean;
  /** Its cost grows with the score matrix (n_q·n_k), so the mask line says how a mask changes it. */
  quadratic: boolean;
}

/** The PyTorch export of an operation: the tensors written out, the definitions it needs, its lines. */
export interface OpExport {
  /** The input matrices written as tensors, in order. */
  tensors: readonly MatrixName[];
  /** Bias vectors written as 1-D tensors, or `None` when absent. */
  vectors: readonly MatrixName[];
  /** It calls multi_head (the export defines it). */
  multiHead: boolean;
  /** Its lines, after the definitions; they leave `out` and `weights`. */
  lines(state: State): string[];
}

/** What computing an operation costs: its core calls, and the (heads, n_q, n_k) of its weights. */
export interface OpCost {
  calls: Call[];
  heads: number;
  nq: number;
  nk: number;
}

/** One operation of the playground. */
export interface OpSpec {
  id: Operation;
  /** The matrices it reads, in display order. */
  inputs: readonly MatrixName[];
  /** Inputs that may be left empty (a bias vector: empty = no bias). */
  optional: readonly MatrixName[];
  flags: OpFlags;
  /** Give the state every input it reads, keeping what fits (used when the operation is chosen). */
  ensureInputs(s: State): void;
  /**
   * Run it through the typed core on its inputs. `state` is applied: its mask and positions are ones the
   * operation takes (ops/index.ts: applied). Throws the core's AttentionError for what the core refuses.
   */
  run(core: Core, state: State, x: Inputs): View;
  /** Its calls and their cost (asked of the core), from the input shapes alone (d gives a matrix's (rows, cols)). */
  cost(core: Core, state: State, d: (name: MatrixName) => readonly [number, number]): OpCost;
  /** A line under the options about this state (an i18n key and its variables; numbers are grouped in the page's language), or null. */
  note?(state: State): { key: string; vars: Record<string, number | string> } | null;
  /** "Copy as PyTorch". */
  pytorch: OpExport;
  /** Its examples in the preset menu. */
  presets: readonly Preset[];
  /** Its words: the menu label 'op.<id>' and its presets' labels, in English and 中文. */
  words: Words<Readonly<Record<string, string>>>;
}
