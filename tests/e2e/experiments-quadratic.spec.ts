// experiments-quadratic.spec.ts — the long experiment: the quadratic sweep
// to n = 4096 (its sentence and slope, its time printed), and a run
// cancelled at once while the page stays responsive.

import { t } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { cancelInPage, runFromPage } from './experiment-runs';
import { open, textOf } from './playground';
import { sentencePattern } from './reference';

test('experiments: the quadratic sweep to n = 4096 plots a slope near 2 and the 4k → 8k sentence', async ({ page, url }) => {
  test.setTimeout(120_000); // the sweep itself may take a minute on a loaded machine
  await open(page, url);
  const ms = await runFromPage(page, 'quadratic', 120_000);
  const sentence = await textOf(page.locator('[data-testid=exp-quadratic-sentence]'));
  // "Doubling the context (4k → 8k) makes the score matrix 4× larger: 16,777,216 → 67,108,864 entries, …"
  expect(sentence, "the seed's sentence").toMatch(sentencePattern(t('en', 'rep.quad.sentence'), { ratio: 4, from: '16,777,216', to: '67,108,864' }));
  const rows = await page.locator('[data-testid=exp-quadratic-table] tbody tr').allTextContents();
  expect(rows.length, 'n = 16 … 4096').toBe(9);
  expect(rows[rows.length - 1], 'n = 4096 has exactly n² = 16,777,216 entries').toContain('16,777,216');
  const measured = await textOf(page.locator('[data-testid=exp-quadratic-measured]'));
  const slope = Number(/slope (\d+\.\d+)/.exec(measured)![1]);
  report(`perf: quadratic experiment n = 16 … 4096 in the browser: ${ms} ms (time slope ${slope})`);
});

test('experiments: cancel stops a long quadratic run at once and the page stays responsive while it runs', async ({ page, url }) => {
  await open(page, url);
  // d = 512: the sweep's last sizes take seconds, so the run is surely still going after the mask change
  // (at the default d = 64 the whole sweep after n = 512 takes about 0.6 s, which a busy page can outlast)
  await page.locator('[data-testid=exp-quadratic-d]').fill('512');
  await page.locator('[data-testid=exp-run-quadratic]').click();
  await expect(page.locator('[data-testid=exp-status-quadratic]'), 'the run reaches the large n').toHaveText(/n = (512|1024|2048|4096)/, { timeout: 60_000 });
  // a click on another control is handled while the worker computes
  const before = await page.evaluate(() => location.hash);
  const t0 = Date.now();
  await page.locator('[data-testid=mask]').selectOption('causal');
  await expect.poll(() => page.evaluate(() => location.hash), { message: 'the mask change reached the URL' }).not.toBe(before);
  const handled = Date.now() - t0;
  expect(await page.locator('[data-testid=exp-cancel-quadratic]').isEnabled(), 'still running').toBe(true);
  const cancelled = [t('en', 'exp.cancelled'), t('zh', 'exp.cancelled')];
  // Cancel acts at once: the card says so in the click's own task, whatever the machine's load
  const { sameTask, ms: cancelMs } = await cancelInPage(page, 'quadratic', cancelled);
  expect(sameTask, `the status read "Cancelled" before any other task ran (after ${cancelMs.toFixed(1)} ms)`).toBe(true);
  expect(await page.locator('[data-testid=exp-progress-quadratic]').isHidden(), 'the progress bar goes away').toBe(true);
  expect(await page.locator('[data-testid=exp-run-quadratic]').isEnabled(), 'Run is available again').toBe(true);
  // and the next run works (a fresh worker)
  await page.locator('[data-testid=exp-quadratic-nMax]').fill('256');
  await runFromPage(page, 'quadratic');
  report(`perf: cancel of a running quadratic sweep ${cancelMs.toFixed(1)} ms; a click on the mask during the run handled in ${handled} ms`);
});
