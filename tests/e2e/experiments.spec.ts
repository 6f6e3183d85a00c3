// experiments.spec.ts — the experiments panel: scaling, permutation and
// h = 1 run from the page (plot, numbers, sentences from the i18n tables),
// their reports downloaded and read, bad settings refused next to the field,
// a shared link that re-runs, the Chinese page, the permutation picker.

import { t } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { downloadText, runFromPage } from './experiment-runs';
import { open, textOf } from './playground';
import { sentencePattern } from './reference';

/** The scaling sentence in `lang`, with the two largest weights (unscaled, scaled) captured. */
const scalingSentence = (lang: 'en' | 'zh') => sentencePattern(t(lang, 'rep.scale.sentence'), {}, { unscaled: '(0\\.\\d+)', scaled: '(0\\.\\d+)' });

test('experiments: scaling runs from the page, plots both curves and answers the d = 64 question; 02-scale.txt downloads', async ({ page, url }) => {
  await open(page, url);
  const ms = await runFromPage(page, 'scaling');
  const sentence = await textOf(page.locator('[data-testid=exp-scaling-sentence]'));
  const m = scalingSentence('en').exec(sentence);
  expect(m, `the sentence names both maxima: ${sentence}`).not.toBeNull();
  expect(Number(m![1]) > 0.8 && Number(m![2]) < 0.5, `unscaled ${m![1]} is near 1, scaled ${m![2]} well below`).toBe(true);
  expect(await page.locator('[data-testid=exp-scaling] svg [data-series]').count(), 'the chart draws its series').toBeGreaterThan(0);
  await expect(page.locator('[data-testid=exp-scaling-table] tbody tr'), 'one table row per d = 1 … 1024').toHaveCount(11);
  const file = await downloadText(page, 'exp-scaling-02-scale-txt');
  expect(file.name, 'file name').toBe('02-scale.txt');
  expect(file.text.includes(m![1]) && file.text.includes(m![2]), '02-scale.txt holds the two d = 64 maxima').toBe(true);
  expect(file.text, '02-scale.txt holds the whole table').toMatch(/\n\s*1024\b/);
  report(`perf: scaling experiment (11 d × 200 trials × n = 8) in the browser: ${ms} ms`);
});

test('experiments: permutation shows four heatmaps, ~1e-16 without PE and a clear difference with it; 05-perm.txt downloads', async ({ page, url }) => {
  await open(page, url);
  await runFromPage(page, 'permutation');
  const diffs = await page.locator('[data-testid=exp-permutation-diffs] strong').allTextContents();
  expect(diffs.length, 'two differences').toBe(2);
  expect(Number(diffs[0]), `without PE the difference ${diffs[0]} is at rounding level`).toBeLessThan(1e-12);
  expect(Number(diffs[1]), `with PE the difference ${diffs[1]} is clearly non-zero`).toBeGreaterThan(1e-3);
  for (let k = 0; k < 4; k++) await page.locator(`[data-testid=exp-perm-map-${k}] canvas.hm-canvas`).waitFor({ state: 'visible' });
  const file = await downloadText(page, 'exp-permutation-05-perm-txt');
  expect(file.name, 'file name').toBe('05-perm.txt');
  const perm = /\[[\d, ]+\]/.exec(await textOf(page.locator('.exp-perm-line')))![0];
  expect(file.text, `05-perm.txt names the permutation ${perm}`).toContain(perm);
  expect(file.text, '05-perm.txt holds the difference with PE').toContain(diffs[1]);
});

test('experiments: a typed permutation is used, an invalid one is refused next to the field and starts no run', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=exp-permutation-perm]').fill('0, 0, 2, 3, 4, 5');
  await page.locator('[data-testid=exp-permutation-perm]').dispatchEvent('change');
  await page.locator('[data-testid=exp-run-permutation]').click();
  await expect(page.locator('[data-testid=exp-permutation-perm-error]'), 'the message says which entry repeats').toHaveText(/repeats/);
  expect(await page.locator('[data-testid=exp-permutation] .exp-result').isHidden(), 'no result: the run did not start').toBe(true);
  expect(await page.locator('[data-testid=exp-progress-permutation]').isHidden(), 'no progress bar').toBe(true);
  await page.locator('[data-testid=exp-permutation-perm]').fill('5, 4, 3, 2, 1, 0');
  await page.locator('[data-testid=exp-permutation-perm]').dispatchEvent('change');
  await runFromPage(page, 'permutation');
  expect(await textOf(page.locator('.exp-perm-line')), 'the typed permutation is the one used').toContain('[5, 4, 3, 2, 1, 0]');
  // bad scaling settings: d = 0 and a word
  await page.locator('[data-testid=exp-scaling-ds]').fill('1, 0, 4');
  await page.locator('[data-testid=exp-run-scaling]').click();
  await expect(page.locator('[data-testid=exp-scaling-ds-error]'), 'd = 0 is refused').toHaveText(/at least 1/);
  await page.locator('[data-testid=exp-scaling-trials]').fill('many');
  await page.locator('[data-testid=exp-run-scaling]').click();
  await expect(page.locator('[data-testid=exp-scaling-trials-error]'), 'a word for trials is refused').not.toHaveText('');
  expect(await page.locator('[data-testid=exp-scaling] .exp-result').isHidden(), 'no scaling run started').toBe(true);
});

test('experiments: h = 1 shows the pass mark; 08-notes.md has the three Korean words and the numbers; a shared link re-runs', async ({
  page,
  url,
  newPage,
}) => {
  await open(page, url);
  await runFromPage(page, 'h1');
  expect(await textOf(page.locator('[data-testid=exp-h1-mark]')), 'pass mark').toMatch(/^✓/);
  // "largest difference 0 in the output and 0 in the weights": exactly 0
  expect(await textOf(page.locator('[data-testid=exp-h1-sentence]')), 'exactly 0').toMatch(sentencePattern(t('en', 'rep.h1.first'), { out: 0, weights: 0 }));
  await runFromPage(page, 'scaling');
  await runFromPage(page, 'permutation');
  const notes = await downloadText(page, 'exp-notes');
  expect(notes.name, 'file name').toBe('08-notes.md');
  for (const word of ['스케일링', '순서', '제곱']) expect(notes.text, `08-notes.md contains ${word}`).toContain(word);
  expect(notes.text.split('\n').filter((l) => l.trim()).length, 'at least three lines').toBeGreaterThanOrEqual(3);
  // the URL names the experiment that ran; opening it runs it again
  await page.locator('[data-testid=exp-h1-h]').fill('4');
  await page.locator('[data-testid=exp-h1-h]').dispatchEvent('change');
  await runFromPage(page, 'h1');
  const link = await page.evaluate(() => location.href);
  expect(/run=h1/.test(link) && /x\.h1\.h=4/.test(link), `the link keeps the experiment and its settings: ${link}`).toBe(true);
  const other = await newPage({ url: link });
  await other.locator('[data-testid=exp-h1] .exp-result:not([hidden])').waitFor({ state: 'visible' });
  expect(await textOf(other.locator('[data-testid=exp-h1-sentence]')), 'the shared link re-ran h1 with h = 4').toMatch(/h = 4/);
});

test('experiments in 中文: sentences and downloaded reports are Chinese with the English numbers; 08-notes.md keeps 스케일링, 순서, 제곱', async ({
  url,
  newPage,
}) => {
  const en = await newPage({ url });
  const zh = await newPage({ url: `${url}?lang=zh` });
  await runFromPage(en, 'scaling');
  await runFromPage(zh, 'scaling');
  const enSentence = await textOf(en.locator('[data-testid=exp-scaling-sentence]'));
  const zhSentence = await textOf(zh.locator('[data-testid=exp-scaling-sentence]'));
  const enMax = scalingSentence('en').exec(enSentence);
  const zhMax = scalingSentence('zh').exec(zhSentence);
  expect(enMax, `the English sentence names both maxima: ${enSentence}`).not.toBeNull();
  expect(zhMax, `the Chinese sentence names both maxima: ${zhSentence}`).not.toBeNull();
  expect([zhMax![1], zhMax![2]], 'the same two maxima in both languages').toEqual([enMax![1], enMax![2]]);
  const scale = await downloadText(zh, 'exp-scaling-02-scale-txt');
  expect(scale.name, 'file name').toBe('02-scale.txt');
  expect(
    scale.text.includes('最大权重') && scale.text.includes(zhMax![1]) && scale.text.includes(zhMax![2]),
    '02-scale.txt in Chinese with the two maxima',
  ).toBe(true);
  await runFromPage(zh, 'permutation');
  const perm = await downloadText(zh, 'exp-permutation-05-perm-txt');
  expect(perm.text.includes('置换') && /\[[\d, ]+\]/.test(perm.text), `05-perm.txt in Chinese names the permutation: ${perm.text.slice(0, 120)}`).toBe(true);
  await runFromPage(zh, 'h1');
  const h1 = await textOf(zh.locator('[data-testid=exp-h1-sentence]'));
  // the pass mark, then h = 2 heads explained, in Chinese
  expect(h1, 'the h = 1 sentence in Chinese').toMatch(sentencePattern(t('zh', 'rep.h1.first'), { mark: t('zh', 'rep.h1.pass') }));
  expect(h1, 'the h = 1 sentence in Chinese explains h = 2').toMatch(sentencePattern(t('zh', 'rep.h1.many'), { h: 2 }));
  const notes = await downloadText(zh, 'exp-notes');
  for (const word of ['스케일링', '순서', '제곱', '缩放', '顺序', '平方']) expect(notes.text, `08-notes.md (中文) contains ${word}`).toContain(word);
  expect(notes.text, '08-notes.md (中文) holds the unscaled maximum').toContain(zhMax![1].slice(0, 3));
});

test('experiments: rows dragged (mouse) or moved (keyboard) in the picker set the permutation the run uses', async ({ page, url }) => {
  await open(page, url);
  const chips = page.locator('[data-testid=perm-picker] .perm-chip');
  expect(await chips.allTextContents(), 'the identity of n = 6 to start').toEqual(['0', '1', '2', '3', '4', '5']);
  await chips.nth(0).dragTo(chips.nth(3)); // drag row 0 to position 3
  await expect(page.locator('[data-testid=exp-permutation-perm]'), 'perm after the drag').toHaveValue('1, 2, 3, 0, 4, 5');
  await page.locator('[data-testid=perm-picker] .perm-chip[data-value="5"]').focus();
  await page.keyboard.press('ArrowLeft'); // row 5 one place to the left
  await expect(page.locator('[data-testid=exp-permutation-perm]'), 'perm after ←').toHaveValue('1, 2, 3, 0, 5, 4');
  await runFromPage(page, 'permutation');
  expect(await textOf(page.locator('.exp-perm-line')), 'the run used the dragged permutation').toContain('[1, 2, 3, 0, 5, 4]');
  expect(await page.evaluate(() => location.hash), 'the permutation is in the URL state').toMatch(/x\.permutation\.perm=1%2C/);
});
