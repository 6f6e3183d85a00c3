// memory.ts — core.experiments' memory functions (experiment 7;
// cpp/bindings/experiments_bindings.cpp), typed, every argument checked here
// first, errors thrown as AttentionError.
//
//   heap_stats()     the WASM memory's size, the sbrk break, the bytes the C++
//                    side holds (operator new) and their high-water mark
//   memory_point()   one attention or flash_attention call on seeded random
//                    (n, d) Q, K, V made in WASM: its time and its own peak
//                    memory (result and scratch, not the inputs)

import { unwrapData } from './errors';
import { count, fail, flag } from './validate';
import type { RawCore, RawMemoryPoint } from './wasm/attention_core.mjs';

/** Which call memory_point measures: attention() (keeps the n × n weights) or flash_attention() (tiles). */
export type MemoryOp = 'attention' | 'flash';

/** The two calls, in the order the experiment measures them. */
export const MEMORY_OPS: readonly MemoryOp[] = ['flash', 'attention'];

/** One measured call: ms, peak_bytes (the call's high-water mark above what was held before it), the WASM memory's size before and after, Σ out. */
export type MemoryPoint = RawMemoryPoint;

/** The WASM heap now: memory size (bytes), sbrk break, bytes held through operator new, and their high-water mark since the last memory_point. */
export interface HeapStats {
  heap_size: number;
  sbrk: number;
  in_use: number;
  peak: number;
}

/** The memory functions of core.experiments. */
export interface MemoryCore {
  /** The WASM heap now. */
  heap_stats(): HeapStats;
  /** One `op` call on random (n, d) Q, K, V drawn from `seed` (Q, K, V in that order), causal or not: time and peak memory. */
  memory_point(op: MemoryOp, n: number, d: number, causal: boolean, seed: number): MemoryPoint;
}

/** The memory functions over the raw module. */
export function makeMemory(raw: RawCore): MemoryCore {
  return {
    heap_stats: () => unwrapData(raw.heap_stats(), 'heap_stats'),
    memory_point: (op, n, d, causal, seed) => {
      const f = 'memory_point';
      if (!(MEMORY_OPS as readonly unknown[]).includes(op)) fail(f, `op must be attention or flash, got ${String(op)}`);
      return unwrapData(raw.memory_point(op, count(f, 'n', n), count(f, 'd', d), flag(f, 'causal', causal), count(f, 'seed', seed)), f);
    },
  };
}
