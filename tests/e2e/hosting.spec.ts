// hosting.spec.ts — the site as GitHub Pages serves a project site, under a
// sub-path (/some-repo/): the page, the notes example, the iframe embed, the
// experiment workers and attention-playground.js all load from under it;
// and a fresh origin sees no console error, not even for a favicon.

import { expect, test } from './fixtures';
import { checkSeedRows, componentPage, experimentsReady, openHost, runScaling } from './embedding';
import { loadSeed, open, plotted, snapshot, waitForPlot } from './playground';
import type { TestServer } from './server.mjs';

/** Expect a request answered 200 whose path matches `re` in the server's log. */
function expectFetched(s: TestServer, re: RegExp, what: string): void {
  const paths = s.requests.map((r) => `${r.status} ${r.path}`);
  expect(
    s.requests.some((r) => r.status === 200 && re.test(r.path)),
    `${what} not fetched under /some-repo/:\n    ${paths.join('\n    ')}`,
  ).toBe(true);
}

/** Expect every request in the server's log under /some-repo/ (`except` aside). */
function expectAllUnderPrefix(s: TestServer, except: RegExp | null = null): void {
  const paths = s.requests.map((r) => `${r.status} ${r.path}`);
  expect(
    s.requests.every((r) => r.path.startsWith('/some-repo/') || (except?.test(r.path) ?? false)),
    `requests outside the sub-path:\n    ${paths.join('\n    ')}`,
  ).toBe(true);
}

test('sub-path: the page, its JS and its WASM load under /some-repo/', async ({ server, page }) => {
  const s = await server({ prefix: '/some-repo/' });
  await open(page, s.url);
  expectFetched(s, /^\/some-repo\/.*\.wasm$/, 'a .wasm');
  expectFetched(s, /^\/some-repo\/.*\.js$/, 'a .js');
  expectAllUnderPrefix(s, /^\/favicon\.ico$/);
  await page.locator('[data-testid=head-0] canvas.hm-canvas').waitFor({ state: 'visible' });
  // and a reload with a hash keeps working under the prefix
  await page.locator('[data-testid=mask]').selectOption('causal');
  await page.reload();
  await waitForPlot(page);
  expect(await page.locator('[data-testid=mask]').inputValue(), 'the state survives a reload under the sub-path').toBe('causal');
});

test('sub-path /some-repo/: notes page, iframe embed, experiment worker and attention-playground.js all load from under the prefix', async ({
  server,
  newPage,
}) => {
  const s = await server({ prefix: '/some-repo/' });
  const host = await openHost(newPage, s.url);
  await host.locator('#run-h1').click();
  await expect(host.locator('#host-status'), 'the h = 1 experiment did not pass in the worker').toHaveText(/h = 1 check: pass/);
  const notes = await newPage({ url: `${s.url}examples/notes.html`, wait: false });
  await plotted(notes.locator('#seed-example'));
  await experimentsReady(notes);
  await runScaling(notes); // the component's own experiment worker, under the prefix too

  // a page elsewhere on the same host loads the component by one <script type="module">
  const lesson = await newPage({ wait: false });
  await lesson.route(`${s.url}course/lesson.html`, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: componentPage('../attention-playground.js', '<attention-playground preset="seed000"></attention-playground>'),
    }),
  );
  await lesson.goto(`${s.url}course/lesson.html`);
  await plotted(lesson);
  checkSeedRows((await snapshot(lesson)).weights, 'attention-playground.js under /some-repo/');
  await lesson.locator('[data-testid=exp-run-h1]').click(); // the component's own worker file
  await expect(lesson.locator('[data-testid=exp-h1-mark]'), 'the h = 1 experiment did not pass').toHaveText(/✓/, { timeout: 30_000 });

  expectFetched(s, /^\/some-repo\/assets\/worker-[^/]+\.js$/, 'the experiment worker');
  expectFetched(s, /^\/some-repo\/assets\/attention_core-[^/]+\.wasm$/, 'the site’s WASM');
  expectFetched(s, /^\/some-repo\/attention-playground\.js$/, 'attention-playground.js');
  expectFetched(s, /^\/some-repo\/attention_core\.wasm$/, 'the component’s WASM beside it');
  expectFetched(s, /^\/some-repo\/attention-playground\.worker\.js$/, 'the component’s worker beside it');
  expectFetched(s, /^\/some-repo\/index\.html\?embed/, 'the embedded page');
  expectAllUnderPrefix(s);
});

test('no console errors on load, including the favicon the browser asks for', async ({ server, newPage }) => {
  const s = await server(); // a new origin: the browser has not asked it for a favicon yet
  const page = await newPage({ url: s.url, favicon: true });
  await loadSeed(page);
  await page.waitForTimeout(300); // the favicon request comes after the load
  const icons = await page.locator('link[rel~=icon]').evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
  expect(icons.length, 'index.html declares no <link rel="icon">: the browser fetches /favicon.ico (a 404 and a console error)').toBeGreaterThan(0);
});
