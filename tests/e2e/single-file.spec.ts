// single-file.spec.ts — the offline page: dist-single/attention-playground.html
// (npm run build:single) opened from file://, with no server at all.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, report, test } from './fixtures';
import { checkSeedRows } from './embedding';
import { loadSeed, readHeatmap, snapshot, waitForPlot } from './playground';

const FILE = fileURLToPath(new URL('../../dist-single/attention-playground.html', import.meta.url));

test('single file: dist-single/attention-playground.html opens from file:// with no server and computes the seed 000 example', async ({ newPage }) => {
  expect(existsSync(FILE), 'dist-single/attention-playground.html is missing: run `npm run build:single`').toBe(true);
  const markup = readFileSync(FILE, 'utf8').replace(/(<(script|style)[^>]*>)[\s\S]*?(<\/\2>)/g, '$1$3'); // without the inlined code
  expect(markup, 'the single file still links scripts or stylesheets').not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"/);
  expect(/<script type="module"><\/script>/.test(markup) && /<style><\/style>/.test(markup), 'the single file has no inline script and style').toBe(true);
  const page = await newPage({ wait: false });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(FILE).href);
  await waitForPlot(page);
  await loadSeed(page);
  checkSeedRows((await snapshot(page)).weights, 'single file');
  const shown = await readHeatmap(page);
  expect(
    shown.cells.filter((c) => c.row === 1).map((c) => (c.masked ? 'masked' : c.text)),
    'row 1 of the heatmap table',
  ).toEqual(['0.499399', '0.500601', 'masked']);
  // the experiments' Web Worker runs from a blob: URL of its inlined code
  await page.locator('[data-testid=exp-run-h1]').click();
  await expect(page.locator('[data-testid=exp-h1-mark]'), 'the h = 1 experiment did not pass offline').toHaveText(/✓|pass/i, { timeout: 30_000 });
  const outside = requests.filter((u) => !/^(file|data|blob):/.test(u));
  expect(outside, 'requests to a network').toEqual([]);
  report(`single file: dist-single/attention-playground.html ${(statSync(FILE).size / 1024).toFixed(0)} KiB, ${requests.length} file/data/blob requests`);
});
