// settings.ts — the memory experiment's settings: the sequence lengths n, the
// width d, the causal mask and the seed; their defaults, their check against
// the core's limits (n·d and flash_attention's work at the largest n), and the
// form's fields.

import type { Limits } from '../../core/core';
import { collect, currentLimits, readBool, readList, readWhole, type RawInput, type Read, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

/** Settings of the memory experiment. */
export interface MemorySettings {
  /** the sequence lengths, ascending, no repeats */
  ns: number[];
  /** width of Q, K, V */
  d: number;
  /** causal mask (flash skips the tiles above the diagonal) */
  causal: boolean;
  seed: number;
}

/** n = 256 … 32,768 (powers of 2), d = 64, causal, seed 7. */
export const DEFAULT_MEMORY: MemorySettings = { ns: [256, 512, 1024, 2048, 4096, 8192, 16384, 32768], d: 64, causal: true, seed: 7 };

/** The most values of n in one run. */
export const MEMORY_MAX_POINTS = 16;

/** The work of one flash call in multiply-adds: 2d per visible (query, key) pair (cpp/flash_attention.h). */
export function flashWork(n: number, d: number, causal: boolean): number {
  return (causal ? (n * (n + 1)) / 2 : n * n) * 2 * d;
}

/** Read the list of n: whole numbers 1 … maxFlashRows, at most MEMORY_MAX_POINTS, sorted, repeats dropped. */
function readNs(raw: unknown, limits: Limits): Read<number[]> {
  const r = readList('n', raw, 1, limits.maxFlashRows, 'n');
  if ('error' in r) return r;
  const ns = [...new Set(r.value)].sort((a, b) => a - b);
  if (ns.length === 0) return { error: 'n: give at least one value' };
  if (ns.length > MEMORY_MAX_POINTS) return { error: `n: ${ns.length} values is over the limit of ${MEMORY_MAX_POINTS}` };
  return { value: ns };
}

/** Check raw memory settings: the n list, d ≤ maxCols, causal, seed; then n·d and flash's work at the largest n. */
export function validateMemory(input?: RawInput<MemorySettings>, limits: Limits = currentLimits()): Validation<MemorySettings> {
  const v = collect(input, DEFAULT_MEMORY, {
    ns: (raw) => readNs(raw, limits),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    causal: (raw) => readBool('causal', raw),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
  });
  if (!v.ok) return v;
  const { ns, d, causal } = v.settings;
  const n = ns[ns.length - 1];
  if (n * d > limits.maxValues)
    return { ok: false, errors: { ns: `n = ${n} with d = ${d}: n·d = ${n * d} values per matrix is over the limit of ${limits.maxValues}` } };
  const work = flashWork(n, d, causal);
  if (work > limits.maxFlashMultiplyAdds)
    return {
      ok: false,
      errors: { ns: `n = ${n} with d = ${d}: ${work} multiply-adds is over flash_attention’s limit of ${limits.maxFlashMultiplyAdds}` },
    };
  return v;
}

/** The memory experiment's settings and its form. */
export const SETTINGS: SettingsSpec<MemorySettings> = {
  defaults: DEFAULT_MEMORY,
  validate: validateMemory,
  fields: [
    { key: 'ns', label: 'exp.field.nList', kind: 'text', value: DEFAULT_MEMORY.ns.join(', '), wide: true },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_MEMORY.d) },
    { key: 'causal', label: 'opt.mask.causal', kind: 'checkbox', value: String(DEFAULT_MEMORY.causal) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_MEMORY.seed) },
  ],
};
