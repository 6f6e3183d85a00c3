#!/usr/bin/env bash
# Run every test: native C++ (GoogleTest via CTest), the WASM build through the
# TypeScript façade (Vitest), lint, the production build, and the end-to-end
# suite in headless Chromium. Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
# each stage's wall time, printed at the end (what makes the command long)
times=""; stage_name=""; stage_start=$SECONDS
stage() {
  [ -z "${stage_name}" ] || times+=$(printf '%5d s  %s' $((SECONDS - stage_start)) "${stage_name}")$'\n'
  stage_name=$1; stage_start=$SECONDS
  [ -z "$1" ] || [ "${2:-}" = quiet ] || echo "== $1"
}
report_times() { stage ""; echo "time per stage (${SECONDS} s in all):"; printf '%s' "${times}"; }
trap report_times EXIT
stage "setup (apt-get and npm ci where missing)"
bash scripts/setup.sh

stage "C++ formatting (.clang-format)"
clang-format --dry-run --Werror $(git ls-files 'cpp/*.h' 'cpp/*.cpp' 'tests/cpp/*' 'tests/bench/*.cpp')

stage "native build and C++ tests"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/native -j"$(nproc)" > build/native-build.log 2>&1 || { cat build/native-build.log; exit 1; }
ctest --test-dir build/native --output-on-failure -j"$(nproc)" | tail -n 4
native=$(ctest --test-dir build/native -N | sed -n 's/^Total Tests: //p')

stage "fuzzing the C++ core (libFuzzer, ASan + UBSan, 20 s)"
bash scripts/fuzz.sh 20

stage "WASM build"
bash scripts/build_wasm.sh > build/wasm-build.log 2>&1 || { cat build/wasm-build.log; exit 1; }

stage "npm pack" quiet
bash scripts/pack.sh   # the npm package: dist-package/, npm pack, installed into build/pack/scratch/ (tests/web/package, tests/e2e)
stage "npm publish --dry-run from a fresh clone" quiet
bash scripts/publish-check.sh --wasm-from-checkout   # npm publish --dry-run from a fresh clone of HEAD (its prepack builds the package; the WASM is the one just built when the checkout is clean)

stage "lint and types"
npx tsc -p tsconfig.json & types=$!   # beside eslint: each keeps about one core busy
npx eslint --max-warnings=0 web/src web/examples tests/chromium.ts tests/web tests/e2e scripts/bench playwright.config.ts vitest.config.ts vite.config.ts vite.package.config.ts
npx prettier --check web/src web/examples/*.ts tests/chromium.ts tests/web tests/e2e scripts/bench playwright.config.ts vitest.config.ts vite.config.ts vite.package.config.ts > /dev/null
wait "${types}"
node scripts/code-size.mjs   # the largest files and functions of web/src; fails over 400 / 80 lines

stage "web tests (Vitest: node project with the WASM through web/src/core/, browser project in Chromium)"
npx vitest run --reporter=dot 2>&1 | tee build/vitest.log | tail -n 6
web=$(sed 's/\x1b\[[0-9;]*m//g' build/vitest.log | sed -n 's/.*Tests  *\([0-9][0-9]*\) passed.*/\1/p' | tail -n 1)

stage "the core's tests again on its build without SIMD128 (AP_SIMD=0: attention_core_nosimd.wasm; the golden values included)"
AP_SIMD=0 npx vitest run --project node tests/web/core tests/web/experiments --reporter=dot 2>&1 | tee build/vitest-nosimd.log | tail -n 6
nosimd=$(sed 's/\x1b\[[0-9;]*m//g' build/vitest-nosimd.log | sed -n 's/.*Tests  *\([0-9][0-9]*\) passed.*/\1/p' | tail -n 1)
web=$(( ${web:-0} + ${nosimd:-0} ))

stage "Python: the anywidget wrapper python/attention_playground.py (with stand-ins for anywidget and traitlets)"
python3 -B tests/python/test_wrapper.py | tail -n 1

e2e=0
if [ -f playwright.config.ts ]; then
  stage "production build (the site, the one-file page, the SCORM package)"
  npx vite build --logLevel warn
  node scripts/size.mjs
  npm run -s build:single -- --logLevel warn   # the offline one-file page, opened from file:// by a test
  npm run -s build:scorm -- --logLevel warn    # the SCORM 1.2 package of lesson 1 (dist-scorm/), run in scorm-again by a test
  stage "course-notes examples, each built by its real tool (web/examples/README.md)"
  bash scripts/examples/build.sh
  stage "end-to-end tests (@playwright/test, Chromium)"
  # list: progress and the printed figures; json: the counts, read back here
  rm -f build/e2e.json
  status=0
  PLAYWRIGHT_JSON_OUTPUT_NAME=build/e2e.json npx playwright test --reporter=list,json | tee build/e2e.log || status=$?
  read -r e2e e2e_failed < <(node -e '
    let s = { expected: 0, unexpected: 1, flaky: 0 };
    try { s = JSON.parse(require("fs").readFileSync("build/e2e.json", "utf8")).stats; } catch {}
    console.log(s.expected, s.unexpected + s.flaky);')
  echo "e2e: ${e2e} passed, ${e2e_failed} failed"
  if [ "${status}" -ne 0 ] || [ "${e2e_failed}" -ne 0 ] || [ "${e2e}" -eq 0 ]; then exit 1; fi
fi

echo
echo "native tests: ${native:-0}   web tests: ${web:-0}   end-to-end tests: ${e2e:-0}"
echo "$(( ${native:-0} + ${web:-0} + ${e2e:-0} )) passed, 0 failed"
