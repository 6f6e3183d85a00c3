// package.spec.ts — the npm package in Chromium, as another site loads it:
// the packed tarball's files (scripts/pack.sh) served at jsDelivr's and
// unpkg's addresses (cdn.ts), on a course page of another origin. Each entry
// point is imported (an import map names them as a bundler would), the
// element is registered once however many times the modules load, the core
// finds its .wasm beside itself, and the standalone module needs no file
// but itself — its inlined worker runs an experiment.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { snippet } from '../../scripts/snippets.mjs';
import { expect, screenshot, test } from './fixtures';
import { CDN_PREFIXES, PACKAGE_DIR, routeCdn } from './cdn';
import { checkSeedRows } from './embedding';
import { plotted, snapshot } from './playground';

const [JSDELIVR, UNPKG] = CDN_PREFIXES;
const LESSON = 'https://school.example/lesson.html';

/** Run the h = 1 experiment in the worker of the page's element `selector`; its result. */
const runH1 = (page: Page, selector = 'attention-playground') =>
  page.evaluate((sel) => (document.querySelector(sel) as HTMLElement & { runExperiment(n: string): Promise<{ pass: boolean }> }).runExperiment('h1'), selector);

/** Open a page of another site whose HTML is `head` + `body`, with the CDN routed. */
async function lesson(page: Page, head: string, body: string): Promise<string[]> {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/^https?:/.test(r.url())) fetched.push(r.url());
  });
  await routeCdn(page);
  await page.route(LESSON, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title>${head}</head><body><main>${body}</main></body></html>`,
    }),
  );
  await page.goto(LESSON);
  return fetched;
}

test('package: each entry point imports in Chromium from a CDN; the element registers once; core finds its .wasm; the widget renders', async ({ page }) => {
  const importMap = JSON.stringify({
    imports: {
      'attention-playground': `${JSDELIVR}dist-package/index.js`,
      'attention-playground/core': `${JSDELIVR}dist-package/core.js`,
      'attention-playground/widget': `${JSDELIVR}dist-package/widget.js`,
      'attention-playground/standalone': `${JSDELIVR}dist-package/standalone.js`,
    },
  });
  await lesson(
    page,
    `<script type="importmap">${importMap}</script>`,
    '<h1>Attention</h1><attention-playground preset="seed000"></attention-playground><div id="widget"></div><attention-playground id="results-only" preset="seed000" panels="results"></attention-playground>',
  );
  const result = await page.evaluate(async () => {
    // the page's import map resolves these names (a variable specifier: TypeScript leaves them to the browser)
    const load = <T>(name: string) => import(name) as Promise<T>;
    type Core = typeof import('../../web/src/package/core');
    type Element = typeof import('../../web/src/package/index');
    type Widget = typeof import('../../web/src/package/widget');
    const main = await load<Element>('attention-playground');
    const again = await load<Widget>('attention-playground/standalone'); // a second copy of the element: a notebook re-running its cell
    const core = await load<Core>('attention-playground/core');
    const widget = (await load<Widget>('attention-playground/widget')).default;
    const loaded = await core.loadCore(); // no wasmBinary: attention_core.wasm beside core.js, from the CDN
    const { weights } = loaded.attention(
      [
        [1, 0],
        [0, 1],
      ],
      [
        [1, 0],
        [0, 1],
      ],
      [
        [1, 2],
        [3, 4],
      ],
    );
    let error = '';
    try {
      loaded.attention([[1, 2]], [[1, 2, 3]], [[1]]);
    } catch (e) {
      error = `${(e as Error).name}: ${(e as Error).message}`;
    }
    return {
      registered: customElements.get('attention-playground') === main.AttentionPlayground,
      standaloneLoaded: typeof again.default.render,
      render: typeof widget.render,
      weights,
      error,
    };
  });
  expect(result.registered, `the "." entry registers <attention-playground>: ${JSON.stringify(result)}`).toBe(true);
  expect(result.render).toBe('function');
  expect(result.standaloneLoaded, 'the standalone module loaded after the element was registered').toBe('function');
  expect(result.weights[0][0]).toBeCloseTo(Math.exp(1 / Math.SQRT2) / (Math.exp(1 / Math.SQRT2) + 1), 15);
  expect(result.error).toMatch(/^AttentionError: attention: /);
  await plotted(page.locator('attention-playground'));
  checkSeedRows((await snapshot(page)).weights, 'the element from the CDN');
  // panels="results" alone: the results take the element's width (no empty column beside them)
  const only = page.locator('#results-only');
  await plotted(only);
  const [box, panel] = [await only.boundingBox(), await only.locator('.panel-results').boundingBox()];
  expect(panel!.width, `results ${panel!.width} px wide in an element ${box!.width} px wide`).toBeGreaterThan(0.9 * box!.width);
  // its worker lives on the CDN, another origin: started through a same-origin blob: URL that imports it
  const h1 = await runH1(page);
  expect(h1.pass, 'h = 1 experiment in the worker from the CDN').toBe(true);
  // the widget front-end of the packaged module, with a minimal model
  const state = await page.evaluate(async () => {
    const name = 'attention-playground/widget';
    const widget = ((await import(name)) as typeof import('../../web/src/package/widget')).default;
    const saved: string[] = [];
    const model = {
      get: (name: string) => (name === 'state' ? 'op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4' : undefined),
      set: (_: string, v: string) => saved.push(v),
      save_changes: () => {},
      on: () => {},
      off: () => {},
    };
    const el = document.querySelector('#widget') as HTMLElement;
    const cleanup = widget.render({ model, el });
    const shown = el.querySelector('attention-playground') as HTMLElement & { getOutcome(): { ok: boolean } | null };
    for (let i = 0; i < 100 && !shown.getOutcome()?.ok; i++) await new Promise((r) => setTimeout(r, 50));
    const ok = shown.getOutcome()?.ok ?? false;
    cleanup();
    return { ok, left: el.children.length };
  });
  expect(state, 'the widget rendered the model state, then cleaned up').toEqual({ ok: true, left: 0 });
  await screenshot(page, 'package-cdn-1280.png');
});

test('package: standalone.js alone (no sibling file fetched) computes, runs an experiment in its inlined worker, and loads twice without error', async ({
  page,
}) => {
  // the README's snippet, verbatim, and the same module a second time from unpkg (two cells of a notebook)
  const fetched = await lesson(
    page,
    `<script type="module" src="${UNPKG}dist-package/standalone.js"></script>`,
    `<h1>Attention</h1>${snippet('cdn-standalone')}`,
  );
  await plotted(page.locator('attention-playground'));
  checkSeedRows((await snapshot(page)).weights, 'the standalone element');
  const h1 = await runH1(page);
  expect(h1.pass, 'h = 1 experiment in the inlined worker').toBe(true);
  // moved in the page (as reveal.js moves slides between its views): the reader's change stays
  const moved = await page.evaluate(async () => {
    const el = document.querySelector('attention-playground') as HTMLElement & { setState(p: object): void; getState(): { mask: string } };
    el.setState({ mask: 'none' });
    const box = document.createElement('section');
    document.body.append(box);
    box.append(el); // removed from <main>, connected again
    await new Promise((r) => setTimeout(r, 50));
    return el.getState().mask;
  });
  expect(moved, 'the state after the element was moved').toBe('none');
  await plotted(page.locator('attention-playground'));
  await expect(page.locator('attention-playground [data-testid=head-0] td[data-masked="1"]'), 'masked cells after mask none, moved').toHaveCount(0);
  const fromCdn = fetched.filter((u) => CDN_PREFIXES.some((p) => u.startsWith(p)));
  expect(fromCdn.sort(), 'what the page fetched from the CDNs: the module, nothing beside it').toEqual([
    `${JSDELIVR}dist-package/standalone.js`,
    `${UNPKG}dist-package/standalone.js`,
  ]);
});

test("package: the README's bundler snippet, built by Vite in a scratch project, runs: core finds the .wasm the bundler emitted, the element computes", async ({
  page,
  server,
}) => {
  const project = join(PACKAGE_DIR, '../../bundler');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bundled</title><script type="module" src="./main.js"></script></head><body></body></html>',
  );
  writeFileSync(join(project, 'main.js'), snippet('bundler'));
  await build({
    root: project,
    base: './',
    logLevel: 'error',
    configFile: false,
    build: { outDir: join(project, 'dist'), emptyOutDir: true, target: 'es2022' },
  });
  const site = await server({ root: join(project, 'dist') });
  await page.goto(site.url);
  const want = [Math.exp(1 / Math.SQRT2) / (Math.exp(1 / Math.SQRT2) + 1), 1 / (Math.exp(1 / Math.SQRT2) + 1)];
  const shown = JSON.parse((await page.locator('#weights').textContent()) ?? 'null') as number[][];
  for (const [i, row] of shown.entries()) for (const [j, w] of row.entries()) expect(Math.abs(w - (i === j ? want[0] : want[1]))).toBeLessThan(1e-15);
  await plotted(page.locator('#playground'));
  const h1 = await runH1(page, '#playground');
  expect(h1.pass, 'the experiments worker of the bundled package').toBe(true);
});
