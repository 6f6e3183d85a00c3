// notes-observable.spec.ts — the Observable Framework example: the page
// web/examples/observable/src/index.md (the README's snippet observable-page),
// built offline by `observable build` (scripts/examples/observable.sh) into
// build/examples/observable/, served on its own origin and opened in Chromium.
// The page loads attention-playground/core, computes core.attention(Q, K, V)
// and draws the weights as its own SVG chart; the test reads the weights off
// the chart's cells and compares them with softmax(Q·Kᵀ/√d_k) computed here,
// edits the inputs, and takes screenshots at 1280 and 375 px.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { snippet } from '../../scripts/snippets.mjs';
import { checkSeedRows } from './embedding';
import { expect, report, screenshot, test } from './fixtures';
import { widths } from './playground';
import { refuseSimd } from './refuse-simd';
import { attentionWeights, matmul, SEED_000 } from './reference';

const SOURCE = fileURLToPath(new URL('../../web/examples/observable/src/', import.meta.url));
const BUILT = fileURLToPath(new URL('../../build/examples/observable/', import.meta.url));

/** What the chart shows: each cell's weight (its data-weight) and its text, by row. */
async function chart(page: Page): Promise<{ weights: number[][]; texts: string[][] }> {
  const cells = page.locator('svg.weights-chart g.cell');
  await expect(cells.first()).toBeVisible({ timeout: 20_000 });
  const all = await cells.evaluateAll((gs) =>
    gs.map((g) => ({ i: Number(g.dataset.query), j: Number(g.dataset.key), w: Number(g.dataset.weight), text: g.textContent?.trim() ?? '' })),
  );
  const weights: number[][] = [];
  const texts: string[][] = [];
  for (const { i, j, w, text } of all) {
    (weights[i] ??= [])[j] = w;
    (texts[i] ??= [])[j] = text;
  }
  return { weights, texts };
}

/** The largest |a − b| over two matrices of the same shape. */
const maxDiff = (a: number[][], b: number[][]): number => Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));

test('the Observable page is the README snippet', () => {
  expect(readFileSync(`${SOURCE}index.md`, 'utf8'), 'src/index.md is not the snippet observable-page').toBe(snippet('observable-page'));
  expect(readFileSync(`${SOURCE}style.css`, 'utf8'), 'src/style.css is not the snippet observable-style').toBe(snippet('observable-style'));
});

test.describe('Observable Framework example', () => {
  test.skip(!existsSync(`${BUILT}index.html`), 'SKIPPED observable: not built (bash scripts/examples/observable.sh printed why)');

  test('the build bundled the core and its WebAssembly, and nothing from other hosts', () => {
    const html = readFileSync(`${BUILT}index.html`, 'utf8');
    expect(html, 'the built page links no core module').toMatch(/_node\/attention-playground@[\d.]+\/core\.[0-9a-f]+\.js/);
    for (const wasm of ['attention_core.wasm', 'attention_core_nosimd.wasm'])
      expect(existsSync(`${BUILT}_node/attention-playground@0.1.0/${wasm}`), `the build copied no ${wasm}`).toBe(true);
    expect(html, 'the built page refers to another host').not.toMatch(/(?:src|href)="https?:/);
  });

  test('in a browser without WebAssembly SIMD the page fetches the build without it and shows the same weights', async ({ newPage, server }) => {
    const site = await server({ root: BUILT, csp: false });
    const page = await newPage({ wait: false, initScript: refuseSimd, width: 1280, height: 900 });
    const wasm: string[] = [];
    page.on('request', (r) => {
      if (/\.wasm(\?|$)/.test(r.url())) wasm.push(new URL(r.url()).pathname.split('/').pop() ?? '');
    });
    await page.goto(site.url);
    checkSeedRows((await chart(page)).weights, 'the Observable chart without SIMD');
    expect(wasm, 'the .wasm files the page fetched').toEqual(['attention_core_nosimd.wasm']);
  });

  test('the chart shows the seed 000 weights, follows the inputs and fits 1280 and 375 px', async ({ newPage, server }) => {
    const site = await server({ root: BUILT, csp: false });
    const page = await newPage({ url: site.url, wait: false, width: 1280, height: 900 });

    // seed 000 (Q = X·Wq, K = X·Wk, V = X·Wv) with the causal mask, as the page opens
    const seed = await chart(page);
    checkSeedRows(seed.weights, 'the Observable chart');
    const causal = attentionWeights(matmul(SEED_000.X, SEED_000.Wq), matmul(SEED_000.X, SEED_000.Wk), (i, j) => j > i);
    expect(seed.texts).toEqual(causal.map((row, i) => row.map((w, j) => (j > i ? '×' : w.toFixed(3)))));
    report(`observable: seed 000 row 1 = ${seed.texts[1].join(' ')}`);
    const out = await page.locator('table.output tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(out, 'the output table').toEqual(matmul(causal, matmul(SEED_000.X, SEED_000.Wv)).map((row) => row.map((x) => x.toFixed(4))));
    await screenshot(page, 'observable-1280.png');

    // without the mask: every key is visible
    await page.getByLabel('Causal mask').uncheck();
    await expect.poll(async () => (await chart(page)).texts[0][2]).not.toBe('×');
    const open = attentionWeights(matmul(SEED_000.X, SEED_000.Wq), matmul(SEED_000.X, SEED_000.Wk));
    const unmasked = await chart(page);
    expect(maxDiff(unmasked.weights, open), `unmasked weights ${JSON.stringify(unmasked.weights)}`).toBeLessThan(1e-12);

    // a Q of the reader's own: 2 queries, scores 0 and 1·1/√2 → weights [0.5 0.5] and softmax([1, 0]/√2)
    const Q = page.getByLabel('Q', { exact: true });
    await Q.fill('0 0\n1 0');
    await Q.dispatchEvent('input');
    const K = [
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    await page.getByLabel('K', { exact: true }).fill('1 0\n0 1\n0 0');
    await page.getByLabel('K', { exact: true }).dispatchEvent('input');
    const want = attentionWeights(
      [
        [0, 0],
        [1, 0],
      ],
      K,
    );
    // polled until both edits are in: the notebook runs its cells again after each input, so for a moment
    // the chart can show the new Q with the old K (two rows, the seed's three keys)
    await expect.poll(async () => maxDiff((await chart(page)).weights, want)).toBeLessThan(1e-12);
    const mine = await chart(page);
    expect(mine.texts[0]).toEqual(['0.333', '0.333', '0.333']);

    // a bad number: the core's message on the page, no chart, no console error
    await Q.fill('0 zero\n1 0');
    await Q.dispatchEvent('input');
    const error = page.locator('p.error');
    await expect(error).toBeVisible();
    const message = (await error.textContent()) ?? '';
    expect(message, 'the error names no argument').toMatch(/\bQ\b/);
    await expect(page.locator('svg.weights-chart')).toHaveCount(0);
    report(`observable: a bad Q says "${message}"`);

    // a phone: the same page at 375 px, nothing wider than the screen
    const phone = await newPage({ url: site.url, wait: false, width: 375, height: 800 });
    checkSeedRows((await chart(phone)).weights, 'the Observable chart at 375 px');
    const w = await widths(phone);
    expect(w.scroll, `the page scrolls sideways at 375 px: ${JSON.stringify(w)}`).toBeLessThanOrEqual(w.client);
    const box = await phone.locator('svg.weights-chart').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, `the chart does not fit 375 px: ${JSON.stringify(box)}`).toBe(true);
    await screenshot(phone, 'observable-375.png');
  });
});
