// simd.ts — does this WebAssembly engine have SIMD128?
//
// The core comes in two builds (CMakeLists.txt): with WebAssembly SIMD128, which every current
// browser runs, and without, for an engine that lacks it (an older Safari, some locked-down or
// embedded browsers). A module that uses a SIMD instruction fails to compile there, so the page
// asks first: WebAssembly.validate of the smallest module with a SIMD instruction, the check of
// GoogleChromeLabs' wasm-feature-detect (`simd`), answered synchronously so the page can pick a
// .wasm address before it starts its worker.

/** The core's builds: with SIMD128, without it, and with SIMD128 and two threads (core.ts). */
export type CoreBuild = 'simd' | 'nosimd' | 'mt';

/** (func (result v128) i32.const 0  i8x16.splat  i8x16.popcnt): valid only where SIMD128 is (also asked by the page's first script: scripts/first-screen-preload.ts). */
export const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** True when `validate` (WebAssembly.validate by default) accepts a SIMD128 module; false if it refuses or throws. */
export function simdSupported(validate: (bytes: Uint8Array<ArrayBuffer>) => boolean = (bytes) => WebAssembly.validate(bytes)): boolean {
  try {
    return validate(SIMD_PROBE);
  } catch {
    return false;
  }
}
