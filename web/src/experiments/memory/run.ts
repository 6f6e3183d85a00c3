// run.ts — the memory experiment: memory and time against n (pure: no DOM).
//
// For each n: one flash_attention call (Dao et al. 2022: tiles of keys and an
// online softmax, never the n × n matrix) and, while n is within attention()'s
// limits (core.limits().maxRows, maxWeights), one attention call, on seeded
// random (n, d) Q, K, V made in WASM (core.experiments.memory_point). Each
// call's peak memory is the high-water mark of the bytes the C++ core holds
// during it above those held before it (its result and its scratch, not the
// inputs); the WASM memory's size before and after each call is kept too (it
// only grows: all flash calls run first, then the attention calls, so each
// flash growth is its own). Log–log slopes of memory and time against n
// (core.experiments.fit_loglog_slope): memory ≈ 2 for attention, ≈ 1 for
// flash; time ≈ 2 for both.

import type { Core, Limits, LogLogFit } from '../../core/core';
import { AttentionError } from '../../core/core';
import type { MemoryOp } from '../../core/memory';
import { progress, type ProgressFn } from '../settings';
import type { MemorySettings } from './settings';

/** The fits start at this n when a series has two points there (smaller n are dominated by fixed costs). */
export const MEMORY_FIT_FROM_N = 1024;

/** One measured call. */
export interface MemoryRow {
  n: number;
  /** time of the call, ms (emscripten_get_now around it) */
  ms: number;
  /** the call's own peak memory: high-water mark of the C++ heap bytes in use above those in use before it */
  peakBytes: number;
  /** the WASM memory's size before and after the call, bytes */
  heapBefore: number;
  heapAfter: number;
  /** Σ out: proves the call ran, and attention's and flash's agree */
  checksum: number;
}

/** Why attention stopped: the first n it was not run at, the limit, and the bytes its weights would need there. */
export interface AttentionStop {
  /** the first n of the sweep attention did not run at */
  n: number;
  /** the largest n it ran at (0 if none) */
  last: number;
  /** 8·n² bytes of float64 weights at `n` */
  weightBytes: number;
  /** which limit: maxRows, maxWeights, or another the core reported (`message`) */
  limit: 'maxRows' | 'maxWeights' | 'core';
  /** the limit's value (0 for 'core') */
  value: number;
  /** the limit in English (the core's own message for 'core') */
  reason: string;
}

/** The fitted slopes (NaN when a series has fewer than two points), and the smallest n in each fit. */
export interface MemoryFits {
  flashMemory: LogLogFit;
  attentionMemory: LogLogFit;
  flashTime: LogLogFit;
  attentionTime: LogLogFit;
  flashFrom: number;
  attentionFrom: number;
}

/** The memory experiment's result. */
export interface MemoryResult {
  experiment: 'memory';
  settings: MemorySettings;
  flash: MemoryRow[];
  attention: MemoryRow[];
  /** null when attention ran at every n */
  attentionStop: AttentionStop | null;
  fits: MemoryFits;
  /** the WASM memory's size before the first and after the last call */
  heapStart: number;
  heapEnd: number;
  elapsedMs: number;
}

/** Why attention cannot take n (maxRows or maxWeights), or null when it can. */
export function attentionLimit(n: number, limits: Limits): Pick<AttentionStop, 'limit' | 'value' | 'reason'> | null {
  if (n > limits.maxRows) return { limit: 'maxRows', value: limits.maxRows, reason: `n = ${n} is over attention’s limit of ${limits.maxRows} rows (maxRows)` };
  if (n * n > limits.maxWeights)
    return { limit: 'maxWeights', value: limits.maxWeights, reason: `n² = ${n * n} weights is over attention’s limit of ${limits.maxWeights} (maxWeights)` };
  return null;
}

/** One call as a row. */
function measure(core: Core, op: MemoryOp, n: number, s: MemorySettings): MemoryRow {
  const p = core.experiments.memory_point(op, n, s.d, s.causal, s.seed);
  // a timer with coarse resolution can read 0: keep the log–log fit defined
  return { n, ms: Math.max(p.ms, 1e-6), peakBytes: p.peak_bytes, heapBefore: p.heap_before, heapAfter: p.heap_after, checksum: p.checksum };
}

/** The slope of log y against log n over the rows with n ≥ MEMORY_FIT_FROM_N (all rows if fewer than two). */
function fit(core: Core, rows: MemoryRow[], y: (r: MemoryRow) => number): { fit: LogLogFit; from: number } {
  const big = rows.filter((r) => r.n >= MEMORY_FIT_FROM_N);
  const use = (big.length >= 2 ? big : rows).filter((r) => y(r) > 0);
  if (use.length < 2) return { fit: { slope: NaN, intercept: NaN, r2: NaN }, from: NaN };
  return {
    fit: core.experiments.fit_loglog_slope(
      use.map((r) => r.n),
      use.map(y),
    ),
    from: use[0].n,
  };
}

/** Fit memory and time of both calls. */
function fitAll(core: Core, flash: MemoryRow[], attention: MemoryRow[]): MemoryFits {
  const fm = fit(core, flash, (r) => r.peakBytes);
  const am = fit(core, attention, (r) => r.peakBytes);
  return {
    flashMemory: fm.fit,
    attentionMemory: am.fit,
    flashTime: fit(core, flash, (r) => r.ms).fit,
    attentionTime: fit(core, attention, (r) => r.ms).fit,
    flashFrom: fm.from,
    attentionFrom: am.from,
  };
}

/** Run the memory experiment: a warm-up, every flash call, then every attention call within its limits. */
export function runMemory(core: Core, settings: MemorySettings, onProgress: ProgressFn = () => {}): MemoryResult {
  const t0 = performance.now();
  const limits = core.limits();
  const { ns, d, causal } = settings;
  const within = ns.filter((n) => attentionLimit(n, limits) === null);
  const total = 1 + ns.length + within.length;
  const heapStart = core.experiments.heap_stats().heap_size;
  // warm-up: the engine compiles the kernels' optimised code during the first calls; time them afterwards
  progress(onProgress, 0, total, 'exp.step.memWarm');
  const w = Math.min(ns[0], 512);
  core.experiments.memory_point('flash', w, d, causal, settings.seed);
  if (attentionLimit(w, limits) === null) core.experiments.memory_point('attention', w, d, causal, settings.seed);
  const flash: MemoryRow[] = [];
  ns.forEach((n, i) => {
    progress(onProgress, 1 + i, total, 'exp.step.memFlash', { n });
    flash.push(measure(core, 'flash', n, settings));
  });
  const attention: MemoryRow[] = [];
  let attentionStop: AttentionStop | null = null;
  for (const n of ns) {
    const why = attentionLimit(n, limits);
    if (why === null) {
      progress(onProgress, 1 + ns.length + attention.length, total, 'exp.step.memAttention', { n });
      try {
        attention.push(measure(core, 'attention', n, settings));
        continue;
      } catch (e) {
        if (!(e instanceof AttentionError) || e.code !== 'too_large') throw e;
        attentionStop = {
          n,
          last: attention.length ? attention[attention.length - 1].n : 0,
          weightBytes: 8 * n * n,
          limit: 'core',
          value: 0,
          reason: e.message,
        };
        break;
      }
    }
    attentionStop = { n, last: attention.length ? attention[attention.length - 1].n : 0, weightBytes: 8 * n * n, ...why };
    break;
  }
  progress(onProgress, total, total, 'exp.step.fit');
  return {
    experiment: 'memory',
    settings,
    flash,
    attention,
    attentionStop,
    fits: fitAll(core, flash, attention),
    heapStart,
    heapEnd: core.experiments.heap_stats().heap_size,
    elapsedMs: performance.now() - t0,
  };
}
