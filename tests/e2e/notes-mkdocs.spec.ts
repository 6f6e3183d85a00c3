// notes-mkdocs.spec.ts — the MkDocs Material course notes (web/examples/mkdocs/, built by
// scripts/examples/mkdocs.sh with Debian's mkdocs + mkdocs-material into build/examples/mkdocs/site/).
//
// Page 1 loads the web component from the CDN through extra_javascript (routed to the packed tarball by
// routeCdn); page 2 is the iframe of the hosted site (the build put https://teacher.example/attention-playground/
// there; this test serves that address from dist/, through the webServer). With navigation.instant on, Material
// swaps pages without loading them again or running their scripts: page 1 → page 2 → page 1 by the menu, and
// back by the browser's history, must still compute the seed 000 example each time. Material's light/dark toggle
// (the palette of the config) switches the playground on page 1 with it.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { snippet } from '../../scripts/snippets.mjs';
import { routeCdn } from './cdn';
import { checkSeedRows } from './embedding';
import { expect, report, screenshot, test } from './fixtures';
import { plotted, snapshot, waitForPlot, widths } from './playground';
import { expectTheme } from './theme-check';

const EXAMPLE = fileURLToPath(new URL('../../web/examples/mkdocs/', import.meta.url));
const SITE = fileURLToPath(new URL('../../build/examples/mkdocs/site/', import.meta.url));
/** Where the build put the hosted site (the iframe snippet's https://<user>.github.io/<repo>/). */
const HOSTED = 'https://teacher.example/attention-playground/';
const STANDALONE = /\/attention-playground@[^/]+\/dist-package\/standalone\.js$/;
const PAGE1 = 'The playground on the page';
const PAGE2 = 'The playground in an iframe';

declare global {
  interface Window {
    /** Set on the first full load: still there after a page change = Material swapped the page in (instant navigation). */
    __notesLoad?: number;
  }
  interface HTMLElement {
    /** Set on page 1's first element: a page swapped in must bring a new element. */
    __first?: boolean;
  }
}

/** Serve the hosted site (the iframe's address) from dist/, through the webServer at `url` (with its strict CSP). */
async function routeHosted(context: BrowserContext, url: string): Promise<void> {
  const path = new URL(HOSTED).pathname;
  await context.route(`${HOSTED}**`, async (route) => {
    const u = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${url}${u.pathname.slice(path.length)}${u.search}` }) });
  });
}

/** The playground iframe of page 2, once its own page has loaded. */
async function playgroundFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(`iframe[src^="${HOSTED}"]`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no iframe of ${HOSTED} on ${page.url()}`);
  await frame.waitForURL(`${HOSTED}**`);
  return frame;
}

/** The head-0 weights of the playground in `frame` (the hosted site's <attention-playground>), once computed. */
async function frameWeights(frame: Frame): Promise<number[][] | null> {
  await plotted(frame);
  return frame.evaluate(() => {
    const el = document.querySelector('attention-playground') as HTMLElement & {
      getOutcome(): { ok: boolean; view: { heads: { weights: { rows: number; cols: number; data: Float64Array } }[] } } | null;
    };
    const o = el.getOutcome();
    const w = o?.ok ? o.view.heads[0].weights : null;
    return w ? Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))) : null;
  });
}

/** The loader's height listener has sized page 2's iframe to its content (no scrollbar inside it). */
async function sizedToContent(page: Page, what: string): Promise<void> {
  const frame = await playgroundFrame(page);
  await expect
    .poll(async () => {
      const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
      const box = await page.locator(`iframe[src^="${HOSTED}"]`).evaluate((f: HTMLIFrameElement) => f.clientHeight);
      return Math.abs(box - inner);
    }, `${what}: the iframe is not the height of its content`)
    .toBeLessThanOrEqual(1);
}

/** Page 1's element has computed the seed 000 example; returns whether it is the element of the first load. */
async function checkPage1(page: Page, what: string): Promise<boolean> {
  await expect(page.locator('h1'), `${what}: page 1's heading`).toHaveText('Who listens to whom');
  await waitForPlot(page);
  await expect.poll(async () => (await snapshot(page)).weights !== null, `${what}: the element computed nothing`).toBe(true);
  checkSeedRows((await snapshot(page)).weights, what);
  return page.evaluate(() => document.querySelector<HTMLElement>('attention-playground')!.__first === true);
}

/** Click the entry `name` of Material's menu (the left sidebar at ≥ 1220 px). */
const menu = (page: Page, name: string) => page.locator('.md-nav--primary a.md-nav__link', { hasText: name }).click();

/** Still the document of the first load (the page was swapped in, not loaded). */
const sameDocument = (page: Page) => page.evaluate(() => window.__notesLoad === 1);

test.beforeEach(() => {
  if (!existsSync(`${SITE}index.html`)) test.skip(true, 'SKIPPED notes-mkdocs: no build/examples/mkdocs/site (bash scripts/examples/mkdocs.sh printed why)');
});

test('the example holds the README snippets verbatim', () => {
  const read = (file: string) => readFileSync(`${EXAMPLE}${file}`, 'utf8');
  expect(read('mkdocs.yml'), 'mkdocs.yml has the snippet mkdocs-config').toContain(snippet('mkdocs-config'));
  expect(read('docs/javascripts/attention-playground.js'), 'the loader is the snippet mkdocs-loader').toBe(snippet('mkdocs-loader'));
  expect(read('docs/index.md'), 'page 1 has the snippet mkdocs-element').toContain(snippet('mkdocs-element'));
  expect(read('docs/iframe.md'), 'page 2 has the snippet mkdocs-iframe').toContain(snippet('mkdocs-iframe'));
  // the one substitution of the build: the iframe's https://<user>.github.io/<repo>/
  const built = readFileSync(`${SITE}iframe/index.html`, 'utf8');
  const iframe = snippet('mkdocs-iframe').trim().replace('https://<user>.github.io/<repo>/', HOSTED);
  expect(built, 'the built page 2 has the snippet’s iframe with the test address').toContain(iframe);
});

test('instant navigation: page 1 → page 2 → page 1, by the menu and by Back, keeps the playground working', async ({ context, page, server, url }) => {
  await routeCdn(context);
  await routeHosted(context, url);
  const cdnLoads: string[] = [];
  page.on('request', (r) => {
    if (STANDALONE.test(r.url())) cdnLoads.push(r.url());
  });
  const site = await server({ root: SITE, prefix: '/course/', csp: false });
  const t0 = Date.now();

  // page 1, loaded: the loader (extra_javascript) imports the module from the CDN
  await page.goto(site.url);
  expect(await checkPage1(page, 'page 1 (loaded)'), 'page 1, loaded').toBe(false);
  await page.evaluate(() => {
    window.__notesLoad = 1;
    document.querySelector<HTMLElement>('attention-playground')!.__first = true;
  });
  report(`mkdocs page 1: seed 000 computed (${Date.now() - t0} ms from the first request)`);

  // → page 2 by the menu: swapped in (same document); its iframe computes the same example
  await menu(page, PAGE2);
  await page.waitForURL(`${site.url}iframe/`);
  expect(await sameDocument(page), 'page 2 was loaded again: navigation.instant is not on').toBe(true);
  await expect(page.locator('h1'), "page 2's heading").toHaveText('The same example in an iframe');
  checkSeedRows(await frameWeights(await playgroundFrame(page)), 'page 2 (the iframe)');
  await sizedToContent(page, 'page 2');

  // → page 1 by the menu: a new element (Material swapped the content in), computed without running any script again
  await menu(page, PAGE1);
  await page.waitForURL(site.url);
  expect(await sameDocument(page), 'page 1 was loaded again').toBe(true);
  expect(await checkPage1(page, 'page 1 (by the menu)'), 'page 1 by the menu shows the old element').toBe(false);

  // → page 2, then Back: Material swaps page 1 in from history
  await menu(page, PAGE2);
  await page.waitForURL(`${site.url}iframe/`);
  checkSeedRows(await frameWeights(await playgroundFrame(page)), 'page 2 (again)');
  await page.goBack();
  await page.waitForURL(site.url);
  expect(await sameDocument(page), 'Back loaded page 1 again').toBe(true);
  expect(await checkPage1(page, 'page 1 (by Back)'), 'page 1 by Back shows the old element').toBe(false);

  expect(cdnLoads, 'the module is fetched once, on the first load').toHaveLength(1);
  report(`mkdocs: page 1 → 2 → 1 → 2 → Back in one document, the module fetched once, seed 000 each time (${Date.now() - t0} ms)`);
  report(`mkdocs page 1 at 1280 px: ${await screenshot(page, 'mkdocs-page1-1280.png')}`);

  // 375 px: Material folds the menu away (the links in the text remain)
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await widths(page)).scroll, 'page 1 at 375 px: no sideways scrolling').toBeLessThanOrEqual(375);
  report(`mkdocs page 1 at 375 px: ${await screenshot(page, 'mkdocs-page1-375.png')}`);
  await page.getByRole('link', { name: 'next page', exact: true }).click();
  await page.waitForURL(`${site.url}iframe/`);
  checkSeedRows(await frameWeights(await playgroundFrame(page)), 'page 2 at 375 px');
  await sizedToContent(page, 'page 2 at 375 px');
  expect((await widths(page)).scroll, 'page 2 at 375 px: no sideways scrolling').toBeLessThanOrEqual(375);
  report(`mkdocs page 2 at 375 px: ${await screenshot(page, 'mkdocs-page2-375.png')}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await sizedToContent(page, 'page 2 at 1280 px');
  // (a full-page screenshot leaves the part of a cross-origin iframe below the first screen blank: Chromium paints it when scrolled to)
  report(`mkdocs page 2 at 1280 px: ${await screenshot(page, 'mkdocs-page2-1280.png')}`);
});

test('landing on page 2 first: the element of page 1 starts when Material swaps it in', async ({ context, page, server, url }) => {
  await routeCdn(context);
  await routeHosted(context, url);
  const site = await server({ root: SITE, prefix: '/course/', csp: false });
  await page.goto(`${site.url}iframe/`);
  checkSeedRows(await frameWeights(await playgroundFrame(page)), 'page 2 (loaded first)');
  await page.evaluate(() => (window.__notesLoad = 1));
  await menu(page, PAGE1);
  await page.waitForURL(site.url);
  expect(await sameDocument(page), 'page 1 was loaded again').toBe(true);
  await checkPage1(page, 'page 1 (swapped in after landing on page 2)');
});

test('Material’s light/dark toggle: the playground on page 1 follows it, and one swapped in by the menu opens in it', async ({
  context,
  page,
  server,
  url,
}) => {
  await routeCdn(context);
  await routeHosted(context, url);
  await page.emulateMedia({ colorScheme: 'light' });
  const site = await server({ root: SITE, prefix: '/course/', csp: false });
  await page.goto(site.url);
  await checkPage1(page, 'page 1');
  const element = page.locator('attention-playground');
  await expectTheme(element, 'light', 'page 1 in Material’s default scheme');

  await page.locator('label[title="Switch to dark mode"]').click();
  await expect(page.locator('body'), 'Material switched to slate').toHaveAttribute('data-md-color-scheme', 'slate');
  await expectTheme(element, 'dark', 'page 1 after the toggle to slate');
  checkSeedRows((await snapshot(page)).weights, 'page 1 in slate');
  report(`mkdocs page 1 in slate at 1280 px: ${await screenshot(page, 'mkdocs-page1-slate-1280.png')}`);

  await menu(page, PAGE2);
  await page.waitForURL(`${site.url}iframe/`);
  await menu(page, PAGE1);
  await page.waitForURL(site.url);
  await checkPage1(page, 'page 1 swapped in, in slate');
  await expectTheme(element, 'dark', 'page 1 swapped in by the menu while slate is on');

  await page.locator('label[title="Switch to light mode"]').click();
  await expectTheme(element, 'light', 'page 1 after the toggle back to default');
});
