#!/usr/bin/env bash
# Speed, side by side in one run: the C++ core natively (-O3 -march=native),
# the same source as WASM through web/src/core/core.ts in Node, and a plain-JS
# baseline. Prints one table (see README "Speed").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p build/bench
cmake -S . -B build/native-bench -DCMAKE_BUILD_TYPE=Release -DAP_NATIVE_ARCH=ON > /dev/null
cmake --build build/native-bench --target core_bench -j"$(nproc)" > /dev/null
build/native-bench/core_bench --benchmark_min_time=0.3 --benchmark_out=build/bench/native.json --benchmark_out_format=json > build/bench/native.log 2>&1
bash scripts/build_wasm.sh > /dev/null
npx vitest run --config scripts/bench/vitest.config.ts --reporter=dot > build/bench/vitest.log 2>&1 || { cat build/bench/vitest.log; exit 1; }
node scripts/bench/report.mjs
