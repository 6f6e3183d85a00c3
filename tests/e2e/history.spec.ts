// history.spec.ts — the state in the URL: a share link (and the copy-link
// button) reproduces the page elsewhere; back and forward step through edits.

import { expect, test } from './fixtures';
import { cell, checkWeights, commitCell, hashOf, loadSeed, open, readHeatmap, asGrid, weightsOf } from './playground';
import { attentionWeights, matmul, SEED_000 } from './reference';

test('share link: the URL after edits reproduces the same state in a new page', async ({ page, url, newPage }) => {
  await open(page, url);
  await loadSeed(page);
  await commitCell(page, 'X', 2, 1, '0.7');
  await page.locator('[data-testid=mask]').selectOption('none');
  await expect
    .poll(async () => (await hashOf(page)).includes('mask=none') || !(await hashOf(page)).includes('mask='), { message: 'mask in the hash' })
    .toBe(true);
  const shown = await readHeatmap(page);
  // the edit changed the weights: check against the plain model too
  const X = SEED_000.X.map((r) => [...r]);
  X[2][1] = 0.7;
  checkWeights(shown, attentionWeights(matmul(X, SEED_000.Wq), matmul(X, SEED_000.Wk)), 'edited seed 000');
  const link = page.url();
  expect(link, `the URL has no state: ${link}`).toContain('#');

  // the copy-link button puts the same link on the clipboard
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid=copy-link]').click();
  await expect(page.locator('[data-testid=export-status]'), 'no "copied" status').not.toHaveText('');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied, 'the copied link').toBe(link);

  const other = await newPage({ url: link }); // a new context: no shared storage
  expect(await other.locator('[data-testid=op]').inputValue(), 'operation in the new page').toBe('single_head');
  expect(await cell(other, 'X', 2, 1).inputValue(), 'X[2][1] in the new page').toBe('0.7');
  expect(await other.locator('[data-testid=mask]').inputValue(), 'the mask in the new page').toBe('none');
  expect(await weightsOf(other), 'weights in the new page').toEqual(asGrid(shown.cells));
});

test('back/forward: going back after two edits restores the previous state', async ({ page, url }) => {
  await open(page, url);
  await page.locator('[data-testid=mask]').selectOption('causal'); // edit 1
  await expect.poll(() => hashOf(page), { message: 'edit 1 in the hash' }).toContain('mask=causal');
  const after1 = await weightsOf(page);
  const hash1 = await hashOf(page);
  await page.locator('[data-testid=preset]').selectOption('cross'); // edit 2
  await expect.poll(() => hashOf(page), { message: 'edit 2 in the hash' }).not.toBe(hash1);
  const after2 = await weightsOf(page);
  expect(after2, 'the two edits show different weights').not.toEqual(after1);

  await page.goBack();
  await expect.poll(() => weightsOf(page), { message: 'weights after going back' }).toEqual(after1);
  expect(await hashOf(page), 'hash after going back').toBe(hash1);
  expect(await page.locator('[data-testid=mask]').inputValue(), 'the causal radio after going back').toBe('causal');
  await page.goForward();
  await expect.poll(() => weightsOf(page), { message: 'weights after going forward' }).toEqual(after2);
});

test('back/forward: each committed cell edit is one history step', async ({ page, url }) => {
  await open(page, `${url}#op=attention&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6`);
  const start = await weightsOf(page);
  await commitCell(page, 'Q', 0, 0, '2'); // edit 1
  const after1 = await weightsOf(page);
  const hash1 = await hashOf(page);
  await commitCell(page, 'K', 1, 1, '3'); // edit 2
  const after2 = await weightsOf(page);
  expect(after1, 'edit 1 changes the weights').not.toEqual(start);
  expect(after2, 'edit 2 changes the weights').not.toEqual(after1);

  await page.goBack();
  await expect.poll(() => hashOf(page), { message: 'hash after going back once' }).toBe(hash1);
  await expect.poll(() => weightsOf(page), { message: 'weights after going back once' }).toEqual(after1);
  expect(await cell(page, 'K', 1, 1).inputValue(), 'K[1][1] after going back once').toBe('1');
  expect(await cell(page, 'Q', 0, 0).inputValue(), 'Q[0][0] after going back once').toBe('2');
  await page.goBack();
  await expect.poll(() => weightsOf(page), { message: 'weights after going back twice' }).toEqual(start);
});

test('back/forward: going back to the first entry (no hash) restores the initial state', async ({ page, url }) => {
  await open(page, url);
  const start = await weightsOf(page);
  await page.locator('[data-testid=mask]').selectOption('causal');
  await expect.poll(() => hashOf(page), { message: 'the edit in the hash' }).toContain('mask=causal');
  expect(await weightsOf(page), 'the edit changes the weights').not.toEqual(start);
  await page.goBack();
  await expect.poll(() => weightsOf(page), { message: 'weights after going back to the page as loaded' }).toEqual(start);
  expect(await page.locator('[data-testid=mask]').inputValue(), 'the mask radio after going back to the page as loaded').toBe('none');
});
