#!/usr/bin/env bash
# Build the WebAssembly modules web/src/core/wasm/attention_core.{mjs,wasm} (with SIMD128),
# web/src/core/wasm/attention_core_nosimd.{mjs,wasm} (the same core without SIMD) and
# web/src/training/wasm/tiny_core{,_nosimd}.{mjs,wasm} (the trainer, loaded with its panel) with
# Debian's Emscripten. Incremental: a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # Debian's emcc needs acorn from here under Node 20
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
cmake --build build/wasm -j"$(nproc)"
# the module's TypeScript types live beside it
cp cpp/bindings/attention_core.d.mts web/src/core/wasm/attention_core.d.mts
cp cpp/bindings/attention_core.d.mts web/src/core/wasm/attention_core_nosimd.d.mts
cp cpp/bindings_tiny/tiny_core.d.mts web/src/training/wasm/tiny_core.d.mts
cp cpp/bindings_tiny/tiny_core.d.mts web/src/training/wasm/tiny_core_nosimd.d.mts
