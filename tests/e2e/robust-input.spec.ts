// robust-input.spec.ts — links, stored state and pastes that used to break
// the page: a lone surrogate in the hash, in a cell and in localStorage, a
// cell of 100,000 digits, a number beyond float64 (1e999), rows of different
// lengths, a random source over the core's limits, and a 10 MB paste. Every
// page is watched by the fixtures: a page error or a console error fails the test.
// The load times are printed (figures, not targets).

import { t } from '../../web/src/i18n/i18n';
import { expect, report, screenshot, test } from './fixtures';
import { cell, hashOf, open, textOf, waitForPlot } from './playground';
import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';

const K_V = 'K=1,0;0,1;1,1&V=1,2;3,4;5,6';
const STORAGE_KEY = 'attention-playground.state';

/** Go to `url` and wait until the page has drawn its weights or said why it cannot; the time it took, in ms. */
async function load(page: Page, url: string, computes: boolean): Promise<number> {
  const t0 = Date.now();
  await page.goto(url);
  if (computes) await waitForPlot(page);
  else await expect(page.locator('[data-testid=op-message]'), 'the message of a state that cannot be computed').toBeVisible();
  return Date.now() - t0;
}

const message = (page: Page) => page.locator('[data-testid=op-message]');
const gridValues = (page: Page, name: string) =>
  page.locator(`[data-testid=grid-${name}] input`).evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));

test('a lone surrogate in a link, set from script, and typed into a cell: the page computes and writes its URL', async ({ page, url }) => {
  // %ED%A0%BD is U+D83D encoded as if it were a character: not UTF-8, so it is kept as typed
  const ms = await load(page, `${url}#op=attention&tokens=%ED%A0%BD&Q=1,0;0,1;1,1&${K_V}`, true);
  report(`link with tokens=%ED%A0%BD: computed in ${ms} ms`);
  await expect.poll(() => hashOf(page), { message: 'the hash written back' }).toContain('tokens=%25ED%25A0%25BD');

  // the state of the issue, put into the hash by script
  await page.evaluate(() => {
    location.hash = '#op=attention&tokens=\ud83d,b,c&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6';
  });
  await expect(page.locator('[data-testid=tokens]'), 'the token names, U+FFFD for the lone surrogate').toHaveValue('\ufffd b c');
  await waitForPlot(page);

  // a lone surrogate typed into a cell: U+FFFD in the URL, a cell error on the page, no page error
  await cell(page, 'Q', 0, 0).evaluate((input: HTMLInputElement) => {
    input.value = '1\ud83d';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(message(page)).toContainText('is not a number');
  await expect.poll(() => hashOf(page), { message: 'the cell in the hash' }).toContain('Q=1%EF%BF%BD,0');
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(stored, 'the stored copy').toContain('Q=1%EF%BF%BD,0');
});

test('a link with a cell of 100,000 digits loads at once and names the cell’s length', async ({ page, url }) => {
  const ms = await load(page, `${url}#op=attention&Q=${'1'.repeat(100_000)},0;0,1;1,1&${K_V}`, false);
  report(`link with a 100,000-digit cell: its message in ${ms} ms`);
  await expect(message(page)).toHaveText(t('en', 'result.error', { message: 'Q[0][0]: "111111111111…" is 100,000 characters long; a cell holds at most 64' }));
  await expect(page.locator('[data-testid=errors-Q]')).toContainText('100,000 characters long');
  await expect(cell(page, 'Q', 0, 0)).toHaveAttribute('aria-invalid', 'true');
});

test('a number beyond float64, in a link and typed into a cell: refused at the cell with its own message', async ({ page, url }) => {
  await load(page, `${url}#op=attention&Q=1e999,0;0,1;1,1&${K_V}`, false);
  await expect(message(page)).toHaveText(t('en', 'result.error', { message: 'Q[0][0]: "1e999" is too large for float64' }));
  await expect(page.locator('[data-testid=errors-Q]')).toContainText('"1e999" is too large for float64');
  await expect(cell(page, 'Q', 0, 0)).toHaveAttribute('aria-invalid', 'true');
  // a negative overflow typed into a cell, in 中文
  await load(page, `${url}?lang=zh#op=attention&Q=1,0;0,1;1,1&${K_V}`, true);
  await cell(page, 'Q', 1, 0).fill('-1e400');
  await expect(message(page)).toContainText('Q[1][0]：“-1e400”超出 float64 的范围');
  await expect(cell(page, 'Q', 1, 0)).toHaveAttribute('aria-invalid', 'true');
});

test('rows of different lengths: reported as such, not padded; the grid shows the real cells after a hash change', async ({ page, url }) => {
  const ms = await load(page, `${url}#op=attention&Q=1,2;3`, false);
  report(`link with Q=1,2;3: its message in ${ms} ms`);
  await expect(message(page)).toHaveText(t('en', 'result.error', { message: 'Q row 2 has 1 value but row 1 has 2' }));
  expect(await gridValues(page, 'Q'), 'the cells as given, the missing one empty').toEqual(['1', '2', '3', '']);
  report(`screenshot: ${await screenshot(page, 'ragged-cells.png')}`);

  // from a full matrix to a ragged one by a hash change: no cell keeps its old value
  await load(page, `${url}#op=attention&Q=1,2;3,4;5,6&${K_V}`, true);
  await page.evaluate((kv) => {
    location.hash = `#op=attention&Q=1,2;3;5,6&${kv}`;
  }, K_V);
  await expect(message(page)).toHaveText(t('en', 'result.error', { message: 'Q row 2 has 1 value but row 1 has 2' }));
  expect(await gridValues(page, 'Q'), 'no stale "4" in row 2').toEqual(['1', '2', '3', '', '5', '6']);

  // in 中文 too
  await load(page, `${url}?lang=zh#op=attention&Q=1,2;3`, false);
  await expect(message(page)).toContainText('Q 第 2 行有 1 个值，但第 1 行有 2 个');

  // in an embed (which hands the link's state to setState): the same message, no error in the console
  await load(page, `${url}?embed#op=attention&Q=1,2;3&${K_V}`, false);
  await expect(message(page)).toHaveText(t('en', 'result.error', { message: 'Q row 2 has 1 value but row 1 has 2' }));
});

test('a random source over the core’s limits names the limits (not "Q is missing")', async ({ page, url }) => {
  const ms = await load(page, `${url}#op=attention&Q=rand:4097:64:1:1&K=rand:3:64:2:1&V=rand:3:2:3:1`, false);
  report(`link with Q=rand:4097:64:…: its message in ${ms} ms`);
  const limits = await page.evaluate(() => document.querySelector<AttentionPlayground>('attention-playground')?.getCore()?.limits());
  expect(limits, 'core.limits()').toBeTruthy();
  await expect(message(page)).toHaveText(
    t('en', 'result.error', { message: `Q is 4097 × 64: a matrix can have at most ${limits!.maxRows} rows and ${limits!.maxCols} columns` }),
  );
  await expect(page.locator('[data-testid=summary-Q]'), 'the editor shows a summary, not 4097 rows of cells').toBeVisible();
});

test('an unreadable stored state is discarded with a notice; the URL state still loads', async ({ page, url }) => {
  await open(page, url);
  await expect(page.locator('[data-testid=notice]'), 'no notice at first').toHaveCount(0);
  for (const [what, stored] of [
    ['a lone surrogate (the issue)', '#tokens=\ud83d'],
    ['not a state at all', '{"op":"attention"}'],
  ]) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, stored]);
    await page.goto('about:blank'); // a new document: going to another hash of the same page only changes the hash
    const t0 = Date.now();
    await page.goto(`${url}#op=attention&Q=2,0;0,1;1,1&${K_V}`);
    await waitForPlot(page);
    report(`${what} in storage, a link: computed in ${Date.now() - t0} ms`);
    await expect(page.locator('[data-testid=notice]')).toHaveText(t('en', 'app.storedStateDiscarded'));
    expect(await cell(page, 'Q', 0, 0).inputValue(), 'the link’s state').toBe('2');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), 'the stored copy is removed').toBeNull();
  }
  // without a link, in 中文: the default state, and the notice translated
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, '#tokens=\ud83d']);
  await page.goto('about:blank');
  await page.goto(`${url}?lang=zh`);
  await waitForPlot(page);
  await expect(page.locator('[data-testid=notice]')).toHaveText(t('zh', 'app.storedStateDiscarded'));
  // a readable stored state is restored, with no notice
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, `#op=attention&Q=7,0;0,1;1,1&${K_V}`]);
  await page.goto('about:blank');
  await page.goto(url);
  await waitForPlot(page);
  expect(await cell(page, 'Q', 0, 0).inputValue(), 'the restored state').toBe('7');
  await expect(page.locator('[data-testid=notice]')).toHaveCount(0);
});

test('a 10 MB paste is refused at once with its size; the nesting limit has its own message', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=paste-Q]').click();
  const ms = await page.evaluate(() => {
    const root = document.querySelector('attention-playground')!.shadowRoot!;
    const area = root.querySelector<HTMLTextAreaElement>('[data-testid=paste-area-Q]')!;
    area.value = '1,'.repeat(5_000_000);
    const t0 = performance.now();
    root.querySelector<HTMLButtonElement>('[data-testid=paste-apply-Q]')!.click();
    return performance.now() - t0;
  });
  report(`10 MB paste: refused in ${ms.toFixed(1)} ms`);
  await expect(page.locator('[data-testid=paste-message-Q]')).toHaveText('Q: the pasted text is 10.0 MB; at most 2 MB can be pasted (line 1, column 1)');
  await page.locator('[data-testid=paste-area-Q]').fill('['.repeat(10_000));
  await page.locator('[data-testid=paste-apply-Q]').click();
  await expect(page.locator('[data-testid=paste-message-Q]')).toHaveText('Q: too many nested brackets: more than 32 levels of "[" (line 1, column 33)');
  expect(await textOf(message(page)), 'the matrix is unchanged').toBe('');
});

test('a link written by hand without matrices opens computed: #op=block&h=2, then #op=gqa&H=4&G=2 by a hash change', async ({ page, url }) => {
  await load(page, `${url}#op=block&h=2`, true);
  await expect(message(page)).toBeHidden();
  await expect(page.locator('[data-testid=head-1] canvas.hm-canvas'), 'the second head').toBeVisible();
  await expect.poll(() => hashOf(page), { message: 'the link written back with the inputs it opened with' }).toMatch(/(^|&)X=/);
  await page.evaluate(() => {
    location.hash = '#op=gqa&H=4&G=2';
  });
  await expect(page.locator('[data-testid=head-3] canvas.hm-canvas'), 'four query heads').toBeVisible();
  await expect(message(page)).toBeHidden();
  const out = await page.evaluate(() => (document.querySelector('attention-playground') as AttentionPlayground).getOutcome());
  expect(out?.ok && out.view.heads.length).toBe(4);
});

test('the element’s setState from a script: a value out of the table’s bounds throws a TypeError naming it, and the page keeps its state', async ({
  page,
  url,
}) => {
  await load(page, `${url}#op=multi_head&h=2&Q=1,0;0,1;1,1&${K_V}`, true);
  const before = await hashOf(page);
  const thrown = await page.evaluate(() => {
    const el = document.querySelector('attention-playground') as AttentionPlayground;
    return [{ h: 0 }, { op: 'nope' }, { tokens: 'a b' }].map((patch) => {
      try {
        el.setState(patch as never);
        return 'no error';
      } catch (e) {
        return String(e);
      }
    });
  });
  expect(thrown).toEqual([
    'TypeError: setState: bad value for h: 0 (a whole number from 1 to 256)',
    'TypeError: setState: bad value for op: "nope" (one of attention, linear, multi_head, block, single_head, gqa)',
    'TypeError: setState: bad value for tokens: "a b" (an array of strings)',
  ]);
  expect(await hashOf(page)).toBe(before);
  await expect(message(page)).toBeHidden();
  await expect(page.locator('[data-testid=head-1] canvas.hm-canvas'), 'both heads still drawn').toBeVisible();
});
