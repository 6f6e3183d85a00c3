// builds.ts — which build of an Emscripten module to load, and how: shared by the attention
// core (core.ts) and the trainer (../training/core.ts), each of which comes with SIMD128
// (part of the page), without it (fetched only by an engine without SIMD128, simd.ts) and
// with SIMD128 and two threads (fetched only where the context is cross-origin isolated;
// its files are in threads-build.ts).

import type { CoreBuild } from './simd';

/** The files of a build with threads: its glue, its .wasm and its threads' worker script. */
export interface ThreadsFiles {
  readonly glue: string;
  readonly wasm: string;
  readonly worker: string;
}

/** What an Emscripten factory of ours is given. */
export interface FactoryOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string;
  /** The build with threads: the glue's own address, which its threads' workers import. */
  mainScriptUrlOrBlob?: string;
}

/** An Emscripten factory (createAttentionCore, createTinyCore). */
export type Factory<M> = (options?: FactoryOptions) => Promise<M>;

/** What loadCore / loadTinyCore are told about the build. */
export interface BuildOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string;
  simd?: boolean;
  threads?: number;
}

/** Whether this context may run a build with two threads: a shared memory needs cross-origin isolation (and SIMD128, two cores, the build's files). */
export function threadsAllowed(simd: boolean, files: ThreadsFiles | null): boolean {
  return (
    simd &&
    files !== null &&
    globalThis.crossOriginIsolated === true &&
    typeof SharedArrayBuffer === 'function' &&
    (globalThis.navigator?.hardwareConcurrency ?? 1) >= 2
  );
}

/** The build `options` ask for: two threads only where `threads` (threadsAllowed) is true; else SIMD128 where `simd` (the engine's) unless told. */
export function buildOf(options: BuildOptions, simd: boolean, threads: boolean): CoreBuild {
  if ((options.threads ?? 1) >= 2 && threads && options.simd !== false) return 'mt';
  return (options.simd ?? simd) ? 'simd' : 'nosimd';
}

/** The three builds of one module: the SIMD one's factory, the one without SIMD (imported on demand), the files of the one with threads. */
export interface ModuleBuilds<M> {
  simd: Factory<M>;
  nosimd: () => Promise<Factory<M>>;
  threads: ThreadsFiles | null;
}

/** The factory of `build`, called with the options it needs (a .wasm given or located; the threads' worker and glue addresses). */
export async function factoryOf<M>(build: CoreBuild, builds: ModuleBuilds<M>, { wasmBinary, wasmUrl }: BuildOptions): Promise<() => Promise<M>> {
  const located = { ...(wasmBinary ? { wasmBinary } : {}), ...(wasmUrl ? { locateFile: () => wasmUrl } : {}) };
  if (build === 'simd') return () => builds.simd(located);
  if (build === 'nosimd') {
    const create = await builds.nosimd();
    return () => create(located);
  }
  // the build with threads: its threads' workers import the glue by its address, so it is a file of its own
  const mt = builds.threads!;
  const create = ((await import(/* @vite-ignore */ mt.glue)) as { default: Factory<M> }).default;
  const wasm = wasmUrl ?? mt.wasm;
  return () =>
    create({ ...(wasmBinary ? { wasmBinary } : {}), locateFile: (path) => (path.endsWith('.worker.js') ? mt.worker : wasm), mainScriptUrlOrBlob: mt.glue });
}
