import { chromium } from 'playwright';
import { startServer } from '/work/main/tests/e2e/server.mjs';
const s = await startServer({ csp: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const hash of process.argv.slice(2)) {
  const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
  await p.goto(s.url + hash);
  await p.waitForTimeout(1500);
  const err = await p.evaluate(() => { const el = document.querySelector('attention-playground'); const o = el.getOutcome(); return o && (o.ok ? 'ok ' + o.view.heads.length + ' heads' : o.message); });
  console.log(hash, '→', err, '| url now', (await p.evaluate(() => location.hash)).slice(0, 80));
  await p.close();
}
await b.close(); await s.close();
