// sync-notebook.mjs — attention.ipynb's code cells are the "Jupyter notebooks" snippets of
// web/examples/README.md, word for word. Each code cell names its snippet in its metadata
// ({"snippet": "jupyter-load"}); the markdown cells are the notebook's own (edit them in Jupyter).
//
//   node web/examples/jupyter/sync-notebook.mjs          rewrite the code cells from the README
//   node web/examples/jupyter/sync-notebook.mjs --check  exit 1, naming the cells, when they differ (the build runs this)
//
// A cell's source is its snippet without the fenced block's last newline (Jupyter keeps none).

/* global process, console, URL -- a Node script (eslint.config.js gives Node's globals to scripts/ and tests/ only) */

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { snippet } from '../../../scripts/snippets.mjs';

/** The notebook. */
export const NOTEBOOK = fileURLToPath(new URL('attention.ipynb', import.meta.url));

/** The snippets the notebook's code cells are, in order. */
export const NOTEBOOK_SNIPPETS = ['jupyter-load', 'jupyter-seed000', 'jupyter-python'];

/** A code cell's source as one text (nbformat stores it as a list of lines). */
export const sourceText = (source) => (Array.isArray(source) ? source.join('') : source);

/** The notebook's code cells: the snippet each names, and its source. */
export function codeCells(text = readFileSync(NOTEBOOK, 'utf8')) {
  return JSON.parse(text)
    .cells.filter((c) => c.cell_type === 'code')
    .map((c) => ({ snippet: c.metadata?.snippet ?? null, source: sourceText(c.source) }));
}

/** What differs between the notebook's code cells and the README's snippets (empty when they agree). */
export function differences(text = readFileSync(NOTEBOOK, 'utf8')) {
  const cells = codeCells(text);
  const named = cells.map((c) => c.snippet);
  if (JSON.stringify(named) !== JSON.stringify(NOTEBOOK_SNIPPETS))
    return [`the code cells name the snippets ${JSON.stringify(named)}, not ${JSON.stringify(NOTEBOOK_SNIPPETS)}`];
  return cells.filter((c) => `${c.source}\n` !== snippet(c.snippet)).map((c) => `the cell of snippet "${c.snippet}" differs from the README's`);
}

/** Nbformat's list of lines for a text: each line keeps its "\n", the last has none. */
const lines = (text) => text.split(/(?<=\n)/);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const diff = differences();
    if (diff.length > 0) {
      console.error(`${NOTEBOOK}:\n  ${diff.join('\n  ')}\n  run: node web/examples/jupyter/sync-notebook.mjs`);
      process.exit(1);
    }
  } else {
    const nb = JSON.parse(readFileSync(NOTEBOOK, 'utf8'));
    for (const cell of nb.cells)
      if (cell.cell_type === 'code' && cell.metadata?.snippet) cell.source = lines(snippet(cell.metadata.snippet).replace(/\n$/, ''));
    writeFileSync(NOTEBOOK, `${JSON.stringify(nb, null, 1)}\n`);
    console.log(`${NOTEBOOK}: code cells written from the README's snippets`);
  }
}
