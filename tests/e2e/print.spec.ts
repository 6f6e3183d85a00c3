// print.spec.ts — the page printed as a worksheet (component/print.styles.css): the first screen, a lesson
// step and an experiment's result, in English and 中文, printed to PDF by Chromium (A4, and Letter once), read
// back with poppler's pdfinfo and pdftotext (in its content-stream order, so a line mixing scripts stays whole): a sane number of pages, the weights' values, the panels loaded below the first
// screen, the lesson's title, task, the hint shown so far and the score, and none of the buttons' labels.
// The PDFs (and, with PRINT_PNG=1, their pages as PNGs at 60 dpi) are kept in the test's output directory.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { t, type Lang } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { open, readHeatmap } from './playground';

/** A printed PDF: its page count and its text, whitespace folded to single spaces. */
interface Printed {
  pages: number;
  text: string;
  /** The text without any whitespace (a 中文 line may wrap between any two characters). */
  solid: string;
}

/** Print the page as the browser prints it (print media, the page's own @page margins) to `name`.pdf and read it back. */
async function printed(page: Page, name: string, format: 'A4' | 'Letter' = 'A4'): Promise<Printed> {
  await page.emulateMedia({ media: 'print' });
  // the figures redraw for the print layout's widths (resize observers, a frame later)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, await page.pdf({ format }));
  await test.info().attach(`${name}.pdf`, { path: file, contentType: 'application/pdf' });
  if (process.env.PRINT_PNG) execFileSync('pdftoppm', ['-png', '-r', '60', file, test.info().outputPath(name)]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  const raw = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']).toString();
  report(`print: ${name} (${format}) has ${pages} pages`);
  return { pages, text: raw.replace(/\s+/g, ' '), solid: raw.replace(/\s+/g, '') };
}

/** The labels of the buttons a printed page must not show, in `lang`. */
const buttonLabels = (lang: Lang): string[] =>
  ['export.copyLink', 'inputs.download', 'exp.download', 'lesson.next', 'lesson.showMe', 'lesson.startCourse', 'lesson.restartStep', 'lesson.leave'].map(
    (key) => t(lang, key),
  );

/** Every button label absent from the printed text (as a whole word in English). */
function expectNoButtons(p: Printed, lang: Lang): void {
  for (const label of buttonLabels(lang)) {
    const found = lang === 'en' ? new RegExp(`\\b${label}\\b`).test(p.text) : p.solid.includes(label.replace(/\s+/g, ''));
    expect(found, `the button "${label}" is not printed`).toBe(false);
  }
}

/** The values printed in head 0's heatmap cells now (after the print layout's redraw). */
async function weightTexts(page: Page): Promise<string[]> {
  const { values } = await readHeatmap(page, 0);
  return values.map((v) => v.text);
}

for (const lang of ['en', 'zh'] as const) {
  test(`the first screen prints as a worksheet (${lang})`, async ({ page, url }) => {
    await open(page, lang === 'zh' ? `${url}?lang=zh` : url);
    const a4 = await printed(page, `first-${lang}`);
    expect(a4.pages, 'pages on A4').toBeGreaterThanOrEqual(2);
    expect(a4.pages, 'pages on A4').toBeLessThanOrEqual(12);
    const words = new Set(a4.text.split(' '));
    const weights = await weightTexts(page);
    expect(weights.length, 'the heatmap prints its values').toBe(36);
    for (const w of weights) expect(words.has(w), `the weight ${w} is printed`).toBe(true);
    // the weights' values at four decimals (the steps) and the largest weight of each row (the row statistics)
    expect(a4.text, 'the weights step').toContain('0.0724 0.4887 0.0586 0.0203 0.0724 0.2876');
    expect(a4.text, "row 0's largest weight").toContain('0.4887 → cat');
    // the matrices' input fields print as their values
    expect(a4.text, 'Q as plain values').toMatch(/0 1\.5 0 1 0 1\.5 2 2 0\.3/);
    // the panels below the first screen (loaded once it was painted)
    for (const key of ['result.title', 'steps.title', 'inputs.title', 'tiles.title', 'kv.title']) {
      expect(a4.solid, `the panel "${t(lang, key)}"`).toContain(t(lang, key).replace(/\s+/g, ''));
    }
    // an experiment that was not run has only its form: not printed
    expect(a4.solid).not.toContain(t(lang, 'exp.scaling.title').replace(/\s+/g, ''));
    expectNoButtons(a4, lang);
    if (lang === 'zh') expect(a4.solid, '中文 in the zh worksheet').toContain('注意力权重');

    const letter = await printed(page, `first-${lang}-letter`, 'Letter');
    expect(letter.pages, 'pages on Letter').toBeGreaterThanOrEqual(2);
    expect(letter.pages, 'pages on Letter').toBeLessThanOrEqual(12);
    expect(letter.text).toContain('0.4887 → cat');
  });

  test(`a lesson step prints its title, task, the hint shown and the score (${lang})`, async ({ page, url }) => {
    await open(page, `${url}${lang === 'zh' ? '?lang=zh' : ''}#lesson=masks&step=2`);
    await expect(page.locator('[data-testid=lesson-count]')).toHaveText(t(lang, 'lesson.stepOf', { n: 2, total: 5 }));
    await page.locator('[data-testid=lesson-hint]').click();
    await expect(page.locator('[data-testid=lesson-hints] li')).toHaveCount(1);
    const p = await printed(page, `lesson-${lang}`);
    expect(p.pages, 'pages on A4').toBeGreaterThanOrEqual(1);
    expect(p.pages, 'pages on A4').toBeLessThanOrEqual(12);
    const has = (s: string) => (lang === 'en' ? p.text.includes(s) : p.solid.includes(s.replace(/\s+/g, '')));
    const step = {
      title: { en: 'No peeking ahead', zh: '不许偷看后文' },
      task: { en: 'Hide every key that comes after its query.', zh: '把每个查询之后的键全部隐藏。' },
    };
    const hints = {
      en: ['Choose a mask in the menu under the operation.', 'The causal mask hides j > i.'],
      zh: ['在运算下方的菜单里选一个掩码。', '因果掩码隐藏 j > i 的键。'],
    };
    expect(has(step.title[lang]), 'the step title').toBe(true);
    expect(has(step.task[lang]), 'the task').toBe(true);
    expect(has(hints[lang][0]), 'the hint shown').toBe(true);
    expect(has(hints[lang][1]), 'the hint not shown yet').toBe(false);
    expect(has(t(lang, 'lesson.score', { score: 0, max: 4, passed: 0, exercises: 4 })), 'the score line').toBe(true);
    expect(has(t(lang, 'lesson.stepOf', { n: 2, total: 5 })), 'the step count').toBe(true);
    // the step's panels: the weights, with their values
    const words = new Set(p.text.split(' '));
    for (const w of await weightTexts(page)) expect(words.has(w), `the weight ${w} is printed`).toBe(true);
    expectNoButtons(p, lang);
    expect(has(t(lang, 'lesson.hint', { n: 2, total: 2 })), 'the hint button').toBe(false);
    if (lang === 'zh') expect(p.solid, '中文 in the zh worksheet').toContain('注意力权重');
  });
}

test('an experiment that was run prints its result, and the folded steps print, without any button', async ({ page, url }) => {
  await open(page, url);
  await page.evaluate(() => document.querySelector<AttentionPlayground>('attention-playground')?.runExperiment('scaling'));
  await expect(page.locator('[data-testid=exp-scaling] .lc-svg').first()).toBeVisible();
  // the steps folded on screen are printed all the same
  await page.locator('.steps-details > summary').click();
  await expect(page.locator('.steps-details')).not.toHaveAttribute('open');
  const p = await printed(page, 'experiment-en');
  expect(p.pages, 'pages on A4').toBeLessThanOrEqual(12);
  expect(p.text, 'the experiment run').toContain(t('en', 'exp.scaling.title'));
  expect(p.text, 'an experiment not run').not.toContain(t('en', 'exp.permutation.title'));
  expect(p.text, 'the folded steps').toContain('weights = softmax(masked)');
  expectNoButtons(p, 'en');
});
