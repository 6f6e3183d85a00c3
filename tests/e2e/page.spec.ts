// page.spec.ts — the main page: the seed 000 example against a plain
// TypeScript model, the causal mask, two heads, bad input and its recovery,
// and the layout at a desktop and a phone width.

import { t } from '../../web/src/i18n/i18n';
import { expect, report, screenshot, test } from './fixtures';
import {
  asGrid,
  cell,
  checkWeights,
  HAND_EXAMPLE,
  hashOf,
  loadSeed,
  open,
  readHeatmap,
  textOf,
  twoFrames,
  waitForPlot,
  weightsOf,
  widths,
  type ShownHeatmap,
} from './playground';
import { attentionWeights, rowSumText, seedCausal, seedOutputTexts, seedWeights, sentencePattern } from './reference';

test('seed 000 preset: weights equal the core to the shown precision, trace shapes', async ({ page, url }) => {
  await open(page, url);
  await loadSeed(page);
  checkWeights(await readHeatmap(page), seedCausal(), 'seed 000 (causal)');
  // every unmasked row sums to 1 and the readout's row stats say so
  const sums = await page.locator('[data-testid=head-0] [data-testid=row-stats] td.row-sum').allTextContents();
  expect(sums, 'row sums').toEqual([1, 1, 1].map(rowSumText));
  const trace = await textOf(page.locator('[data-testid=trace]'));
  expect(trace, 'the trace of shapes').toContain('q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)');
  expect(trace, 'the trace of shapes').toContain('weights (1, 3, 3)  out (1, 3, 2)');
  // the output: weights·v, 4 decimals
  const shownOut = await page
    .locator('[data-testid=output] tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
  expect(shownOut, 'output out = weights·v').toEqual(seedOutputTexts());
});

test('causal toggle: exactly the cells above the diagonal are masked', async ({ page, url }) => {
  await open(page, url);
  await loadSeed(page);
  const maskedOf = (shown: ShownHeatmap) => asGrid(shown.cells).map((row) => row.map((text) => text === 'masked'));
  const above = [0, 1, 2].map((i) => [0, 1, 2].map((j) => j > i));
  expect(maskedOf(await readHeatmap(page)), 'masked cells with the causal mask').toEqual(above);
  await expect(page.locator('[data-testid=mask]'), 'the causal radio is checked for seed 000').toHaveValue('causal');

  await page.locator('[data-testid=mask]').selectOption('none');
  await expect.poll(async () => maskedOf(await readHeatmap(page)), { message: 'masked cells without a mask' }).toEqual(above.map((r) => r.map(() => false)));
  checkWeights(await readHeatmap(page), seedWeights(false), 'seed 000 without mask');
  const noMask = await hashOf(page);
  expect(!noMask.includes('mask=') || noMask.includes('mask=none'), `the hash still has a mask: ${noMask}`).toBe(true);

  await page.locator('[data-testid=mask]').selectOption('causal');
  await expect.poll(async () => maskedOf(await readHeatmap(page)), { message: 'masked cells with the causal mask again' }).toEqual(above);
  checkWeights(await readHeatmap(page), seedCausal(), 'seed 000 causal again');
  expect(await hashOf(page), 'the hash says mask=causal').toContain('mask=causal');
});

test('multi_head with h = 2 shows two heatmaps', async ({ page, url }) => {
  await open(page, url + HAND_EXAMPLE);
  await page.locator('[data-testid=op]').selectOption('multi_head');
  await waitForPlot(page);
  const h = page.locator('[data-testid=h]');
  await h.fill('2');
  await h.press('Tab');
  await page.locator('[data-testid=head-1]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=head-0]').waitFor({ state: 'visible' });
  await expect(page.locator('[data-testid^=head-]'), 'number of heatmaps').toHaveCount(2);
  // default Q = K = [[1,0],[0,1],[1,1]]: head 1 sees column 0, head 2 column 1, d_k = 1 each
  const Q = [
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  for (const head of [0, 1]) {
    const q = Q.map((r) => [r[head]]);
    const want = attentionWeights(q, q);
    // the head cards may still show h = 1's weights for a frame after the change: wait for h = 2's
    await expect
      .poll(
        async () => {
          try {
            checkWeights(await readHeatmap(page, head), want, `head ${head + 1}`);
            return true;
          } catch {
            return false;
          }
        },
        { message: `head ${head + 1}: the weights of h = 2` },
      )
      .toBe(true);
  }
  const hash = await hashOf(page);
  expect(hash.includes('op=multi_head') && /(^#|&)h=2(&|$)/.test(hash), `the hash holds op and h: ${hash}`).toBe(true);
  // and back to one head
  await h.fill('1');
  await h.press('Tab');
  await expect(page.locator('[data-testid^=head-]'), 'number of heatmaps with h = 1').toHaveCount(1);
});

test('bad input: a malformed paste is refused, a bad cell is marked, the last result stays dimmed, then recovers', async ({ page, url }) => {
  await open(page, url + HAND_EXAMPLE);
  const before = await weightsOf(page);
  const hashBefore = await hashOf(page);

  // 1. malformed paste: a message, the matrix and the result unchanged
  await page.locator('[data-testid=paste-Q]').click();
  await page.locator('[data-testid=paste-area-Q]').fill('[[1, 2], [3]]');
  await page.locator('[data-testid=paste-apply-Q]').click();
  const pasteMessage = page.locator('[data-testid=paste-message-Q]');
  await pasteMessage.waitFor({ state: 'visible' });
  const msg = (await textOf(pasteMessage)).trim();
  expect(msg.length, 'the paste message is empty').toBeGreaterThan(0);
  // "Q: <the parser's message> (line L, column C)"
  expect(msg, 'the paste message names the matrix, a line and a column').toMatch(
    sentencePattern(t('en', 'inputs.pasteError'), { name: 'Q' }, { message: '.+', line: '\\d+', column: '\\d+' }),
  );
  await expect(page.locator('[data-testid=paste-area-Q]'), 'aria-invalid of the paste area').toHaveAttribute('aria-invalid', 'true');
  expect(await weightsOf(page), 'weights after a refused paste').toEqual(before);
  expect(await page.locator('[data-testid=stale]').isVisible(), 'a refused paste must not mark the result stale').toBe(false);
  expect(await hashOf(page), 'the hash after a refused paste').toBe(hashBefore);
  expect(await cell(page, 'Q', 0, 0).inputValue(), 'Q[0][0] after a refused paste').toBe('1');

  // 2. a cell that is not a number
  const c = cell(page, 'Q', 1, 0);
  await c.fill('abc');
  await expect(c, 'aria-invalid of the bad cell').toHaveAttribute('aria-invalid', 'true');
  const notANumber = t('en', 'cell.not_a_number', { text: 'abc' }); // quotes the text
  expect((await textOf(page.locator('[data-testid=errors-Q]'))).trim(), 'the cell message quotes the text').toContain(notANumber);
  await page.locator('[data-testid=op-message]').waitFor({ state: 'visible' });
  expect((await textOf(page.locator('[data-testid=op-message]'))).trim(), 'the operation message names the cell').toContain(
    t('en', 'cell.at', { where: 'Q[1][0]', message: notANumber }),
  );
  await page.locator('[data-testid=stale]').waitFor({ state: 'visible' });
  expect(await weightsOf(page), 'the last good weights stay while the cell is bad').toEqual(before);
  await expect(page.locator('[data-testid=head-0] .hm'), 'the heatmap is dimmed').toHaveAttribute('data-dimmed', 'true');
  const opacity = await page.locator('[data-testid=heatmaps]').evaluate((e) => Number(window.getComputedStyle(e).opacity));
  expect(opacity, `the stale result is not dimmed (opacity ${opacity})`).toBeLessThan(1);

  // 3. fix it: everything recovers
  await c.fill('0');
  await expect(c, 'aria-invalid after the fix').not.toHaveAttribute('aria-invalid');
  await page.locator('[data-testid=op-message]').waitFor({ state: 'hidden' });
  await page.locator('[data-testid=stale]').waitFor({ state: 'hidden' });
  expect(await page.locator('[data-testid=head-0] .hm').getAttribute('data-dimmed'), 'data-dimmed after the fix').toBeNull();
  expect((await textOf(page.locator('[data-testid=errors-Q]'))).trim(), 'cell messages after the fix').toBe('');
  expect(await weightsOf(page), 'weights after restoring the original value').toEqual(before);
});

test('screenshots of seed 000 at 1280 px and 375 px; no sideways scrolling at 375 px', async ({ newPage, url }) => {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    const page = await newPage({ url, width, height });
    await loadSeed(page);
    await twoFrames(page);
    const path = await screenshot(page, `page-${width}.png`);
    const overflow = await widths(page);
    report(`screenshot: ${path} (document ${overflow.scroll} px wide in a ${overflow.client} px viewport)`);
    expect(overflow.scroll, `at ${width} px the page scrolls sideways: document is ${overflow.scroll} px wide`).toBeLessThanOrEqual(overflow.client);
  }
});
