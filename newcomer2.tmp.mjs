import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const errs = [];
const watch = (p) => { p.on('console', (m) => m.type() === 'error' && errs.push(m.text())); p.on('pageerror', (e) => errs.push(String(e))); };
const p = await b.newPage({ viewport: { width: 1280, height: 900 } }); watch(p);
await p.goto(s.url); await p.waitForTimeout(1500);
const app = p.locator('attention-playground');
const sel = app.locator('select:has(option[value="gqa"])');
const opts = (await sel.locator('option').evaluateAll((os) => os.map((o) => o.value))).filter(Boolean);
console.log('ops', opts.join(','));
for (const v of [...opts, ...opts.slice().reverse()]) { await sel.selectOption(v); await p.waitForTimeout(300); const t = await app.locator('text=Cannot compute').count(); if (t) console.log('error shown for', v); }
await sel.selectOption('attention'); await p.waitForTimeout(300);
// junk into the first cell of Q, then Back/Forward with it focused
const cell = app.locator('input[aria-label^="Q"]').first();
await cell.scrollIntoViewIfNeeded(); await cell.fill('abc;;[[1'); await cell.press('Tab'); await p.waitForTimeout(500);
await cell.focus(); await p.goBack(); await p.waitForTimeout(500); await p.goForward(); await p.waitForTimeout(700);
await p.screenshot({ path: '/tmp/nc-junk.png' });
const link = p.url();
const c = await b.newContext(); const p2 = await c.newPage({ viewport: { width: 375, height: 800 } }); watch(p2);
await p2.goto(link); await p2.waitForTimeout(2000); await p2.screenshot({ path: '/tmp/nc-junk-fresh.png' });
for (const op of ['multi_head', 'block', 'gqa', 'linear']) { await p2.goto(s.url + '#op=' + op); await p2.waitForTimeout(1200); }
await p2.screenshot({ path: '/tmp/nc-linear-375.png', fullPage: false });
console.log('errors', errs);
await b.close(); await s.close();
