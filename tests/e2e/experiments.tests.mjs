// experiments.tests.mjs — end-to-end tests of the experiments panel: each of
// the four experiments run from the page (plot and numbers), the reports
// downloaded and read, bad settings refused next to the field, a long
// quadratic run cancelled while the page stays responsive, and a shared link
// that re-runs its experiment. Prints the run times as figures.
//
// run.mjs registers these with registerExperimentTests(helpers).

import { readFile } from 'node:fs/promises';

/**
 * Register the tests with run.mjs's `test` and helpers.
 * @param {{ test: Function, assert: Function, assertEqual: Function, eventually: Function, report: string[] }} h
 */
export function registerExperimentTests(h) {
  const { test, assert, assertEqual, eventually, report } = h;

  /** Click Run on `name` and wait for its result; returns the "done in N ms" figure. */
  async function runFromPage(page, name, timeout = 60_000) {
    await page.locator(`[data-testid=exp-run-${name}]`).click();
    await page.locator(`[data-testid=exp-${name}] .exp-result:not([hidden])`).waitFor({ state: 'visible', timeout });
    await eventually(
      async () => assert(/\d+ ms/.test(await page.locator(`[data-testid=exp-status-${name}]`).textContent()), `${name}: the status says how long it took`),
      timeout,
    );
    const status = await page.locator(`[data-testid=exp-status-${name}]`).textContent();
    return Number(/(\d+) ms/.exec(status)[1]);
  }

  /** Click a download button and return the file's name and text. */
  async function downloadText(page, testid) {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid=${testid}]`).click()]);
    return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
  }

  test('experiments: scaling runs from the page, plots both curves and answers the d = 64 question; 02-scale.txt downloads', async ({ url, newPage }) => {
    const page = await newPage({ url });
    const ms = await runFromPage(page, 'scaling');
    const sentence = await page.locator('[data-testid=exp-scaling-sentence]').textContent();
    const m = /without scaling the largest weight is (0\.\d+).*with scaling it is (0\.\d+)/.exec(sentence);
    assert(m, `the sentence names both maxima: ${sentence}`);
    assert(Number(m[1]) > 0.8 && Number(m[2]) < 0.5, `unscaled ${m[1]} is near 1, scaled ${m[2]} well below`);
    assertEqual((await page.locator('[data-testid=exp-scaling] svg [data-series]').count()) > 0, true, 'the chart draws its series');
    assertEqual(await page.locator('[data-testid=exp-scaling-table] tbody tr').count(), 11, 'one table row per d = 1 … 1024');
    const file = await downloadText(page, 'exp-scaling-02-scale-txt');
    assertEqual(file.name, '02-scale.txt', 'file name');
    assert(file.text.includes(m[1]) && file.text.includes(m[2]), '02-scale.txt holds the two d = 64 maxima');
    assert(/\n\s*1024\b/.test(file.text), '02-scale.txt holds the whole table');
    report.push(`perf: scaling experiment (11 d × 200 trials × n = 8) in the browser: ${ms} ms`);
  });

  test('experiments: permutation shows four heatmaps, ~1e-16 without PE and a clear difference with it; 05-perm.txt downloads', async ({ url, newPage }) => {
    const page = await newPage({ url });
    await runFromPage(page, 'permutation');
    const diffs = await page.locator('[data-testid=exp-permutation-diffs] strong').allTextContents();
    assertEqual(diffs.length, 2, 'two differences');
    assert(Number(diffs[0]) < 1e-12, `without PE the difference ${diffs[0]} is at rounding level`);
    assert(Number(diffs[1]) > 1e-3, `with PE the difference ${diffs[1]} is clearly non-zero`);
    for (let k = 0; k < 4; k++) await page.locator(`[data-testid=exp-perm-map-${k}] canvas.hm-canvas`).waitFor({ state: 'visible' });
    const file = await downloadText(page, 'exp-permutation-05-perm-txt');
    assertEqual(file.name, '05-perm.txt', 'file name');
    const perm = (await page.locator('.exp-perm-line').textContent()).match(/\[[\d, ]+\]/)[0];
    assert(file.text.includes(perm), `05-perm.txt names the permutation ${perm}`);
    assert(file.text.includes(diffs[1]), '05-perm.txt holds the difference with PE');
  });

  test('experiments: a typed permutation is used, an invalid one is refused next to the field and starts no run', async ({ url, newPage }) => {
    const page = await newPage({ url });
    await page.locator('[data-testid=exp-permutation-perm]').fill('0, 0, 2, 3, 4, 5');
    await page.locator('[data-testid=exp-permutation-perm]').dispatchEvent('change');
    await page.locator('[data-testid=exp-run-permutation]').click();
    await eventually(async () =>
      assert(/repeats/.test(await page.locator('[data-testid=exp-permutation-perm-error]').textContent()), 'the message says which entry repeats'),
    );
    assertEqual(await page.locator('[data-testid=exp-permutation] .exp-result').isHidden(), true, 'no result: the run did not start');
    assertEqual(await page.locator('[data-testid=exp-progress-permutation]').isHidden(), true, 'no progress bar');
    await page.locator('[data-testid=exp-permutation-perm]').fill('5, 4, 3, 2, 1, 0');
    await page.locator('[data-testid=exp-permutation-perm]').dispatchEvent('change');
    await runFromPage(page, 'permutation');
    assert((await page.locator('.exp-perm-line').textContent()).includes('[5, 4, 3, 2, 1, 0]'), 'the typed permutation is the one used');
    // bad scaling settings: d = 0 and a word
    await page.locator('[data-testid=exp-scaling-ds]').fill('1, 0, 4');
    await page.locator('[data-testid=exp-run-scaling]').click();
    await eventually(async () => assert(/at least 1/.test(await page.locator('[data-testid=exp-scaling-ds-error]').textContent()), 'd = 0 is refused'));
    await page.locator('[data-testid=exp-scaling-trials]').fill('many');
    await page.locator('[data-testid=exp-run-scaling]').click();
    await eventually(async () =>
      assert((await page.locator('[data-testid=exp-scaling-trials-error]').textContent()).length > 0, 'a word for trials is refused'),
    );
    assertEqual(await page.locator('[data-testid=exp-scaling] .exp-result').isHidden(), true, 'no scaling run started');
  });

  test('experiments: the quadratic sweep to n = 4096 plots a slope near 2 and the 4k → 8k sentence', async ({ url, newPage }) => {
    const page = await newPage({ url });
    const ms = await runFromPage(page, 'quadratic', 120_000);
    const sentence = await page.locator('[data-testid=exp-quadratic-sentence]').textContent();
    assert(/4× larger/.test(sentence) && /16,777,216 → 67,108,864/.test(sentence), `the seed's sentence: ${sentence}`);
    const rows = await page.locator('[data-testid=exp-quadratic-table] tbody tr').allTextContents();
    assertEqual(rows.length, 9, 'n = 16 … 4096');
    assert(rows[rows.length - 1].includes('16,777,216'), 'n = 4096 has exactly n² = 16,777,216 entries');
    const measured = await page.locator('[data-testid=exp-quadratic-measured]').textContent();
    const slope = Number(/slope (\d+\.\d+)/.exec(measured)[1]);
    report.push(`perf: quadratic experiment n = 16 … 4096 in the browser: ${ms} ms (time slope ${slope})`);
  });

  test('experiments: cancel stops a long quadratic run at once and the page stays responsive while it runs', async ({ url, newPage }) => {
    const page = await newPage({ url });
    await page.locator('[data-testid=exp-run-quadratic]').click();
    await eventually(
      async () =>
        assert(/n = (512|1024|2048|4096)/.test(await page.locator('[data-testid=exp-status-quadratic]').textContent()), 'the run reaches the large n'),
      60_000,
    );
    // a click on another control is handled while the worker computes
    const before = await page.evaluate(() => location.hash);
    const t0 = Date.now();
    await page.locator('[data-testid=mask-causal]').check();
    await eventually(async () => assert((await page.evaluate(() => location.hash)) !== before, 'the mask change reached the URL'));
    const handled = Date.now() - t0;
    assertEqual(await page.locator('[data-testid=exp-cancel-quadratic]').isEnabled(), true, 'still running');
    const cancelMs = await page.evaluate(async () => {
      const host = document.querySelector('attention-playground');
      const status = host.shadowRoot.querySelector('[data-testid=exp-status-quadratic]');
      const button = host.shadowRoot.querySelector('[data-testid=exp-cancel-quadratic]');
      const t = performance.now();
      button.click();
      while (!/Cancel|取消/.test(status.textContent)) await new Promise((r) => setTimeout(r, 1));
      return performance.now() - t;
    });
    assert(cancelMs < 100, `cancel took ${cancelMs.toFixed(1)} ms`);
    assertEqual(await page.locator('[data-testid=exp-progress-quadratic]').isHidden(), true, 'the progress bar goes away');
    assertEqual(await page.locator('[data-testid=exp-run-quadratic]').isEnabled(), true, 'Run is available again');
    // and the next run works (a fresh worker)
    await page.locator('[data-testid=exp-quadratic-nMax]').fill('256');
    await runFromPage(page, 'quadratic');
    report.push(`perf: cancel of a running quadratic sweep ${cancelMs.toFixed(1)} ms; a click on the mask during the run handled in ${handled} ms`);
  });

  test('experiments: h = 1 shows the pass mark; 08-notes.md has the three Korean words and the numbers; a shared link re-runs', async ({ url, newPage }) => {
    const page = await newPage({ url });
    await runFromPage(page, 'h1');
    assert((await page.locator('[data-testid=exp-h1-mark]').textContent()).startsWith('✓'), 'pass mark');
    assert(/difference 0 in the output and 0 in the weights/.test(await page.locator('[data-testid=exp-h1-sentence]').textContent()), 'exactly 0');
    await runFromPage(page, 'scaling');
    await runFromPage(page, 'permutation');
    const notes = await downloadText(page, 'exp-notes');
    assertEqual(notes.name, '08-notes.md', 'file name');
    for (const word of ['스케일링', '순서', '제곱']) assert(notes.text.includes(word), `08-notes.md contains ${word}`);
    assert(notes.text.split('\n').filter((l) => l.trim()).length >= 3, 'at least three lines');
    // the URL names the experiment that ran; opening it runs it again
    await page.locator('[data-testid=exp-h1-h]').fill('4');
    await page.locator('[data-testid=exp-h1-h]').dispatchEvent('change');
    await runFromPage(page, 'h1');
    const link = await page.evaluate(() => location.href);
    assert(/run=h1/.test(link) && /x\.h1\.h=4/.test(link), `the link keeps the experiment and its settings: ${link}`);
    const other = await newPage({ url: link });
    await other.locator('[data-testid=exp-h1] .exp-result:not([hidden])').waitFor({ state: 'visible' });
    assert(/h = 4/.test(await other.locator('[data-testid=exp-h1-sentence]').textContent()), 'the shared link re-ran h1 with h = 4');
  });

  test('experiments in 中文: sentences and downloaded reports are Chinese with the English numbers; 08-notes.md keeps 스케일링, 순서, 제곱', async ({
    url,
    newPage,
  }) => {
    const en = await newPage({ url });
    const zh = await newPage({ url: `${url}?lang=zh` });
    await runFromPage(en, 'scaling');
    await runFromPage(zh, 'scaling');
    const enSentence = await en.locator('[data-testid=exp-scaling-sentence]').textContent();
    const zhSentence = await zh.locator('[data-testid=exp-scaling-sentence]').textContent();
    const enMax = /without scaling the largest weight is (0\.\d+).*with scaling it is (0\.\d+)/.exec(enSentence);
    const zhMax = /不缩放时，最大权重为 (0\.\d+).*缩放后为 (0\.\d+)/.exec(zhSentence);
    assert(zhMax, `the Chinese sentence names both maxima: ${zhSentence}`);
    assertEqual([zhMax[1], zhMax[2]], [enMax[1], enMax[2]], 'the same two maxima in both languages');
    const scale = await downloadText(zh, 'exp-scaling-02-scale-txt');
    assertEqual(scale.name, '02-scale.txt', 'file name');
    assert(scale.text.includes('最大权重') && scale.text.includes(zhMax[1]) && scale.text.includes(zhMax[2]), '02-scale.txt in Chinese with the two maxima');
    await runFromPage(zh, 'permutation');
    const perm = await downloadText(zh, 'exp-permutation-05-perm-txt');
    assert(perm.text.includes('置换') && /\[[\d, ]+\]/.test(perm.text), `05-perm.txt in Chinese names the permutation: ${perm.text.slice(0, 120)}`);
    await runFromPage(zh, 'h1');
    assert(/通过.*h = 2/.test(await zh.locator('[data-testid=exp-h1-sentence]').textContent()), 'the h = 1 sentence in Chinese');
    const notes = await downloadText(zh, 'exp-notes');
    for (const word of ['스케일링', '순서', '제곱', '缩放', '顺序', '平方']) assert(notes.text.includes(word), `08-notes.md (中文) contains ${word}`);
    assert(notes.text.includes(zhMax[1].slice(0, 3)), '08-notes.md (中文) holds the unscaled maximum');
  });

  test('experiments: rows dragged (mouse) or moved (keyboard) in the picker set the permutation the run uses', async ({ url, newPage }) => {
    const page = await newPage({ url });
    const chips = page.locator('[data-testid=perm-picker] .perm-chip');
    assertEqual(await chips.allTextContents(), ['0', '1', '2', '3', '4', '5'], 'the identity of n = 6 to start');
    await chips.nth(0).dragTo(chips.nth(3)); // drag row 0 to position 3
    await eventually(async () => assertEqual(await page.locator('[data-testid=exp-permutation-perm]').inputValue(), '1, 2, 3, 0, 4, 5', 'perm after the drag'));
    await page.locator('[data-testid=perm-picker] .perm-chip[data-value="5"]').focus();
    await page.keyboard.press('ArrowLeft'); // row 5 one place to the left
    await eventually(async () => assertEqual(await page.locator('[data-testid=exp-permutation-perm]').inputValue(), '1, 2, 3, 0, 5, 4', 'perm after ←'));
    await runFromPage(page, 'permutation');
    assert((await page.locator('.exp-perm-line').textContent()).includes('[1, 2, 3, 0, 5, 4]'), 'the run used the dragged permutation');
    assert(/x\.permutation\.perm=1%2C/.test(await page.evaluate(() => location.hash)), 'the permutation is in the URL state');
  });
}
