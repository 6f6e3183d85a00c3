// limits.ts — the size limits the C++ core enforces (cpp/size_limits.h,
// cpp/experiments.h), read from the module's limits() binding: the page
// checks its inputs against these numbers instead of a copy of them.

import type { RawCore, RawLimits } from './wasm/attention_core.mjs';

/**
 * The C++ core's limits; every bound is inclusive. maxRows (n, n_q, n_k) and
 * maxCols (d, widths) are 4096, maxHeads 256, maxBatch 1024, maxWeights
 * (h · n_q · n_k of one call) 2²⁴, maxValues (the values of one argument) 2²⁴,
 * maxMultiplyAdds 2³² and maxResultBytes 256 MiB (one call), maxTrials
 * 100,000, maxScalingPoints 64, maxSeed 2⁵³ − 1. The façade checks its
 * arguments against these (validate.ts).
 */
export type Limits = Readonly<RawLimits>;

let loaded: Limits | null = null;

/** The module's limits, frozen; also remembered as this thread's (see loadedLimits). */
export function readLimits(raw: RawCore): Limits {
  loaded = Object.freeze({ ...raw.limits() });
  return loaded;
}

/**
 * The limits of the core loadCore() has loaded in this thread (page or
 * worker), or null before it has: for code that must check synchronously
 * without a Core at hand (e.g. experiment settings on the page).
 */
export function loadedLimits(): Limits | null {
  return loaded;
}
