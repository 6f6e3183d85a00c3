// core.ts — the façade of the second WebAssembly module, tiny_core: the tiny
// transformer's trainer (cpp/tiny_session.h, cpp/tiny_inspect.h; bindings in
// cpp/bindings_tiny/). It is loaded with the training panel only (the first
// screen never fetches it). Every argument is checked in JS first
// (validate.ts); what the core still refuses becomes an AttentionError.
//
//   const core = await loadTinyCore();
//   const session = core.createSession(config, settings);
//   const curve = session.train(50);     // 50 steps, one point each
//   const { scores, attention } = session.snapshot();
//   session.dispose();

import { AttentionError, unwrap } from '../core/errors';
import { checkConfig, checkHead, checkParams, checkSettings, checkWhole, MAX_STEPS } from './validate';
import type { HeadInputs, ParamView, Snapshot, TinyConfig, TinyCore, TinySession, TrainSettings } from './types';
import createTinyCore, { type RawMatrix, type TinyCoreModule } from './wasm/tiny_core.mjs';

export interface TinyLoadOptions {
  /** The .wasm bytes (needed in Node). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from (the worker gets the page's TINY_WASM_URL). */
  wasmUrl?: string;
}

/** Where this build's tiny_core.wasm is (passed to the training worker, as WASM_URL is to the compute worker). */
export const TINY_WASM_URL: string = new URL('./wasm/tiny_core.wasm', import.meta.url).href;

const rows = (m: RawMatrix): number[][] => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

function session(raw: TinyCoreModule, config: TinyConfig, settings: TrainSettings): TinySession {
  const made = unwrap(raw.tiny_session_create({ ...config }, { ...settings }));
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

let cached: Promise<TinyCore> | null = null;

/** Load tiny_core once; later calls return the same instance. */
export function loadTinyCore(options: TinyLoadOptions = {}): Promise<TinyCore> {
  if (!cached) {
    const { wasmBinary, wasmUrl } = options;
    cached = createTinyCore({ ...(wasmBinary ? { wasmBinary } : {}), ...(wasmUrl ? { locateFile: () => wasmUrl } : {}) }).then((raw): TinyCore => ({
      paramViews(config) {
        checkConfig(config);
        return unwrap(raw.tiny_param_views({ ...config })).views.map((v) => ({ ...v }));
      },
      createSession(config, settings) {
        checkConfig(config);
        checkSettings(settings);
        return session(raw, config, settings);
      },
    }));
    cached.catch(() => (cached = null)); // a failed load may be retried
  }
  return cached;
}
