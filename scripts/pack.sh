#!/usr/bin/env bash
# Build the npm package and pack it as `npm publish` would (nothing is
# published), then install the tarball into a scratch folder, offline, the
# way a user's project gets it:
#   build/pack/attention-playground-<version>.tgz
#   build/pack/scratch/node_modules/attention-playground/   (what the tests import and serve as "the CDN")
# Assumes the WASM is built (scripts/build_wasm.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== npm package: build (dist-package/) and npm pack"
npm run -s build:package > build/package-build.log 2>&1 || { cat build/package-build.log; exit 1; }
rm -rf build/pack && mkdir -p build/pack/scratch
tarball=$(npm pack --silent --pack-destination build/pack 2> build/pack/pack.log | tail -n 1)
[ -f "build/pack/${tarball}" ] || { cat build/pack/pack.log; echo "pack: no tarball"; exit 1; }
echo "packed build/pack/${tarball}: $(tar -tzf "build/pack/${tarball}" | wc -l) files, $(du -k "build/pack/${tarball}" | cut -f1) KB"
cd build/pack/scratch
echo '{ "name": "scratch", "private": true, "type": "module" }' > package.json
npm install --offline --no-audit --no-fund --loglevel=error "../${tarball}" > ../install.log 2>&1 || { cat ../install.log; exit 1; }
echo "installed into build/pack/scratch/node_modules/attention-playground"
