// Types of the raw embind module tiny_core (copied next to tiny_core.mjs by
// scripts/build_wasm.sh). Only web/src/training/core.ts should use these.

export interface RawMatrix { data: Float64Array; rows: number; cols: number }
export type RawFail = { ok: false; code: string; message: string };
export type RawResult<T> = ({ ok: true } & T) | RawFail;

export interface RawTinyConfig {
  layers: number; heads: number; dModel: number; vocab: number; context: number;
  layerNorm: boolean; positions: string; seed: number; initStd: number;
}
export interface RawTrainSettings { task: string; batch: number; steps: number; seed: number; lr: number }
export interface RawParamView { name: string; offset: number; rows: number; cols: number }

export interface TinyCoreModule {
  tiny_param_views(config: RawTinyConfig): RawResult<{ views: RawParamView[] }>;
  tiny_session_create(config: RawTinyConfig, settings: RawTrainSettings): RawResult<{ handle: number; views: RawParamView[] }>;
  tiny_session_train(handle: number, count: number): RawResult<{ step: Float64Array; loss: Float64Array; accuracy: Float64Array; taken: number }>;
  tiny_session_snapshot(handle: number): RawResult<{ step: number; params: Float64Array; attention: Float64Array; previous_token: Float64Array; induction: Float64Array }>;
  tiny_session_held_out(handle: number): RawResult<{ tokens: Float64Array }>;
  tiny_session_set_params(handle: number, params: Float64Array): RawResult<object>;
  tiny_head_inputs(handle: number, layer: number, head: number, tokens: Float64Array, params: Float64Array | null): RawResult<{ q: RawMatrix; k: RawMatrix; v: RawMatrix; weights: RawMatrix }>;
  tiny_session_dispose(handle: number): void;
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
}) => Promise<TinyCoreModule>;
export default createTinyCore;
