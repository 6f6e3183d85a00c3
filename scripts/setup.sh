#!/usr/bin/env bash
# Install what the build and the tests need on a Debian machine; quick when
# everything is already there. Used by scripts/serve.sh and scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: compilers, clang-format, test libraries, Emscripten, Chromium for e2e,
# clang and libclang-rt-dev (libFuzzer and the sanitizer runtimes) for scripts/fuzz.sh; python3-torch runs the
# "Copy as PyTorch" scripts in tests/web/model/pytorch-export-positions.test.ts (and regenerates tests/golden/).
packages=(cmake g++ make clang libclang-rt-dev clang-format googletest libgtest-dev libbenchmark-dev nlohmann-json3-dev emscripten chromium nodejs npm python3-torch)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node and npm may come from elsewhere (nvm, nodesource): only ask apt when absent.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
  read -r -a missing <<< "${missing[*]}"
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" > /dev/null
fi

# npm packages, exactly as package-lock.json pins them; skipped when unchanged.
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
