import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const cases = process.argv.slice(2);
for (const c of cases) {
  const [w, hash, tag] = c.split('|');
  const p = await b.newPage({ viewport: { width: +w, height: 1300 } });
  const errs = []; p.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && errs.push(m.text())); p.on('pageerror', (e) => errs.push(String(e)));
  await p.goto(s.url + hash);
  await p.waitForTimeout(2000);
  await p.screenshot({ path: `/tmp/c-${tag}.png` });
  console.log(tag, 'errors', errs);
}
await b.close(); await s.close();
