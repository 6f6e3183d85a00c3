// no-simd.spec.ts — a browser whose WebAssembly has no SIMD128 still gets the whole playground: the
// page's feature check (web/src/core/simd.ts) is made to refuse the SIMD module, as such a browser's
// would, and the page then fetches the core's build without SIMD (and never the SIMD one), computes
// the seed 000 example with the same numbers, and its worker runs an experiment on the same build.
// The offline one-file page carries both builds and does the same from file://.

import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, report, test } from './fixtures';
import { checkSeedRows } from './embedding';
import { loadSeed, snapshot, waitForPlot } from './playground';
import { refuseSimd } from './refuse-simd';

test('without SIMD: the page loads attention_core_nosimd.wasm only, computes the seed example, and its worker runs an experiment', async ({ newPage, url }) => {
  const page = await newPage({ wait: false, initScript: refuseSimd });
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (/\.wasm(\?|$)/.test(r.url())) wasm.push(new URL(r.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto(url);
  await waitForPlot(page);
  await loadSeed(page);
  checkSeedRows((await snapshot(page)).weights, 'without SIMD');
  await page.locator('[data-testid=exp-run-h1]').click();
  await expect(page.locator('[data-testid=exp-h1-mark]'), 'the h = 1 experiment did not pass without SIMD').toHaveText(/✓|pass/i, { timeout: 30_000 });
  expect(wasm.length, 'no .wasm fetched').toBeGreaterThan(0);
  expect(
    wasm.filter((f) => !/^attention_core_nosimd-/.test(f)),
    'a browser without SIMD fetched a SIMD build',
  ).toEqual([]);
  report(`without SIMD: fetched ${wasm.join(', ')}`);
});

test('without SIMD, offline: the one-file page computes the seed example from file://', async ({ newPage }) => {
  const file = fileURLToPath(new URL('../../dist-single/attention-playground.html', import.meta.url));
  const page = await newPage({ wait: false, initScript: refuseSimd });
  await page.goto(pathToFileURL(file).href);
  await waitForPlot(page);
  await loadSeed(page);
  checkSeedRows((await snapshot(page)).weights, 'one file without SIMD');
  const simd = await page.evaluate(() =>
    WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11])),
  );
  expect(simd, 'the stand-in for a browser without SIMD did not take').toBe(false);
});
