// core.ts — `attention-playground/core`: the WebAssembly core with the seed
// contract's names, for Node and bundlers (no DOM). In Node pass the bytes:
//   const core = await loadCore({ wasmBinary: readFileSync(require.resolve('attention-playground/attention_core.wasm')) });
export * from '../core/core';
