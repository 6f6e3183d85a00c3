// masks.ts — the mask the state asks for, as the core takes it (1 = visible),
// and its complement the heatmaps shade (1 = hidden).

import type { Core, TypedMask } from '../core/core';
import type { State } from './state';

/** The custom mask resized to (n_q, n_k): new cells are visible. */
export function fitMask(mask: boolean[][], n_q: number, n_k: number): boolean[][] {
  return Array.from({ length: n_q }, (_, i) => Array.from({ length: n_k }, (_, j) => mask[i]?.[j] ?? true));
}

/** The mask the state asks for, as (n_q, n_k) with 1 = visible, or null. */
export function maskFor(core: Core, state: State, n_q: number, n_k: number): TypedMask | null {
  if (state.mask === 'causal') return core.typed.causal_mask(n_q, n_k);
  if (state.mask === 'custom') {
    // fitMask's cells, written straight into the bytes (no n_q × n_k array of arrays)
    const data = new Uint8Array(n_q * n_k).fill(1);
    const rows = Math.min(n_q, state.customMask.length);
    for (let i = 0; i < rows; i++) {
      const row = state.customMask[i] ?? [];
      for (let j = 0, n = Math.min(n_k, row.length); j < n; j++) data[i * n_k + j] = (row[j] ?? true) ? 1 : 0;
    }
    return { data, rows: n_q, cols: n_k };
  }
  return null;
}

export /** 1 = hidden, from a mask where 1 = visible. */
function hiddenOf(mask: TypedMask | null): Uint8Array | null {
  if (!mask) return null;
  const hidden = new Uint8Array(mask.data.length);
  for (let p = 0; p < hidden.length; p++) hidden[p] = mask.data[p] ? 0 : 1;
  return hidden;
}
