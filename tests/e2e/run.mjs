// run.mjs — the end-to-end suite: the built page (dist/) in real headless
// Chromium (Debian's /usr/bin/chromium driven by playwright-core).
//
//   npx vite build && node tests/e2e/run.mjs [name-filter]
//
// Every test gets a fresh browser context (empty storage) and page; a test
// fails on any console error, page error, failed request or HTTP error the
// page produced. Screenshots go to test-results/. The last line printed is
// `e2e: N passed, M failed`; the exit code is non-zero on any failure.

import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { registerEmbedTests } from './embed.tests.mjs';
import { registerExperimentTests } from './experiments.tests.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist');
const RESULTS = join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TEST_TIMEOUT = 60_000;
const STEP_TIMEOUT = 15_000;

// ---------------------------------------------------------------- tiny test framework

/** @type {{ name: string, fn: (t: T) => Promise<void> }[]} */
const tests = [];
/** Register a test. */
const test = (name, fn) => tests.push({ name, fn });

/** Throw with `message` unless `cond`. */
function assert(cond, message) {
  if (!cond) throw new Error(message);
}
/** Deep equality through JSON, with both values in the message. */
function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}:\n    expected ${e}\n    actual   ${a}`);
}
/** Retry `fn` until it stops throwing (the page renders on events; give it time). */
async function eventually(fn, timeout = STEP_TIMEOUT) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Lines printed after the results (performance figures, notes). */
const report = [];

// ---------------------------------------------------------------- the seed 000 example, in plain JS

const SEED = {
  X: [
    [0.1, 0.2, 0.3, 0.4],
    [0.5, 0.4, 0.3, 0.2],
    [0.0, 0.1, 0.0, 0.1],
  ],
  Wq: [
    [0.2, -0.1],
    [0.0, 0.1],
    [0.1, 0.2],
    [-0.1, 0.0],
  ],
  Wk: [
    [0.1, 0.1],
    [0.0, -0.1],
    [0.2, 0.0],
    [0.0, 0.2],
  ],
  Wv: [
    [0.1, 0.0],
    [-0.1, 0.1],
    [0.2, -0.1],
    [0.0, 0.2],
  ],
};

/** A·B for plain arrays. */
const matmul = (A, B) => A.map((row) => B[0].map((_, j) => row.reduce((s, a, k) => s + a * B[k][j], 0)));
/** Aᵀ. */
const transpose = (A) => A[0].map((_, j) => A.map((row) => row[j]));

/** softmax(Q·Kᵀ/√d_k + mask) with hidden(i, j) → −∞; returns the weights (n_q × n_k). */
function attentionWeights(Q, K, hidden = () => false, scale = true) {
  const d = Q[0].length;
  const scores = matmul(Q, transpose(K)).map((row, i) => row.map((s, j) => (hidden(i, j) ? -Infinity : scale ? s / Math.sqrt(d) : s)));
  return scores.map((row) => {
    const max = Math.max(...row);
    const e = row.map((s) => (s === -Infinity ? 0 : Math.exp(s - max)));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  });
}

/** The seed 000 weights: q = X·Wq, k = X·Wk, 1/√2 scaling, causal or not. */
function seedWeights(causal) {
  const q = matmul(SEED.X, SEED.Wq);
  const k = matmul(SEED.X, SEED.Wk);
  return attentionWeights(q, k, (i, j) => causal && j > i);
}

/** The text the heatmap's table shows for a value (6 significant digits, as heatmap.ts formatFull). */
const full = (v) => String(Number(v.toPrecision(6)));
/** The text printed inside a heatmap cell (3 decimals, trailing zeros dropped, as heatmap.ts cellText). */
const short = (v) => {
  let s = v.toFixed(3);
  if (s.includes('.')) s = s.replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

// ---------------------------------------------------------------- page helpers

/**
 * The weights a head's heatmap shows, from its table alternative:
 * [{ row, col, masked, text }], plus the values printed in the cells.
 */
async function readHeatmap(page, head = 0) {
  const sel = `[data-testid=head-${head}]`;
  await page.locator(`${sel} .hm-table td[data-row]`).first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  const cells = await page.$$eval(`${sel} .hm-table td[data-row]`, (tds) =>
    tds.map((td) => ({ row: Number(td.dataset.row), col: Number(td.dataset.col), masked: td.dataset.masked === '1', text: (td.textContent ?? '').trim() })),
  );
  const values = await page.$$eval(`${sel} text.hm-value`, (ts) =>
    ts.map((t) => ({ row: Number(t.getAttribute('data-row')), col: Number(t.getAttribute('data-col')), text: (t.textContent ?? '').trim() })),
  );
  return { cells, values };
}

/** The table texts as a matrix of strings (masked cells as "masked"). */
function asGrid(cells) {
  const grid = [];
  for (const c of cells) (grid[c.row] ??= [])[c.col] = c.masked ? 'masked' : c.text;
  return grid;
}

/** The weights a head shows, as a matrix of table texts ("masked" for hidden cells). */
const weightsOf = async (page, head = 0) => asGrid((await readHeatmap(page, head)).cells);

/** Compare a heatmap against expected weights (null = masked) to the shown precision. */
function checkWeights(shown, expected, what) {
  const want = expected.map((row) => row.map((v) => (v === null ? 'masked' : full(v))));
  assertEqual(asGrid(shown.cells), want, `${what}: table of weights`);
  if (shown.values.length > 0) {
    const grid = [];
    for (const v of shown.values) (grid[v.row] ??= [])[v.col] = v.text;
    assertEqual(
      grid,
      expected.map((row) => row.map((v) => (v === null ? '×' : short(v)))),
      `${what}: values printed in the cells`,
    );
  }
}

/** Wait until the playground has drawn head 0 (the element built, the core loaded, the first compute done). */
async function waitForPlot(page) {
  await page.locator('[data-testid=head-0] [data-rows]').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  await page.locator('[data-testid=head-0] canvas.hm-canvas').waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
}

/** Load the seed 000 preset through the preset menu. */
async function loadSeed(page) {
  await page.locator('[data-testid=preset]').selectOption('seed000');
  await eventually(async () => assertEqual(await page.locator('[data-testid=op]').inputValue(), 'single_head', 'operation after the seed 000 preset'));
  await waitForPlot(page);
}

/** The input of cell (i, j) of matrix `name`. */
const cell = (page, name, i, j) => page.locator(`[data-testid=grid-${name}] input[data-row="${i}"][data-col="${j}"]`);

/** Type `text` into a cell and commit it (Tab → change → a history entry). */
async function commitCell(page, name, i, j, text) {
  const input = cell(page, name, i, j);
  await input.fill(text);
  await input.press('Tab');
}

/** The location hash of the page. */
const hashOf = (page) => page.evaluate(() => location.hash);

// ---------------------------------------------------------------- harness

/**
 * What every test receives.
 * @typedef {{ browser: import('playwright-core').Browser, url: string, newPage: (opts?: { url?: string, width?: number, height?: number }) => Promise<import('playwright-core').Page>, server: (opts: object) => Promise<{ url: string }> }} T
 */

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('e2e: dist/index.html is missing: run `npx vite build` first');
    console.log('e2e: 0 passed, 1 failed');
    process.exit(1);
  }
  await mkdir(RESULTS, { recursive: true });
  const filter = process.argv[2] ?? '';
  const main = await startServer({ root: DIST });
  const extra = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  let passed = 0;
  let failed = 0;
  const flaky = [];
  // a test that fails is run once more (in a fresh context) before it counts as failed:
  // the machine may be loaded; a pass on the second try is reported as flaky below
  const queue = tests.filter(({ name }) => !filter || name.includes(filter)).map((t) => ({ ...t, attempt: 1 }));
  try {
    for (const { name, fn, attempt } of queue) {
      const contexts = [];
      const problems = [];
      /** @type {T['newPage']} */
      const newPage = async (opts = {}) => {
        const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 }, ...(opts.context ?? {}) });
        contexts.push(context);
        context.setDefaultTimeout(STEP_TIMEOUT);
        const page = await context.newPage();
        const tag = `page ${contexts.length}`;
        page.on('console', (m) => {
          // the browser's own /favicon.ico probe is checked by its own test
          if (!opts.favicon && /\/favicon\.ico$/.test(m.location()?.url ?? '')) return;
          if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text()))
            problems.push(`${tag} console.${m.type()}: ${m.text()}${m.location()?.url ? ` (${m.location().url})` : ''}`);
        });
        page.on('pageerror', (e) => problems.push(`${tag} page error: ${e.message}`));
        page.on('requestfailed', (r) => {
          // a download or a navigation the test itself aborted is not the page's fault
          if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '')) problems.push(`${tag} request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
        });
        page.on('response', (r) => {
          if (!opts.favicon && /\/favicon\.ico$/.test(r.url())) return;
          if (r.status() >= 400) problems.push(`${tag} HTTP ${r.status()}: ${r.url()}`);
        });
        if (opts.initScript) await page.addInitScript(opts.initScript);
        if (opts.url) {
          await page.goto(opts.url);
          if (opts.wait !== false) await waitForPlot(page);
        }
        return page;
      };
      const server = async (opts) => {
        const s = await startServer({ root: DIST, ...opts });
        extra.push(s);
        return s;
      };
      const started = Date.now();
      let error = null;
      try {
        let timer;
        await Promise.race([
          fn({ browser, url: main.url, newPage, server }),
          new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`timed out after ${TEST_TIMEOUT} ms`)), TEST_TIMEOUT))),
        ]).finally(() => clearTimeout(timer));
        // let late console messages arrive
        await new Promise((r) => setTimeout(r, 100));
        if (problems.length) error = new Error(`the page reported problems:\n    ${problems.join('\n    ')}`);
      } catch (err) {
        error = err;
        if (problems.length) error.message += `\n  the page also reported:\n    ${problems.join('\n    ')}`;
      }
      for (const c of contexts) await c.close().catch(() => {});
      const ms = Date.now() - started;
      if (error && attempt === 1) {
        console.log(`↻ ${name} failed once (${ms} ms), running it again: ${String(error.message ?? error).split('\n')[0]}`);
        queue.push({ name, fn, attempt: 2 });
      } else if (error) {
        failed += 1;
        console.log(
          `✗ ${name} (${ms} ms)\n  ${String(error.stack ?? error)
            .split('\n')
            .slice(0, 12)
            .join('\n  ')}`,
        );
      } else {
        passed += 1;
        if (attempt > 1) flaky.push(name);
        console.log(`✓ ${name} (${ms} ms)${attempt > 1 ? ' — passed on the second try' : ''}`);
      }
    }
  } finally {
    await browser.close();
    await main.close();
    for (const s of extra) await s.close();
  }
  for (const line of report) console.log(line);
  if (flaky.length) console.log(`flaky (passed on the second try): ${flaky.join('; ')}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

// ---------------------------------------------------------------- the tests

test('seed 000 preset: weights equal the core to the shown precision, trace shapes', async ({ url, newPage }) => {
  const page = await newPage({ url });
  await loadSeed(page);
  const expected = seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? null : v)));
  checkWeights(await readHeatmap(page), expected, 'seed 000 (causal)');
  // every unmasked row sums to 1 and the readout's row stats say so
  const sums = await page.$$eval('[data-testid=head-0] [data-testid=row-stats] td.row-sum', (tds) => tds.map((td) => td.textContent));
  assertEqual(sums, ['1.000000', '1.000000', '1.000000'], 'row sums');
  const trace = (await page.locator('[data-testid=trace]').textContent()) ?? '';
  assert(trace.includes('q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)'), `trace lacks "q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)":\n${trace}`);
  assert(trace.includes('weights (1, 3, 3)  out (1, 3, 2)'), `trace lacks "weights (1, 3, 3)  out (1, 3, 2)":\n${trace}`);
  // the output: weights·(X·Wv), 4 decimals
  const v = matmul(SEED.X, SEED.Wv);
  const out = matmul(seedWeights(true), v).map((row) => row.map((x) => x.toFixed(4).replace(/^-/, '−')));
  const shownOut = await page.$$eval('[data-testid=output] tbody tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
  assertEqual(shownOut, out, 'output out = weights·v');
});

test('causal toggle: exactly the cells above the diagonal are masked', async ({ url, newPage }) => {
  const page = await newPage({ url });
  await loadSeed(page);
  const maskedOf = (shown) => asGrid(shown.cells).map((row) => row.map((t) => t === 'masked'));
  const above = [0, 1, 2].map((i) => [0, 1, 2].map((j) => j > i));
  assertEqual(maskedOf(await readHeatmap(page)), above, 'masked cells with the causal mask');
  assert(await page.locator('[data-testid=mask-causal]').isChecked(), 'the causal radio is checked for seed 000');

  await page.locator('[data-testid=mask-none]').check();
  await eventually(async () =>
    assertEqual(
      maskedOf(await readHeatmap(page)),
      above.map((r) => r.map(() => false)),
      'masked cells without a mask',
    ),
  );
  checkWeights(await readHeatmap(page), seedWeights(false), 'seed 000 without mask');
  const noMask = await hashOf(page);
  assert(!noMask.includes('mask=') || noMask.includes('mask=none'), `the hash still has a mask: ${noMask}`);

  await page.locator('[data-testid=mask-causal]').check();
  await eventually(async () => assertEqual(maskedOf(await readHeatmap(page)), above, 'masked cells with the causal mask again'));
  const expected = seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? null : v)));
  checkWeights(await readHeatmap(page), expected, 'seed 000 causal again');
  assert((await hashOf(page)).includes('mask=causal'), 'the hash says mask=causal');
});

test('multi_head with h = 2 shows two heatmaps', async ({ url, newPage }) => {
  const page = await newPage({ url });
  await page.locator('[data-testid=op]').selectOption('multi_head');
  await waitForPlot(page);
  const h = page.locator('[data-testid=h]');
  await h.fill('2');
  await h.press('Tab');
  await page.locator('[data-testid=head-1]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=head-0]').waitFor({ state: 'visible' });
  assertEqual(await page.locator('[data-testid^=head-]').count(), 2, 'number of heatmaps');
  // default Q = K = [[1,0],[0,1],[1,1]]: head 1 sees column 0, head 2 column 1, d_k = 1 each
  const Q = [
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  for (const head of [0, 1]) {
    const q = Q.map((r) => [r[head]]);
    checkWeights(await readHeatmap(page, head), attentionWeights(q, q), `head ${head + 1}`);
  }
  const hash = await hashOf(page);
  assert(hash.includes('op=multi_head') && /(^#|&)h=2(&|$)/.test(hash), `the hash holds op and h: ${hash}`);
  // and back to one head
  await h.fill('1');
  await h.press('Tab');
  await eventually(async () => assertEqual(await page.locator('[data-testid^=head-]').count(), 1, 'number of heatmaps with h = 1'));
});

test('bad input: a malformed paste is refused, a bad cell is marked, the last result stays dimmed, then recovers', async ({ url, newPage }) => {
  const page = await newPage({ url });
  const before = await weightsOf(page);
  const hashBefore = await hashOf(page);

  // 1. malformed paste: a message, the matrix and the result unchanged
  await page.locator('[data-testid=paste-Q]').click();
  await page.locator('[data-testid=paste-area-Q]').fill('[[1, 2], [3]]');
  await page.locator('[data-testid=paste-apply-Q]').click();
  const pasteMessage = page.locator('[data-testid=paste-message-Q]');
  await pasteMessage.waitFor({ state: 'visible' });
  const msg = ((await pasteMessage.textContent()) ?? '').trim();
  assert(msg.length > 0, 'the paste message is empty');
  assert(/line \d+, column \d+/.test(msg), `the paste message names no line/column: "${msg}"`);
  assertEqual(await page.locator('[data-testid=paste-area-Q]').getAttribute('aria-invalid'), 'true', 'aria-invalid of the paste area');
  assertEqual(await weightsOf(page), before, 'weights after a refused paste');
  assert(!(await page.locator('[data-testid=stale]').isVisible()), 'a refused paste must not mark the result stale');
  assertEqual(await hashOf(page), hashBefore, 'the hash after a refused paste');
  assertEqual(await cell(page, 'Q', 0, 0).inputValue(), '1', 'Q[0][0] after a refused paste');

  // 2. a cell that is not a number
  const c = cell(page, 'Q', 1, 0);
  await c.fill('abc');
  await eventually(async () => assertEqual(await c.getAttribute('aria-invalid'), 'true', 'aria-invalid of the bad cell'));
  const cellErrors = ((await page.locator('[data-testid=errors-Q]').textContent()) ?? '').trim();
  assert(cellErrors.includes('abc'), `the cell message does not quote the text: "${cellErrors}"`);
  await page.locator('[data-testid=op-message]').waitFor({ state: 'visible' });
  const opMessage = ((await page.locator('[data-testid=op-message]').textContent()) ?? '').trim();
  assert(opMessage.includes('Q[1][0]'), `the operation message does not name the cell: "${opMessage}"`);
  await page.locator('[data-testid=stale]').waitFor({ state: 'visible' });
  assertEqual(await weightsOf(page), before, 'the last good weights stay while the cell is bad');
  assertEqual(await page.locator('[data-testid=head-0] .hm').getAttribute('data-dimmed'), 'true', 'the heatmap is dimmed');
  const opacity = await page.locator('[data-testid=heatmaps]').evaluate((e) => Number(window.getComputedStyle(e).opacity));
  assert(opacity < 1, `the stale result is not dimmed (opacity ${opacity})`);

  // 3. fix it: everything recovers
  await c.fill('0');
  await eventually(async () => assertEqual(await c.getAttribute('aria-invalid'), null, 'aria-invalid after the fix'));
  await page.locator('[data-testid=op-message]').waitFor({ state: 'hidden' });
  await page.locator('[data-testid=stale]').waitFor({ state: 'hidden' });
  assertEqual(await page.locator('[data-testid=head-0] .hm').getAttribute('data-dimmed'), null, 'data-dimmed after the fix');
  assertEqual(((await page.locator('[data-testid=errors-Q]').textContent()) ?? '').trim(), '', 'cell messages after the fix');
  assertEqual(await weightsOf(page), before, 'weights after restoring the original value');
});

test('share link: the URL after edits reproduces the same state in a new page', async ({ url, newPage }) => {
  const page = await newPage({ url });
  await loadSeed(page);
  await commitCell(page, 'X', 2, 1, '0.7');
  await page.locator('[data-testid=mask-none]').check();
  await eventually(async () => assert((await hashOf(page)).includes('mask=none') || !(await hashOf(page)).includes('mask='), 'mask in the hash'));
  const shown = await readHeatmap(page);
  // the edit changed the weights: check against the plain-JS model too
  const X = SEED.X.map((r) => [...r]);
  X[2][1] = 0.7;
  checkWeights(shown, attentionWeights(matmul(X, SEED.Wq), matmul(X, SEED.Wk)), 'edited seed 000');
  const link = page.url();
  assert(link.includes('#'), `the URL has no state: ${link}`);

  // the copy-link button puts the same link on the clipboard (where the clipboard is readable)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=copy-link]').click();
  await eventually(async () => assert(((await page.locator('[data-testid=export-status]').textContent()) ?? '').trim() !== '', 'no "copied" status'));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assertEqual(copied, link, 'the copied link');

  const other = await newPage({ url: link }); // a new context: no shared storage
  assertEqual(await other.locator('[data-testid=op]').inputValue(), 'single_head', 'operation in the new page');
  assertEqual(await cell(other, 'X', 2, 1).inputValue(), '0.7', 'X[2][1] in the new page');
  assert(await other.locator('[data-testid=mask-none]').isChecked(), 'the mask in the new page');
  assertEqual(await weightsOf(other), asGrid(shown.cells), 'weights in the new page');
});

test('back/forward: going back after two edits restores the previous state', async ({ url, newPage }) => {
  const page = await newPage({ url });
  await page.locator('[data-testid=mask-causal]').check(); // edit 1
  await eventually(async () => assert((await hashOf(page)).includes('mask=causal'), 'edit 1 in the hash'));
  const after1 = await weightsOf(page);
  const hash1 = await hashOf(page);
  await page.locator('[data-testid=preset]').selectOption('cross'); // edit 2
  await eventually(async () => assert((await hashOf(page)) !== hash1, 'edit 2 in the hash'));
  const after2 = await weightsOf(page);
  assert(JSON.stringify(after1) !== JSON.stringify(after2), 'the two edits show different weights');

  await page.goBack();
  await eventually(async () => assertEqual(await weightsOf(page), after1, 'weights after going back'));
  assertEqual(await hashOf(page), hash1, 'hash after going back');
  assert(await page.locator('[data-testid=mask-causal]').isChecked(), 'the causal radio after going back');
  await page.goForward();
  await eventually(async () => assertEqual(await weightsOf(page), after2, 'weights after going forward'));
});

test('back/forward: each committed cell edit is one history step', async ({ url, newPage }) => {
  const page = await newPage({ url: `${url}#op=attention&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6` });
  const start = await weightsOf(page);
  await commitCell(page, 'Q', 0, 0, '2'); // edit 1
  const after1 = await weightsOf(page);
  const hash1 = await hashOf(page);
  await commitCell(page, 'K', 1, 1, '3'); // edit 2
  const after2 = await weightsOf(page);
  assert(JSON.stringify(after1) !== JSON.stringify(start) && JSON.stringify(after2) !== JSON.stringify(after1), 'each edit changes the weights');

  await page.goBack();
  await eventually(async () => assertEqual(await hashOf(page), hash1, 'hash after going back once'));
  await eventually(async () => assertEqual(await weightsOf(page), after1, 'weights after going back once'));
  assertEqual(await cell(page, 'K', 1, 1).inputValue(), '1', 'K[1][1] after going back once');
  assertEqual(await cell(page, 'Q', 0, 0).inputValue(), '2', 'Q[0][0] after going back once');
  await page.goBack();
  await eventually(async () => assertEqual(await weightsOf(page), start, 'weights after going back twice'));
});

test('back/forward: going back to the first entry (no hash) restores the initial state', async ({ url, newPage }) => {
  const page = await newPage({ url });
  const start = await weightsOf(page);
  await page.locator('[data-testid=mask-causal]').check();
  await eventually(async () => assert((await hashOf(page)).includes('mask=causal'), 'the edit in the hash'));
  assert(JSON.stringify(await weightsOf(page)) !== JSON.stringify(start), 'the edit changes the weights');
  await page.goBack();
  await eventually(async () => assertEqual(await weightsOf(page), start, 'weights after going back to the page as loaded'));
  assert(await page.locator('[data-testid=mask-none]').isChecked(), 'the mask radio after going back to the page as loaded');
});

test('strict CSP: the page loads and computes with no violation', async ({ server, newPage }) => {
  const s = await server({ csp: true });
  const page = await newPage({
    initScript: () => {
      window.__csp = [];
      document.addEventListener(
        'securitypolicyviolation',
        (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        true,
      );
    },
  });
  const response = await page.goto(s.url);
  assert((response?.headers()['content-security-policy'] ?? '').includes("script-src 'self' 'wasm-unsafe-eval'"), 'the server sent no CSP header');
  await waitForPlot(page);
  await loadSeed(page);
  const expected = seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? null : v)));
  checkWeights(await readHeatmap(page), expected, 'seed 000 under CSP');
  // exercise what draws and builds nodes: another op, a bad cell, the paste box
  await page.locator('[data-testid=preset]').selectOption('multihead');
  await page.locator('[data-testid=head-1]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=head-0] .hm-figure').focus();
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid=head-0] .hm-figure').hover();
  assertEqual(await page.evaluate(() => window.__csp), [], 'securitypolicyviolation events');
});

test('sub-path: the page, its JS and its WASM load under /some-repo/', async ({ server, newPage }) => {
  const s = await server({ prefix: '/some-repo/' });
  const page = await newPage({ url: s.url });
  const paths = s.requests.map((r) => `${r.status} ${r.path}`);
  assert(
    s.requests.some((r) => r.status === 200 && /^\/some-repo\/.*\.wasm$/.test(r.path)),
    `no .wasm fetched under /some-repo/:\n    ${paths.join('\n    ')}`,
  );
  assert(
    s.requests.some((r) => r.status === 200 && /^\/some-repo\/.*\.js$/.test(r.path)),
    `no .js fetched under /some-repo/`,
  );
  assert(
    s.requests.every((r) => r.path.startsWith('/some-repo/') || r.path === '/favicon.ico'),
    `requests outside the sub-path:\n    ${paths.join('\n    ')}`,
  );
  await page.locator('[data-testid=head-0] canvas.hm-canvas').waitFor({ state: 'visible' });
  // and a reload with a hash keeps working under the prefix
  await page.locator('[data-testid=mask-causal]').check();
  await page.reload();
  await waitForPlot(page);
  assert(await page.locator('[data-testid=mask-causal]').isChecked(), 'the state survives a reload under the sub-path');
});

test('no console errors on load, including the favicon the browser asks for', async ({ server, newPage }) => {
  const s = await server({}); // a new origin: the browser has not asked it for a favicon yet
  const page = await newPage({ url: s.url, favicon: true });
  await loadSeed(page);
  await page.waitForTimeout(300);
  const icons = await page.$$eval('link[rel~=icon]', (ls) => ls.map((l) => l.getAttribute('href')));
  assert(icons.length > 0, 'index.html declares no <link rel="icon">: the browser fetches /favicon.ico (a 404 and a console error)');
});

test('screenshots of seed 000 at 1280 px and 375 px; no sideways scrolling at 375 px', async ({ url, newPage }) => {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ]) {
    const page = await newPage({ url, width, height });
    await loadSeed(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(RESULTS, `page-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    report.push(`screenshot: test-results/page-${width}.png (document ${overflow.scroll} px wide in a ${overflow.client} px viewport)`);
    assert(overflow.scroll <= overflow.client, `at ${width} px the page scrolls sideways: document is ${overflow.scroll} px wide`);
  }
});

test('performance: first plot and edit → redraw at n = 8, 32, 64 (printed, not asserted)', async ({ url, newPage }) => {
  // time from navigation start to the first frame after the first successful compute
  const page = await newPage({
    initScript: () => {
      document.addEventListener('playground-change', (e) => {
        if (window.__firstPlot === undefined && e.detail?.ok) requestAnimationFrame(() => (window.__firstPlot ??= performance.now()));
      });
    },
  });
  await page.goto(url);
  await waitForPlot(page);
  const first = await page.waitForFunction(() => window.__firstPlot).then((h) => h.jsonValue());

  const figures = [];
  for (const n of [8, 32, 64]) {
    await page.goto(`${url}#op=attention&Q=rand:${n}:16:1:1&K=rand:${n}:16:2:1&V=rand:${n}:16:3:1`);
    await page.reload(); // a hash-only goto is a same-document navigation
    await waitForPlot(page);
    await eventually(async () => assertEqual(await page.locator('[data-testid=head-0] .hm').getAttribute('data-rows'), String(n), 'rows drawn'));
    const r = await page.evaluate(async () => {
      const host = document.querySelector('attention-playground');
      const input = host.shadowRoot.querySelector('[data-testid=grid-Q] input[data-row="0"][data-col="0"]');
      const frame = () => new Promise((res) => requestAnimationFrame(() => res(performance.now())));
      const sync = [];
      const toFrame = [];
      for (let k = 0; k < 12; k++) {
        await frame();
        let changed = 0;
        host.addEventListener('playground-change', () => (changed = performance.now()), { once: true });
        const t0 = performance.now();
        input.value = String(0.25 + k / 100);
        input.dispatchEvent(new window.Event('input', { bubbles: true }));
        const t1 = await frame();
        if (!changed) throw new Error('no playground-change after the edit');
        sync.push(changed - t0);
        toFrame.push(t1 - t0);
      }
      const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
      return { sync: median(sync.slice(2)), frame: median(toFrame.slice(2)) };
    });
    figures.push(`n=${n} ${r.sync.toFixed(1)} ms (next frame ${r.frame.toFixed(1)} ms)`);
  }
  report.push(`perf: first plot ${first.toFixed(0)} ms; edit→redraw ${figures.join(', ')}`);
});

// hosting and embedding, offline, CSP, languages, accessibility (embed.tests.mjs)
registerEmbedTests({ test, assert, assertEqual, eventually, waitForPlot, loadSeed, readHeatmap, seedWeights, report, ROOT, RESULTS });

// the four experiments (experiments.tests.mjs)
registerExperimentTests({ test, assert, assertEqual, eventually, report });

await main();
