// positions.spec.ts — the positions control in the built page: choose sinusoidal, RoPE and ALiBi
// for attention and multi_head and read the weights off the table view (6 digits) and off the "All as JSON"
// export (every digit), equal to PyTorch float64 (tests/golden/page_positions.json) within 1e-9; the choice
// survives a reload (the link); Back and Forward with the RoPE base field focused; the control at 375 px.

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { downloadText } from './experiment-runs';
import { hashOf, open, weightsOf } from './playground';
import { tableText } from './reference';
import { cellsOf, defaultState, serialize, type Operation } from '../../web/src/model/state';

/** A case of tests/golden/page_positions.json. */
interface Case {
  name: string;
  op: Operation;
  positions: 'none' | 'sinusoidal' | 'rope' | 'alibi';
  pairing: 'half' | 'interleaved';
  base: number;
  h: number;
  causal: boolean;
  Q: number[][];
  K: number[][];
  V: number[][];
  weights: number[][] | number[][][];
}

const CASES = JSON.parse(readFileSync(new URL('../golden/page_positions.json', import.meta.url), 'utf8')) as Case[];
const golden = (name: string): Case => {
  const c = CASES.find((x) => x.name === name);
  if (!c) throw new Error(`no case ${name} in page_positions.json`);
  return c;
};

/** The link of a case's example with no positions (the test chooses them in the page). */
function linkOf(c: Case, tokens: string[] = []): string {
  const s = defaultState();
  s.op = c.op;
  s.h = c.h;
  s.mask = c.causal ? 'causal' : 'none';
  s.tokens = tokens;
  s.matrices = { Q: cellsOf(c.Q), K: cellsOf(c.K), V: cellsOf(c.V) };
  return `#${serialize(s)}`;
}

/** The weights of every head, as the golden case has them (one matrix for attention). */
const headsOf = (c: Case): number[][][] => (c.op === 'attention' ? [c.weights as number[][]] : (c.weights as number[][][]));

/** Largest |a − b| over two lists of matrices (Infinity when the shapes differ). */
function maxDiff(a: number[][][], b: number[][][]): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  a.forEach((M, t) => M.forEach((row, i) => row.forEach((x, j) => (m = Math.max(m, Math.abs(x - (b[t]?.[i]?.[j] ?? Infinity)))))));
  return m;
}

/** Check the page against a golden case: each head's table (as it prints) and the JSON export (within 1e-9). */
async function checkAgainst(page: Page, c: Case): Promise<void> {
  const heads = headsOf(c);
  for (let t = 0; t < heads.length; t++) {
    // a causal mask hides key j from query i when j > i (the table says "masked")
    const texts = heads[t].map((row, i) => row.map((w, j) => (c.causal && j > i ? 'masked' : tableText(w))));
    await expect.poll(() => weightsOf(page, t), { message: `${c.name}: head ${t + 1}'s table` }).toEqual(texts);
  }
  const { text } = await downloadText(page, 'export-json');
  const shown = (JSON.parse(text) as { weights: number[][][] }).weights;
  const diff = maxDiff(shown, heads);
  expect(diff, `${c.name}: largest |page − torch| of the exported weights = ${diff}`).toBeLessThan(1e-9);
}

/** Choose a position mode in the control (and RoPE's pairing and base). */
async function choose(page: Page, c: Case): Promise<void> {
  await page.locator(`[data-testid=pos-${c.positions}]`).check();
  if (c.positions !== 'rope') return;
  await page.locator('[data-testid=rope-pairing]').selectOption(c.pairing);
  const base = page.locator('[data-testid=rope-base]');
  await base.fill(String(c.base));
  await base.press('Enter');
}

const TOKENS = ['the', 'cat', 'sat', 'on', 'the', 'mat'];

for (const example of ['sentence', 'sentence_wide_h2_causal', 'hand']) {
  test(`positions: ${example} — sinusoidal, RoPE (both pairings) and ALiBi give PyTorch's weights`, async ({ page, url }) => {
    const none = golden(`${example}_none`);
    await open(page, url + linkOf(none, example === 'hand' ? [] : TOKENS));
    await checkAgainst(page, none);
    for (const pos of ['sinusoidal', 'rope_half', 'rope_interleaved', 'alibi']) {
      const c = golden(`${example}_${pos}`);
      await choose(page, c);
      await expect.poll(() => hashOf(page), { message: `${c.name} in the link` }).toContain(`pos=${c.positions}`);
      await checkAgainst(page, c);
    }
  });
}

test('positions: the choice is in the link — a reload keeps ALiBi on multi_head, its slopes and its weights', async ({ page, url }) => {
  const c = golden('sentence_wide_h2_causal_alibi');
  await open(page, url + linkOf(c, TOKENS));
  await choose(page, c);
  await expect.poll(() => hashOf(page)).toContain('pos=alibi');
  await page.reload();
  await expect(page.locator('[data-testid=pos-alibi]'), 'ALiBi after the reload').toBeChecked();
  await expect(page.locator('[data-testid=alibi-slopes]')).toHaveText('ALiBi slope of each head: m = 1/16, 1/256');
  await checkAgainst(page, c);
});

test('positions: Back and Forward with the RoPE base field focused', async ({ page, url }) => {
  const c = golden('sentence_rope_interleaved');
  await open(page, url + linkOf(c, TOKENS));
  await page.locator('[data-testid=pos-rope]').check();
  await page.locator('[data-testid=rope-pairing]').selectOption('interleaved');
  const base = page.locator('[data-testid=rope-base]');
  await base.fill('500');
  await base.press('Enter');
  await expect.poll(() => hashOf(page)).toContain('rb=500');
  await checkAgainst(page, c);
  await base.focus();
  await page.goBack();
  await expect.poll(() => hashOf(page), { message: 'the base back to its default' }).not.toContain('rb=');
  await expect(base, 'the field shows the base of the state Back brought').toHaveValue('10000');
  await expect(base, 'the base field keeps the focus').toBeFocused();
  await page.goForward();
  await expect(base).toHaveValue('500');
  await checkAgainst(page, c);
});

test('positions: the control at 375 px — every part inside the screen, operable by keyboard', async ({ newPage, url }) => {
  const c = golden('sentence_rope_half');
  const page = await newPage({ url: url + linkOf(c, TOKENS), width: 375, height: 800 });
  const control = page.locator('[data-testid=positions]');
  await control.scrollIntoViewIfNeeded();
  await page.locator('[data-testid=pos-none]').focus();
  await page.keyboard.press('ArrowRight'); // sinusoidal
  await page.keyboard.press('ArrowRight'); // RoPE
  await expect(page.locator('[data-testid=pos-rope]')).toBeChecked();
  await expect(page.locator('[data-testid=rope-options]')).toBeVisible();
  for (const id of ['positions', 'rope-pairing', 'rope-base', 'pos-alibi']) {
    const box = await page.locator(`[data-testid=${id}]`).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, `${id} inside 375 px: ${JSON.stringify(box)}`).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow, 'the page is no wider than the screen').toBeLessThanOrEqual(375);
  await checkAgainst(page, c);
});

test('positions: an embed can hide the control (?hide=positions), and the link still sets the positions', async ({ page, url }) => {
  const c = golden('sentence_alibi');
  const s = defaultState();
  s.positions = 'alibi';
  s.matrices = { Q: cellsOf(c.Q), K: cellsOf(c.K), V: cellsOf(c.V) };
  await open(page, `${url}?embed&hide=positions#${serialize(s)}`);
  await expect(page.locator('[data-testid=positions]'), 'the hidden positions control').toBeHidden();
  await expect(page.locator('[data-testid=op]'), 'the other controls stay').toBeVisible();
  const texts = (c.weights as number[][]).map((row) => row.map(tableText));
  await expect.poll(() => weightsOf(page), { message: 'ALiBi weights from the link' }).toEqual(texts);
});
