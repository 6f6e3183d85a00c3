// perf.spec.ts — timings printed, not asserted: the first plot (also on a slower network, emulated), and an
// edit → the playground-change event → the next frame at n = 8, 32, 64. And what makes the first plot come
// soon: the files of the first screen that the page would find late are asked for by the page itself.

import type { Page } from '@playwright/test';
import { expect, report, test } from './fixtures';
import { waitForPlot } from './playground';

/** Run in the page before its scripts: window.__firstPlot becomes the time of the first frame after the first successful compute. */
function markFirstPlot(): void {
  document.addEventListener('playground-change', (e) => {
    if (window.__firstPlot === undefined && (e as CustomEvent<{ ok?: boolean }>).detail?.ok)
      requestAnimationFrame(() => (window.__firstPlot ??= performance.now()));
  });
}

test('performance: first plot and edit → redraw at n = 8, 32, 64 (printed, not asserted)', async ({ url, newPage }) => {
  // time from navigation start to the first frame after the first successful compute
  const page = await newPage({ initScript: markFirstPlot });
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

/** The first plot's time after navigation, on a network of `latency` ms and `mbps` Mbit/s (the browser's cache off). */
async function firstPlotOn(newPage: (o?: { wait?: boolean }) => Promise<Page>, url: string, latency: number, mbps: number): Promise<number> {
  const page = await newPage({ wait: false });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytes = (mbps * 1024 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: bytes, uploadThroughput: bytes / 2 });
  await page.addInitScript(markFirstPlot);
  await page.goto(url);
  const first = (await page.waitForFunction(() => window.__firstPlot, null, { timeout: 60_000 }).then((h) => h.jsonValue()))!;
  await waitForPlot(page);
  await page.close();
  return first;
}

test('the first screen’s late files are preloaded: the element’s registration and the core’s .wasm, fetched once; the first plot on a slower network (printed)', async ({
  url,
  newPage,
}) => {
  const page = await newPage({ wait: false });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** Who asked for each file: 'parser' (the page's own tags), or the script whose code asked. */
  const initiators = new Map<string, string[]>();
  const fileOf = (address = '') => address.replace(/[?#].*$/, '').replace(/.*\//, '');
  cdp.on('Network.requestWillBeSent', (e) => {
    const by = e.initiator.type === 'parser' ? 'parser' : fileOf(e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url);
    initiators.set(fileOf(e.request.url), [...(initiators.get(fileOf(e.request.url)) ?? []), by]);
  });
  await page.goto(url);
  await waitForPlot(page);
  const files = [...initiators.keys()];
  const wasm = files.filter((f) => /^attention_core[-_]/.test(f) && f.endsWith('.wasm'));
  expect(wasm, 'one .wasm of the core: the SIMD128 build').toEqual([expect.stringMatching(/^attention_core-[\w-]+\.wasm$/)]);
  expect(initiators.get(wasm[0]), 'asked for once, by the page’s first script (its preload), not by the glue once the modules have run').toEqual([
    expect.stringMatching(/^core-hint-[\w-]+\.js$/),
  ]);
  const registration = files.filter((f) => /^attention-playground-[\w-]+\.js$/.test(f));
  expect(registration, 'the element’s registration module').toHaveLength(1);
  expect(initiators.get(registration[0]), 'preloaded by the page').toEqual(['parser']);
  await page.close();
  // 100 ms of latency and 9 Mbit/s (the test server does not compress: every byte as built)
  const times = [];
  for (let k = 0; k < 3; k++) times.push(await firstPlotOn(newPage, url, 100, 9));
  report(`perf: first plot on 100 ms / 9 Mbit/s (uncompressed) ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
});
