#!/usr/bin/env bash
# Set up, build the WASM core and serve the page at http://localhost:5173/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build_wasm.sh > /dev/null
echo "Serving Attention Playground at http://localhost:5173/ (Ctrl-C to stop)"
exec npx vite --port 5173 --strictPort "$@"
