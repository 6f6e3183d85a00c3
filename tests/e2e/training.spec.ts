// training.spec.ts — the training panel in the built page: train a small
// model for a few hundred steps from the form and see the curve grow, Pause
// and Resume, Cancel; the timeline slider changes the model view; "Open this
// head in the playground" gives a heatmap equal to the model view's head; the
// trained model shows its induction head; 375 px and 中文 screenshots; axe-core
// on the panel; Save weights and Load weights, and bad files refused. The
// default run's speed: training-speed.spec.ts (run by npm run bench).

import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect, test } from './fixtures';
import { checkWeights, readHeatmap, widths } from './playground';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');
const id = (scope: Page | Locator, testid: string) => scope.locator(`[data-testid="${testid}"]`);

/** The training panel, scrolled to (its module and the tiny core load then). */
async function panel(page: Page): Promise<Locator> {
  const p = id(page, 'training-panel');
  await p.scrollIntoViewIfNeeded();
  await expect(id(p, 'train-train')).toBeVisible();
  return p;
}

/** Fill the form with a small model that trains fast. */
async function smallModel(p: Locator, steps: number): Promise<void> {
  await id(p, 'train-task').selectOption('induction');
  for (const [name, value] of [
    ['dModel', '16'],
    ['vocab', '8'],
    ['context', '8'],
    ['steps', String(steps)],
  ])
    await id(p, `train-${name}`).fill(value);
  await id(p, 'train-steps').press('Tab');
}

const points = async (p: Locator): Promise<number> => Number((await p.locator('.train-curve').getAttribute('data-points')) ?? '0');

/** The weights of a model-view head (its data-weights, row-major) as rows, null above the diagonal. */
async function headWeights(p: Locator, layer: number, head: number): Promise<(number | null)[][]> {
  const map = id(id(p, `train-head-${layer}-${head}`), 'train-map');
  const n = Number(await map.getAttribute('data-rows'));
  const w = ((await map.getAttribute('data-weights')) ?? '').split(',').map(Number);
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (j > i ? null : w[i * n + j])));
}

test('train 2000 steps: the curve grows, Pause holds it, Resume ends the run; the timeline changes the view; Open this head equals it', async ({
  newPage,
  url,
}) => {
  const page = await newPage({ url });
  const p = await panel(page);
  await smallModel(p, 2000);
  // Pause at once (however fast the machine, the run cannot have ended), then see it hold
  await id(p, 'train-train').click();
  await id(p, 'train-pause').click();
  await expect(p).toHaveAttribute('data-run', 'paused');
  await page.waitForTimeout(400); // a chunk under way may still report
  const held = await points(p);
  await page.waitForTimeout(600);
  expect(await points(p), 'no progress while paused').toBe(held);
  expect(held).toBeLessThan(2000);
  await id(p, 'train-pause').click();
  await expect(p).toHaveAttribute('data-run', 'idle', { timeout: 60_000 });
  expect(await points(p)).toBe(2000);
  await expect(id(p, 'train-status')).toContainText('2000');

  // the timeline: the first snapshot is the initial, near-uniform model; the last one differs
  const timeline = id(p, 'train-timeline');
  const last = await headWeights(p, 1, 0);
  await timeline.focus();
  await page.keyboard.press('Home');
  await expect(id(p, 'train-timeline-step')).toContainText('0');
  const first = await headWeights(p, 1, 0);
  expect(first).not.toEqual(last);
  expect(first[1][0]).toBeCloseTo(0.5, 1); // step 0: the attention starts uniform
  await page.keyboard.press('End');
  expect(await headWeights(p, 1, 0)).toEqual(last);

  // open layer 1 head 0 at the last snapshot: the playground's heatmap is that head's weights
  await id(id(p, 'train-head-1-0'), 'train-open').click();
  await expect.poll(async () => (await readHeatmap(page, 0)).cells.length).toBe(64);
  checkWeights(await readHeatmap(page, 0), last, 'the opened head');
  await expect(page.locator('[data-testid=op]')).toHaveValue('attention');
});

test('Cancel stops a long run at once and keeps what it learned so far', async ({ newPage, url }) => {
  const page = await newPage({ url });
  const p = await panel(page);
  await smallModel(p, 20000);
  await id(p, 'train-train').click();
  await expect.poll(() => points(p)).toBeGreaterThan(0);
  await id(p, 'train-cancel').click();
  await expect(p).toHaveAttribute('data-run', 'idle');
  const stopped = await points(p);
  expect(stopped).toBeLessThan(20000);
  await page.waitForTimeout(500);
  expect(await points(p)).toBe(stopped);
  await expect(id(p, 'train-status')).toContainText(/cancel/i);
});

for (const [width, lang] of [
  [1280, 'en'],
  [375, 'zh'],
] as const)
  test(`the trained model at ${width} px (${lang}): an induction head in layer 1, a previous-token head in layer 0; axe-core on the panel`, async ({
    newPage,
    url,
  }, info) => {
    const page = await newPage({ url: `${url}?lang=${lang}`, width, height: 900 });
    const p = await panel(page);
    await id(p, 'train-trained').click();
    await expect(id(p, 'train-head-1-0')).toHaveAttribute('data-role', 'induction');
    await expect(id(p, 'train-head-0-0')).toHaveAttribute('data-role', 'previous');
    const scores = (await id(id(p, 'train-head-1-0'), 'train-scores').textContent()) ?? '';
    expect(Number(/(\d\.\d\d)\D*$/.exec(scores)?.[1]), `induction score in "${scores}"`).toBeGreaterThan(0.9);
    const w = await widths(page);
    expect(w.scroll, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(w.client);
    await p.screenshot({ path: info.outputPath(`training-trained-${width}-${lang}.png`) });
    await page.evaluate(axe.source);
    const result: AxeResults = await page.evaluate(() =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(
        { include: [{ fromShadowDom: ['attention-playground', '[data-testid="training-panel"]'] }] },
        { resultTypes: ['violations'] },
      ),
    );
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(bad, 'serious or critical accessibility violations').toEqual([]);
  });

test('Save weights writes a checkpoint that Load weights reads back; a bad file is refused with its reason', async ({ newPage, url }) => {
  const page = await newPage({ url });
  const p = await panel(page);
  await id(p, 'train-trained').click();
  await expect(id(p, 'train-head-1-0')).toHaveAttribute('data-role', 'induction');
  const [download] = await Promise.all([page.waitForEvent('download'), id(p, 'train-save').click()]);
  expect(download.suggestedFilename()).toBe('tiny-induction_random-step4000.json');
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const saved = JSON.parse(text) as { format: string; tensors: Record<string, unknown>; scores: unknown[] };
  expect(saved.format).toBe('tiny-transformer-checkpoint');
  expect(Object.keys(saved.tensors)).toContain('layer1.W_Q');
  expect(saved.scores.length).toBe(81);

  // a fresh page loads the saved file and shows the same model
  const other = await newPage({ url });
  const q = await panel(other);
  await id(q, 'train-file').setInputFiles({ name: 'saved.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(id(q, 'train-head-1-0')).toHaveAttribute('data-role', 'induction');
  expect(await headWeights(q, 1, 0)).toEqual(await headWeights(p, 1, 0));

  // a truncated file and a file with a NaN: the panel says why, and keeps the model shown
  await id(q, 'train-file').setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, 500)) });
  await expect(id(q, 'train-message')).toContainText('checkpoint:');
  const nan = text.replace(/"data":\[[-0-9.e]+/, '"data":[NaN');
  await id(q, 'train-file').setInputFiles({ name: 'nan.json', mimeType: 'application/json', buffer: Buffer.from(nan) });
  await expect(id(q, 'train-message')).toContainText('checkpoint:');
  await expect(id(q, 'train-head-1-0')).toHaveAttribute('data-role', 'induction');
});
