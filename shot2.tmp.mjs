import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
await p.goto(s.url + (process.argv[2] ?? ''));
await p.waitForTimeout(2500);
for (const sel of ['.panel-explain', '.panel-steps']) {
  const el = p.locator('attention-playground').locator(sel);
  await el.scrollIntoViewIfNeeded();
  await p.waitForTimeout(500);
  await el.screenshot({ path: `/tmp/shot-${sel.slice(7)}.png` });
}
await b.close(); await s.close();
