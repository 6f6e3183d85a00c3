// theme.spec.ts — dark mode and theming (web/src/component/theme.ts, the
// stylesheets' custom properties): the `theme` attribute, the link's theme=,
// auto following prefers-color-scheme and the host page's own scheme
// (MkDocs Material's slate, JupyterLab dark, VS Code dark, reveal.js dark
// decks and slides), the figures redrawn in the theme's colours, an
// embedder's custom property and ::part(), axe-core in dark (English and
// 中文), and screenshots in dark at 1280 and 375 px and of a lesson step.

import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from '@playwright/test';
import { expect, report, screenshot, test } from './fixtures';
import { componentPage } from './embedding';
import { hashOf, open, plotted } from './playground';
import { expectTheme } from './theme-check';
import { colourTable, luminance, textColourFor } from '../../web/src/figures/heatmap/scales';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');

/** A host page of another site (same origin, served by the test), with the element in `body`; `attrs` on <body>, `head` in <head>. */
async function hostPage(page: Page, url: string, name: string, html: { body: string; bodyAttrs?: string; head?: string }): Promise<Locator> {
  const address = `${url}course/${name}.html`;
  const doc = componentPage(`${url}attention-playground.js`, html.body)
    .replace('<body>', `<body ${html.bodyAttrs ?? ''}>`)
    .replace('</head>', `${html.head ?? ''}</head>`);
  await page.route(address, (r) => r.fulfill({ contentType: 'text/html', body: doc }));
  await page.goto(address);
  const element = page.locator('attention-playground').first();
  await plotted(element);
  return element;
}

/** axe-core on the page: the serious and critical violations (color-contrast is serious), and how many rule results it checked. */
async function axeFindings(page: Page, name: string): Promise<string[]> {
  await page.evaluate(axe.source);
  const result: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }),
  );
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${name}: ${v.impact} ${v.id} at ${v.nodes
          .slice(0, 4)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
          .join('; ')}`,
    );
  const minor = result.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
  const checked = result.passes.length + result.violations.length + result.incomplete.length;
  // the contrast rule alone, with every node: how many texts it measured, and how many it could not (text over a canvas, …)
  const contrast = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly: ['color-contrast'] });
    const nodes = (k: 'passes' | 'violations' | 'incomplete') => r[k].reduce((n, x) => n + x.nodes.length, 0);
    return { passed: nodes('passes'), failed: nodes('violations'), unsure: nodes('incomplete') };
  });
  report(
    `axe-core ${axe.version}, dark: ${name}: ${checked} rule results, ${found.length} serious/critical${minor.length ? `; minor/moderate: ${minor.join(', ')}` : ''}; ` +
      `color-contrast: ${contrast.passed} texts pass, ${contrast.failed} fail, ${contrast.unsure} not measurable`,
  );
  expect(contrast.passed, 'color-contrast measured the texts').toBeGreaterThan(50);
  expect(contrast.failed, 'texts below AA contrast').toBe(0);
  expect(checked, 'axe-core checked the page').toBeGreaterThan(10);
  return found;
}

/**
 * The figures' texts axe-core cannot measure (SVG text over a canvas or over other marks): each one's computed
 * fill, faded by its opacities, against the panel's and the figure's background (--ap-panel, --ap-surface); the
 * lowest contrast found and the texts below 4.5:1. The numbers on the heatmap's cells are checked apart (VIRIDIS_TEXT).
 */
async function figureTexts(page: Page): Promise<{ count: number; lowest: number; below: string[] }> {
  return page.locator('attention-playground').evaluate((host) => {
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const hex = (c: string): number[] => [1, 3, 5].map((i) => parseInt(c.trim().slice(i, i + 2), 16));
    const lum = ([r, g, b]: number[]): number =>
      [r, g, b]
        .map((x) => (x / 255 <= 0.04045 ? x / 255 / 12.92 : ((x / 255 + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a: number[], b: number[]): number => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const cs = getComputedStyle(host);
    const backs = ['--ap-panel', '--ap-surface'].map((v) => hex(cs.getPropertyValue(v)));
    const root = host.shadowRoot!;
    const below: string[] = [];
    let lowest = Infinity;
    let count = 0;
    for (const t of root.querySelectorAll<SVGTextElement>('.hm-overlay text:not(.hm-value), .tl-svg text, .vp-svg text, .lc-svg text')) {
      const style = getComputedStyle(t);
      if (!t.textContent?.trim() || style.display === 'none' || style.visibility === 'hidden' || t.getBBox().width === 0 || !style.fill.startsWith('rgb'))
        continue;
      let alpha = Number(style.fillOpacity);
      for (let n: Element | null = t; n && n !== root.host; n = n.parentElement) alpha *= Number(getComputedStyle(n).opacity);
      if (alpha === 0) continue;
      count += 1;
      for (const back of backs) {
        const ink = rgb(style.fill).map((v, i) => alpha * v + (1 - alpha) * back[i]);
        const r = ratio(ink, back);
        lowest = Math.min(lowest, r);
        if (r < 4.5)
          below.push(
            `${t.getAttribute('class') ?? t.parentElement?.getAttribute('class') ?? 'text'} "${t.textContent.trim().slice(0, 20)}" ${style.fill} ×${alpha.toFixed(2)}: ${r.toFixed(2)}:1`,
          );
      }
    }
    return { count, lowest, below };
  });
}

/** The lowest contrast of the heatmap's cell numbers (black or white, textColourFor) on any viridis colour. */
function viridisTextContrast(): number {
  return Math.min(
    ...colourTable().hex.map((c) => {
      const [a, b] = [luminance(c), luminance(textColourFor(c))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }),
  );
}

test('theme attribute: dark and light, switched live; the figures redraw in the theme’s colours; an embedder’s property and ::part() reach inside', async ({
  page,
  url,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const element = await hostPage(page, url, 'attribute', {
    body: '<attention-playground theme="dark" preset="seed000" panels="operation,results"></attention-playground>',
    head: '<style>attention-playground::part(panel-results) { outline: 3px solid rgb(200, 0, 120); } attention-playground.custom { --ap-accent: #7b2cbf; }</style>',
  });
  await expectTheme(element, 'dark', 'theme="dark" in a light page');
  // the token lines draw their headings in the palette's muted colour (presentation attributes): read again at each switch
  await element.evaluate((e) => e.setAttribute('view', 'both'));
  const heading = element.locator('.tl-heading').first();
  await expect(heading, 'the token lines’ heading in dark').toHaveAttribute('fill', '#9198a1');
  await element.evaluate((e) => e.setAttribute('theme', 'light'));
  await expectTheme(element, 'light', 'theme="light" set on the element');
  await expect(heading, 'the token lines’ heading after the switch to light').toHaveAttribute('fill', '#5b6475');
  await element.evaluate((e) => e.setAttribute('theme', 'dark'));
  await expectTheme(element, 'dark', 'theme="dark" again');
  await expect(heading, 'the token lines’ heading after the switch back').toHaveAttribute('fill', '#9198a1');
  // the heatmap's export (its palette, read again at the switch) has the dark background
  const svg = await element.evaluate(
    (e) => (e as unknown as { resultsPanel(): { heatmap(i?: number): { toSVG(): string } | undefined } | null }).resultsPanel()?.heatmap(0)?.toSVG() ?? '',
  );
  expect(svg, 'the heatmap export’s background in dark').toContain('class="hm-background" width');
  expect(svg, 'the heatmap export’s background in dark').toMatch(/class="hm-background"[^>]*fill="#0d1117"/);
  expect(await element.evaluate((e) => e.getAttribute('theme')), 'the element keeps the attribute it was given').toBe('dark');

  // the parts, and an embedder's custom property set from outside
  const parts = await element.evaluate((e) => [...e.shadowRoot!.querySelectorAll('[part]')].map((n) => n.getAttribute('part')));
  expect(parts, 'the parts the element names').toEqual(expect.arrayContaining(['playground', 'topbar', 'panel panel-operation', 'panel panel-results']));
  expect(
    await element.evaluate((e) => getComputedStyle(e.shadowRoot!.querySelector('.panel-results')!).outlineColor),
    '::part(panel-results) from the page',
  ).toBe('rgb(200, 0, 120)');
  await element.evaluate((e) => e.classList.add('custom'));
  expect(
    await element.evaluate((e) => getComputedStyle(e.shadowRoot!.querySelector('.view-switch .switch-option:has(input:checked)')!).backgroundColor),
    '--ap-accent set by the page on the element',
  ).toBe('rgb(123, 44, 191)');
});

test('theme in the link: #theme=dark opens dark and stays through a preset; auto is not written; an old link opens in auto', async ({ page, url }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, `${url}#theme=dark`);
  const element = page.locator('attention-playground');
  await expectTheme(element, 'dark', '#theme=dark');
  // a link that says only its theme opens the first screen ("the cat sat on the mat"), in that theme
  await expect(page.locator('[data-testid=head-0] [data-rows]').first(), 'the first screen’s six tokens').toHaveAttribute('data-rows', '6');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'the page around the element follows it').toBe('rgb(13, 17, 23)');
  await page.locator('[data-testid=preset]').selectOption('seed000');
  await expect(page.locator('[data-testid=op]'), 'the seed 000 preset').toHaveValue('single_head');
  await expectTheme(element, 'dark', 'after choosing a preset');
  expect(await hashOf(page), 'the link keeps the theme').toMatch(/(^#|&)theme=dark(&|$)/);

  await open(page, `${url}#op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4`);
  await expectTheme(page.locator('attention-playground'), 'light', 'a link without theme in a light browser');
  expect(await hashOf(page), 'auto is not written to the link').not.toContain('theme');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'the page in light').toBe('rgb(238, 241, 246)');
});

test('theme auto follows prefers-color-scheme, live; theme=light and theme=dark do not', async ({ page, url }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, url);
  const element = page.locator('attention-playground');
  await expectTheme(element, 'dark', 'auto with prefers-color-scheme: dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(element, 'light', 'auto after the browser turned light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(element, 'dark', 'auto after the browser turned dark again');

  await open(page, `${url}#theme=light`);
  await expectTheme(page.locator('attention-playground'), 'light', 'theme=light with prefers-color-scheme: dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'the page follows the element, not the media query').toBe(
    'rgb(238, 241, 246)',
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, `${url}#theme=dark`);
  await expectTheme(page.locator('attention-playground'), 'dark', 'theme=dark with prefers-color-scheme: light');
});

test('theme auto follows the host page’s scheme: MkDocs Material slate, JupyterLab dark, VS Code dark, a reveal.js dark deck and slide', async ({
  page,
  url,
}) => {
  await page.emulateMedia({ colorScheme: 'light' }); // the host's own scheme wins over the browser's
  const mkdocs = await hostPage(page, url, 'mkdocs', {
    bodyAttrs: 'data-md-color-scheme="slate"',
    body: '<attention-playground preset="seed000"></attention-playground>',
  });
  await expectTheme(mkdocs, 'dark', 'MkDocs Material slate');
  await page.evaluate(() => document.body.setAttribute('data-md-color-scheme', 'default')); // Material's palette toggle
  await expectTheme(mkdocs, 'light', 'MkDocs Material toggled to default');
  await page.evaluate(() => document.body.setAttribute('data-md-color-scheme', 'slate'));
  await expectTheme(mkdocs, 'dark', 'MkDocs Material toggled back to slate');

  await page.emulateMedia({ colorScheme: 'dark' });
  const mkdocsLight = await hostPage(page, url, 'mkdocs-light', {
    bodyAttrs: 'data-md-color-scheme="default"',
    body: '<attention-playground></attention-playground>',
  });
  await expectTheme(mkdocsLight, 'light', 'MkDocs Material default in a dark browser');
  await page.emulateMedia({ colorScheme: 'light' });

  const jupyter = await hostPage(page, url, 'jupyter', {
    bodyAttrs: 'data-jp-theme-light="false" data-jp-theme-name="JupyterLab Dark"',
    body: '<div class="jp-OutputArea-output"><attention-playground></attention-playground></div>',
  });
  await expectTheme(jupyter, 'dark', 'JupyterLab dark');
  await page.evaluate(() => document.body.setAttribute('data-jp-theme-light', 'true'));
  await expectTheme(jupyter, 'light', 'JupyterLab switched to its light theme');

  const vscode = await hostPage(page, url, 'vscode', { bodyAttrs: 'class="vscode-body vscode-dark"', body: '<attention-playground></attention-playground>' });
  await expectTheme(vscode, 'dark', 'a VS Code notebook output in a dark theme');

  // reveal.js: a dark theme's deck background (black.css: --r-background-color #191919 on .reveal-viewport), no contrast class
  const deck = await hostPage(page, url, 'reveal', {
    bodyAttrs: 'class="reveal-viewport"',
    head: '<style>:root { --r-background-color: #191919; } .reveal-viewport { background: var(--r-background-color); }</style>',
    body: '<div class="reveal"><div class="slides"><section class="present"><attention-playground></attention-playground></section></div></div>',
  });
  await expectTheme(deck, 'dark', 'a reveal.js dark theme (black)');
  // a light slide in it (data-background-color: reveal.js marks the slide has-light-background), then a dark one
  await page.evaluate(() => document.querySelector('section')!.classList.add('has-light-background'));
  await expectTheme(deck, 'light', 'a reveal.js slide with a light background');
  await page.evaluate(() => document.querySelector('section')!.classList.replace('has-light-background', 'has-dark-background'));
  await expectTheme(deck, 'dark', 'a reveal.js slide with a dark background');

  // an element of class "reveal" that is not a deck (a scroll-reveal animation) says nothing: the browser's scheme
  await page.emulateMedia({ colorScheme: 'dark' });
  const notDeck = await hostPage(page, url, 'not-reveal', { body: '<div class="reveal"><attention-playground></attention-playground></div>' });
  await expectTheme(notDeck, 'dark', 'a light page with a .reveal animation class, in a dark browser');
  // theme="light" on the element overrides a dark host
  const forced = await hostPage(page, url, 'forced', {
    bodyAttrs: 'data-md-color-scheme="slate"',
    body: '<attention-playground theme="light"></attention-playground>',
  });
  await expectTheme(forced, 'light', 'theme="light" in MkDocs slate');
});

test('a lesson link with only the theme opens the step’s own state, in dark', async ({ page, url }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, `${url}#lesson=masks&step=2&theme=dark`);
  const element = page.locator('attention-playground');
  await expect(page.locator('[data-testid=lesson-count]'), 'the lesson’s step').toContainText('2');
  await expectTheme(element, 'dark', 'the lesson step in dark');
  const plain = await page.context().newPage();
  await plain.emulateMedia({ colorScheme: 'light' });
  await open(plain, `${url}#lesson=masks&step=2`);
  await expect(plain.locator('[data-testid=lesson-count]')).toContainText('2');
  expect(await page.locator('[data-testid=op]').inputValue(), 'the step’s operation with and without the theme').toBe(
    await plain.locator('[data-testid=op]').inputValue(),
  );
  expect(await page.locator('[data-testid=mask]').inputValue(), 'the step’s mask with and without the theme').toBe(
    await plain.locator('[data-testid=mask]').inputValue(),
  );
  expect(await hashOf(page), 'the theme stays in the lesson’s link').toContain('theme=dark');
  const parts = await element.evaluate((e) => e.shadowRoot!.querySelector('.lesson')?.getAttribute('part'));
  expect(parts, 'the lesson player’s part').toBe('lesson');
});

for (const [name, address] of [
  ['page', '#theme=dark'],
  ['page (中文)', '?lang=zh#theme=dark'],
  ['lesson step', '#lesson=masks&step=2&theme=dark'],
] as const)
  test(`dark: axe-core reports no serious or critical violation (color-contrast included) — ${name}`, async ({ page, url }) => {
    await open(page, `${url}${address}`);
    await expectTheme(page.locator('attention-playground'), 'dark', name);
    // every panel built (the lazy ones too) before axe looks
    await expect(page.locator('attention-playground .panel-placeholder')).toHaveCount(0);
    expect(await axeFindings(page, name), 'serious or critical accessibility violations in dark').toEqual([]);
    const texts = await figureTexts(page);
    const cells = viridisTextContrast();
    report(
      `dark: ${name}: ${texts.count} figure texts axe cannot measure, lowest ${texts.lowest.toFixed(2)}:1; cell numbers on viridis ≥ ${cells.toFixed(2)}:1`,
    );
    expect(texts.count, 'figure texts found').toBeGreaterThan(20);
    expect(texts.below, 'figure texts below 4.5:1 in dark').toEqual([]);
    expect(cells, 'the cell numbers on viridis').toBeGreaterThanOrEqual(4.5);
  });

test('dark: screenshots of the page at 1280 and 375 px and of a lesson step', async ({ page, url, newPage }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, url);
  await expectTheme(page.locator('attention-playground'), 'dark', 'auto in a dark browser');
  await expect(page.locator('attention-playground .panel-placeholder')).toHaveCount(0);
  report(`screenshot: ${await screenshot(page, 'theme-dark-1280.png')}`);

  const phone = await newPage({ url: `${url}#theme=dark`, width: 375, height: 800 });
  await expectTheme(phone.locator('attention-playground'), 'dark', '375 px');
  await expect(phone.locator('attention-playground .panel-placeholder')).toHaveCount(0);
  report(`screenshot: ${await screenshot(phone, 'theme-dark-375.png')}`);

  const lesson = await newPage({ url: `${url}#lesson=masks&step=2&theme=dark` });
  await expectTheme(lesson.locator('attention-playground'), 'dark', 'lesson step');
  await lesson.locator('[data-testid=lesson-title]').waitFor({ state: 'visible' });
  const path = test.info().outputPath('theme-dark-lesson.png');
  await lesson.screenshot({ path });
  await test.info().attach('theme-dark-lesson.png', { path, contentType: 'image/png' });
  report(`screenshot: ${path}`);

  const zh = await newPage({ url: `${url}?lang=zh#theme=dark`, width: 375, height: 800 });
  await expectTheme(zh.locator('attention-playground'), 'dark', '中文, 375 px');
  report(`screenshot: ${await screenshot(zh, 'theme-dark-375-zh.png')}`);
});
