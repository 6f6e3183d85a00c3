// csp.spec.ts — the strict Content-Security-Policy the test server sends
// (script-src 'self' 'wasm-unsafe-eval', style-src 'self'): the page, the
// notes example, the iframe host with its embed and a page using
// attention-playground.js load, compute and draw with no violation.

import { expect, test } from './fixtures';
import { componentPage, experimentsReady, openHost, runScaling } from './embedding';
import { checkWeights, loadSeed, plotted, readHeatmap, recordViolations, violations, waitForPlot } from './playground';
import { seedCausal } from './reference';
import { CSP } from './server.mjs';

test('strict CSP: the page loads and computes with no violation', async ({ url, newPage }) => {
  const page = await newPage({ initScript: recordViolations });
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy'] ?? '', 'the server sent no CSP header').toContain("script-src 'self' 'wasm-unsafe-eval'");
  await waitForPlot(page);
  await loadSeed(page);
  checkWeights(await readHeatmap(page), seedCausal(), 'seed 000 under CSP');
  // exercise what draws and builds nodes: another op, a bad cell, the paste box
  await page.locator('[data-testid=preset]').selectOption('multihead');
  await page.locator('[data-testid=head-1]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=head-0] .hm-figure').focus();
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid=head-0] .hm-figure').hover();
  expect(await page.evaluate(() => window.__csp), 'securitypolicyviolation events').toEqual([]);
});

test('strict CSP: the notes page, the iframe host with its embed, and a page using attention-playground.js report no violation', async ({ url, newPage }) => {
  const notes = await newPage({ initScript: recordViolations, wait: false });
  const response = await notes.goto(`${url}examples/notes.html`);
  expect(response?.headers()['content-security-policy'] ?? '', 'the server sent no CSP header').toBe(CSP);
  await plotted(notes.locator('#seed-example'));
  await experimentsReady(notes);
  const x00 = notes.locator('#seed-example [data-testid=grid-X] input[data-row="0"][data-col="0"]');
  await x00.fill('0.7');
  await x00.press('Tab');
  await notes.locator('#seed-example [data-testid=head-0] .hm-figure').hover();
  await runScaling(notes); // the component's worker and its chart under the CSP
  expect(await violations(notes), 'violations on the notes page').toEqual([]);

  const host = await openHost(newPage, url, { initScript: recordViolations });
  await host.locator('#load-seed').click();
  await host.locator('#read-weights').click();
  await host.locator('[data-testid=host-head-0] tr').first().waitFor();
  await host.locator('#run-h1').click();
  await expect(host.locator('#host-status'), 'the experiment did not pass under the CSP').toHaveText(/h = 1 check: pass/);
  expect(await violations(host), 'violations on the iframe host and inside its iframe').toEqual([]);

  const lesson = await newPage({ initScript: recordViolations, wait: false });
  await lesson.route(`${url}course/lesson.html`, (r) =>
    r.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': CSP },
      body: componentPage(
        '../attention-playground.js',
        '<attention-playground preset="seed000"></attention-playground><attention-playground preset="multihead"></attention-playground>',
      ),
    }),
  );
  await lesson.goto(`${url}course/lesson.html`);
  const playgrounds = lesson.locator('attention-playground');
  await plotted(playgrounds.nth(0));
  await plotted(playgrounds.nth(1));
  await playgrounds.nth(0).locator('[data-testid=exp-run-h1]').click(); // its worker file under the CSP
  await expect(playgrounds.nth(0).locator('[data-testid=exp-h1-mark]'), 'the h = 1 experiment did not pass').toHaveText(/✓/, { timeout: 30_000 });
  expect(await violations(lesson), 'violations on a page using attention-playground.js').toEqual([]);
});
