#!/usr/bin/env bash
# Build every course-notes example of web/examples/README.md with its real tool,
# for the tests/e2e/notes-*.spec.ts specs: MkDocs Material, Jupyter (nbconvert),
# reveal.js, Observable Framework. Each script prints "SKIPPED <name>: <why>"
# when its tool is not installed, and its spec then says it is skipped.
# Assumes bash scripts/pack.sh ran (the examples load the packed package).
set -euo pipefail
cd "$(dirname "$0")/../.."
for name in mkdocs jupyter slides observable; do
  start=$(date +%s)
  bash "scripts/examples/${name}.sh"
  echo "   (${name}: $(( $(date +%s) - start )) s)"
done
