// inputs.browser.test.ts — the matrix editors of the inputs panel, in a
// playground showing the operation panel (its Example menu), the inputs and
// the results, in Chromium: every Paste… button has a name of its own, naming
// its matrix; a 7-digit value fits in its cell and widens its whole column, at
// 1280 and 375 px (a screenshot of the grid with a pointed row is kept in
// test-results/).

import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { isVisible, mount, twoFrames, WAIT, watchPlaygrounds, type Mounted } from '../support/playground-browser';

watchPlaygrounds();

/** The operation, inputs and results panels, on the first screen's state. */
const withInputs = () => mount({ panels: 'operation,inputs,results', lang: 'en' });

/** Wait until head `head` is drawn (its table's rows, its canvas visible): the end-to-end suite's waitForPlot. */
async function plotted(p: Mounted, head = 0): Promise<void> {
  await expect.poll(() => p.one(`[data-testid=head-${head}] [data-rows]`) !== null, WAIT).toBe(true);
  await expect.poll(() => isVisible(p.one(`[data-testid=head-${head}] canvas.hm-canvas`)), WAIT).toBe(true);
}

/** Load the seed 000 preset through the Example menu. */
async function loadSeed(p: Mounted): Promise<void> {
  await userEvent.selectOptions(p.find('preset'), 'seed000');
  await expect.poll(() => p.value('op'), { ...WAIT, message: 'operation after the seed 000 preset' }).toBe('single_head');
  await plotted(p);
}

/** Load the seed 004 GQA preset through the Example menu and wait for its eight heads. */
async function loadSeed004(p: Mounted): Promise<void> {
  await userEvent.selectOptions(p.find('preset'), 'seed004-gqa');
  await expect.poll(() => isVisible(p.one('[data-testid=head-7]')), WAIT).toBe(true);
}

/** The input of cell (i, j) of matrix `name`. */
const cell = (p: Mounted, name: string, i: number, j: number) => p.one<HTMLInputElement>(`[data-testid=grid-${name}] input[data-row="${i}"][data-col="${j}"]`);

test('every Paste… button has a name of its own, naming its matrix', async () => {
  const p = await withInputs();
  for (const [what, load] of [
    ['seed 000', () => loadSeed(p)],
    ['seed 004', () => loadSeed004(p)],
  ] as const) {
    await load();
    const names = page
      .getByRole('button', { name: /^Paste / })
      .elements()
      .map((b) => b.getAttribute('aria-label'));
    const matrices = p.all('[data-matrix]').map((e) => e.getAttribute('data-matrix'));
    expect(names, `${what}: one Paste button per matrix, named after it`).toEqual(matrices.map((m) => `Paste ${m}…`));
    for (const m of matrices) await expect.poll(() => page.getByRole('button', { name: `Paste ${m}…`, exact: true }).elements().length, WAIT).toBe(1);
  }
});

test('a 7-digit value is fully visible in its cell, and its whole column widens', async () => {
  for (const width of [1280, 375]) {
    await page.viewport(width, 812);
    const p = await withInputs();
    await loadSeed(p);
    for (const [i, value] of [
      [0, '-0.1234567'],
      [1, '1234567'],
    ] as const) {
      await userEvent.fill(cell(p, 'X', i, 0)!, value);
      await userEvent.tab();
      await expect.poll(() => cell(p, 'X', i, 0)?.value, WAIT).toBe(value);
    }
    await twoFrames();
    const fit = p
      .all<HTMLInputElement>('[data-testid=grid-X] input[data-col="0"]')
      .map((x) => ({ value: x.value, scroll: x.scrollWidth, client: x.clientWidth, width: x.getBoundingClientRect().width }));
    for (const f of fit) expect(f.scroll, `${width} px: “${f.value}” fits (scrollWidth ${f.scroll}, clientWidth ${f.client})`).toBeLessThanOrEqual(f.client);
    expect(new Set(fit.map((f) => f.width)).size, 'one width for the column').toBe(1);
    const other = cell(p, 'X', 0, 1)!.getBoundingClientRect().width;
    console.log(`${width} px: the 7-digit column is ${Math.round(fit[0].width)} px wide, its neighbour ${Math.round(other)} px`);
    expect(other, 'a column of short values stays narrow').toBeLessThan(fit[0].width);
    if (width === 1280) {
      // how a pointed row looks (the lead's highlightRow() sets this class): kept for the screenshot
      p.all('[data-testid=grid-X] tr')[1]
        .querySelectorAll('th, td')
        .forEach((c) => c.classList.add('is-pointed'));
      const path = await page.screenshot({ element: p.one('.matrix-editor[data-matrix=X]')!, path: '../../../test-results/browser/editor-cells-1280.png' });
      console.log(`screenshot: ${path}`);
    }
    p.el.remove();
  }
});
