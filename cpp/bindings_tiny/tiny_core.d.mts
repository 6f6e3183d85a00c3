// Types of the raw module tiny_core (copied next to tiny_core.mjs by scripts/build_wasm.sh): the
// Emscripten module is a CoreModule (the attention core's call protocol, cpp/bindings/wire.h), and
// web/src/core/wire.ts makes a TinyCoreModule of it. Only web/src/training/core.ts should use these.
import type { CoreModule } from '../../core/wasm/attention_core.mjs';

export interface RawMatrix { data: Float64Array; rows: number; cols: number }
export type RawFail = { ok: false; code: string; message: string };
export type RawResult<T> = ({ ok: true } & T) | RawFail;

export interface RawTinyConfig {
  layers: number; heads: number; dModel: number; vocab: number; context: number;
  layerNorm: boolean; positions: string; seed: number; initStd: number;
}
export interface RawTrainSettings { task: string; batch: number; steps: number; seed: number; lr: number }
export interface RawParamView { name: string; offset: number; rows: number; cols: number }

/** A config as the adapters take it, in this order (cpp/bindings_tiny/tiny_bindings.cpp config_from). */
export type RawConfigArgs = [layers: number, heads: number, dModel: number, vocab: number, context: number, seed: number,
  layerNorm: boolean, positions: string, initStd: number];
/** A run's settings as the adapters take them, in this order (settings_from). */
export type RawSettingsArgs = [task: string, batch: number, steps: number, seed: number, lr: number];

export interface TinyCoreModule {
  tiny_param_views(...config: RawConfigArgs): RawResult<{ views: RawParamView[] }>;
  tiny_session_create(...args: [...RawConfigArgs, ...RawSettingsArgs]): RawResult<{ handle: number; views: RawParamView[] }>;
  tiny_session_train(handle: number, count: number): RawResult<{ step: Float64Array; loss: Float64Array; accuracy: Float64Array; taken: number }>;
  tiny_session_snapshot(handle: number): RawResult<{ step: number; params: Float64Array; attention: Float64Array; previous_token: Float64Array; induction: Float64Array }>;
  tiny_session_held_out(handle: number): RawResult<{ tokens: Float64Array }>;
  tiny_session_set_params(handle: number, params: Float64Array): RawResult<object>;
  tiny_head_inputs(handle: number, layer: number, head: number, tokens: Float64Array, params: Float64Array | null): RawResult<{ q: RawMatrix; k: RawMatrix; v: RawMatrix; weights: RawMatrix }>;
  tiny_session_dispose(handle: number): null;
  /** How many threads the steps use: 2 only in the build with threads (cpp/bindings/threads_bindings.cpp). */
  set_threads(n: number): number;
  threads(): number;
  threads_available(): boolean;
}

declare const createTinyCore: (options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
  /** The build with threads: the glue's own address, which its threads' workers import. */
  mainScriptUrlOrBlob?: string;
}) => Promise<CoreModule>;
export default createTinyCore;
