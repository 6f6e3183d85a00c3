// fixtures.ts — @playwright/test extended for the end-to-end suite.
//
// Every test gets a fresh browser context (Playwright's own `context` and
// `page`), and may open more, each in a context of its own, with newPage().
// Every page is watched: a console error, a Content-Security-Policy message,
// a page error, a failed request or an HTTP status ≥ 400 fails the test at
// its end, with the list of what the page reported.
//
//   url       the site, served by the webServer of playwright.config.ts
//             (tests/e2e/server.mjs, with the strict CSP header)
//   newPage   a page in a new context: { url, width, height, wait, favicon, initScript, context }
//   server    a server of the test's own (its own origin and request log): { prefix, csp }
//   report()  a figure printed in the list reporter's output and kept as an annotation

import { relative } from 'node:path';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { startServer, type ServerOptions, type TestServer } from './server.mjs';
import { waitForPlot } from './playground';
import { registerEveryWord } from '../../web/src/i18n/later';

// the specs read any key's words (the page registers a panel's when it arrives)
registerEveryWord();

/** How newPage() opens a page. */
export interface PageOptions {
  /** Go there, then (unless `wait` is false) wait for the first plot. */
  url?: string;
  /** The viewport, 1280 × 900 by default. */
  width?: number;
  height?: number;
  /** Wait for the playground's first plot after loading `url` (default true). */
  wait?: boolean;
  /** Count the browser's own /favicon.ico request like any other (only the favicon test does). */
  favicon?: boolean;
  /** A script run in every document of the page before its own scripts. */
  initScript?: () => void;
  /** More options of the new context (e.g. a locale). */
  context?: BrowserContextOptions;
}

interface Fixtures {
  /** What the pages of this test reported; checked when the test ends. */
  problems: Problems;
  /** The site's address, with a trailing slash. */
  url: string;
  /** A new page in a new context (no shared storage), watched like every page. */
  newPage: (opts?: PageOptions) => Promise<Page>;
  /** A server of dist/ for this test only, with the strict CSP header unless csp: false; closed when the test ends. */
  server: (opts?: ServerOptions) => Promise<TestServer>;
}

/** The problems the pages of one test reported, and a one-time pause for late messages. */
class Problems {
  readonly list: string[] = [];
  private settling: Promise<void> | null = null;
  private pages = 0;

  /** Record what `page` reports; `favicon`: count the browser's /favicon.ico probe too. */
  watch(page: Page, favicon = false): void {
    this.pages += 1;
    const tag = `page ${this.pages}`;
    // the browser's own /favicon.ico probe is checked by its own test (hosting.spec.ts), not by every page
    const isFavicon = (url: string | undefined) => !favicon && /\/favicon\.ico$/.test(url ?? '');
    page.on('console', (m) => {
      const at = m.location()?.url;
      if (isFavicon(at)) return;
      if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text())) this.list.push(`${tag} console.${m.type()}: ${m.text()}${at ? ` (${at})` : ''}`);
    });
    page.on('pageerror', (e) => this.list.push(`${tag} page error: ${e.message}`));
    page.on('requestfailed', (r) => {
      // a download, or a navigation the test itself cut short, is not the page's fault
      const error = r.failure()?.errorText ?? '';
      if (!/ERR_ABORTED/.test(error)) this.list.push(`${tag} request failed: ${r.url()} ${error}`);
    });
    page.on('response', (r) => {
      if (isFavicon(r.url())) return;
      if (r.status() >= 400) this.list.push(`${tag} HTTP ${r.status()}: ${r.url()}`);
    });
  }

  /** Watch every page `context` opens. */
  watchContext(context: BrowserContext, favicon = false): void {
    context.on('page', (page) => this.watch(page, favicon));
  }

  /** Let late console messages arrive (once per test), before the contexts close. */
  settle(): Promise<void> {
    this.settling ??= new Promise((resolve) => setTimeout(resolve, 100));
    return this.settling;
  }
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  problems: async ({}, use) => {
    const problems = new Problems();
    await use(problems);
    await problems.settle();
    if (problems.list.length > 0) throw new Error(`the page reported problems:\n    ${problems.list.join('\n    ')}`);
  },

  // `server` among the dependencies of `context` and `newPage`: a test's own servers close after its pages,
  // which may still be fetching a lazily loaded panel when the test's last step is done
  context: async ({ context, problems, server }, use) => {
    void server;
    problems.watchContext(context);
    await use(context);
    await problems.settle();
  },

  url: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
    await use(baseURL.endsWith('/') ? baseURL : `${baseURL}/`);
  },

  newPage: async ({ browser, problems, server }, use) => {
    void server;
    const contexts: BrowserContext[] = [];
    await use(async (opts = {}) => {
      const viewport = opts.width || opts.height ? { viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 } } : {};
      const context = await browser.newContext({ ...viewport, ...opts.context });
      contexts.push(context);
      problems.watchContext(context, opts.favicon);
      const page = await context.newPage();
      if (opts.initScript) await page.addInitScript(opts.initScript);
      if (opts.url) {
        await page.goto(opts.url);
        if (opts.wait !== false) await waitForPlot(page);
      }
      return page;
    });
    await problems.settle();
    for (const context of contexts) await context.close();
  },

  // eslint-disable-next-line no-empty-pattern -- as above
  server: async ({}, use) => {
    const servers: TestServer[] = [];
    await use(async (opts = {}) => {
      const s = await startServer({ csp: true, ...opts });
      servers.push(s);
      return s;
    });
    for (const s of servers) await s.close();
  },
});

export { expect };

/** Print a figure (a timing, a size, a screenshot's path): in the reporter's output and as an annotation of the test. */
export function report(line: string): void {
  test.info().annotations.push({ type: 'figure', description: line });
  console.log(line);
}

/** A screenshot of the whole page in the test's output directory (test-results/…), attached to its result; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
  return relative(process.cwd(), path);
}
