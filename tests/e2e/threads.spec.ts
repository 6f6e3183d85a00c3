// threads.spec.ts — two threads where the page allows them, one everywhere else.
//
// * Cross-origin isolated (the server sends COOP/COEP, as scripts/serve.sh does): the page's
//   worker loads the core's build with threads (attention_core_mt: its glue, its .wasm and its
//   threads' worker script), and a 4096-token state it computes gives the same weights, bit for
//   bit, as the page that is not isolated, whose worker runs the build with one thread; its
//   training worker loads the trainer's build with threads (tiny_core_mt) and trains the same
//   model, bit for bit, as one thread.
// * GitHub Pages sends no such headers: scripts/pages-isolation.mjs adds coi-serviceworker to a
//   copy of the site; the first visit registers it and reloads once, and the page is isolated.
// * Not isolated (the usual server, an embed, file://): the build with threads is never fetched,
//   and nothing is logged: no error, no warning.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { DIST } from './server.mjs';
import { expect, report, test } from './fixtures';

/** Attention on 4096 × 64 random inputs: computed in the worker. */
const BIG = '#op=attention&Q=rand:4096:64:1:1&K=rand:4096:64:2:1&V=rand:4096:64:3:1';

/** The core files a page fetched, by name without their content hash. */
function coreFiles(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^attention_core/.test(name)) seen.push(name.replace(/-[\w-]{8}(\.\w+)$/, '$1'));
  });
  return seen;
}

/** Every console message of a page that is a warning or an error. */
function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
}

/** Go to BIG, wait for the worker's 4096 × 4096 weights; their SHA-256 and the seconds it took. */
async function computeBig(page: Page): Promise<{ sha: string; seconds: number }> {
  const t0 = Date.now();
  await page.evaluate((h) => (location.hash = h), BIG);
  await expect(page.locator('[data-testid=head-0] .hm'), 'the 4096 × 4096 weights').toHaveAttribute('data-rows', '256', { timeout: 120_000 });
  const seconds = (Date.now() - t0) / 1000;
  const sha = await page.evaluate(async () => {
    const o = (document.querySelector('attention-playground') as AttentionPlayground).getOutcome()!;
    if (!o.ok) return `not ok: ${o.code}`;
    const w = o.view.heads[0].weights.data;
    const digest = await crypto.subtle.digest('SHA-256', w.slice()); // a copy: digest reads no shared memory
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  });
  return { sha, seconds };
}

// one page computing at a time: the two cores are what is measured
test.describe.configure({ mode: 'default', timeout: 180_000 });

test('cross-origin isolated: the worker runs the build with threads, its weights bit for bit those of one thread, and an experiment', async ({
  server,
  newPage,
  url,
}) => {
  const isolated = await server({ isolated: true });
  const page = await newPage({ url: isolated.url });
  const files = coreFiles(page);
  const logged = warnings(page);
  expect(await page.evaluate(() => crossOriginIsolated), 'crossOriginIsolated').toBe(true);
  const two = await computeBig(page);
  // the experiments run in the same worker, on the build with threads
  await page.locator('[data-testid=exp-run-h1]').click();
  await expect(page.locator('[data-testid=exp-h1-mark]'), 'the h = 1 experiment on two threads').toHaveText(/✓|pass/i, { timeout: 60_000 });
  expect(files, 'the build with threads: its glue, .wasm and threads worker').toEqual(
    expect.arrayContaining(['attention_core_mt.mjs', 'attention_core_mt.wasm', 'attention_core_mt.worker.js']),
  );

  const plain = await newPage({ url });
  const plainFiles = coreFiles(plain);
  expect(await plain.evaluate(() => crossOriginIsolated), 'the usual server: not isolated').toBe(false);
  const one = await computeBig(plain);
  expect(
    plainFiles.filter((f) => f.includes('_mt')),
    'not isolated: the build with threads is never fetched',
  ).toEqual([]);
  expect(two.sha, 'the same 4096 × 4096 weights, bit for bit').toBe(one.sha);
  expect(logged, 'console warnings or errors').toEqual([]);
  report(`threads: 4096 × 64 attention computed and drawn in ${two.seconds.toFixed(1)} s isolated (two threads) against ${one.seconds.toFixed(1)} s (one)`);
});

test('GitHub Pages: coi-serviceworker makes a copy of the site isolated after one reload; its worker runs the build with threads', async ({
  server,
  newPage,
}) => {
  const root = mkdtempSync(join(tmpdir(), 'ap-pages-'));
  try {
    cpSync(DIST, root, { recursive: true });
    execFileSync('node', ['scripts/pages-isolation.mjs', root]);
    const pages = await server({ root });
    const page = await newPage({ url: pages.url, wait: false });
    const files = coreFiles(page);
    const logged = warnings(page);
    // the first visit registers the service worker and reloads once; then the page is isolated
    await expect.poll(() => page.evaluate(() => crossOriginIsolated).catch(() => false), { timeout: 30_000 }).toBe(true);
    await expect(page.locator('[data-testid=head-0] .hm')).toBeVisible();
    await computeBig(page);
    expect(files).toEqual(expect.arrayContaining(['attention_core_mt.wasm', 'attention_core_mt.worker.js']));
    expect(logged, 'console warnings or errors').toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** Train the training panel's default model for `steps` steps; its last model view's weights (layer 1, head 0, as written) and the seconds it took. */
async function trainDefault(page: Page, steps: number): Promise<{ weights: string; status: string; seconds: number; threads: string | null }> {
  const p = page.locator('[data-testid="training-panel"]');
  await p.scrollIntoViewIfNeeded();
  await expect(p.locator('[data-testid="train-train"]')).toBeVisible();
  await p.locator('[data-testid="train-steps"]').fill(String(steps));
  await p.locator('[data-testid="train-steps"]').press('Tab');
  const t0 = Date.now();
  await p.locator('[data-testid="train-train"]').click();
  await expect(p).toHaveAttribute('data-run', 'running');
  await expect(p).toHaveAttribute('data-run', 'idle', { timeout: 150_000 });
  const seconds = (Date.now() - t0) / 1000;
  const weights = (await p.locator('[data-testid="train-head-1-0"] [data-testid="train-map"]').getAttribute('data-weights')) ?? '';
  return { weights, status: (await p.locator('[data-testid="train-status"]').textContent()) ?? '', seconds, threads: await p.getAttribute('data-threads') };
}

test('cross-origin isolated: the training worker runs the trainer’s build with threads, and trains the same model bit for bit as one thread', async ({
  server,
  newPage,
  url,
}) => {
  const steps = 300;
  const isolated = await server({ isolated: true });
  const page = await newPage({ url: isolated.url });
  const files: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^tiny_core/.test(name)) files.push(name.replace(/-[\w-]{8}(\.\w+)$/, '$1'));
  });
  const logged = warnings(page);
  const two = await trainDefault(page, steps);
  expect(files, 'the trainer’s build with threads: its glue, .wasm and threads worker').toEqual(
    expect.arrayContaining(['tiny_core_mt.mjs', 'tiny_core_mt.wasm', 'tiny_core_mt.worker.js']),
  );

  const plain = await newPage({ url });
  const plainFiles: string[] = [];
  plain.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^tiny_core/.test(name)) plainFiles.push(name);
  });
  const one = await trainDefault(plain, steps);
  expect(
    plainFiles.filter((f) => f.includes('_mt')),
    'not isolated: the trainer’s build with threads is never fetched',
  ).toEqual([]);
  expect([two.threads, one.threads], 'the threads the steps ran on (the panel’s data-threads), isolated and not').toEqual(['2', '1']);
  expect(two.weights.length, 'the model view has weights').toBeGreaterThan(0);
  expect(two.weights, 'the same trained weights, bit for bit (layer 1, head 0 on the held-out sequence)').toBe(one.weights);
  for (const r of [two, one]) expect(r.status).toMatch(new RegExp(`^Done: ${steps} steps`));
  expect(logged, 'console warnings or errors').toEqual([]);
  report(
    `threads: ${steps} training steps of the default model in ${two.seconds.toFixed(1)} s isolated (two threads) against ${one.seconds.toFixed(1)} s (one): ${(one.seconds / two.seconds).toFixed(2)}×`,
  );
});
