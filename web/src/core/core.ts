// core.ts — the one door to the WebAssembly core.
//
// loadCore() loads the module once and returns typed functions with the seed
// contract's names. Two forms, and the experiments:
//   * the friendly form takes and returns plain arrays (number[][], boolean[][]);
//   * `core.typed` takes and returns Float64Array + shape, for large inputs;
//   * `core.experiments` runs the seed 003 experiments' core calls;
//   * `core.limits()` gives the size limits the C++ core enforces.
// The module comes in three builds with the same numbers: with WebAssembly SIMD128
// (attention_core.{mjs,wasm}), without (attention_core_nosimd.{mjs,wasm}, for an
// engine without SIMD) and with SIMD128 and two threads (attention_core_mt, where
// the context is cross-origin isolated: threads-build.ts); loadCore picks by
// feature detection (simd.ts), or as told (builds.ts: which build, and how it is made).
// Every bad input throws an AttentionError (a real Error) whose message names
// the function, the argument and the shapes. Arguments are checked in JS
// before anything crosses into WebAssembly (validate.ts), so no JS error is
// ever thrown inside a call into the WASM, and the module keeps working after.
//
// The parts: errors.ts (AttentionError, unwrap), types.ts (the shapes and the
// Core / TypedCore interfaces), validate.ts (the argument checks), convert.ts
// (plain ⇄ typed arrays), typed.ts, friendly.ts, experiments.ts, limits.ts.
// Import from here.

import createAttentionCore from './wasm/attention_core.mjs';
import { buildOf, factoryOf, threadsAllowed, type ModuleBuilds } from './builds';
import { makeExperiments } from './experiments';
import { makeFriendly } from './friendly';
import { loadNoSimdGlue } from './nosimd-glue';
import { readLimits } from './limits';
import { simdSupported, type CoreBuild } from './simd';
import { MT_BUILD } from './threads-build';
import { makeTyped } from './typed';
import { guarded } from './validate';
import { wireCore } from './wire';
import type { Core } from './types';

export { AttentionError, type ErrorCode } from './errors';
export type * from './types';
export { fromTyped, toTypedMask, toTypedMatrix, toTypedTensor3, toTypedVector } from './convert';
export type { ExperimentsCore, H1Check, LogLogFit, MaskInput, MatrixInput, PermutationCheck, QuadraticPoint, ScalingPoint } from './experiments';
export { loadedLimits, type Limits } from './limits';

/** Options of loadCore(). */
export interface LoadOptions {
  /** The .wasm bytes; needed in Node (read it with fs), optional in the browser. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from, instead of beside the Emscripten glue (the worker gets the page's WASM_URL). */
  wasmUrl?: string;
  /**
   * Which build: with WebAssembly SIMD128 (true) or without (false). By default the SIMD build
   * wherever the engine has SIMD128. A `wasmBinary` or `wasmUrl` given with it must be that build's.
   */
  simd?: boolean;
  /**
   * 2: the build with two threads, where this context allows it (THREADS: cross-origin isolated,
   * SIMD128, two cores, not in a one-file build); anywhere else, and by default, one thread.
   * The numbers are the same either way.
   */
  threads?: number;
}

/** The .wasm files of the builds with one thread: a bundler rewrites these addresses as it does the Emscripten glue's own. */
export const WASM_URLS: { readonly simd: string; readonly nosimd: string } = {
  simd: new URL('./wasm/attention_core.wasm', import.meta.url).href,
  nosimd: new URL('./wasm/attention_core_nosimd.wasm', import.meta.url).href,
};

/** Whether this engine runs the SIMD128 build (read once). */
export const SIMD: boolean = simdSupported();

/** Whether this context may run the build with two threads: a shared memory needs cross-origin isolation. */
export const THREADS: boolean = threadsAllowed(SIMD, MT_BUILD);

/**
 * Where the .wasm this engine runs is. A user's bundler copies our prebuilt worker as it is, and
 * the worker's own address would then point at nothing: so the page passes this one to the
 * worker (worker/start.ts).
 */
export const WASM_URL: string = SIMD ? WASM_URLS.simd : WASM_URLS.nosimd;

/** The builds of the attention core: the SIMD one is part of the page; the others are fetched only where they run. */
const BUILDS: ModuleBuilds<Awaited<ReturnType<typeof createAttentionCore>>> = { simd: createAttentionCore, nosimd: loadNoSimdGlue, threads: MT_BUILD };

const cached = new Map<CoreBuild, Promise<Core>>();

/** Load the WebAssembly core once per build; later calls return the same instance. */
export function loadCore(options: LoadOptions = {}): Promise<Core> {
  const build = buildOf(options, SIMD, THREADS);
  let core = cached.get(build);
  if (!core) {
    core = factoryOf(build, BUILDS, options)
      .then((create) => create())
      .then(wireCore)
      .then((raw): Core => {
        const limits = readLimits(raw);
        const threads = raw.set_threads(build === 'mt' ? 2 : 1);
        const typed = guarded(makeTyped(raw));
        return { ...guarded(makeFriendly(raw, typed)), experiments: guarded(makeExperiments(raw)), limits: () => limits, threads: () => threads, typed, raw };
      });
    cached.set(build, core);
    core.catch(() => {
      cached.delete(build); // a failed load may be retried
    });
  }
  return core;
}
