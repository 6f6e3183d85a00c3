// masks.ts — the mask the state asks for, as the core takes it (1 = visible),
// and its complement the heatmaps shade (1 = hidden).
//
// Masks are patterns over positions: key j sits at position j, query i at
// first + i, where the state's alignment says where the queries start
// (options.ts: queryOffset): 0 top-left (PyTorch's is_causal, seed 004),
// n_k − n_q bottom-right (decoding). The causal mask and the built patterns
// (sliding window, prefix-LM, local + global, dilated, BigBird) come from the
// core's builders (core.causal_mask, core/mask-patterns.ts), which are
// square: (n, n) over n positions; the mask is its rows first … first + n_q − 1
// and columns 0 … n_k − 1. Bottom-right with more queries than keys has no
// such rows and is refused with the shapes named. A bad parameter throws the
// core's own AttentionError (compute() shows its message and keeps the
// inputs). Top-left causal is the core's causal_mask(n_q, n_k) (j ≤ i).

import { AttentionError, type Core, type TypedMask } from '../core/core';
import { queryOffset, type Alignment, type MaskMode, type MaskParams } from './options';
import type { State } from './state';

/** The built patterns: the modes made by a mask_patterns builder from MaskParams. */
export type BuiltMode = 'window' | 'prefix' | 'localglobal' | 'dilated' | 'bigbird';

/** Is `mode` one of the built patterns? */
export function isBuilt(mode: MaskMode): mode is BuiltMode {
  return mode === 'window' || mode === 'prefix' || mode === 'localglobal' || mode === 'dilated' || mode === 'bigbird';
}

/** The core's builder of each built pattern, as its errors name it. */
const BUILDER: Record<BuiltMode, string> = {
  window: 'sliding_window_mask',
  prefix: 'prefix_lm_mask',
  localglobal: 'local_global_mask',
  dilated: 'dilated_mask',
  bigbird: 'bigbird_mask',
};

/** The (n, n) pattern of a built mode with the state's parameters; throws the core's AttentionError for a bad one. */
export function patternOf(core: Core, mode: BuiltMode, p: MaskParams, n: number): TypedMask {
  const b = core.typed;
  switch (mode) {
    case 'window':
      return b.sliding_window_mask(n, p.window);
    case 'prefix':
      return b.prefix_lm_mask(n, p.prefix);
    case 'localglobal':
      return b.local_global_mask(n, p.window, p.globals);
    case 'dilated':
      return b.dilated_mask(n, p.window, p.dilation);
    case 'bigbird':
      return b.bigbird_mask(n, p.block, { random_blocks: p.randomBlocks, seed: p.maskSeed });
  }
}

/** Rows first … first + n_q − 1, columns 0 … n_k − 1 of an (n, n) pattern: the queries at their positions. */
export function rowsAt(m: TypedMask, first: number, n_q: number, n_k: number): TypedMask {
  if (first === 0 && n_q === m.rows && n_k === m.cols) return m;
  const data = new Uint8Array(n_q * n_k);
  for (let i = 0; i < n_q; i++) data.set(m.data.subarray((first + i) * m.cols, (first + i) * m.cols + n_k), i * n_k);
  return { data, rows: n_q, cols: n_k };
}

/** The pattern `build(n)` for n_q queries at `first` … and n_k keys; bottom-right with more queries than keys is refused, naming `fn`. */
function positioned(fn: string, build: (n: number) => TypedMask, align: Alignment, n_q: number, n_k: number): TypedMask {
  const first = queryOffset(align, n_q, n_k);
  if (first < 0)
    throw new AttentionError(
      `${fn}: n_q = ${n_q} queries but n_k = ${n_k} keys: aligned bottom-right, the queries are the last n_q of ` +
        `the n_k key positions (as in decoding), so n_q must be at most n_k; ` +
        `use Q with at most ${n_k} rows or K with at least ${n_q} rows, or align the queries top-left`,
      'shape',
    );
  return rowsAt(build(Math.max(n_k, first + n_q)), first, n_q, n_k);
}

/**
 * The causal mask with the queries bottom-right: query i sees j ≤ i + n_k − n_q. With more queries than keys the
 * first n_q − n_k see no key (their weights are 0, as FlashAttention's bottom-right causal), the rest causal_mask(n_k).
 */
function causalBottomRight(core: Core, n_q: number, n_k: number): TypedMask {
  if (n_q <= n_k) return positioned('causal_mask', (n) => core.typed.causal_mask(n), 'bottom-right', n_q, n_k);
  const data = new Uint8Array(n_q * n_k); // the first n_q − n_k rows: 0
  data.set(core.typed.causal_mask(n_k).data, (n_q - n_k) * n_k);
  return { data, rows: n_q, cols: n_k };
}

/** The custom mask resized to (n_q, n_k): new cells are visible. */
export function fitMask(mask: boolean[][], n_q: number, n_k: number): boolean[][] {
  return Array.from({ length: n_q }, (_, i) => Array.from({ length: n_k }, (_, j) => mask[i]?.[j] ?? true));
}

/** The custom mask as (n_q, n_k) bytes: fitMask's cells, written straight into the bytes (no array of arrays). */
function customBytes(custom: boolean[][], n_q: number, n_k: number): TypedMask {
  const data = new Uint8Array(n_q * n_k).fill(1);
  const rows = Math.min(n_q, custom.length);
  for (let i = 0; i < rows; i++) {
    const row = custom[i] ?? [];
    for (let j = 0, n = Math.min(n_k, row.length); j < n; j++) data[i * n_k + j] = (row[j] ?? true) ? 1 : 0;
  }
  return { data, rows: n_q, cols: n_k };
}

/**
 * The mask a state asks for, as (n_q, n_k) with 1 = visible, or null; throws for a bad parameter. The state is
 * as its operation applies it (ops/index.ts: applied), so its mode is one the operation takes.
 */
export function maskFor(core: Core, state: Pick<State, 'mask' | 'customMask' | 'maskParams' | 'align'>, n_q: number, n_k: number): TypedMask | null {
  const mode = state.mask;
  if (mode === 'causal' && state.align === 'top-left') return core.typed.causal_mask(n_q, n_k);
  if (mode === 'causal') return causalBottomRight(core, n_q, n_k);
  if (mode === 'custom') return customBytes(state.customMask, n_q, n_k);
  if (isBuilt(mode)) return positioned(BUILDER[mode], (n) => patternOf(core, mode, state.maskParams, n), state.align, n_q, n_k);
  return null;
}

/** A mask as rows of booleans (true = visible). */
export function maskRows(m: TypedMask): boolean[][] {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), (x) => x !== 0));
}

/** 1 = hidden, from a mask where 1 = visible. */
export function hiddenOf(mask: TypedMask | null): Uint8Array | null {
  if (!mask) return null;
  const hidden = new Uint8Array(mask.data.length);
  for (let p = 0; p < hidden.length; p++) hidden[p] = mask.data[p] ? 0 : 1;
  return hidden;
}
