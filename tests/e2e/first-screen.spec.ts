// first-screen.spec.ts — the playground as a learner uses it:
// the first screen, dragging a query arrow with the mouse and a key with the
// keyboard (the weights checked against an independent computation), the
// temperature and query-length sliders, pointing at a weight to read how it
// was made, the token view, and nothing clipped in the results. Screenshots
// of each are saved (the time of one drag step: drag-speed.spec.ts).

import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { cell, hashOf, open, snapshot } from './playground';
import { attentionWeights, type Matrix } from './reference';

/** The numbers of a cells source in the state. */
const numbers = (src: unknown): Matrix => (src as { cells: string[][] }).cells.map((r) => r.map(Number));

/** Largest |a − b| over two matrices of the same shape. */
const maxDiff = (a: Matrix, b: Matrix): number => Math.max(...a.flatMap((r, i) => r.map((x, j) => Math.abs(x - b[i][j]))));

/** The weights the page shows against softmax(τ⁻¹·qLength·Q·Kᵀ/√d_k), computed here from the state's own cells. */
async function expectIndependentWeights(page: Page, what: string): Promise<void> {
  const { state, weights } = await snapshot(page);
  const s = state.qLength / state.temperature;
  const Q = numbers(state.matrices.Q).map((r) => r.map((x) => x * s));
  const expected = attentionWeights(Q, numbers(state.matrices.K));
  expect(maxDiff(weights!, expected), `${what}: weights against an independent float64 computation`).toBeLessThan(1e-12);
}

/** The centre of the tip of arrow `kind` row `row` on the vector plane. */
async function tipCentre(page: Page, kind: 'q' | 'k', row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-testid=plane] .vp-tip[data-kind=${kind}][data-row="${row}"]`).boundingBox();
  if (!box) throw new Error(`no tip ${kind}${row}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('the first screen teaches: named tokens, a plane to drag with its prompt, seed 000 one click away', async ({ page, url, newPage }) => {
  await open(page, url);
  await expect(page.locator('.page-subtitle'), 'a subtitle for the learner').not.toContainText('WebAssembly');
  await expect(page.locator('.page-footer'), 'the implementation sentence in the footer').toContainText('WebAssembly');
  await expect(page.locator('[data-testid=tokens]'), 'token names').toHaveValue('the cat sat on the mat');
  await expect(page.locator('[data-testid=plane-prompt]'), 'the prompt').toBeInViewport();
  await expect(page.locator('[data-testid=plane] .vp-tip[data-kind=q][data-row="0"]'), 'a query arrow on the first screen').toBeInViewport();
  // the weights mean something a learner can read: each query's largest weight
  const { weights } = await snapshot(page);
  const tokens = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
  const focus = weights!.map((row) => tokens[row.indexOf(Math.max(...row))]);
  expect(focus, 'who each word listens to most').toEqual(['cat', 'sat', 'cat', 'mat', 'cat', 'on']);
  await screenshot(page, 'first-screen-1280.png');
  const phone = await newPage({ url, width: 375, height: 800 });
  await expect(phone.locator('[data-testid=plane] .vp-tip[data-kind=q][data-row="0"]'), 'a query arrow on the first phone screen').toBeInViewport();
  await screenshot(phone, 'first-screen-375.png');
  await page.locator('[data-testid=try-seed000]').click();
  await expect(page.locator('[data-testid=op]'), 'seed 000 in one click').toHaveValue('single_head');
  await expect(page.locator('[data-testid=mask]'), 'seed 000 is causal').toHaveValue('causal');
});

test('a mouse drag of a query arrow moves the cells, the weights, the steps and the URL', async ({ page, url }) => {
  await open(page, url);
  const before = await snapshot(page);
  const from = await tipCentre(page, 'q', 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(from.x - 6 * k, from.y - 8 * k);
  await page.mouse.up();
  const after = await snapshot(page);
  const Q0 = numbers(before.state.matrices.Q);
  const Q1 = numbers(after.state.matrices.Q);
  expect(Q1[2][0], 'q(sat) moved left').toBeLessThan(Q0[2][0]);
  expect(Q1[2][1], 'q(sat) moved up').toBeGreaterThan(Q0[2][1]);
  expect(
    Q1.filter((_, i) => i !== 2),
    'only the dragged query changed',
  ).toEqual(Q0.filter((_, i) => i !== 2));
  // the panels out of sight (the grid, the steps) do no work during the drag and catch up once it is over
  await expect(cell(page, 'Q', 2, 0), 'the grid shows the new value').toHaveValue(String(Q1[2][0]));
  await expectIndependentWeights(page, 'after the drag');
  expect(after.weights![2], 'the weights of "sat" changed').not.toEqual(before.weights![2]);
  // the steps follow: scores row 2 = q(sat)·kᵀ
  const K = numbers(after.state.matrices.K);
  const firstScore = page.locator('[data-testid=steps] .step').first().locator('tbody tr').nth(2).locator('td').first();
  await expect
    .poll(async () => Number((await firstScore.textContent())!.replace('−', '-')), { message: 'scores[2][0] in the steps' })
    .toBeCloseTo(Q1[2][0] * K[0][0] + Q1[2][1] * K[0][1], 3);
  await expect.poll(() => hashOf(page), { message: 'the URL follows the drag' }).toContain(`Q=1.5,0;0,1.5;${Q1[2].join(',')};`);
  await page.goBack();
  await expect.poll(async () => (await snapshot(page)).state.matrices.Q, { message: 'Back undoes the whole drag' }).toEqual(before.state.matrices.Q);
  await screenshot(page, 'plane-after-drag-1280.png');
});

test('a keyboard move of a key arrow (arrow keys, Shift for bigger steps) changes the weights', async ({ page, url }) => {
  await open(page, url);
  const K0 = numbers((await snapshot(page)).state.matrices.K);
  const tip = page.locator('[data-testid=plane] .vp-tip[data-kind=k][data-row="1"]');
  await tip.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => numbers((await snapshot(page)).state.matrices.K)[1][1], { message: 'k(cat) one step up' }).toBeGreaterThan(K0[1][1]);
  const K1 = numbers((await snapshot(page)).state.matrices.K);
  const step = K1[1][1] - K0[1][1];
  await page.keyboard.press('Shift+ArrowLeft');
  await expect
    .poll(async () => numbers((await snapshot(page)).state.matrices.K)[1][0], { message: 'Shift: ten steps left' })
    .toBeCloseTo(K0[1][0] - 10 * step, 9);
  await expect(tip, 'the tip keeps the focus').toBeFocused();
  await expectIndependentWeights(page, 'after the keyboard moves');
});

test('temperature and query length: the core computes softmax(qLength·Q·Kᵀ / (τ·√d_k)); both in the URL', async ({ page, url, newPage }) => {
  await open(page, url);
  const slider = page.locator('[data-testid=temperature]');
  await slider.focus();
  for (let k = 0; k < 30; k++) await page.keyboard.press('ArrowLeft'); // 10^(−0.3): τ ≈ 0.501
  await expect.poll(async () => (await snapshot(page)).state.temperature, { message: 'τ after 30 steps left' }).toBe(0.501);
  await expect(page.locator('[data-testid=temperature-value]'), 'the value shown').toHaveText('0.501');
  await expectIndependentWeights(page, 'τ = 0.501');
  const length = page.locator('[data-testid=q-length]');
  await length.focus();
  for (let k = 0; k < 30; k++) await page.keyboard.press('ArrowRight'); // 10^0.3 ≈ 2
  await expect.poll(async () => (await snapshot(page)).state.qLength, { message: 'query length' }).toBe(2);
  await expectIndependentWeights(page, 'τ = 0.501, query length 2');
  // a sharper softmax has lower entropy: the notes beside the rows say so
  const entropies = await page.locator('[data-testid=head-0] .hm-notes-rows .hm-note').allTextContents();
  expect(entropies.length, 'one entropy per row').toBe(6);
  const { weights } = await snapshot(page);
  const h0 = -weights![0].reduce((s, w) => s + (w > 0 ? w * Math.log(w) : 0), 0);
  expect(Number(entropies[0]), 'entropy of row 0 (nats)').toBeCloseTo(h0, 2);
  await expect.poll(() => hashOf(page), { message: 'τ and the length in the URL' }).toMatch(/tau=0\.501.*qlen=2|qlen=2.*tau=0\.501/);
  const other = await newPage({ url: page.url() });
  expect((await snapshot(other)).weights, 'a share link gives the same weights').toEqual((await snapshot(page)).weights);
});

test('point at a weight: the computation written out with its numbers, and every part highlighted', async ({ page, url }) => {
  await open(page, url);
  // weight (1, 2): q(cat) = (0, 1.5), k(sat) = (0, 2)
  const figure = page.locator('[data-testid=head-0] .hm-figure');
  await figure.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const steps = page.locator('[data-testid=explain-steps]');
  await expect(steps, 'the dot product term by term').toContainText('0·0 + 1.5·2 = 3');
  await expect(steps, 'scaled by √2').toContainText('3 / √2 = 2.121');
  const w = (await snapshot(page)).weights![1][2];
  await expect(steps, 'the weight').toContainText(w.toPrecision(4));
  await expect(page.locator('[data-testid=grid-Q] td.is-pointed input').first(), 'Q row 1 highlighted').toHaveAttribute('data-row', '1');
  await expect(page.locator('[data-testid=grid-K] td.is-pointed input').first(), 'K row 2 highlighted').toHaveAttribute('data-row', '2');
  await expect(page.locator('[data-testid=plane] .vp'), 'q₁ and k₂ emphasised on the plane').toHaveAttribute('data-highlight', '1,2');
  const stepCells = page.locator('[data-testid=steps] td.pointed-cell');
  expect(await stepCells.count(), 'the (1, 2) cell of the four (n_q × n_k) steps').toBe(4);
  await screenshot(page, 'pointing-1280.png');
  // the mouse: hover the value printed in cell (3, 5)
  await page.locator('[data-testid=head-0] text.hm-value[data-row="3"][data-col="5"]').hover({ force: true }); // over the value: the canvas below takes the pointer
  await expect(steps, 'q(on)·k(mat) = 1·1.5 + (−1)·(−1) = 2.5').toContainText('1·1.5 + (−1)·(−1) = 2.5');
  // an output row: the weights row that made it is outlined
  await page.locator('[data-testid=output] tbody tr').nth(4).hover();
  await expect(page.locator('[data-testid=head-0] .hm-emphasis'), 'weights row 4 outlined').toHaveAttribute('data-row', '4');
});

test('token view: n_q·n_k lines per head, as wide as their weights, one colour per head; click to keep a token; export', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=preset]').selectOption('multihead');
  await expect(page.locator('[data-testid=op]')).toHaveValue('multi_head');
  const o = await page.evaluate(() => {
    const view = (
      document.querySelector('attention-playground') as unknown as {
        getOutcome(): { ok: boolean; view: { heads: { weights: { rows: number; cols: number } }[] } };
      }
    ).getOutcome().view;
    return view.heads.map((h) => [h.weights.rows, h.weights.cols]);
  });
  expect(o.length, 'two heads').toBe(2);
  const lines = page.locator('[data-testid=token-lines] line.tl-line');
  const all = await lines.evaluateAll((ls) =>
    ls.map((l) => ({
      head: Number(l.getAttribute('data-head')),
      w: Number(l.getAttribute('data-w')),
      width: Number(l.getAttribute('stroke-width')),
      stroke: l.closest('g')?.getAttribute('stroke'),
    })),
  );
  // causal 4 × 4: the 10 visible pairs of each head
  for (const head of [0, 1]) {
    const mine = all.filter((l) => l.head === head);
    expect(mine.length, `lines of head ${head}`).toBe(10);
    const sorted = [...mine].sort((a, b) => a.w - b.w);
    for (let k = 1; k < sorted.length; k++)
      expect(sorted[k].width, `head ${head}: widths ordered like the weights`).toBeGreaterThanOrEqual(sorted[k - 1].width);
  }
  expect(new Set(all.map((l) => l.stroke)).size, 'one colour per head').toBe(2);
  // a phone: the token view alone, then keep one query's lines
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator('[data-testid=view-lines]').check();
  await expect(page.locator('[data-testid=heatmaps]'), 'lines only: no heatmaps').toBeHidden();
  await page.locator('[data-testid=token-lines] button[aria-label*="sat"]').first().click();
  await expect(page.locator('[data-testid=token-lines]'), 'one token chosen').toHaveAttribute('data-chosen', /query:2|key:2/);
  await screenshot(page, 'token-view-375.png');
  await page.setViewportSize({ width: 1280, height: 900 });
  const download = page.waitForEvent('download');
  await page.locator('[data-testid=export-lines-svg]').click();
  const svg = await (await download).path();
  expect(svg, 'an SVG download').toBeTruthy();
});

test('nothing in the results is clipped at 1280 and 375 px (multi-head, long token names, the table open)', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=preset]').selectOption('multihead');
  const tokens = page.locator('[data-testid=tokens]');
  await tokens.fill('the supercalifragilisticexpialidocious cat_that_sat_on_the_mat down');
  await tokens.press('Enter');
  await expect.poll(async () => (await snapshot(page)).state.tokens.length, { message: 'long token names' }).toBe(4);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const b of await page.locator('[data-testid=heatmaps] .hm-table-toggle').all())
      if ((await b.getAttribute('aria-expanded')) !== 'true') await b.click();
    await page.waitForTimeout(200);
    const clipped = await page.evaluate(() => {
      const root = document.querySelector('attention-playground')!.shadowRoot!;
      const out: string[] = [];
      for (const sel of ['.panel-results', '.panel-explain', '.panel-plane', '.panel-steps'])
        for (const e of root.querySelectorAll<HTMLElement>(`${sel}, ${sel} *`)) {
          const ox = getComputedStyle(e).overflowX;
          // meant to scroll, or hidden on purpose for screen readers only
          if (ox === 'auto' || ox === 'scroll' || e.classList.contains('visually-hidden') || e.classList.contains('fig-sr-only') || !(e instanceof HTMLElement))
            continue;
          if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
            out.push(`${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`);
        }
      return out;
    });
    expect(clipped, `clipped elements at ${width} px`).toEqual([]);
    await screenshot(page, `results-multihead-${width}.png`);
  }
});
