// notes-jupyter.spec.ts — the Jupyter example (web/examples/jupyter/attention.ipynb), executed by an IPython
// kernel and exported by Debian's jupyter-nbconvert (scripts/examples/jupyter.sh) into
// build/examples/jupyter/attention.html, opened from file:// with every other request aborted: the export
// is self-contained (the package's standalone.js copied into the first cell's output, no require.js or
// MathJax from a CDN), shows the seed 000 playground and the one whose matrices Python computed; exported in
// JupyterLab's dark theme, both playgrounds are dark.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { snippet } from '../../scripts/snippets.mjs';
import { CDN_PREFIXES } from './cdn';
import { checkSeedRows } from './embedding';
import { expect, report, screenshot, test } from './fixtures';
import { plotted, snapshot, widths } from './playground';
import { attentionWeights } from './reference';
import { expectTheme } from './theme-check';

const NOTEBOOK = fileURLToPath(new URL('../../web/examples/jupyter/attention.ipynb', import.meta.url));
const EXPORT = fileURLToPath(new URL('../../build/examples/jupyter/attention.html', import.meta.url));
/** The same notebook exported in JupyterLab's dark theme (nbconvert --HTMLExporter.theme=dark). */
const EXPORT_DARK = fileURLToPath(new URL('../../build/examples/jupyter/attention-dark.html', import.meta.url));
/** The notebook's code cells, in order: the README's snippets. */
const CELLS = ['jupyter-load', 'jupyter-seed000', 'jupyter-python'];
const SEED = 'attention-playground[preset=seed000]';
const FROM_PYTHON = 'attention-playground#from-python';

/** Abort every request that is not for a file: the page is offline. Returns the addresses it asked for. */
async function offline(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    asked.push(url);
    return route.abort('internetdisconnected');
  });
  return asked;
}

/** The matrices the notebook's third cell computes, in plain TypeScript (four tokens on a circle, 3 decimals). */
function pythonMatrices(): { Q: number[][]; K: number[][]; V: number[][] } {
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const Q = [0, 1, 2, 3].map((i) => (i * Math.PI) / 4).map((a) => [r3(Math.cos(a)), r3(Math.sin(a))]);
  return { Q, K: Q.map((q) => q.map((x) => 2 * x)), V: [0, 1, 2, 3].map((i) => [i, 1]) };
}

/** The largest |a − b| over two matrices of the same shape (Infinity when the shapes differ). */
function maxDiff(a: number[][], b: number[][]): number {
  if (a.length !== b.length || a.some((row, i) => row.length !== b[i].length)) return Infinity;
  return Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));
}

/** Open the export from file:// and wait until both playgrounds have computed. */
async function openExport(page: Page, file = EXPORT): Promise<void> {
  await page.goto(pathToFileURL(file).href);
  await plotted(page.locator(SEED));
  await plotted(page.locator(FROM_PYTHON));
  for (const sel of [SEED, FROM_PYTHON]) await expect.poll(async () => (await snapshot(page, sel)).weights !== null, `${sel} computed nothing`).toBe(true);
}

test('the notebook’s code cells are the README’s Jupyter snippets, word for word', () => {
  const nb = JSON.parse(readFileSync(NOTEBOOK, 'utf8')) as { cells: { cell_type: string; metadata: { snippet?: string }; source: string | string[] }[] };
  const code = nb.cells.filter((c) => c.cell_type === 'code');
  expect(
    code.map((c) => c.metadata.snippet),
    'the snippet each code cell names (its metadata), in order',
  ).toEqual(CELLS);
  for (const c of code) {
    const source = Array.isArray(c.source) ? c.source.join('') : c.source;
    // a fenced block ends with a newline, a Jupyter cell with none: node web/examples/jupyter/sync-notebook.mjs writes them
    expect(`${source}\n`, `the cell of snippet ${c.metadata.snippet}`).toBe(snippet(c.metadata.snippet!));
  }
});

test('the exported notebook works from file:// with no network: the seed 000 playground and the one Python set', async ({ page, context, browser }) => {
  test.skip(!existsSync(EXPORT), 'SKIPPED jupyter: no build/examples/jupyter/attention.html (scripts/examples/jupyter.sh printed why)');
  const html = readFileSync(EXPORT, 'utf8');
  expect(html, 'the export has the module inlined (the first cell found standalone.js)').toContain(
    '<script type="module">import(URL.createObjectURL(new Blob(["',
  );
  expect(html.match(/<(?:script|link|img)\b[^>]*\b(?:src|href)="(?:https?:)?\/\/[^"]*/g), 'the export loads nothing from a network').toBeNull();

  // the route does cut the network: a CDN address the snippets use fails in a context routed the same way
  // (a context of its own, not watched by the fixtures: its failed request is the point)
  const probe = await browser.newContext();
  const probed = await offline(probe);
  const probePage = await probe.newPage();
  const fetched = await probePage.evaluate(
    (u) =>
      fetch(u).then(
        () => 'loaded',
        (e: Error) => e.message,
      ),
    `${CDN_PREFIXES[0]}dist-package/standalone.js`,
  );
  await probe.close();
  expect(fetched, 'a fetch from the CDN in a routed context').toBe('Failed to fetch');
  expect(probed, 'the routed context saw the CDN request').toEqual([`${CDN_PREFIXES[0]}dist-package/standalone.js`]);

  const asked = await offline(context);
  const start = Date.now();
  await openExport(page);
  report(`jupyter: the export (${Math.round(html.length / 1024)} KB) computed both playgrounds from file:// in ${Date.now() - start} ms, offline`);

  // cell 2: the seed 000 example
  const seed = await snapshot(page, SEED);
  expect(seed.state.op, 'the seed 000 playground: operation').toBe('single_head');
  checkSeedRows(seed.weights, 'the seed 000 playground of the exported notebook');

  // cell 3: the matrices Python computed, through the matrices attribute
  const py = await snapshot(page, FROM_PYTHON);
  const want = pythonMatrices();
  expect([py.state.op, py.state.mask], 'the playground set from Python: operation and mask').toEqual(['attention', 'causal']);
  for (const name of ['Q', 'K', 'V'] as const) {
    const source = py.state.matrices[name];
    expect(source?.kind, `the playground set from Python: ${name} is given cell by cell`).toBe('cells');
    const got = source?.kind === 'cells' ? source.cells.map((row) => row.map(Number)) : [];
    const d = maxDiff(got, want[name]);
    expect(d, `the playground set from Python: ${name} = ${JSON.stringify(got)} (max |Δ| ${d})`).toBe(0);
  }
  const weights = attentionWeights(want.Q, want.K, (i, j) => j > i);
  const d = maxDiff(py.weights ?? [], weights);
  expect(d, `the playground set from Python: weights ${JSON.stringify(py.weights)} (max |Δ| ${d})`).toBeLessThan(1e-12);
  // what the notebook says of it: each token attends most to itself
  expect(
    py.weights!.map((row) => row.indexOf(Math.max(...row))),
    'the token each query attends to most',
  ).toEqual([0, 1, 2, 3]);
  report(
    `jupyter: seed 000 row 1 = ${seed.weights![1].map((v) => v.toFixed(4)).join(', ')}; from Python, row 3 = ${py.weights![3].map((v) => v.toFixed(4)).join(', ')}`,
  );

  expect(asked, 'requests the offline page made that were not for a file').toEqual([]);
  await screenshot(page, 'jupyter-1280.png');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(async () => (await widths(page)).scroll, 'the page scrolls sideways at 375 px').toBeLessThanOrEqual((await widths(page)).client);
  await screenshot(page, 'jupyter-375.png');
  expect(asked, 'requests the offline page made that were not for a file').toEqual([]);
});

test('the notebook exported in JupyterLab’s dark theme: both playgrounds follow it (theme auto), in a light browser', async ({ page, context }) => {
  test.skip(!existsSync(EXPORT_DARK), 'SKIPPED jupyter: no build/examples/jupyter/attention-dark.html (scripts/examples/jupyter.sh printed why)');
  expect(readFileSync(EXPORT_DARK, 'utf8'), 'the export is in the dark theme').toContain('data-jp-theme-light="false"');
  const asked = await offline(context);
  await page.emulateMedia({ colorScheme: 'light' }); // the notebook's own theme wins over the browser's
  await openExport(page, EXPORT_DARK);
  await expectTheme(page.locator(SEED), 'dark', 'the seed 000 playground in the dark notebook');
  await expectTheme(page.locator(FROM_PYTHON), 'dark', 'the playground set from Python in the dark notebook');
  checkSeedRows((await snapshot(page, SEED)).weights, 'the seed 000 playground of the dark export');
  report(`jupyter dark at 1280 px: ${await screenshot(page, 'jupyter-dark-1280.png')}`);
  expect(asked, 'requests the offline page made that were not for a file').toEqual([]);
});
