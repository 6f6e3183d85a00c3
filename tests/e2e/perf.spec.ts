// perf.spec.ts — timings printed, not asserted: the first plot, and an edit
// → the playground-change event → the next frame at n = 8, 32, 64.

import { expect, report, test } from './fixtures';
import { waitForPlot } from './playground';

test('performance: first plot and edit → redraw at n = 8, 32, 64 (printed, not asserted)', async ({ url, newPage }) => {
  // time from navigation start to the first frame after the first successful compute
  const page = await newPage({
    initScript: () => {
      document.addEventListener('playground-change', (e) => {
        if (window.__firstPlot === undefined && (e as CustomEvent<{ ok?: boolean }>).detail?.ok)
          requestAnimationFrame(() => (window.__firstPlot ??= performance.now()));
      });
    },
  });
  await page.goto(url);
  await waitForPlot(page);
  const first = await page.waitForFunction(() => window.__firstPlot).then((h) => h.jsonValue());

  const figures: string[] = [];
  for (const n of [8, 32, 64]) {
    await page.goto(`${url}#op=attention&Q=rand:${n}:16:1:1&K=rand:${n}:16:2:1&V=rand:${n}:16:3:1`);
    await page.reload(); // a hash-only goto is a same-document navigation
    await waitForPlot(page);
    await expect(page.locator('[data-testid=head-0] .hm'), 'rows drawn').toHaveAttribute('data-rows', String(n));
    const r = await page.evaluate(async () => {
      const host = document.querySelector('attention-playground')!;
      const input = host.shadowRoot!.querySelector<HTMLInputElement>('[data-testid=grid-Q] input[data-row="0"][data-col="0"]')!;
      const frame = () => new Promise<number>((res) => requestAnimationFrame(() => res(performance.now())));
      const sync: number[] = [];
      const toFrame: number[] = [];
      for (let k = 0; k < 12; k++) {
        await frame();
        let changed = 0;
        host.addEventListener('playground-change', () => (changed = performance.now()), { once: true });
        const t0 = performance.now();
        input.value = String(0.25 + k / 100);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const t1 = await frame();
        if (!changed) throw new Error('no playground-change after the edit');
        sync.push(changed - t0);
        toFrame.push(t1 - t0);
      }
      const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
      return { sync: median(sync.slice(2)), frame: median(toFrame.slice(2)) };
    });
    figures.push(`n=${n} ${r.sync.toFixed(1)} ms (next frame ${r.frame.toFixed(1)} ms)`);
  }
  report(`perf: first plot ${first!.toFixed(0)} ms; edit→redraw ${figures.join(', ')}`);
});
