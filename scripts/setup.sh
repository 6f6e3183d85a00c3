#!/usr/bin/env bash
# Install what the build and the tests need on a Debian machine; quick when
# everything is already there. Used by scripts/serve.sh and scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: compilers, clang-format, test libraries, Emscripten, Chromium for e2e,
# clang and libclang-rt-dev (libFuzzer and the sanitizer runtimes) for scripts/fuzz.sh; python3-torch runs the
# "Copy as PyTorch" scripts in tests/web/model/pytorch-export-positions.test.ts (and regenerates tests/golden/);
# fonts-noto-cjk draws the 中文 of the screenshots the end-to-end tests take.
packages=(cmake g++ make clang libclang-rt-dev clang-format googletest libgtest-dev libbenchmark-dev nlohmann-json3-dev emscripten chromium nodejs npm python3-torch fonts-noto-cjk poppler-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node and npm may come from elsewhere (nvm, nodesource): only ask apt when absent.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
  read -r -a missing <<< "${missing[*]}"
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
# man pages are not needed here: skip rebuilding their index after each install (tens of seconds)
if command -v debconf-set-selections >/dev/null; then echo 'man-db man-db/auto-update boolean false' | $SUDO debconf-set-selections 2>/dev/null || true; fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" > /dev/null
fi

# The course-notes platforms the examples are built with (web/examples/README.md): MkDocs Material,
# Jupyter's nbconvert with a Python kernel. Optional: if apt cannot install them, their example builds
# print "SKIPPED …" and the rest of the tests run.
optional=(mkdocs-material jupyter-nbconvert python3-ipykernel)
want=()
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || want+=("$p")
done
if [ "${#want[@]}" -gt 0 ]; then
  echo "setup: installing ${want[*]} (course-notes platforms, optional)"
  { [ "${#missing[@]}" -gt 0 ] || $SUDO apt-get update -qq; } && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${want[@]}" > /dev/null ||
    echo "setup: could not install ${want[*]}: their examples will be SKIPPED"
fi

# npm packages, exactly as package-lock.json pins them; skipped when unchanged.
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
