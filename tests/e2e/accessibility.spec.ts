// accessibility.spec.ts — axe-core on the page (English and 中文, a block
// with eight heads), the embed view, the notes example after an experiment,
// and the iframe host: no serious or critical violation.

import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';
import { expect, report, test } from './fixtures';
import { runScaling } from './embedding';
import { loadSeed, plotted } from './playground';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');

/** The pages checked: a name, the address under the site's url, and what to do before axe runs. */
const PAGES = (url: string): [string, string, (p: Page) => Promise<unknown>][] => [
  ['page', url, (p) => loadSeed(p)],
  ['page (中文)', `${url}?lang=zh`, (p) => loadSeed(p)],
  [
    'page (block, gqa)',
    url,
    async (p) => {
      await p.locator('[data-testid=preset]').selectOption('seed004-gqa');
      await p.locator('[data-testid=head-7]').waitFor({ state: 'visible' });
    },
  ],
  [
    'first screen (plane, token lines, a weight pointed at)',
    url,
    async (p) => {
      await p.locator('[data-testid=head-0] .hm-figure').focus();
      await p.keyboard.press('ArrowRight');
      await p.locator('[data-testid=explain-steps]').waitFor({ state: 'visible' });
    },
  ],
  [
    'first screen at 375 px (lines only, a token chosen, a tip focused)',
    url,
    async (p) => {
      await p.setViewportSize({ width: 375, height: 800 });
      await p.locator('[data-testid=view-lines]').check();
      await p.locator('[data-testid=token-lines] button[aria-label*="cat"]').first().click();
      await p.locator('[data-testid=plane] .vp-tip[data-kind=q][data-row="1"]').focus();
    },
  ],
  ['embed', `${url}?embed&hide=export`, async () => {}],
  ['notes (after running the scaling experiment)', `${url}examples/notes.html`, (p) => runScaling(p)],
  ['iframe host', `${url}examples/iframe-host.html`, (p) => p.locator('#load-seed:enabled').waitFor()],
];

// one test per page: each has the whole test timeout (the page has grown panels; axe on all of it in one test
// came close to 60 s on a loaded machine)
for (const [index, name] of PAGES('').map(([n], i) => [i, n] as const))
  test(`accessibility: axe-core reports no serious or critical violation — ${name}`, async ({ url, newPage }) => {
    const [, address, prepare] = PAGES(url)[index];
    const found: string[] = [];
    const minor: string[] = [];
    const page = await newPage({ wait: false });
    await page.goto(address);
    await plotted(name === 'iframe host' ? page.frameLocator('#frame') : page);
    await prepare(page);
    for (const f of page.frames()) await f.evaluate(axe.source);
    const result: AxeResults = await page.evaluate(() =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }),
    );
    const checked = result.passes.length + result.violations.length + result.incomplete.length;
    for (const v of result.violations) {
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(
          `${name}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
            .slice(0, 4)
            .map((n) => JSON.stringify(n.target))
            .join(', ')}`,
        );
      else minor.push(`${name}: ${v.impact} ${v.id} (${v.nodes.length})`);
    }
    report(
      `axe-core ${axe.version}: ${name}: ${checked} rule results, ${found.length} serious/critical violations${minor.length ? `; minor/moderate: ${minor.join(', ')}` : ''}`,
    );
    expect(checked, 'axe-core checked the page').toBeGreaterThan(10);
    expect(found, 'serious or critical accessibility violations').toEqual([]);
  });
