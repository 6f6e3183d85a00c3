#!/usr/bin/env bash
# Speed, side by side in one run: the C++ core natively (-O3 -march=native),
# the same source as WASM through web/src/core/core.ts in Node, and a plain-JS
# baseline. Prints the tables (see README "Speed": the last one sets the
# project's calls against a plain kernel and the multiply-add peak); then the tiny trainer's
# steps per second, natively (tools/tiny_train.cpp) and in WASM
# (web/src/training/core.ts), for its default induction run and the page's
# default run (induction_random, vocab 64); the threads bench; and the training panel's default run in
# Chromium until 95 % accuracy.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p build/bench
cmake -S . -B build/native-bench -DCMAKE_BUILD_TYPE=Release -DAP_NATIVE_ARCH=ON > /dev/null
cmake --build build/native-bench --target core_bench tiny_train -j"$(nproc)" > /dev/null
build/native-bench/core_bench --benchmark_min_time=0.3 --benchmark_out=build/bench/native.json --benchmark_out_format=json > build/bench/native.log 2>&1
# the native trainer: 300 steps from the start, five runs of each; its own "N steps/second (S s)" line
: > build/bench/tiny-native.log
for run in "induction induction 16" "page induction_random 64"; do
  read -r name task vocab <<< "$run"
  for _ in 1 2 3 4 5; do
    line=$(build/native-bench/tiny_train --task "$task" --vocab "$vocab" --steps 300 | grep 'steps/second')
    echo "$name $line" >> build/bench/tiny-native.log
  done
done
bash scripts/build_wasm.sh > /dev/null
# the yardsticks in WebAssembly: the plain kernel and the multiply-add peak (build/bench-wasm/)
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target plain_kernel > /dev/null
npx vitest run --config scripts/bench/vitest.config.ts --reporter=dot > build/bench/vitest.log 2>&1 || { cat build/bench/vitest.log; exit 1; }
node scripts/bench/report.mjs
node scripts/bench/tiny-report.mjs
# one thread against two: the npm package's core in a worker of a cross-origin isolated page, in Chromium
npm run -s build:package > build/bench/package.log 2>&1 || { cat build/bench/package.log; exit 1; }
node scripts/bench/threads/run.mjs
# the training panel's default run in the built page, in Chromium: the time to 95 % accuracy (tests/e2e/training-speed.spec.ts)
npx vite build --logLevel warn > build/bench/site.log 2>&1 || { cat build/bench/site.log; exit 1; }
AP_BENCH=1 npx playwright test tests/e2e/training-speed.spec.ts --project alone --no-deps --reporter=list
