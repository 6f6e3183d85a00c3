import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const [w, q, tag, H] = [+process.argv[2], process.argv[3] ?? '', process.argv[4], +(process.argv[5] ?? 1100)];
const p = await b.newPage({ viewport: { width: w, height: 900 } });
await p.goto(s.url + q);
await p.waitForTimeout(1500);
for (let i = 0; i < 40; i++) { await p.mouse.wheel(0, 800); await p.waitForTimeout(120); }
await p.waitForTimeout(2000);
const h = await p.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, k = 0; y < h; y += H, k++) await p.screenshot({ path: `/tmp/${tag}-${k}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(H, h - y) } });
console.log(h);
await b.close(); await s.close();
