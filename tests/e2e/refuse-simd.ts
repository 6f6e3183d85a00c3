// refuse-simd.ts — an init script that makes a page's WebAssembly answer as a browser without SIMD128
// does: the core's feature check (web/src/core/simd.ts) then picks the build without SIMD.

/** What a browser without WebAssembly SIMD answers: any module using a SIMD instruction is invalid (the probe's v128 result type, 0x7b). */
export function refuseSimd(): void {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes: BufferSource) => {
    const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes as ArrayBuffer);
    return b.includes(0x7b) && b.length < 64 ? false : validate(bytes);
  };
}
