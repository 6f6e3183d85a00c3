// core.ts — the façade of the second WebAssembly module, tiny_core: the tiny
// transformer's trainer (cpp/tiny_session.h, cpp/tiny_inspect.h; bindings in
// cpp/bindings_tiny/). It is loaded with the training panel only (the first
// screen never fetches it). Every argument is checked in JS first
// (validate.ts); what the core still refuses becomes an AttentionError. Like the
// attention core it comes in two builds, with SIMD128 and without (tiny_core_nosimd,
// for an engine without SIMD: the same numbers).
//
//   const core = await loadTinyCore();
//   const session = core.createSession(config, settings);
//   const curve = session.train(50);     // 50 steps, one point each
//   const { scores, attention } = session.snapshot();
//   session.dispose();

import { AttentionError, unwrap } from '../core/errors';
import { simdSupported, type CoreBuild } from '../core/simd';
import { TINY_MT_BUILD } from '../core/threads-build';
import { buildOf, factoryOf, threadsAllowed, type ModuleBuilds } from '../core/builds';
import { checkConfig, checkHead, checkParams, checkSettings, checkWhole, MAX_STEPS } from './validate';
import type { HeadInputs, ParamView, Snapshot, TinyConfig, TinyCore, TinySession, TrainSettings } from './types';
import { wireCore } from '../core/wire';
import type { CoreModule } from '../core/wasm/attention_core.mjs';
import createTinyCore, { type RawConfigArgs, type RawMatrix, type RawSettingsArgs, type TinyCoreModule } from './wasm/tiny_core.mjs';

export interface TinyLoadOptions {
  /** The .wasm bytes (needed in Node). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from (the worker gets the page's TINY_WASM_URL). */
  wasmUrl?: string;
  /** The build with SIMD128 (true) or without (false); by default the SIMD one wherever the engine has SIMD. */
  simd?: boolean;
  /** 2: the build with two threads, where this context allows it (TINY_THREADS); anywhere else, and by default, one. */
  threads?: number;
}

/** Whether this engine runs the SIMD128 build of the trainer (read once). */
export const TINY_SIMD: boolean = simdSupported();

/** Whether this context may run the trainer's build with two threads: a shared memory needs cross-origin isolation. */
export const TINY_THREADS: boolean = threadsAllowed(TINY_SIMD, TINY_MT_BUILD);

/** Where the tiny_core.wasm this engine runs is (passed to the training worker, as WASM_URL is to the compute worker). */
export const TINY_WASM_URL: string = TINY_SIMD
  ? new URL('./wasm/tiny_core.wasm', import.meta.url).href
  : new URL('./wasm/tiny_core_nosimd.wasm', import.meta.url).href;

const rows = (m: RawMatrix): number[][] => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

function session(raw: TinyCoreModule, config: TinyConfig, settings: TrainSettings): TinySession {
  const made = unwrap(raw.tiny_session_create(...configArgs(config), ...settingsArgs(settings)));
  const handle = made.handle;
  const views: readonly ParamView[] = made.views.map((v) => ({ ...v }));
  const n = views.reduce((sum, v) => sum + v.rows * v.cols, 0);
  const heads = config.layers * config.heads;
  let disposed = false;
  const live = () => {
    if (disposed) throw new AttentionError('tiny_session: this session was disposed', 'invalid_argument');
  };
  let taken = 0;
  return {
    config: { ...config },
    settings: { ...settings },
    views,
    step: () => taken,
    train(count) {
      live();
      checkWhole('tiny_session', 'count', count, 1, MAX_STEPS);
      const r = unwrap(raw.tiny_session_train(handle, count));
      taken = r.taken;
      return Array.from(r.step, (step, k) => ({ step, loss: r.loss[k], accuracy: r.accuracy[k] }));
    },
    snapshot(): Snapshot {
      live();
      const r = unwrap(raw.tiny_session_snapshot(handle));
      const cells = config.context * config.context;
      return {
        step: r.step,
        params: r.params,
        scores: { previousToken: Array.from(r.previous_token), induction: Array.from(r.induction) },
        attention: Array.from({ length: heads }, (_, k) => r.attention.slice(k * cells, (k + 1) * cells)),
      };
    },
    heldOut() {
      live();
      return Array.from(unwrap(raw.tiny_session_held_out(handle)).tokens);
    },
    setParams(params) {
      live();
      unwrap(raw.tiny_session_set_params(handle, checkParams(params, n)));
    },
    headInputs(layer, head, tokens, params): HeadInputs {
      live();
      checkHead(config, layer, head, tokens);
      const r = unwrap(raw.tiny_head_inputs(handle, layer, head, Float64Array.from(tokens), params ? checkParams(params, n) : null));
      return { q: rows(r.q), k: rows(r.k), v: rows(r.v), weights: rows(r.weights) };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      raw.tiny_session_dispose(handle);
    },
  };
}

/** A config as the adapters take it: its fields in their order. */
const configArgs = (c: TinyConfig): RawConfigArgs => [c.layers, c.heads, c.dModel, c.vocab, c.context, c.seed, c.layerNorm, c.positions, c.initStd];
/** A run's settings as the adapters take them. */
const settingsArgs = (s: TrainSettings): RawSettingsArgs => [s.task, s.batch, s.steps, s.seed, s.lr];

/** The builds of the trainer: the SIMD one comes with the training panel; the others are fetched only where they run. */
const BUILDS: ModuleBuilds<CoreModule> = {
  simd: createTinyCore,
  nosimd: () => import('./wasm/tiny_core_nosimd.mjs').then((m) => m.default),
  threads: TINY_MT_BUILD,
};

const cached = new Map<CoreBuild, Promise<TinyCore>>();

/** Load tiny_core once per build; later calls return the same instance. */
export function loadTinyCore(options: TinyLoadOptions = {}): Promise<TinyCore> {
  const build = buildOf(options, TINY_SIMD, TINY_THREADS);
  let core = cached.get(build);
  if (!core) {
    core = factoryOf(build, BUILDS, options)
      .then((create) => create())
      .then((module) => wireCore<TinyCoreModule>(module))
      .then((raw): TinyCore => {
        const threads = raw.set_threads(build === 'mt' ? 2 : 1);
        return {
          paramViews(config) {
            checkConfig(config);
            return unwrap(raw.tiny_param_views(...configArgs(config))).views.map((v) => ({ ...v }));
          },
          createSession(config, settings) {
            checkConfig(config);
            checkSettings(settings);
            return session(raw, config, settings);
          },
          threads: () => threads,
        };
      });
    cached.set(build, core);
    core.catch(() => cached.delete(build)); // a failed load may be retried
  }
  return core;
}
