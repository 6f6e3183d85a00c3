// experiments-depth.spec.ts — experiment 6, rank collapse with depth (
// Dong, Cordonnier & Loukas 2021), in the page: the numbers read off the view
// against the downloaded 11-depth.txt, attention alone collapsed and the
// residual stacks not, Cancel in the middle of a long run, a shared link that
// re-runs, the 中文 page, and screenshots at 1280 and 375 px (/tmp/shots).

import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { t } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { cancelInPage, downloadText, expectCardFits, runFromPage } from './experiment-runs';
import { open, textOf } from './playground';

const STACKS = ['attention', 'residual', 'pre_ln'] as const;

/** Set a field of the depth card as if typed. */
async function setField(page: Page, key: string, value: string): Promise<void> {
  const input = page.locator(`[data-testid=exp-depth-${key}]`);
  await input.fill(value);
  await input.dispatchEvent('change');
}

/** The per-layer rows of 11-depth.txt: layer → [attention, residual, pre_ln]. */
function reportLayers(text: string): number[][] {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^layer\s+attention\s+residual\s+pre_ln$/.test(l.trim()));
  expect(header, 'the per-layer table of 11-depth.txt').toBeGreaterThan(0);
  return lines
    .slice(header + 1)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/).map(Number));
}

/** The per-layer table of the view: rows of [layer, attention, residual, pre_ln] as numbers. */
async function pageLayers(page: Page): Promise<number[][]> {
  const rows = await page
    .locator('[data-testid=exp-depth-table] tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
  return rows.map((r) => r.map(Number));
}

/** A value shown with 3 significant digits agrees with the report's 7. */
const agrees = (shown: number, full: number) => Math.abs(shown - full) <= 5e-3 * Math.abs(full);

test('experiment 6: the page’s figures are the report’s; attention alone collapses below 1e-6 by layer 24, the residual stacks do not', async ({
  page,
  url,
}) => {
  await open(page, url);
  const ms = await runFromPage(page, 'depth');
  const { name, text } = await downloadText(page, 'exp-depth-11-depth-txt');
  expect(name).toBe('11-depth.txt');
  mkdirSync('/tmp/shots', { recursive: true });
  writeFileSync('/tmp/shots/exp6-11-depth.txt', text);
  expect(text).toContain('n = 16 tokens, d = 16, L = 24 layers, seed 7');
  expect(text).toContain('Dong, Cordonnier & Loukas 2021');
  const full = reportLayers(text);
  expect(
    full.map((r) => r[0]),
    'layers 0 … 24 in the report',
  ).toEqual(Array.from({ length: 25 }, (_, l) => l));
  const shown = await pageLayers(page);
  expect(
    shown.map((r) => r[0]),
    'layers 0 … 24 on the page',
  ).toEqual(Array.from({ length: 25 }, (_, l) => l));
  const differ: string[] = [];
  shown.forEach((row, l) =>
    STACKS.forEach((s, k) => agrees(row[k + 1], full[l][k + 1]) || differ.push(`${s}[${l}]: page ${row[k + 1]}, report ${full[l][k + 1]}`)),
  );
  expect(differ, 'every r on the page is the report’s, to its 3 digits').toEqual([]);
  const [attention, residual, preLn] = full[24].slice(1);
  expect(attention, 'attention alone after 24 layers: collapsed').toBeLessThan(1e-6);
  expect(residual, 'attention + residual after 24 layers: far from rank one').toBeGreaterThan(1e-3);
  expect(residual / attention, 'the residual keeps many orders of magnitude more').toBeGreaterThan(1e6);
  expect(preLn, 'pre-LN + residual after 24 layers').toBeGreaterThan(0.1);
  // the sentence is in the report and on the page, with the report's numbers
  const sentence = await textOf(page.locator('[data-testid=exp-depth-sentence]'));
  expect(text).toContain(sentence);
  expect(sentence).toContain(t('en', 'rep.depth.tailKept'));
  expect(sentence).toContain(`with the residual it is at ${residual.toPrecision(3)}`);
  const summary = await page.locator('[data-testid=exp-depth-summary] tbody tr').allTextContents();
  expect(summary, 'one summary row per stack').toHaveLength(3);
  expect(summary[0]).toMatch(/yes$/);
  expect(summary[1]).toMatch(/no$/);
  // the chart: three series on a log axis, and the CSV
  await expect(page.locator('[data-testid=exp-depth-chart] svg [data-series]')).not.toHaveCount(0);
  const csv = await downloadText(page, 'exp-depth-depth-csv');
  expect(csv.text.split('\n')[0]).toBe('layer,attention,residual,pre_ln');
  expect(Number(csv.text.split('\n')[25].split(',')[2])).toBeCloseTo(residual, 6);
  report(`depth: n = 16, d = 16, L = 24, seed 7 in ${ms} ms: r_24 attention ${attention}, residual ${residual}, pre-LN ${preLn}`);
});

test('experiment 6: Cancel stops a long run; a shared link re-runs with its settings', async ({ page, url, newPage }) => {
  await open(page, url);
  await setField(page, 'n', '512');
  await setField(page, 'd', '32');
  await setField(page, 'L', '64');
  await page.locator('[data-testid=exp-run-depth]').click();
  await expect(page.locator('[data-testid=exp-status-depth]'), 'the long run is under way').toHaveText(/64 layers of 512 tokens/);
  expect(await page.locator('[data-testid=exp-cancel-depth]').isEnabled(), 'still running').toBe(true);
  // click Cancel inside the page and time it there (Playwright's polling would add its own delay)
  const cancelled = t('en', 'exp.cancelled');
  // Cancel acts at once: the card says so in the click's own task, whatever the machine's load
  const { sameTask, ms: cancelMs } = await cancelInPage(page, 'depth', [cancelled]);
  expect(sameTask, `the status read "Cancelled" before any other task ran (after ${cancelMs.toFixed(1)} ms)`).toBe(true);
  await expect(page.locator('[data-testid=exp-status-depth]')).toHaveText(cancelled);
  expect(await page.locator('[data-testid=exp-progress-depth]').isHidden(), 'the progress bar goes away').toBe(true);
  expect(await page.locator('[data-testid=exp-run-depth]').isEnabled(), 'Run is available again').toBe(true);
  expect(await page.locator('[data-testid=exp-depth] .exp-result').isHidden(), 'no result from the cancelled run').toBe(true);
  // a small run after it, whose link re-runs in a new page
  await setField(page, 'n', '8');
  await setField(page, 'd', '8');
  await setField(page, 'L', '12');
  await setField(page, 'seed', '3');
  await runFromPage(page, 'depth');
  const link = await page.evaluate(() => location.href);
  for (const part of ['run=depth', 'x.depth.n=8', 'x.depth.d=8', 'x.depth.L=12', 'x.depth.seed=3']) expect(link, `the link keeps ${part}`).toContain(part);
  const before = await pageLayers(page);
  expect(before).toHaveLength(13);
  const other = await newPage({ url: link });
  await other.locator('[data-testid=exp-depth] .exp-result:not([hidden])').waitFor({ state: 'visible' });
  expect(await pageLayers(other), 'the shared link re-ran the same 12 layers').toEqual(before);
  report(`depth: cancel of a running n = 512, d = 32, L = 64 run took ${cancelMs.toFixed(1)} ms`);
});

test('experiment 6 in 中文: the sentence and 11-depth.txt are Chinese with the same numbers', async ({ newPage, url }) => {
  const zh = await newPage({ url: `${url}?lang=zh` });
  await runFromPage(zh, 'depth');
  const sentence = await textOf(zh.locator('[data-testid=exp-depth-sentence]'));
  expect(sentence).toContain(t('zh', 'rep.depth.tailKept'));
  const { text } = await downloadText(zh, 'exp-depth-11-depth-txt');
  expect(text).toContain('设置：n = 16 个词元');
  expect(text).toContain(sentence);
  expect(reportLayers(text)).toHaveLength(25);
});

for (const [width, height] of [
  [1280, 900],
  [375, 800],
] as const) {
  test(`experiment 6 at ${width} px: nothing is cut or scrolls sideways; screenshot`, async ({ newPage, url }) => {
    const page = await newPage({ url, width, height });
    await runFromPage(page, 'depth');
    const card = page.locator('[data-testid=exp-depth]');
    await card.scrollIntoViewIfNeeded();
    mkdirSync('/tmp/shots', { recursive: true });
    const path = `/tmp/shots/exp6-${width}.png`;
    await card.screenshot({ path });
    report(`screenshot: experiment 6 at ${width} px: ${path}`);
    await expectCardFits(card, width);
  });
}
