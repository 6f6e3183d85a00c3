// drag-speed.spec.ts — one drag step on the vector plane, measured: main-thread time from a pointer event to
// the end of its work (core → every figure in sight, style and layout; paint not counted), at n = 6, 16 and
// 64, with every panel of the page present (those below the first screen out of sight). Printed with the
// machine's load, not asserted (a loaded machine is slower; the figures are for the README). Playwright's trace
// recorder (trace: 'retain-on-failure') watches every DOM mutation and setter of the page, time the page
// itself does not spend: it is off here.

import os, { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { expect, report, test } from './fixtures';
import { open } from './playground';
import { attentionWeights } from './reference';

test.use({ trace: 'off' });

type M = { data: Float64Array; rows: number; cols: number };

/** The weights the page shows against softmax(q·kᵀ/√d_k) of the q and k the core was given. */
async function expectPartsWeights(page: Page, what: string): Promise<void> {
  const { q, k, w } = await page.evaluate(() => {
    const o = (
      document.querySelector('attention-playground') as unknown as { getOutcome(): { view: { heads: { parts: { q: M; k: M; weights: M } }[] } } }
    ).getOutcome();
    const rows = (m: M) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
    const p = o.view.heads[0].parts;
    return { q: rows(p.q), k: rows(p.k), w: rows(p.weights) };
  });
  const diff = Math.max(...w.flatMap((r, i) => r.map((x, j) => Math.abs(x - attentionWeights(q, k)[i][j]))));
  expect(diff, `${what}: weights against an independent float64 computation`).toBeLessThan(1e-12);
}

/** The centre of the tip of arrow `kind` row `row` on the vector plane. */
async function tipCentre(page: Page, kind: 'q' | 'k', row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-testid=plane] .vp-tip[data-kind=${kind}][data-row="${row}"]`).boundingBox();
  if (!box) throw new Error(`no tip ${kind}${row}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('one drag step: main-thread time at n = 6, 16 and 64 (printed, not asserted)', async ({ page, url }) => {
  const rand = (n: number, seed: number) => `rand:${n}:2:${seed}:1:2`;
  for (const n of [6, 16, 64]) {
    await open(page, n === 6 ? url : `${url}#op=attention&Q=${rand(n, 1)}&K=${rand(n, 2)}&V=${rand(n, 3)}`);
    await page.evaluate(() => {
      const times: number[] = [];
      let start = 0;
      let changes = 0;
      let seen = 0;
      (window as unknown as { __dragTimes: number[] }).__dragTimes = times;
      document.addEventListener('playground-change', () => changes++);
      window.addEventListener('pointermove', () => ((start = performance.now()), (seen = changes)), true);
      window.addEventListener('pointermove', () => {
        // style and layout of what the move changed (paint is not counted)
        document.querySelector('attention-playground')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        if (changes !== seen) times.push(performance.now() - start); // only the moves that changed the state
      });
    });
    const from = await tipCentre(page, 'q', 0);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let k = 1; k <= 30; k++) await page.mouse.move(from.x + 3 * k, from.y - 2 * k);
    await page.mouse.up();
    const times = (await page.evaluate(() => (window as unknown as { __dragTimes: number[] }).__dragTimes)).slice(2).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    report(
      `drag step n = ${n}: median ${median.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms of main-thread work (${times.length} moves; target < 8 ms at n ≤ 16, < 16 ms at n = 64; load average ${loadavg()[0].toFixed(2)} on ${os.cpus().length} cores)`,
    );
    await expectPartsWeights(page, `n = ${n} after the drag`);
  }
});
