// playground.ts — reading and driving the playground in a page: its
// heatmaps (through their table alternative), its cells, its presets, the
// location hash, the CSP violations a page saw, and its width.

import { expect, type Locator, type Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { asGrid, shownTexts, type MaskedMatrix } from './reference';

declare global {
  interface Window {
    /** The securitypolicyviolation events the page saw (recordViolations). */
    __csp?: string[];
    /** When the first plot was drawn (the performance test). */
    __firstPlot?: number;
  }
}

/** Anything with locator(): a page, a frame locator, an element locator. */
export interface Scope {
  locator(selector: string): Locator;
}

/** One cell of a heatmap's table. */
export interface ShownCell {
  row: number;
  col: number;
  masked: boolean;
  text: string;
}

/** What a heatmap shows: its table cells, and the values printed inside its cells (when it prints them). */
export interface ShownHeatmap {
  cells: ShownCell[];
  values: { row: number; col: number; text: string }[];
}

/** The weights head `head` shows, from its table alternative, and the values printed in its cells. */
export async function readHeatmap(page: Page, head = 0): Promise<ShownHeatmap> {
  const sel = `[data-testid=head-${head}]`;
  await page.locator(`${sel} .hm-table td[data-row]`).first().waitFor({ state: 'attached' });
  const cells = await page.locator(`${sel} .hm-table td[data-row]`).evaluateAll((tds) =>
    tds.map((td) => ({
      row: Number(td.getAttribute('data-row')),
      col: Number(td.getAttribute('data-col')),
      masked: td.getAttribute('data-masked') === '1',
      text: (td.textContent ?? '').trim(),
    })),
  );
  const values = await page
    .locator(`${sel} text.hm-value`)
    .evaluateAll((ts) =>
      ts.map((t) => ({ row: Number(t.getAttribute('data-row')), col: Number(t.getAttribute('data-col')), text: (t.textContent ?? '').trim() })),
    );
  return { cells, values };
}

/** The table texts as a matrix of strings (in reference.ts, which the browser tests read too). */
export { asGrid };

/** The weights head `head` shows, as a matrix of table texts. */
export const weightsOf = async (page: Page, head = 0): Promise<string[][]> => asGrid((await readHeatmap(page, head)).cells);

/** A heatmap against expected weights (null = masked), to the precision it shows. */
export function checkWeights(shown: ShownHeatmap, expected: MaskedMatrix, what: string): void {
  const want = shownTexts(expected);
  expect(asGrid(shown.cells), `${what}: table of weights`).toEqual(want.table);
  if (shown.values.length > 0) expect(asGrid(shown.values), `${what}: values printed in the cells`).toEqual(want.values);
}

/** Wait until the playground has drawn head 0 (the element built, the core loaded, the first compute done). */
export async function waitForPlot(page: Page): Promise<void> {
  await page.locator('[data-testid=head-0] [data-rows]').first().waitFor({ state: 'attached' });
  await page.locator('[data-testid=head-0] canvas.hm-canvas').waitFor({ state: 'visible' });
  // the panels below the first screen arrive once it is painted (panels/registry.ts): a learner sees them a moment later
  await expect(page.locator('.panel-placeholder'), 'every panel loaded').toHaveCount(0);
}

/** Wait until the playground inside `scope` (a page, frame or element) has drawn head 0. */
export async function plotted(scope: Scope): Promise<void> {
  await scope.locator('[data-testid=head-0] canvas.hm-canvas').first().waitFor({ state: 'visible' });
}

/** The hand-sized 3 × 2 example (the first screen of the earliest page), as a link. */
export const HAND_EXAMPLE = '#op=attention&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6';

/** Go to `url` and wait for the first plot. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForPlot(page);
}

/** Load the seed 000 preset through the preset menu. */
export async function loadSeed(page: Page): Promise<void> {
  await page.locator('[data-testid=preset]').selectOption('seed000');
  await expect(page.locator('[data-testid=op]'), 'operation after the seed 000 preset').toHaveValue('single_head');
  await waitForPlot(page);
}

/** The input of cell (i, j) of matrix `name`. */
export const cell = (scope: Scope, name: string, i: number, j: number): Locator =>
  scope.locator(`[data-testid=grid-${name}] input[data-row="${i}"][data-col="${j}"]`);

/** Type `text` into a cell and commit it (Tab → change → a history entry). */
export async function commitCell(scope: Scope, name: string, i: number, j: number, text: string): Promise<void> {
  const input = cell(scope, name, i, j);
  await input.fill(text);
  await input.press('Tab');
}

/** The location hash of the page. */
export const hashOf = (page: Page): Promise<string> => page.evaluate(() => location.hash);

/** The exact state and head-0 weights of the <attention-playground> matching `selector`. */
export const snapshot = (page: Page, selector = 'attention-playground') =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel) as AttentionPlayground;
    const o = el.getOutcome();
    const w = o?.ok ? o.view.heads[0].weights : null;
    return {
      state: el.getState(),
      weights: w ? Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))) : null,
    };
  }, selector);

/** An init script: record every securitypolicyviolation event in window.__csp. */
export function recordViolations(): void {
  window.__csp = [];
  document.addEventListener(
    'securitypolicyviolation',
    (e) => window.__csp!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    true,
  );
}

/** The violations every frame of `page` recorded ("no listener" where recordViolations did not run). */
export async function violations(page: Page): Promise<string[]> {
  const perFrame = await Promise.all(page.frames().map((f) => f.evaluate(() => window.__csp ?? ['no listener']).then((v) => v.map((x) => `${f.url()}: ${x}`))));
  return perFrame.flat();
}

/** Wait for two frames (layout and paint settled). */
export const twoFrames = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The document's width and the viewport's. */
export const widths = (page: Page): Promise<{ scroll: number; client: number }> =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

/** The text of an element ('' when it has none). */
export const textOf = async (locator: Locator): Promise<string> => (await locator.textContent()) ?? '';
