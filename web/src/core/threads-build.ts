// threads-build.ts — where the builds with two threads are (attention_core_mt and the trainer's
// tiny_core_mt: SIMD128 and -pthread, CMakeLists.txt, cmake/tiny_core.cmake): each one's glue, its
// .wasm and its threads' worker script, each a file of its own, fetched only by a worker of a page
// that is cross-origin isolated (core.ts, ../training/core.ts). The one-file
// builds, which are never isolated (file://, a CDN's module in someone's page), resolve this module
// to threads-build-none.ts and so carry none of it.

/** The build with threads: its files' addresses, or null where the build leaves it out. */
export const MT_BUILD: { readonly glue: string; readonly wasm: string; readonly worker: string } | null = {
  glue: new URL('./wasm/attention_core_mt.mjs', import.meta.url).href,
  wasm: new URL('./wasm/attention_core_mt.wasm', import.meta.url).href,
  worker: new URL('./wasm/attention_core_mt.worker.js', import.meta.url).href,
};

/** The trainer's build with threads (tiny_core_mt), or null where the build leaves it out. */
export const TINY_MT_BUILD: { readonly glue: string; readonly wasm: string; readonly worker: string } | null = {
  glue: new URL('../training/wasm/tiny_core_mt.mjs', import.meta.url).href,
  wasm: new URL('../training/wasm/tiny_core_mt.wasm', import.meta.url).href,
  worker: new URL('../training/wasm/tiny_core_mt.worker.js', import.meta.url).href,
};
