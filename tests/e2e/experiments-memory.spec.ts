// experiments-memory.spec.ts — experiment 7, memory and time against n, in
// the page: the default sweep to n = 32,768 (printed: the time and
// peak memory of each call), the numbers on the page against the downloaded
// 12-memory.txt, flash's peak and heap growth at 32,768 under 64 MiB, the
// attention row stopping at its limit (4096), Cancel in the middle of a run
// with the page still answering, and screenshots at 1280 and 375 px and in
// 中文 (/tmp/shots/exp7-*.png).

import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fmtBytes, fmtMs } from '../../web/src/experiments/format';
import { t } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { cancelInPage, downloadText, expectCardFits, runFromPage } from './experiment-runs';
import { open, textOf } from './playground';

const MIB = 2 ** 20;

/** Set a field of the memory card as if typed. */
async function setField(page: Page, key: string, value: string): Promise<void> {
  const input = page.locator(`[data-testid=exp-memory-${key}]`);
  await input.fill(value);
  await input.dispatchEvent('change');
}

/** One row of the report's table: n, then flash ms, peak, growth, then attention's (null when not run). */
interface ReportRow {
  n: number;
  flash: [number, number, number];
  attention: [number, number, number] | null;
}

/** The per-n rows of 12-memory.txt. */
function reportRows(text: string): ReportRow[] {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => l.trim().startsWith('n ') && l.includes('flash_peak'));
  expect(header, 'the table of 12-memory.txt').toBeGreaterThan(0);
  return lines
    .slice(header + 1)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      const nums = c.map(Number);
      return { n: nums[0], flash: [nums[1], nums[2], nums[3]], attention: c.length >= 7 ? [nums[4], nums[5], nums[6]] : null };
    });
}

/** The view's two tables side by side: rows of cells (n, attention time, peak, growth, flash time, peak, growth). */
async function pageRows(page: Page): Promise<string[][]> {
  const read = (op: string) =>
    page
      .locator(`[data-testid=exp-memory-table-${op}] tbody tr`)
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim().replace(/\u00a0/g, ' '))));
  const [attention, flash] = [await read('attention'), await read('flash')];
  expect(
    attention.map((r) => r[0]),
    'the two tables have the same n',
  ).toEqual(flash.map((r) => r[0]));
  return flash.map((r, i) => [r[0], ...attention[i].slice(1), ...r.slice(1)]);
}

test('experiment 7: the default sweep to n = 32,768; the page’s figures are the report’s; flash under 64 MiB; attention stops at 4096', async ({
  page,
  url,
}) => {
  test.setTimeout(300_000);
  await open(page, url);
  const ms = await runFromPage(page, 'memory', 180_000);
  const { name, text } = await downloadText(page, 'exp-memory-12-memory-txt');
  expect(name).toBe('12-memory.txt');
  mkdirSync('/tmp/shots', { recursive: true });
  writeFileSync('/tmp/shots/exp7-12-memory.txt', text);
  expect(text).toContain('settings: n = 256, 512, 1024, 2048, 4096, 8192, 16384, 32768; d = 64, causal, seed 7');
  const rows = reportRows(text);
  expect(rows.map((r) => r.n)).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);
  // attention runs up to its limit (maxRows = 4096) and no further
  expect(rows.filter((r) => r.attention).map((r) => r.n)).toEqual([256, 512, 1024, 2048, 4096]);
  const big = rows[rows.length - 1];
  expect(big.flash[1], 'flash’s own peak at n = 32,768').toBeLessThan(64 * MIB);
  expect(big.flash[1], 'flash holds at least its output (n × d float64)').toBeGreaterThanOrEqual(8 * 32768 * 64);
  expect(big.flash[2], 'the WASM memory grew by less than 64 MiB during flash at 32,768').toBeLessThan(64 * MIB);
  const a4096 = rows[4].attention!;
  expect(a4096[1], 'attention at 4096 holds its 128 MiB of weights').toBeGreaterThanOrEqual(128 * MIB);
  // the page shows the report's numbers
  const shown = await pageRows(page);
  expect(shown.map((r) => r[0])).toEqual(['256', '512', '1,024', '2,048', '4,096', '8,192', '16,384', '32,768']);
  rows.forEach((r, i) => {
    const cells = shown[i];
    expect(cells[4], `flash time at ${r.n}`).toBe(fmtMs(r.flash[0]));
    expect(cells[5], `flash peak at ${r.n}`).toBe(fmtBytes(r.flash[1]));
    expect(cells[6], `flash growth at ${r.n}`).toBe(fmtBytes(r.flash[2]));
    if (r.attention) {
      expect(cells[1], `attention time at ${r.n}`).toBe(fmtMs(r.attention[0]));
      expect(cells[2], `attention peak at ${r.n}`).toBe(fmtBytes(r.attention[1]));
    } else expect(cells.slice(1, 4), `no attention at ${r.n}`).toEqual(['—', '—', '—']);
  });
  const stop = await textOf(page.locator('[data-testid=exp-memory-stop]'));
  expect(stop).toMatch(/^attention stops at n = 4,096: its n × n weights at n = 8,192 would need 512 MiB/);
  expect(stop).toContain(`flash_attention goes on to n = 32,768 in ${fmtBytes(big.flash[1])}`);
  expect(text).toContain(stop);
  const sentence = await textOf(page.locator('[data-testid=exp-memory-sentence]'));
  expect(text).toContain(sentence);
  const slopes = /memory: attention ([\d.]+) \(n ≥ \d+\), flash_attention ([\d.]+) \(n ≥ \d+\); time: attention ([\d.]+), flash_attention ([\d.]+)/.exec(text);
  expect(slopes, 'the slopes line').not.toBeNull();
  const [am, fm, at, ft] = slopes!.slice(1).map(Number);
  expect(am, 'attention’s memory slope').toBeGreaterThan(1.7);
  expect(fm, 'flash’s memory slope').toBeLessThan(1.3);
  expect(sentence, 'the slopes show the memory saved').not.toContain(t('en', 'rep.memory.tailUnclear'));
  await expect(page.locator('[data-testid=exp-memory-mem-chart] svg [data-series]')).not.toHaveCount(0);
  const csv = await downloadText(page, 'exp-memory-memory-csv');
  expect(csv.text.split('\n')[0]).toBe('op,n,d,causal,ms,peak_bytes,heap_before,heap_after,checksum');
  expect(csv.text.trim().split('\n')).toHaveLength(1 + 8 + 5);
  report(`memory: default sweep in ${ms} ms; slopes: memory attention ${am}, flash ${fm}; time attention ${at}, flash ${ft}`);
  for (const r of rows)
    report(
      `memory: n = ${r.n}: flash ${r.flash[0].toFixed(1)} ms, peak ${(r.flash[1] / MIB).toFixed(2)} MiB, growth ${(r.flash[2] / MIB).toFixed(2)} MiB` +
        (r.attention
          ? `; attention ${r.attention[0].toFixed(1)} ms, peak ${(r.attention[1] / MIB).toFixed(2)} MiB, growth ${(r.attention[2] / MIB).toFixed(2)} MiB`
          : '; attention: over its limit'),
    );
});

test('experiment 7: Cancel in the middle of the sweep stops it; the page answers and a small run follows', async ({ page, url }) => {
  test.setTimeout(120_000);
  await open(page, url);
  await page.locator('[data-testid=exp-run-memory]').click();
  const status = page.locator('[data-testid=exp-status-memory]');
  // any flash_attention point from n = 2048 on (a quiet machine passes 2048 and 4096 between two polls;
  // n = 16,384 and 32,768 take seconds each, so the sweep is still going when Cancel is pressed)
  await expect(status, 'the first points are done').toHaveText(/flash_attention, n = (2048|4096|8192|16384|32768) /, { timeout: 60_000 });
  const cancelled = t('en', 'exp.cancelled');
  // Cancel acts at once: the card says so in the click's own task, whatever the machine's load
  const { sameTask, ms: cancelMs } = await cancelInPage(page, 'memory', [cancelled]);
  expect(sameTask, `the status read "Cancelled" before any other task ran (after ${cancelMs.toFixed(1)} ms)`).toBe(true);
  await expect(status).toHaveText(cancelled);
  expect(await page.locator('[data-testid=exp-memory] .exp-result').isHidden(), 'no result from the cancelled run').toBe(true);
  // the page answers at once: a frame comes, and a small run completes
  const frameMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }),
  );
  await setField(page, 'ns', '64, 128, 256');
  await runFromPage(page, 'memory');
  expect(await pageRows(page)).toHaveLength(3);
  report(`memory: cancel during the sweep took ${cancelMs.toFixed(1)} ms; next frame after ${frameMs.toFixed(1)} ms`);
});

for (const [width, height, lang] of [
  [1280, 900, 'en'],
  [375, 800, 'en'],
  [1280, 900, 'zh'],
] as const) {
  test(`experiment 7 at ${width} px (${lang}): nothing is cut or scrolls sideways; screenshot`, async ({ newPage, url }) => {
    test.setTimeout(120_000);
    const page = await newPage({ url: lang === 'zh' ? `${url}?lang=zh` : url, width, height });
    await setField(page, 'ns', '256, 512, 1024, 2048, 4096, 8192');
    await runFromPage(page, 'memory', 90_000);
    const card = page.locator('[data-testid=exp-memory]');
    await card.scrollIntoViewIfNeeded();
    mkdirSync('/tmp/shots', { recursive: true });
    const path = `/tmp/shots/exp7-${width}${lang === 'zh' ? '-zh' : ''}.png`;
    await card.screenshot({ path });
    report(`screenshot: experiment 7 at ${width} px (${lang}): ${path}`);
    if (lang === 'zh') expect(await textOf(page.locator('[data-testid=exp-memory-stop]'))).toMatch(/^attention 在 n = 4,096 处停止/);
    await expectCardFits(card, width);
  });
}
