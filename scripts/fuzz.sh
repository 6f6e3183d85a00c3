#!/usr/bin/env bash
# Fuzz the C++ core for a bounded time: libFuzzer with AddressSanitizer and
# UndefinedBehaviorSanitizer (Debian's clang), over tests/fuzz/core_fuzz.cpp.
#
#   bash scripts/fuzz.sh [seconds=60]
#
# Builds build/fuzz/core_fuzz (a direct clang++ line; rebuilt when a source is
# newer), then runs it from the committed corpus tests/fuzz/corpus/. New inputs
# go to a temporary first corpus directory, never into the committed one
# (to grow it on purpose: core_fuzz -merge=1 tests/fuzz/corpus <dir>).
# A crash, a sanitizer report, a broken invariant or an input slower than
# 20 s fails the run; its input is kept in build/fuzz/ as crash-* / timeout-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

bin=build/fuzz/core_fuzz
mkdir -p build/fuzz
sources=(cpp/*.cpp tests/fuzz/core_fuzz.cpp)
if [ ! -x "$bin" ] || [ -n "$(find cpp tests/fuzz -newer "$bin" \( -name '*.cpp' -o -name '*.h' \) -not -path 'cpp/bindings/*' | head -n 1)" ]; then
  echo "fuzz: building $bin (clang++, -fsanitize=fuzzer,address,undefined)"
  # one compile per source, on every core, then one link (a single clang++ line compiled them in turn)
  rm -rf build/fuzz/obj && mkdir -p build/fuzz/obj
  flags=(-std=c++17 -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=all -Wall -Wextra -Werror -Icpp)
  printf '%s\0' "${sources[@]}" | xargs -0 -P "$(nproc)" -I{} \
    sh -c 'clang++ "$@" -fsanitize=fuzzer-no-link,address,undefined -c "$0" -o "build/fuzz/obj/$(echo "$0" | tr / _).o"' {} "${flags[@]}"
  clang++ "${flags[@]}" -fsanitize=fuzzer,address,undefined build/fuzz/obj/*.o -o "$bin"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=build/fuzz/last-run.log
status=0
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix=build/fuzz/ "$work" tests/fuzz/corpus \
  > "$log" 2>&1 || status=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
if [ "$status" -ne 0 ]; then
  tail -n 40 "$log"
  echo "fuzz: FAILED after ${runs:-?} runs (exit $status); the input is in build/fuzz/ (crash-*, timeout-*, oom-*), the log in $log"
  exit 1
fi
echo "fuzz: ${runs:-0} runs in ${seconds} s (${rate:-0} exec/s), coverage ${cov:-?} edges, 0 crashes"
