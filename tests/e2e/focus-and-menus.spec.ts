// focus-and-menus.spec.ts — fields, menus and links as a new user meets them, each with
// its regression test: Back with a field still focused, the operation menu
// giving inputs that fit, single_head opening causal, a share link whose
// separators arrive percent-encoded, and the weights kept in sight at 375 px.

import { expect, test } from './fixtures';
import { cell, hashOf, open, snapshot, weightsOf } from './playground';
import { attentionWeights } from './reference';

for (const field of ['eps', 'tokens'] as const) {
  test(`Back with "${field}" still focused restores the state before the edit, with no error`, async ({ page, url }) => {
    await open(page, url);
    await page.locator('[data-testid=op]').selectOption('block');
    await expect.poll(() => hashOf(page), { message: 'block in the hash' }).toContain('op=block');
    const before = await snapshot(page);
    await page.locator('[data-testid=h]').fill('2');
    await page.locator('[data-testid=h]').press('Tab'); // a committed edit: its own history entry
    await expect.poll(() => hashOf(page), { message: 'h = 2 in the hash' }).toContain('h=2');
    const input = page.locator(`[data-testid=${field}]`);
    await input.fill(field === 'eps' ? '0.5' : 'a b c');
    await expect(input, 'the field keeps the focus').toBeFocused();
    await page.goBack();
    await expect.poll(async () => (await snapshot(page)).state, { message: 'the state after Back' }).toEqual(before.state);
    await page.waitForTimeout(400); // a late URL write would show here
    expect((await snapshot(page)).state, 'the typed value was not written into the restored state').toEqual(before.state);
    expect(await hashOf(page), 'the hash after Back').not.toContain(field === 'eps' ? 'eps=0.5' : 'tokens=a');
  });
}

test('changing the operation while a field has focus keeps what is shown consistent, with no error', async ({ page, url }) => {
  await open(page, url);
  const tokens = page.locator('[data-testid=tokens]');
  await tokens.fill('x y z');
  await tokens.focus();
  // the embedding API changes the operation while the field still has focus
  await page.evaluate(() => (document.querySelector('attention-playground') as HTMLElement & { setState(p: object): void }).setState({ op: 'multi_head' }));
  await expect(page.locator('[data-testid=op]'), 'the operation').toHaveValue('multi_head');
  expect((await snapshot(page)).state.op, 'the state').toBe('multi_head');
});

test('every operation from the menu gives inputs that fit (no error), and wide matrices do not blow up the page', async ({ page, url }) => {
  await open(page, url);
  for (const op of ['gqa', 'single_head', 'block', 'multi_head', 'attention', 'gqa', 'block', 'attention'] as const) {
    await page.locator('[data-testid=op]').selectOption(op);
    await expect(page.locator('[data-testid=op-message]'), `no error after choosing ${op}`).toBeHidden();
    // without the tiles and KV-cache panels: they are the same height whatever the operation
    const height = await page.evaluate(() => {
      const root = document.querySelector('attention-playground')?.shadowRoot;
      const tall = (sel: string) => root?.querySelector(sel)?.getBoundingClientRect().height ?? 0;
      return document.documentElement.scrollHeight - tall('.panel-tiles') - tall('.panel-kvcache') - tall('.panel-training');
    });
    // GQA's is the tallest (seven inputs, four of them weights, and its head's plane, steps and explanation): about 5,200 px
    expect(height, `page height with ${op}, without the tiles, KV-cache and training panels`).toBeLessThan(6000);
  }
  await page.locator('[data-testid=op]').selectOption('gqa');
  expect(await page.locator('[data-testid=gqa-kind]').textContent(), 'a small grouped-query example').toMatch(/MQA|GQA|MHA/);
});

test('single_head opens with the causal mask (as the seed and the README say)', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=op]').selectOption('single_head');
  await expect(page.locator('[data-testid=mask]'), 'causal radio').toHaveValue('causal');
  const w = (await snapshot(page)).weights!;
  expect(
    w[0].slice(1).every((x) => x === 0),
    `row 0 sees only key 0: ${w[0].join(', ')}`,
  ).toBe(true);
});

test('a share link whose separators arrive percent-encoded loads as if they were literal', async ({ page, url, newPage }) => {
  const literal = `#op=attention&mask=causal&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6`;
  await open(page, url + literal);
  const expected = await weightsOf(page);
  // a link rewriter: ',' and ';' (and in another link also '&' and '=') percent-encoded
  const rewritten = literal.replace(/,/g, '%2C').replace(/;/g, '%3B');
  const everything = '#' + encodeURIComponent(literal.slice(1));
  for (const link of [rewritten, everything]) {
    const other = await newPage({ url: url + link });
    expect(await weightsOf(other), `weights of ${link}`).toEqual(expected);
    expect(await cell(other, 'Q', 2, 1).inputValue(), `Q[2][1] of ${link}`).toBe('1');
    await expect(other.locator('[data-testid=mask]'), `mask of ${link}`).toHaveValue('causal');
  }
});

test('at 375 px the weights stay in sight while a cell is edited', async ({ newPage, url }) => {
  const page = await newPage({ url, width: 375, height: 740 });
  const q = cell(page, 'Q', 0, 0);
  await q.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-testid=mini-weights]'), 'the compact weights while the results are out of sight').toBeVisible();
  const box = await page.locator('[data-testid=mini-weights]').boundingBox();
  expect(box && box.y + box.height <= 740 && box.y >= 0, `the compact weights inside the viewport: ${JSON.stringify(box)}`).toBe(true);
  await q.fill('3');
  await q.press('Tab');
  const { state, weights } = await snapshot(page);
  const Q = (state.matrices.Q as { cells: string[][] }).cells.map((r) => r.map(Number));
  const K = (state.matrices.K as { cells: string[][] }).cells.map((r) => r.map(Number));
  const expected = attentionWeights(Q, K);
  expect(Math.max(...weights!.flatMap((r, i) => r.map((x, j) => Math.abs(x - expected[i][j])))), 'weights after the edit').toBeLessThan(1e-12);
  await page.locator('[data-testid=mini-jump]').click();
  await expect(page.locator('[data-testid=head-0]'), 'the results after "See the results"').toBeInViewport();
});
