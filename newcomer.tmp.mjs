import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const errs = [];
const watch = (p) => { p.on('console', (m) => m.type() === 'error' && errs.push(m.text())); p.on('pageerror', (e) => errs.push(String(e))); };
for (const w of [1280, 375]) {
  const p = await b.newPage({ viewport: { width: w, height: 900 } }); watch(p);
  await p.goto(s.url);
  await p.waitForTimeout(2000);
  await p.screenshot({ path: `/tmp/nc-${w}.png` });
  // every operation in the menu, forwards then backwards
  const sel = p.locator('attention-playground').locator('select').first();
  const opts = await sel.locator('option').evaluateAll((os) => os.map((o) => o.value));
  console.log(w, 'ops', opts.join(','));
  for (const v of [...opts, ...opts.slice().reverse()]) { await sel.selectOption(v); await p.waitForTimeout(250); }
  await p.screenshot({ path: `/tmp/nc-${w}-ops.png` });
  // Back and Forward
  await p.goBack(); await p.waitForTimeout(300); await p.goForward(); await p.waitForTimeout(300);
  // experiments run: scroll to the experiments and run the first card
  const run = p.locator('attention-playground').getByRole('button', { name: /^Run/ }).first();
  if (await run.count()) { await run.scrollIntoViewIfNeeded(); await run.click(); await p.waitForTimeout(3000); await p.screenshot({ path: `/tmp/nc-${w}-exp.png` }); }
  console.log(w, 'url', p.url().slice(0, 120));
  await p.close();
}
// a GQA link in a fresh context
const c = await b.newContext(); const p2 = await c.newPage(); watch(p2);
await p2.goto(s.url + '#op=gqa'); await p2.waitForTimeout(2000); await p2.screenshot({ path: '/tmp/nc-gqa.png' });
console.log('errors', errs);
await b.close(); await s.close();
