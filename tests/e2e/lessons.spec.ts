// lessons.spec.ts — the lesson player in Chromium: a learner starts the course from the first screen and does
// lesson 1 with the keyboard (Next, the arrow keys on a query's tip, a hint) and the mouse (a drag), and sees
// each exercise passed with its score; the link keeps the step through a reload, Back and Forward; leaving
// the lesson gives the page as it is without one; a broken lesson file is an error naming its fields;
// progress comes back on return; 中文 at 1280 and 375 px; axe-core on a lesson step.

import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { expect, screenshot, test } from './fixtures';
import { hashOf, open, snapshot, widths } from './playground';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');

const lesson = (page: Page) => page.locator('[data-testid=lesson]');
const count = (page: Page) => page.locator('[data-testid=lesson-count]');
const status = (page: Page) => page.locator('[data-testid=lesson-status]');

async function tipCentre(page: Page, kind: 'q' | 'k', row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-testid=plane] .vp-tip[data-kind=${kind}][data-row="${row}"]`).boundingBox();
  if (!box) throw new Error(`no tip ${kind}${row}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Start the course from the first screen, as a newcomer would. */
async function startCourse(page: Page, url: string): Promise<void> {
  await open(page, url);
  await page.locator('[data-testid=start-course]').click();
  await expect(lesson(page)).toBeVisible();
  await expect(count(page)).toHaveText('Step 1 of 6');
}

test('a learner does lesson 1 with the keyboard and the mouse and sees each exercise passed', async ({ page, url }) => {
  await startCourse(page, url);
  await expect(page.locator('[data-testid=plane]'), 'step 1 points at the plane').toHaveClass(/lesson-pointed/);
  expect(await hashOf(page), 'the lesson and step in the link').toMatch(/^#lesson=dot-product-softmax&step=1&op=attention/);
  // the keyboard: Next, then the title has the focus
  await page.locator('[data-testid=lesson-next]').focus();
  await page.keyboard.press('Enter');
  await expect(count(page)).toHaveText('Step 2 of 6');
  await expect(page.locator('[data-testid=lesson-title]'), 'the new step’s title takes the focus').toBeFocused();
  await expect(status(page)).toHaveText(/Not yet/);
  await expect(page.locator('[data-testid=lesson-announce]'), 'announced to screen readers').toHaveText(
    'Step 2 of 6: Make “cat” look at “mat”. Look at: the query arrow of “cat”.',
  );
  // a hint, with the keyboard
  await page.locator('[data-testid=lesson-hint]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid=lesson-hints] li')).toHaveCount(1);
  await expect(page.locator('[data-testid=lesson-hint]')).toHaveText('Hint (2 of 2)');
  // the query of "cat" with the arrow keys: down, ten steps at a time, until cat attends most to mat
  const tip = page.locator('[data-testid=plane] .vp-tip[data-kind=q][data-row="1"]');
  await tip.focus();
  for (let k = 0; k < 6 && !/Passed/.test((await status(page).textContent()) ?? ''); k++) {
    await page.keyboard.press('Shift+ArrowDown');
    await page.waitForTimeout(100);
  }
  await expect(status(page)).toHaveText('Passed ✓ — 1 of 1');
  const { weights } = await snapshot(page);
  expect(weights![1].indexOf(Math.max(...weights![1])), 'cat attends most to mat').toBe(5);
  await expect(page.locator('[data-testid=lesson-score]')).toHaveText('Score: 1 of 4 · 1 of 4 exercises passed');
  // the mouse: Next, then drag the query of "on" out to twice its length
  await page.locator('[data-testid=lesson-next]').click();
  await expect(count(page)).toHaveText('Step 3 of 6');
  await expect(status(page)).toHaveText(/Not yet/);
  // drag q(on) = (1, −1) outwards, along itself, until the check holds
  await page.locator('[data-testid=plane] .vp-tip[data-kind=q][data-row="3"]').scrollIntoViewIfNeeded();
  const on = await tipCentre(page, 'q', 3);
  await page.mouse.move(on.x, on.y);
  await page.mouse.down();
  for (let k = 1; k <= 40 && !/Passed/.test((await status(page).textContent()) ?? ''); k++) await page.mouse.move(on.x + 4 * k, on.y + 4 * k);
  await page.mouse.up();
  await expect(status(page)).toHaveText('Passed ✓ — 1 of 1');
  expect((await snapshot(page)).weights![3][5], 'on gives mat at least half').toBeGreaterThanOrEqual(0.5);
  await expect(page.locator('[data-testid=lesson-score]')).toHaveText(/Score: 2 of 4/);
  await screenshot(page, 'lesson-1-step-3-passed-1280.png');
});

test('the link keeps the step through a reload, Back and Forward, and the progress comes back on return', async ({ page, url, newPage }) => {
  await startCourse(page, url);
  await page.locator('[data-testid=lesson-next]').click();
  await page.locator('[data-testid=lesson-show-me]').click();
  await expect(status(page), '“show me” passes it without a score').toHaveText('Passed ✓ after “show me” — 0 of 1');
  await page.locator('[data-testid=lesson-next]').click();
  await expect(count(page)).toHaveText('Step 3 of 6');
  expect(await hashOf(page)).toContain('step=3');
  await page.reload();
  await expect(count(page), 'a reload keeps the step').toHaveText('Step 3 of 6');
  // Back with a field focused: the lesson's menu
  await page.locator('[data-testid=lesson-menu]').focus();
  await page.goBack();
  await expect(count(page), 'Back').toHaveText('Step 2 of 6');
  await expect(status(page), 'the step’s record is kept').toHaveText(/after “show me”/);
  expect((await snapshot(page)).state.matrices.Q, 'Back brings the state of that entry (the solution shown)').toMatchObject({
    cells: [
      ['1.5', '0'],
      ['1.5', '-1'],
      ['2', '0.3'],
      ['1', '-1'],
      ['1.5', '0'],
      ['-1', '1'],
    ],
  });
  await page.goForward();
  await expect(count(page), 'Forward').toHaveText('Step 3 of 6');
  // a new visit without a link: the course button resumes at the saved step
  await page.goto(url);
  await page.locator('[data-testid=start-course]').click();
  await expect(count(page), 'resumed').toHaveText('Step 3 of 6');
  await expect(page.locator('[data-testid=lesson-score]')).toHaveText(/1 of 4 exercises passed/);
  // a fresh tab with the share link opens the same step
  const other = await newPage({ url: page.url() });
  await expect(other.locator('[data-testid=lesson-count]')).toHaveText('Step 3 of 6');
});

test('another lesson from the menu, to the last step and the next lesson; leaving gives the page without a lesson', async ({ page, url }) => {
  await startCourse(page, url);
  await page.locator('[data-testid=lesson-menu]').selectOption('kv-cache');
  await expect(page.locator('[data-testid=lesson-title]')).not.toHaveText('A score is a dot product');
  await expect(page.locator('[data-testid=lesson-menu]')).toHaveValue('kv-cache');
  const kvCache = (await page.locator('[data-testid=lesson-title]').textContent()) ?? '';
  await page.locator('[data-testid=lesson-menu]').selectOption('masks');
  // the step count is read once the masks lesson is shown (it has fewer steps than the KV cache's)
  await expect(page.locator('[data-testid=lesson-title]')).not.toHaveText(kvCache);
  await expect(count(page)).toHaveText(/^Step 1 of \d+$/);
  const total = Number(((await count(page).textContent()) ?? '').split(' of ')[1]);
  for (let i = 1; i < total; i++) await page.locator('[data-testid=lesson-next]').click();
  await expect(page.locator('[data-testid=lesson-next-lesson]')).toHaveText(/Next lesson: /);
  await page.locator('[data-testid=lesson-next-lesson]').click();
  await expect(page.locator('[data-testid=lesson-menu]')).toHaveValue('multi-head');
  await page.locator('[data-testid=lesson-leave]').click();
  await expect(lesson(page)).toHaveCount(0);
  await expect(page.locator('[data-testid=start-course]')).toBeVisible();
  expect(await hashOf(page), 'no lesson in the link').not.toContain('lesson=');
  for (const name of ['plane', 'operation', 'inputs', 'results', 'explain'])
    await expect(page.locator(`.panel-${name}`).first(), `${name} is back`).toBeVisible();
});

test('a lesson file that does not read is an error naming the step and the field; the page still works', async ({ page, url }) => {
  const bad = {
    version: 1,
    id: 'mine',
    title: { en: 'Mine', zh: '我的' },
    steps: [{ title: { en: 'One', zh: '一' }, text: { en: 'x' }, state: 'op=nothing&Q=1' }],
  };
  await page.goto(`${url}?lesson=${encodeURIComponent(`data:application/json,${JSON.stringify(bad)}`)}`);
  const error = page.locator('[data-testid=lesson-error]');
  await expect(error).toContainText('steps[0].text.zh: must be a non-empty text');
  await expect(page.locator('[data-testid=plane]'), 'the page is there').toBeVisible();
  await page.goto(`${url}?lesson=https://elsewhere.example/a.json`);
  await expect(error).toContainText('nor a lesson file of this site');
  await page.route('**/mine.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{ "version": 1, ' }));
  await page.goto(`${url}?lesson=mine.json`);
  await expect(error).toContainText('the lesson mine.json is not JSON');
});

test('中文 at 1280 and 375 px: the lesson reads, nothing overflows; axe finds no serious or critical violation', async ({ page, url, newPage }) => {
  await open(page, `${url}?lang=zh#lesson=masks&step=2`);
  await expect(count(page)).toHaveText(/^第 2 步，共 \d+ 步$/);
  await expect(page.locator('[data-testid=lesson-exercise]')).toBeVisible();
  await screenshot(page, 'lesson-zh-1280.png');
  const phone = await newPage({ url: `${url}?lang=zh#lesson=masks&step=2`, width: 375, height: 800 });
  await expect(phone.locator('[data-testid=lesson-count]')).toBeVisible();
  const w = await widths(phone);
  expect(w.scroll, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(w.client);
  await screenshot(phone, 'lesson-zh-375.png');
  await page.evaluate(axe.source);
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }),
  );
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
});

test('an element given a lesson right after it is added: single-lesson, lesson-progress, setState with rows', async ({ page, url }) => {
  await open(page, url);
  const seen = await page.evaluate(async () => {
    const el = document.createElement('attention-playground') as AttentionPlayground;
    document.body.append(el);
    el.setAttribute('lesson', 'masks');
    el.setAttribute('single-lesson', '');
    const progress: unknown[] = [];
    el.addEventListener('lesson-progress', (e) => progress.push((e as CustomEvent).detail));
    await new Promise((done) => el.addEventListener('lesson-opened', done, { once: true }));
    const root = el.shadowRoot!;
    (root.querySelector('[data-testid=lesson-next]') as HTMLButtonElement).click();
    el.setState({
      matrices: {
        Q: [
          [1, 0],
          [0, 1],
        ],
      },
    } as never);
    let thrown = '';
    try {
      el.setState({ matrices: { Q: [[1, 0], [0]] } } as never);
    } catch (e) {
      thrown = String(e);
    }
    return {
      count: root.querySelector('[data-testid=lesson-count]')?.textContent,
      menu: root.querySelectorAll('[data-testid=lesson-menu]').length,
      steps: progress.map((p) => (p as { step: number }).step),
      Q: el.getState().matrices.Q,
      thrown,
    };
  });
  expect(seen.count).toMatch(/^Step 2 of \d+$/);
  expect(seen.menu, 'no course menu in a single lesson').toBe(0);
  expect(seen.steps, 'lesson-progress on the step change').toContain(2);
  expect(seen.Q).toEqual({
    kind: 'cells',
    cells: [
      ['1', '0'],
      ['0', '1'],
    ],
  });
  expect(seen.thrown).toBe('TypeError: setState: Q must be a rectangular array of rows');
});

test('a lesson the query names: the hash holds only the step; leaving it is for good, through a reload', async ({ page, url }) => {
  await open(page, `${url}?lang=en&lesson=masks`);
  await expect(count(page)).toHaveText(/^Step 1 of \d+$/);
  await page.locator('[data-testid=lesson-next]').click();
  expect(await hashOf(page)).toMatch(/^#step=2&/);
  await page.reload();
  await expect(count(page)).toHaveText(/^Step 2 of \d+$/);
  await page.locator('[data-testid=lesson-leave]').click();
  await expect(lesson(page)).toHaveCount(0);
  expect(page.url(), 'the query keeps its other entries').toMatch(/\?lang=en#/);
  await page.reload();
  await expect(page.locator('[data-testid=start-course]')).toBeVisible();
  await expect(lesson(page)).toHaveCount(0);
});
