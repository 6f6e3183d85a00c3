#!/usr/bin/env bash
# run.sh — npm run bench:peers: installs the peers (onnxruntime-web, tfjs-backend-wasm, onnx-proto) into
# scripts/bench/peers/node_modules from their own package-lock.json (apart from the project's, so that the
# test command never installs them), builds the npm package's files if they are missing, and prints the
# table of run.mjs.
set -euo pipefail
cd "$(dirname "$0")"
[ -d node_modules/onnxruntime-web ] || npm ci --no-audit --no-fund --loglevel=error
cd ../../..
[ -f dist-package/core.js ] && [ -f dist-package/attention_core.wasm ] || npm run -s build:package
node scripts/bench/peers/run.mjs
