// threads-build-none.ts — threads-build.ts in the one-file builds: no builds with threads (a file://
// page or a module from a CDN is never cross-origin isolated, so it would never load).

/** The build with threads: none here. */
export const MT_BUILD: { readonly glue: string; readonly wasm: string; readonly worker: string } | null = null;

/** The trainer's build with threads: none here. */
export const TINY_MT_BUILD: { readonly glue: string; readonly wasm: string; readonly worker: string } | null = null;
