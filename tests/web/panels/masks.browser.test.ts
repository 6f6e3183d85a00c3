// masks.browser.test.ts — the mask menu (operation panel), the mask figure
// and editor (inputs panel) and head 0's weights (results panel) of a
// playground showing only those three, in Chromium: each built mask chosen in
// the menu gives the weights of an independent float64 softmax with the
// reference mask (tests/web/support/mask-example.ts), read off the heatmap's
// table and the playground's own numbers; the visible-count line and the
// read-only grid; "Edit as custom" and a cell click; a built mask on n_q > n_k
// names both shapes.

import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { cells, expectMasked, K, modeOf, N, Q, START, V, weightErrors } from '../support/mask-example';
import { refBigBird, refDilated, refLocalGlobal, refPrefix, refWindow, type BoolRows } from '../support/mask-reference';
import { checkWeights, isVisible, mount, readHeatmap, WAIT, watchPlaygrounds, weightsOf, type Mounted } from '../support/playground-browser';

watchPlaygrounds();

/** The panels the mask menu works with: the menu, the inputs with the mask figure, the weights. */
const withMasks = (state = START) => mount({ panels: 'operation,inputs,results', lang: 'en', state });

/** Fill a mask parameter field and commit it (Tab → change). */
async function setField(p: Mounted, testid: string, value: string): Promise<void> {
  await userEvent.fill(p.find(testid), value);
  await userEvent.tab();
}

/** The playground's head-0 weights against softmax with `mask`: the table, exact zeros, row sums, 1e-9; the visible-count line. */
async function checkMasked(p: Mounted, mask: BoolRows, what: string): Promise<void> {
  const want = expectMasked(mask, what);
  await expect.poll(() => readHeatmap(p).cells.filter((c) => c.masked).length, { ...WAIT, message: `${what}: masked cells` }).toBe(want.hidden);
  checkWeights(readHeatmap(p), want.shown, what);
  expect(weightErrors(weightsOf(p.el)!, mask, want, what)).toEqual([]);
  await expect.poll(() => p.text('mask-cost'), { ...WAIT, message: `${what}: the visible-count line` }).toBe(want.cost);
}

/** Each built mask: its menu value, its fields, its reference. */
const CASES: [string, Record<string, string>, BoolRows][] = [
  ['window w = 2', { 'mask-w': '2' }, refWindow(N, 2)],
  ['prefix p = 3', { 'mask-p': '3' }, refPrefix(N, 3)],
  ['localglobal w = 1, globals 0, 5', { 'mask-w': '1', 'mask-globals': '0, 5' }, refLocalGlobal(N, 1, [0, 5])],
  ['dilated w = 3, dilation 2', { 'mask-w': '3', 'mask-dilation': '2' }, refDilated(N, 3, 2)],
  [
    'bigbird block 2, random 1, seed 3',
    { 'mask-block': '2', 'mask-random': '1', 'mask-seed': '3' },
    refBigBird(N, 2, { window: 3, global: 1, random: 1, seed: 3 }),
  ],
];

test.each(CASES)('mask menu: %s gives the reference weights', async (what, fields, mask) => {
  const p = await withMasks();
  await userEvent.selectOptions(p.find('mask'), modeOf(what));
  for (const [testid, value] of Object.entries(fields)) await setField(p, testid, value);
  await checkMasked(p, mask, what);
  await expect
    .poll(() => p.all('[data-testid=mask-figure-grid] .mask-cell.hidden').length, { ...WAIT, message: `${what}: the read-only grid` })
    .toBe(mask.flat().filter((v) => !v).length);
});

test('"Edit as custom" copies the built mask; a cell click then edits it', async () => {
  const p = await withMasks();
  await userEvent.selectOptions(p.find('mask'), 'window');
  await setField(p, 'mask-w', '2');
  await userEvent.click(p.find('mask-to-custom'));
  await expect.poll(() => p.value('mask'), WAIT).toBe('custom');
  await expect
    .poll(() => p.all('[data-testid=mask-editor] button.mask-cell.hidden').length, WAIT)
    .toBe(
      refWindow(N, 2)
        .flat()
        .filter((v) => !v).length,
    );
  await checkMasked(p, refWindow(N, 2), 'custom copy of window w = 2');
  await userEvent.click(p.one('[data-testid=mask-editor] button[data-row="3"][data-col="2"]')!); // query 3 no longer sees key 2
  const edited = refWindow(N, 2).map((r) => [...r]);
  edited[3][2] = false;
  await checkMasked(p, edited, 'custom after a click');
  expect(weightsOf(p.el)![3], 'query 3 sees only itself').toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
});

test('n_q > n_k with a built mask names both shapes', async () => {
  const p = await withMasks(`#op=attention&mask=window&mw=2&Q=${cells(Q)}&K=${cells(K.slice(0, 5))}&V=${cells(V.slice(0, 5))}`);
  await expect.poll(() => p.text('op-message'), WAIT).toContain('sliding_window_mask: n_q = 8 queries but n_k = 5 keys');
  await expect
    .poll(() => p.one<HTMLInputElement>('[data-testid=grid-K] input[data-row="4"][data-col="0"]')?.value, { ...WAIT, message: 'the inputs are shown' })
    .toBe(String(K[4][0]));
  await userEvent.selectOptions(p.find('mask'), 'causal'); // the causal mask takes any shape
  await expect.poll(() => p.visible('op-message'), WAIT).toBe(false);
  await expect.poll(() => isVisible(p.one('[data-testid=head-0] canvas.hm-canvas')), WAIT).toBe(true);
});
