// iframe.spec.ts — the embedded page driven by its host through postMessage
// (the iframe host example): set, get, run an experiment, errors with
// reasons; and the height it posts, which the host follows.

import { expect, report, test } from './fixtures';
import { checkSeedRows, converse, frameHeights, MSG, openHost, seedHostTexts } from './embedding';
import { plotted } from './playground';

test('iframe: a host page loads the seed example by postMessage and reads back the weights; ids, errors and an experiment', async ({ url, newPage }) => {
  const page = await openHost(newPage, url);
  await page.locator('#load-seed').click();
  await expect(page.locator('#host-status'), 'no "Loaded" status').toHaveText(/Loaded/);
  await page.locator('#read-weights').click();
  await page.locator('[data-testid=host-head-0] tr').first().waitFor();
  const shown = await page
    .locator('[data-testid=host-head-0] tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (td) => td.textContent)));
  expect(shown, 'weights read back by the host page').toEqual(seedHostTexts());
  expect(shown[1], 'row 1 of the seed 000 weights').toEqual(['0.499399', '0.500601', '0.000000']);
  // the embedded page itself shows the same example
  const frame = page.frameLocator('#frame');
  await plotted(frame);
  expect(await frame.locator('[data-testid=op]').inputValue(), 'operation inside the iframe').toBe('single_head');

  // the protocol: ids come back, bad requests answer ok: false with a reason, nothing throws
  const answers = await converse(page, [
    { type: MSG.get, id: 'g1' },
    { type: MSG.set, id: 7, state: { op: 'nope' } },
    { type: MSG.set, id: 8, state: { matrices: { Z: [[1]] } } },
    { type: MSG.runExperiment, id: 'e1', experiment: 'nope' },
  ]);
  const byId = Object.fromEntries(answers.map((a) => [a.id, a]));
  const g1 = byId.g1;
  expect([g1.type, g1.ok], 'answer to get').toEqual([MSG.result, true]);
  checkSeedRows(g1.weights?.[0], 'get');
  expect([g1.out?.length, g1.out?.[0]?.length, g1.state?.op], 'out (3×2) and state of get').toEqual([3, 2, 'single_head']);
  expect([byId[7]?.ok, byId[7]?.message], 'answer to a bad op').toEqual([false, 'bad value for op: "nope"']);
  expect(byId[8]?.ok, `answer to an unknown matrix: ${JSON.stringify(byId[8])}`).toBe(false);
  expect(byId[8]?.message, 'the reason for an unknown matrix').toMatch(/unknown matrix "Z"/);
  expect(byId.e1?.ok, `answer to an unknown experiment: ${JSON.stringify(byId.e1)}`).toBe(false);
  expect(byId.e1?.message, 'the reason for an unknown experiment').toMatch(/unknown experiment "nope"/);

  // set with plain numbers, then an experiment in the page's worker (with progress)
  const [set] = await converse(page, [
    {
      type: MSG.set,
      id: 's1',
      state: {
        op: 'attention',
        mask: 'none',
        matrices: {
          Q: [
            [1, 0],
            [0, 1],
          ],
          K: [
            [1, 0],
            [0, 1],
          ],
          V: [
            [1, 2],
            [3, 4],
          ],
        },
      },
    },
  ]);
  expect(set?.ok && set.state?.op === 'attention', `answer to set: ${JSON.stringify(set)}`).toBe(true);
  const e = 1 / (1 + Math.exp(-1 / Math.SQRT2)); // softmax([1, 0] / √2)
  expect(Math.abs(set.weights![0][0][0] - e), `weights after set: ${JSON.stringify(set.weights)}`).toBeLessThan(1e-12);
  const run = await converse(page, [{ type: MSG.runExperiment, id: 'h1', experiment: 'h1', settings: { n: 4, d: 8, h: 2 } }]);
  const final = run.at(-1);
  expect(final?.type === MSG.experiment && final.ok && final.result?.pass === true, `h = 1 experiment: ${JSON.stringify(final)}`).toBe(true);
  expect(
    run.some((a) => a.type === MSG.progress),
    'no progress messages',
  ).toBe(true);
});

test('iframe: the embed posts its height and the host resizes it (grows and shrinks, no inner scrollbar)', async ({ url, newPage }) => {
  const page = await openHost(newPage, url);
  /** The iframe's height once it fits its content. */
  const fits = async (what: string) => {
    let height = 0;
    await expect(async () => {
      const x = await frameHeights(page);
      expect(
        x.waiting === 0 && Math.abs(x.frame - x.doc) <= 1 && x.scroll <= x.frame + 1,
        `${what}: iframe ${x.frame} px, its content ${x.doc} px (scroll height ${x.scroll}, ${x.waiting} panels still loading)`,
      ).toBe(true);
      height = x.frame;
    }).toPass({ timeout: 15_000 });
    return height;
  };
  const small = await fits('after load');
  expect(small, 'the iframe kept its initial 600 px').not.toBe(600);
  await converse(page, [{ type: MSG.set, id: 1, preset: 'seed004-gqa' }]); // eight heads: a taller page
  const tall = await fits('after loading eight heads');
  expect(tall, `the iframe did not grow: ${small} → ${tall} px`).toBeGreaterThan(small + 100);
  await converse(page, [{ type: MSG.set, id: 2, preset: 'seed000' }]);
  const back = await fits('after going back to one head');
  expect(back, `the iframe did not shrink: ${tall} → ${back} px`).toBeLessThan(tall - 100);
  report(`iframe heights: ${small} px → ${tall} px (8 heads) → ${back} px`);
});
