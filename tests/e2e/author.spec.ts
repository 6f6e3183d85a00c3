// author.spec.ts — the author mode (/?author) in Chromium: a teacher records two steps (the operation changed
// between them), gives the second an exercise whose check holds (tried: "holds"), exports the file (the box and
// the download are the same file), and a fresh page plays it from a link: step 1, Next, step 2 with the
// exercise passed. A reload keeps the draft; an unreadable one is discarded with a notice; a lesson that would
// not read is not exported (its problems are listed). axe-core on the author mode; screenshots at 1280 and 375 px.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from '@playwright/test';
import { expect, report, test } from './fixtures';
import { waitForPlot, widths } from './playground';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');

/** The author panel of the page. */
const author = (page: Page): Locator => page.locator('[data-testid=author]');
const byId = (page: Page, id: string): Locator => author(page).locator(`[data-testid=${id}]`);

/** Open the author mode on the main page (a new context: no draft kept). */
async function openAuthor(
  newPage: (o?: { url?: string; width?: number; height?: number }) => Promise<Page>,
  url: string,
  width = 1280,
  lang = 'en',
): Promise<Page> {
  const page = await newPage({ url: `${url}?author&lang=${lang}`, width, height: 900 });
  await author(page).waitFor();
  return page;
}

/** Fill a text in both languages: the fields `<testid>-en` and `<testid>-zh`. */
async function words(page: Page, testid: string, en: string, zh: string): Promise<void> {
  await byId(page, `${testid}-en`).fill(en);
  await byId(page, `${testid}-zh`).fill(zh);
}

/** Record the two steps of the journey; the second with an exercise whose check holds in its state. */
async function recordTwoSteps(page: Page): Promise<void> {
  await byId(page, 'author-lesson-id').fill('two-heads');
  await words(page, 'author-lesson-title', 'Two heads', '两个头');

  await words(page, 'author-step-title', 'One head', '一个头');
  await words(page, 'author-step-text', 'Plain attention: one head.', '普通注意力：一个头。');
  await byId(page, 'author-panel-results').check();
  await byId(page, 'author-panel-operation').check();
  await byId(page, 'author-point-kind').selectOption('panel');
  await byId(page, 'author-point-panel').selectOption('operation');
  await byId(page, 'author-record').click();
  await expect(byId(page, 'author-step'), 'one step recorded').toHaveCount(1);
  await expect(byId(page, 'author-step-title-en'), 'the form is empty again').toHaveValue('');

  // the state changes between the steps: another operation
  await page.locator('[data-testid=op]').selectOption('multi_head');
  await waitForPlot(page);
  await expect(byId(page, 'author-state'), 'the form follows the state shown').toContainText('op=multi_head');
  await words(page, 'author-step-title', 'Several heads', '多个头');
  await words(page, 'author-step-text', 'Multi-head attention splits the width into heads.', '多头注意力把宽度分给几个头。');
  await byId(page, 'author-has-exercise').check();
  await byId(page, 'author-exercise-id').fill('pick-multi-head');
  await words(page, 'author-task', 'Choose multi-head attention.', '选择多头注意力。');
  await byId(page, 'author-check-kind').selectOption('state');
  await byId(page, 'author-check-from-state').click();
  await expect(byId(page, 'author-check-op'), 'the check filled in from the state').toHaveValue('multi_head');
  await byId(page, 'author-check-mask').selectOption(''); // any mask
  await byId(page, 'author-hint-add').click();
  await words(page, 'author-hint', 'Look at the operation menu.', '看看运算菜单。');
  await byId(page, 'author-use-state').click();
  await expect(byId(page, 'author-solution'), 'the solution is the state shown').toHaveValue(/op=multi_head/);

  await byId(page, 'author-try').click();
  await expect(byId(page, 'author-try-verdict'), 'the check holds now').toHaveText(/Holds now/);
  await expect(byId(page, 'author-try-verdict')).toHaveClass(/is-holds/);
  // live: back to one head, it does not hold; forward again, it holds
  await page.locator('[data-testid=op]').selectOption('attention');
  await expect(byId(page, 'author-try-verdict'), 'tried again after the recompute').toHaveText(/Does not hold/);
  await page.locator('[data-testid=op]').selectOption('multi_head');
  await expect(byId(page, 'author-try-verdict')).toHaveText(/Holds now/);

  await byId(page, 'author-record').click();
  await expect(byId(page, 'author-step'), 'two steps recorded').toHaveCount(2);
  await expect(byId(page, 'author-step').nth(1)).toContainText('pick-multi-head');
}

/** The lesson player of `page` plays the recorded lesson: step 1, Next, step 2 with its exercise passed. */
async function playsBothSteps(page: Page, what: string): Promise<void> {
  await expect(page.locator('[data-testid=lesson-title]'), `${what}: step 1`).toHaveText('One head');
  await expect(page.locator('[data-testid=lesson-count]')).toHaveText('Step 1 of 2');
  await expect(page.locator('[data-testid=op]'), `${what}: step 1's state`).toHaveValue('attention');
  await page.locator('[data-testid=lesson-next]').click();
  await expect(page.locator('[data-testid=lesson-title]'), `${what}: step 2`).toHaveText('Several heads');
  await expect(page.locator('[data-testid=lesson-count]')).toHaveText('Step 2 of 2');
  await expect(page.locator('[data-testid=op]'), `${what}: step 2's state`).toHaveValue('multi_head');
  await expect(page.locator('[data-testid=lesson-status]'), `${what}: the exercise passed`).toHaveText(/Passed/);
}

test('author mode: record two steps, an exercise that holds, export, and play the file from a link in a fresh page', async ({ newPage, url }) => {
  test.slow(); // three pages
  const page = await openAuthor(newPage, url);
  await recordTwoSteps(page);

  await byId(page, 'author-show').click();
  const shown = await byId(page, 'author-json').inputValue();
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'author-download').click()]);
  expect(download.suggestedFilename()).toBe('two-heads.lesson.json');
  expect(await readFile(await download.path(), 'utf8'), 'the download is the file shown').toBe(shown);
  const file = JSON.parse(shown) as { steps: { state: string; panels?: string; exercise?: { check: unknown } }[] };
  expect(
    file.steps.map((s) => s.panels),
    'the panels (kept for the next step)',
  ).toEqual(['operation,results', 'operation,results']);
  expect(file.steps[1].exercise?.check, 'the check filled in from the state, any mask').toMatchObject({ kind: 'state', op: 'multi_head' });
  expect(file.steps[1].exercise?.check).not.toHaveProperty('mask');

  // "Play it here": the player above, at step 1
  await byId(page, 'author-play').click();
  await expect(page.locator('[data-testid=lesson-count]'), 'played in the page').toHaveText('Step 1 of 2');

  // a fresh page, the file at an address of the site (as a teacher hosts it)
  const hosted = await newPage({ wait: false });
  await hosted.route('**/authored/two-heads.lesson.json', (r) => r.fulfill({ contentType: 'application/json', body: shown }));
  await hosted.goto(`${url}?lesson=authored/two-heads.lesson.json`);
  await playsBothSteps(hosted, 'a hosted file');

  // a fresh page, the file in a data: link
  const link = await newPage({ wait: false });
  await link.goto(`${url}#lesson=${encodeURIComponent(`data:application/json,${encodeURIComponent(shown)}`)}&step=1`);
  await playsBothSteps(link, 'a data: link');
});

test('author mode: a reload keeps the draft, a broken draft is discarded with a notice, a bad lesson is not exported', async ({ newPage, url }) => {
  const page = await openAuthor(newPage, url);
  await byId(page, 'author-download').click();
  await expect(byId(page, 'author-file-problems'), 'the problems of an empty lesson').toContainText('steps');
  await expect(byId(page, 'author-file-problems').locator('li')).toHaveCount(4); // id, title.en, title.zh, steps
  await expect(byId(page, 'author-json'), 'no file shown').toBeHidden();

  await byId(page, 'author-lesson-id').fill('kept');
  await words(page, 'author-step-title', 'Kept', '保留');
  await words(page, 'author-step-text', 'Kept over a reload.', '重新加载后仍在。');
  await byId(page, 'author-record').click();
  await words(page, 'author-step-title', 'Half typed', '打了一半');
  await page.reload();
  await author(page).waitFor();
  await expect(byId(page, 'author-lesson-id'), 'the lesson id kept').toHaveValue('kept');
  await expect(byId(page, 'author-step'), 'the step kept').toHaveCount(1);
  await expect(byId(page, 'author-step-title-en'), 'the form as typed').toHaveValue('Half typed');

  // a step deleted comes back with Undo
  await byId(page, 'author-step-delete').click();
  await expect(byId(page, 'author-step')).toHaveCount(0);
  await expect(byId(page, 'author-undo'), 'the focus on Undo').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(byId(page, 'author-step')).toHaveCount(1);

  await page.evaluate(() => localStorage.setItem('attention-playground.author-draft', '{"version": 1, "steps": "broken'));
  await page.reload();
  await expect(byId(page, 'author-notice'), 'the notice').toContainText('could not be read');
  await expect(byId(page, 'author-lesson-id'), 'an empty draft').toHaveValue('');
  expect((await page.evaluate(() => localStorage.getItem('attention-playground.author-draft'))) ?? '', 'the broken draft removed').not.toContain('broken');
});

// one test per width (axe on the whole page takes a while on a loaded machine); the narrow one in 中文
for (const [width, lang] of [
  [1280, 'en'],
  [375, 'zh'],
] as const)
  test(`author mode at ${width} px (${lang}): axe-core reports no serious or critical violation, the fields fit (screenshot)`, async ({ newPage, url }) => {
    const page = await openAuthor(newPage, url, width, lang);
    await expect(author(page).locator('h2'), 'the panel in its language').toHaveText(lang === 'zh' ? '编写课程' : 'Author a lesson');
    await words(page, 'author-step-title', 'A step', '一步');
    await byId(page, 'author-has-exercise').check();
    await byId(page, 'author-hint-add').click();
    await byId(page, 'author-try').click(); // the check's problems (row and column missing)
    await byId(page, 'author-record').click(); // the step's problems
    await expect(byId(page, 'author-step-problems')).toBeVisible();
    await page.evaluate(axe.source);
    const result: AxeResults = await page.evaluate(() =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }),
    );
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const minor = result.violations.filter((v) => !serious.includes(v)).map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
    report(
      `axe-core ${axe.version}: author mode at ${width} px: ${result.passes.length + result.violations.length} rule results, ${serious.length} serious/critical${minor.length ? `; minor/moderate: ${minor.join(', ')}` : ''}`,
    );
    expect(serious.map((v) => `${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)).toEqual([]);

    const w = await widths(page);
    expect(w.scroll, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(w.client);
    const [en, zh] = [await byId(page, 'author-step-title-en').boundingBox(), await byId(page, 'author-step-title-zh').boundingBox()];
    if (width === 375) expect(zh!.y, 'English and 中文 stacked at 375 px').toBeGreaterThan(en!.y + en!.height - 1);
    else expect(zh!.y, 'English and 中文 side by side at 1280 px').toBeCloseTo(en!.y, 0);
    const path = test.info().outputPath(`author-${width}.png`);
    await author(page).screenshot({ path });
    await test.info().attach(`author-${width}.png`, { path, contentType: 'image/png' });
    report(`screenshot: ${path}`);
  });
