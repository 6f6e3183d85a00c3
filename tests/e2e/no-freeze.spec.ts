// no-freeze.spec.ts — the page never freezes: a large
// state is computed in the background worker while the last good result stays
// on screen, dimmed, under a progress note with Cancel; a state over the
// core's caps is refused at once; a newer edit cancels an older run. Every
// case watches the main thread with a PerformanceObserver of 'longtask'
// entries, installed before the page's own scripts, and counts the tasks that
// start after the default page has drawn its first plot (loading the page —
// parsing the JS, compiling the WASM — is not what is measured): none may
// last 100 ms or more. The longest is printed for each case. Playwright's own
// trace is off here: it snapshots the whole DOM in the page at every step,
// tasks of tens of ms that are the harness's, not the page's; and screenshots
// are taken outside the measured spans. "Copy as PyTorch" on the 4096 × 64 state:
// its inputs built and written out in a worker (model/export-text.ts), the
// same text, no long task.

import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { expect, report, screenshot, test } from './fixtures';
import { cell } from './playground';

declare global {
  interface Window {
    /** The long tasks seen so far: start and duration, in ms. */
    __longTasks?: { start: number; duration: number }[];
    /** How many workers the page terminated. */
    __terminated?: number;
  }
}

/** The longest task the main thread may run, in ms. */
const LIMIT = 100;
/**
 * The aim while a large outcome is drawn in slices (panels/frames.ts), in ms: a long task's own threshold. Printed,
 * not asserted: on the 2-core machine under other builds' load one slice (the heatmap of block maxima, with the
 * garbage collection the 128 MiB of weights from the worker brings) still measured 52–78 ms; the assertion is LIMIT.
 */
const SLICED = 50;
/** Attention on 4096 × 64 inputs: 4.4 s on the main thread before. */
const BIG = '#op=attention&Q=rand:4096:64:1:1&K=rand:4096:64:2:1&V=rand:4096:64:3:1';
/** The link that froze the tab for 48 s: 6.9e10 multiply-adds in one call. */
const FROZE = '#op=attention&Q=rand:4096:1:1:1&K=rand:4096:1:2:1&V=rand:4096:4096:3:1';
/** A state whose run takes a second or more (V: 16.7 M random values) with a Q of 64 cells (4 × 16: a grid) to edit. */
const EDITABLE = '#op=attention&Q=rand:4:16:1:1:2&K=rand:4096:16:2:1&V=rand:4096:4096:3:1';

/** Init script: record every long task, and count the workers terminated. */
function watchMainThread(): void {
  window.__longTasks = [];
  window.__terminated = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks!.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const terminate = Object.getOwnPropertyDescriptor(Worker.prototype, 'terminate')!.value as (this: Worker) => void;
  Worker.prototype.terminate = function (this: Worker) {
    window.__terminated! += 1;
    terminate.call(this);
  };
}

/** The default page, drawn, with the main thread watched; returns it once the load has settled. */
async function openWatched(newPage: (o: { url: string; initScript: () => void }) => Promise<Page>, url: string): Promise<Page> {
  const page = await newPage({ url, initScript: watchMainThread });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
  return page;
}

/** Go to `hash` (as a link followed on the page would); returns the time it started, in the page's clock. */
const goTo = (page: Page, hash: string): Promise<number> =>
  page.evaluate((h) => {
    const t = performance.now();
    location.hash = h;
    return t;
  }, hash);

/** The longest task that started at or after `t0`, in ms (0 if none), after the next frame; every long task is printed. */
async function longestSince(page: Page, t0: number): Promise<number> {
  const tasks = await page.evaluate(async (from) => {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)));
    return window.__longTasks!.filter((e) => e.start >= from).map((e) => [Math.round(e.start - from), Math.round(e.duration)]);
  }, t0);
  console.log(`  long tasks [start after t0, duration] in ms: ${JSON.stringify(tasks)}`);
  return Math.max(0, ...tasks.map(([, d]) => d));
}

/** The playground's current outcome: ok, its code, the shape of head 0's weights. */
const outcomeOf = (page: Page) =>
  page.evaluate(() => {
    const o = (document.querySelector('attention-playground') as AttentionPlayground).getOutcome()!;
    return o.ok
      ? { ok: true, code: '', rows: o.view.heads[0].weights.rows, cols: o.view.heads[0].weights.cols }
      : { ok: false, code: o.code, rows: 0, cols: 0 };
  });

// one after another: two pages computing in two workers at once would measure each other (the machine has 2 cores)
test.describe.configure({ mode: 'default', timeout: 120_000 });
test.use({ trace: 'off' });

test('(a) 4096 × 64: computed in the worker, the last result dimmed under a progress note; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  const t0 = await goTo(page, BIG);
  const note = page.locator('[data-testid=work-note]');
  await expect(note, 'the progress note').toBeVisible();
  await expect(page.locator('[data-testid=work-text]')).toContainText('Computing 4096 × 4096 weights in the background…');
  await expect(page.locator('.panel-results'), 'the last result, dimmed').toHaveClass(/is-stale/);
  await expect(page.locator('[data-testid=head-0] .hm'), 'the last result stays').toHaveAttribute('data-rows', '6'); // the first screen's six tokens
  await expect(page.locator('[data-testid=op-message]'), 'no error').toBeHidden();
  expect((await outcomeOf(page)).code, 'getOutcome() while computing').toBe('pending');

  await expect(page.locator('[data-testid=head-0] .hm'), 'the new weights, as blocks').toHaveAttribute('data-rows', '256', { timeout: 90_000 });
  await expect(note).toBeHidden();
  await expect(page.locator('[data-testid=pooled-0]')).toContainText('4096 × 4096 weights, drawn as 256 × 256 blocks of up to 16 × 16');
  await expect(page.locator('.panel-results')).not.toHaveClass(/is-stale/);
  expect(await outcomeOf(page), 'the whole weights in getOutcome()').toEqual({ ok: true, code: '', rows: 4096, cols: 4096 });
  await page.locator('[data-testid=head-0] .hm-figure').focus(); // the keyboard cursor on the first block
  await expect(page.locator('[data-testid=head-0] .hm-readout')).toHaveText(/^query 0–15 → key 0–15: largest weight 0\.\d{6}$/);
  const longest = await longestSince(page, t0);
  report(`no-freeze (a) 4096 × 64 in the worker: longest main-thread task ${longest} ms`);
  expect(longest, 'the longest task while computing and drawing 4096 × 64').toBeLessThan(LIMIT);
});

test('replacing the first screen with a 4096-token state draws it in slices, the steps last; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  const t0 = await goTo(page, BIG);
  await expect(page.locator('[data-testid=head-0] .hm'), 'the new weights, as blocks').toHaveAttribute('data-rows', '256', { timeout: 90_000 });
  await expect(page.locator('[data-testid=work-note]')).toBeHidden();
  await expect(page.locator('[data-testid=steps] .step').first(), 'the steps, drawn after the heatmap').toBeVisible();
  await expect(page.locator('.panel-results')).not.toHaveClass(/is-stale/);
  const longest = await longestSince(page, t0);
  report(`no-freeze: a 4096-token state replacing the first screen, longest main-thread task ${longest} ms (the aim: under ${SLICED} ms)`);
  expect(longest, 'the longest task while the 4096-token state computes and is drawn').toBeLessThan(LIMIT);
});

test('(b) the 48-second link is refused at once, nothing generated; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  await page.evaluate(() =>
    document
      .querySelector('attention-playground')!
      .addEventListener('playground-change', () => ((window as unknown as { __changed: number }).__changed = performance.now()), {
        once: true,
      }),
  );
  const t0 = await goTo(page, FROZE);
  const message = page.locator('[data-testid=op-message]');
  await expect(message).toContainText(
    'attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)',
  );
  const elapsed = await page.evaluate((from) => (window as unknown as { __changed: number }).__changed - from, t0);
  await expect(page.locator('[data-testid=work-note]'), 'no background run').toBeHidden();
  await expect(page.locator('[data-testid=stale]'), 'the last good result, dimmed').toBeVisible();
  expect(await page.evaluate(() => window.__terminated), 'no worker started and stopped').toBe(0);
  const longest = await longestSince(page, t0);
  const shot = await screenshot(page, 'refused-link.png');
  report(
    `no-freeze (b) the 48-second link: refused ${elapsed.toFixed(0)} ms after the hash changed, longest main-thread task ${longest} ms (screenshot ${shot})`,
  );
  expect(longest).toBeLessThan(LIMIT);
});

test('a link with 2³² − 1 rows and a custom mask: refused at once, the mask editor a note; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  const t0 = await goTo(page, '#op=attention&mask=custom&Q=rand:4294967295:1:1:1&K=rand:4294967295:1:2:1&V=rand:4294967295:1:3:1');
  await expect(page.locator('[data-testid=op-message]')).toContainText('Q is 4294967295 × 1: a matrix can have at most 4096 rows and 4096 columns');
  await expect(page.locator('[data-testid=mask-too-large]')).toContainText('The mask is 4294967295 × 4294967295: too large to edit cell by cell');
  const longest = await longestSince(page, t0);
  report(`no-freeze: a 2³² − 1-row link with a custom mask, longest main-thread task ${longest} ms`);
  expect(longest).toBeLessThan(LIMIT);
});

test('(c) editing a cell while a large state computes cancels the run: only the latest result shows; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  await page.evaluate(() => {
    const w = window as unknown as { __changes: { pending: boolean; ok: boolean; q00: string }[] };
    w.__changes = [];
    document.querySelector('attention-playground')!.addEventListener('playground-change', (e) => {
      const d = (e as CustomEvent<{ pending: boolean; ok: boolean; state: { matrices: { Q?: { kind: string; cells?: string[][] } } } }>).detail;
      const q = d.state.matrices.Q;
      w.__changes.push({ pending: d.pending, ok: d.ok, q00: q?.kind === 'cells' ? q.cells![0][0] : 'random' });
    });
  });
  const t0 = await goTo(page, EDITABLE);
  await expect(page.locator('[data-testid=work-note]')).toBeVisible();
  await cell(page, 'Q', 0, 0).fill('7'); // while the first run generates V
  await expect(page.locator('[data-testid=head-0] .hm'), 'the weights of the edited state, as blocks').toHaveAttribute('data-cols', '256', { timeout: 90_000 });
  await expect(page.locator('[data-testid=work-note]')).toBeHidden();
  expect(await outcomeOf(page)).toEqual({ ok: true, code: '', rows: 4, cols: 4096 });
  const changes = await page.evaluate(() => (window as unknown as { __changes: { pending: boolean; ok: boolean; q00: string }[] }).__changes);
  const results = changes.filter((c) => !c.pending);
  expect(results, 'one outcome, the edited state’s').toEqual([{ pending: false, ok: true, q00: '7' }]);
  expect(changes[0], 'the first state went to the worker').toEqual({ pending: true, ok: false, q00: 'random' });
  expect(await page.evaluate(() => window.__terminated), 'the older run’s worker was terminated').toBeGreaterThanOrEqual(1);
  const longest = await longestSince(page, t0);
  report(`no-freeze (c) an edit while a run computes: ${changes.length} changes, the older run cancelled, longest main-thread task ${longest} ms`);
  expect(longest).toBeLessThan(LIMIT);
});

test('Cancel stops the run: the last result stays and says so; the next edit computes again', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  await goTo(page, BIG);
  await expect(page.locator('[data-testid=work-text]')).toContainText('Computing 4096 × 4096 weights in the background…');
  report(`no-freeze: screenshot of the page computing in the background ${await screenshot(page, 'computing-in-background.png')}`);
  const t0 = await page.evaluate(() => performance.now());
  await page.locator('[data-testid=work-cancel]').click();
  await expect(page.locator('[data-testid=work-text]')).toHaveText('Stopped. Showing the last result; change an input to compute again.');
  await expect(page.locator('[data-testid=work-cancel]')).toBeHidden();
  await expect(page.locator('[data-testid=head-0] .hm')).toHaveAttribute('data-rows', '6'); // the first screen's six tokens
  expect(await page.evaluate(() => window.__terminated)).toBe(1);
  expect((await outcomeOf(page)).code).toBe('cancelled');
  // Cancel itself: no long task
  expect(await longestSince(page, t0)).toBeLessThan(LIMIT);
  await page.locator('[data-testid=mask]').selectOption('causal'); // an edit: a new run
  await expect(page.locator('[data-testid=work-text]')).toContainText('in the background');
  await page.locator('[data-testid=work-cancel]').click();
  await page.locator('[data-testid=preset]').selectOption('seed000'); // a small state: computed at once
  await expect(page.locator('[data-testid=work-note]')).toBeHidden();
  await expect(page.locator('[data-testid=op]')).toHaveValue('single_head');
  expect((await outcomeOf(page)).ok).toBe(true);
});

/** Press Copy as PyTorch and wait for "Copied!"; returns the longest main-thread task meanwhile and the copied text. */
async function copyPytorch(page: Page): Promise<{ longest: number; script: string; preparing: boolean }> {
  const button = page.locator('[data-testid=copy-pytorch]');
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  const t0 = await page.evaluate(() => performance.now());
  await button.click();
  const preparing = (await button.textContent()) === 'Preparing…';
  await expect(page.locator('[data-testid=export-status]')).toHaveText('Copied!', { timeout: 60_000 });
  await expect(button).toHaveText('Copy as PyTorch');
  const longest = await longestSince(page, t0);
  return { longest, script: await page.evaluate(() => navigator.clipboard.readText()), preparing };
}

/** The rows of `name`'s tensor in a copied script, each its number of values. */
function tensorRows(script: string, name: string): number[] {
  const start = script.indexOf(`${name} = torch.tensor([\n`);
  const body = script.slice(start, script.indexOf('], dtype=dtype)', start));
  return body
    .split('\n')
    .filter((l) => l.startsWith('    ['))
    .map((l) => l.split(',').length - 1);
}

test('Copy as PyTorch on 4096 × 64 random inputs: written out in a worker, the same text; no task over 100 ms', async ({ url, newPage }) => {
  const page = await openWatched(newPage, url);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await goTo(page, BIG);
  await expect(page.locator('[data-testid=head-0] .hm'), 'the weights, as blocks').toHaveAttribute('data-rows', '256', { timeout: 90_000 });
  await expect(page.locator('[data-testid=steps] .step').first()).toBeVisible();
  const after = await copyPytorch(page);
  expect(after.preparing, 'the button said Preparing… while the worker wrote the script').toBe(true);
  expect(after.script.startsWith('# Generated by Attention Playground: the same inputs, computed with PyTorch (float64).\n')).toBe(true);
  for (const name of ['Q', 'K', 'V']) expect(tensorRows(after.script, name), `${name} is 4096 × 64`).toEqual(Array<number>(4096).fill(64));
  expect(after.script).toContain('mask = None');
  expect(after.script).toContain('out, weights = attention(Q, K, V, mask, scale=True)');

  // the same export on this thread, as before the worker did it (a page that cannot start workers), to compare
  const before = await openWatched(newPage, url);
  await before.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await goTo(before, BIG);
  await before.locator('[data-testid=work-cancel]').click(); // nothing computed or drawn meanwhile
  await before.evaluate(() => ((window as unknown as { Worker?: unknown }).Worker = undefined));
  const sync = await copyPytorch(before);
  expect(sync.script, 'the worker wrote the text this thread writes').toBe(after.script);
  report(
    `no-freeze: Copy as PyTorch on 4096 × 64 random inputs, longest main-thread task ${after.longest} ms in the worker (the aim: under ${SLICED} ms), ${sync.longest} ms written out on the page`,
  );
  expect(after.longest, 'the longest task while the worker writes the script and it is copied').toBeLessThan(LIMIT);
});
