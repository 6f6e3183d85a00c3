// run.mjs — the three builds side by side in Chromium (without SIMD, SIMD128 on one thread, on
// two): serves the repository cross-origin isolated (tests/e2e/server.mjs), opens
// scripts/bench/threads/index.html, whose worker times the npm package's core (dist-package/,
// built by `npm run build:package`) in each build, and prints the table. Run by scripts/bench.sh.
import { chromium } from 'playwright';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../../tests/e2e/server.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const server = await startServer({ root, isolated: true });
// Debian's Chromium, headless (tests/chromium.ts has the suite's full list of flags; a plain .mjs cannot import it)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}scripts/bench/threads/index.html`);
  const report = await page.waitForFunction(() => window.__bench, null, { timeout: 600_000, polling: 1000 }).then((h) => h.jsonValue());
  if (report.error) throw new Error(report.error);
  console.log(
    `\nThe three builds (Chromium ${browser.version()}, a worker of a cross-origin isolated page, ${report.cores} logical cores; threads in use: ${report.threads.join(', ')}; median ms; ratios against SIMD128 on one thread; a speed-up is the median of each round's ratio, the ratio of the medians in brackets)`,
  );
  console.log(
    '| call | n | no SIMD | SIMD, 1 thread | SIMD, 2 threads | no SIMD / SIMD | 2 threads speed-up | threads build on 1 thread | its 2 threads speed-up | 2 threads: same numbers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  // a figure not measured (the trainer without SIMD is not in this bench) is a dash
  const fixed = (x, digits, unit = '') => (Number.isFinite(x) ? `${x.toFixed(digits)}${unit}` : '–');
  for (const r of report.rows)
    console.log(
      `| ${r.name} | ${r.n} | ${fixed(r.plain, 1)} | ${r.one.toFixed(1)} | ${r.two.toFixed(1)} | ${fixed(r.plain / r.one, 2, '×')} | ${r.speedup.toFixed(2)}× (${(r.one / r.two).toFixed(2)}×) | ${fixed(r.mtOne, 1)} | ${fixed(r.mtSpeedup, 2, '×')} (${fixed(r.mtOne / r.two, 2, '×')}) | ${r.same ? 'bit for bit' : 'NO'} |`,
    );
} finally {
  await browser.close();
  await server.close();
}
