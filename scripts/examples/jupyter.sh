#!/usr/bin/env bash
# scripts/examples/jupyter.sh — the Jupyter example (web/examples/jupyter/attention.ipynb), executed by a real
# IPython kernel and exported by Debian's jupyter-nbconvert into build/examples/jupyter/attention.html, with the
# package's standalone.js (the packed tarball's, from the scratch install of scripts/pack.sh) copied into the
# output, so that the export opens from file:// with no network (tests/e2e/notes-jupyter.spec.ts checks it); and
# once more in JupyterLab's dark theme, attention-dark.html.
# Prints SKIPPED and exits 0 when jupyter-nbconvert or a python3 kernel with ipykernel is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=web/examples/jupyter
out=build/examples/jupyter
standalone="$PWD/build/pack/scratch/node_modules/attention-playground/dist-package/standalone.js"
install_hint='apt-get install jupyter-nbconvert python3-ipykernel'

if ! command -v jupyter-nbconvert > /dev/null; then
  echo "SKIPPED jupyter: jupyter-nbconvert is not installed (${install_hint})"
  exit 0
fi
# the Python that runs nbconvert, from its script's #! line, finds the kernel the notebook names
read -r -a python < <(sed -n '1s/^#! *//p' "$(command -v jupyter-nbconvert)")
kernel_python=$("${python[@]}" -c 'from jupyter_client.kernelspec import KernelSpecManager as M; print(M().get_kernel_spec("python3").argv[0])' 2> /dev/null || true)
if [ -z "${kernel_python}" ] || ! "${kernel_python}" -c 'import ipykernel, IPython' 2> /dev/null; then
  echo "SKIPPED jupyter: no python3 kernel with ipykernel (${install_hint})"
  exit 0
fi
[ -f "${standalone}" ] || { echo "jupyter: ${standalone} is missing: run bash scripts/pack.sh first" >&2; exit 1; }

echo "== jupyter: $(jupyter-nbconvert --version | head -n 1) (nbconvert), kernel python3 = ${kernel_python}"
node "${src}/sync-notebook.mjs" --check # the code cells are the README's snippets, word for word
rm -rf "${out}" && mkdir -p "${out}"
start=$(date +%s)
ATTENTION_PLAYGROUND_JS="${standalone}" jupyter-nbconvert "${src}/attention.ipynb" \
  --execute --to html --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=60 \
  --TemplateExporter.extra_template_basedirs="${src}/templates" --template offline \
  --output-dir "${out}" --output attention > "${out}/nbconvert.log" 2>&1 || { cat "${out}/nbconvert.log"; exit 1; }
html="${out}/attention.html"

# the export is self-contained: the module is in it, and no script, style sheet or image comes from a network
grep -qF '<script type="module">import(URL.createObjectURL(new Blob(["' "${html}" || { echo "jupyter: ${html} has no inlined module (did the notebook find ${standalone}?)" >&2; exit 1; }
if grep -Eo '<script type="module">import "https?:[^"]*' "${html}"; then
  echo "jupyter: ${html} imports the above from the network" >&2
  exit 1
fi
if grep -Eo '<(script|link|img|iframe)[^>]*(src|href)="(https?:)?//[^"]*' "${html}"; then
  echo "jupyter: ${html} loads the above from the network" >&2
  exit 1
fi
echo "== jupyter: executed and exported in $(($(date +%s) - start)) s: ${html} ($(du -k "${html}" | cut -f1) KB, the module $(du -k "${standalone}" | cut -f1) KB inlined)"

# the same notebook exported in JupyterLab's dark theme (<body data-jp-theme-light="false">): the playground follows it
start=$(date +%s)
ATTENTION_PLAYGROUND_JS="${standalone}" jupyter-nbconvert "${src}/attention.ipynb" \
  --execute --to html --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=60 \
  --TemplateExporter.extra_template_basedirs="${src}/templates" --template offline --HTMLExporter.theme=dark \
  --output-dir "${out}" --output attention-dark > "${out}/nbconvert-dark.log" 2>&1 || { cat "${out}/nbconvert-dark.log"; exit 1; }
grep -qF 'data-jp-theme-light="false"' "${out}/attention-dark.html" || { echo "jupyter: ${out}/attention-dark.html is not in the dark theme" >&2; exit 1; }
echo "== jupyter: exported in JupyterLab's dark theme in $(($(date +%s) - start)) s: ${out}/attention-dark.html"
