#!/usr/bin/env bash
# Pack the npm package as `npm publish` would (nothing is published), then
# install the tarball into a scratch folder, offline, the way a user's project
# gets it:
#   build/pack/attention-playground-<version>.tgz
#   build/pack/scratch/node_modules/attention-playground/   (what the tests import and serve as "the CDN")
# `npm pack` builds what goes in through package.json's prepack (the WASM when it
# is missing, then `npm run build:package` into dist-package/), so the package is
# built once, the way a publish from a fresh clone builds it; the build's output
# goes to stderr (npm's --json output stays JSON) and lands in build/pack/pack.log.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== npm package: npm pack (its prepack builds dist-package/)"
rm -rf build/pack && mkdir -p build/pack/scratch
npm pack --silent --pack-destination build/pack > build/pack/pack.out 2> build/pack/pack.log || { cat build/pack/pack.log; echo "pack: npm pack failed"; exit 1; }
tarball=$(tail -n 1 build/pack/pack.out)
[ -f "build/pack/${tarball}" ] || { cat build/pack/pack.log build/pack/pack.out; echo "pack: no tarball"; exit 1; }
echo "packed build/pack/${tarball}: $(tar -tzf "build/pack/${tarball}" | wc -l) files, $(du -k "build/pack/${tarball}" | cut -f1) KB"
cd build/pack/scratch
echo '{ "name": "scratch", "private": true, "type": "module" }' > package.json
npm install --offline --no-audit --no-fund --loglevel=error "../${tarball}" > ../install.log 2>&1 || { cat ../install.log; exit 1; }
echo "installed into build/pack/scratch/node_modules/attention-playground"
