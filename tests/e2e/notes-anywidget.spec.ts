// notes-anywidget.spec.ts — the anywidget front-end and the Quarto / MyST snippets of
// web/examples/README.md in Chromium, with the packed package served as the CDN serves it (routeCdn).
//
// The Python package anywidget, Quarto and mystmd are not installable here, so the page does what
// they would do with the snippets, and no more:
//   anywidget  `_esm` = the CDN address: `(await import(url)).default.render({ model, el })` with an
//              in-page model behaving as anywidget's (Backbone: set() fires change:state at once,
//              save_changes() sends to the kernel, here counted); `_esm` = a file: its text imported
//              from a blob: URL, as anywidget does, with no network at all
//   Quarto     the raw HTML block's content as the body of a page
//   MyST       the {anywidget} directive's module and JSON body, rendered as myst-theme does it: in a
//              shadow root, with its MystAnyModel (no kernel: save_changes() and off() throw)
// Each computes the seed 000 example (read off the element), with no console error.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { snippet } from '../../scripts/snippets.mjs';
import { presetById } from '../../web/src/model/presets';
import { serialize } from '../../web/src/model/state';
import { CDN_PREFIXES, PACKAGE_DIR, routeCdn } from './cdn';
import { checkSeedRows } from './embedding';
import { expect, report, screenshot, test } from './fixtures';
import { commitCell, snapshot, waitForPlot } from './playground';

/** The pages' own (routed) origin: a course-notes site. */
const SITE = 'https://notes.example/';
/** The seed 000 example in the state trait's form. */
const SEED = serialize(presetById('seed000')!.build());

/** `_esm` of the README's anywidget class. */
const esmUrl = (): string => {
  const m = /_esm = "([^"]+)"/.exec(snippet('anywidget-python'));
  if (!m) throw new Error('the snippet anywidget-python sets no _esm = "…"');
  return m[1];
};

/** The Quarto snippet's raw HTML block, without its fences. */
const quartoHtml = (): string => {
  const m = /^```\{=html\}\n([\s\S]*?)\n```\n$/.exec(snippet('quarto-myst-quarto'));
  if (!m) throw new Error('the snippet quarto-myst-quarto is not one ```{=html} block');
  return m[1];
};

/** The MyST snippet's directive: its module address and its JSON body (the model). */
const mystDirective = (): { esm: string; body: Record<string, unknown> } => {
  const m = /^```\{anywidget\} (\S+)\n([\s\S]*?)```\n$/.exec(snippet('quarto-myst-myst'));
  if (!m) throw new Error('the snippet quarto-myst-myst is not one ```{anywidget} directive');
  return { esm: m[1], body: JSON.parse(m[2]) as Record<string, unknown> };
};

declare global {
  interface Window {
    /** The model render() got. */
    __model?: InPageModel;
    /** render()'s clean-up. */
    __cleanup?: () => void;
  }
}

/** What the in-page models record. */
interface InPageModel {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, cb: () => void): void;
  off(event: string, cb: () => void): void;
  /** Every value the front-end set. */
  sets: string[];
  /** save_changes() calls. */
  saves: number;
  /** How many change:state callbacks are registered. */
  listeners: number;
  /** A write from the kernel (or the page): the value, then change:state. */
  fromKernel(value: string): void;
}

/**
 * Import `esm` (an address; a module's text when `text`) in the page and render it into `#widget` with a
 * model: 'anywidget' (Backbone-like) or 'myst' (myst-theme's MystAnyModel, inside a shadow root).
 */
async function renderWidget(page: Page, opts: { esm: string; text?: boolean; kind: 'anywidget' | 'myst'; state: Record<string, unknown> }): Promise<void> {
  await page.evaluate(async ({ esm, text, kind, state }) => {
    const traits: Record<string, unknown> = { ...state };
    const callbacks = new Set<() => void>();
    const model: InPageModel = {
      sets: [],
      saves: 0,
      get listeners() {
        return callbacks.size;
      },
      get: (name) => traits[name],
      set(name, value) {
        if (name === 'state') model.sets.push(String(value));
        assign(name, value, kind === 'myst');
      },
      save_changes() {
        if (kind === 'myst') throw new Error('MystAnyModel.save_changes not implemented yet.');
        model.saves += 1;
      },
      on(event, cb) {
        if (event === 'change:state') callbacks.add(cb);
      },
      off(event, cb) {
        if (kind === 'myst') throw new Error('MystAnyModel.off not implemented yet.');
        if (event === 'change:state') callbacks.delete(cb);
      },
      fromKernel: (value) => assign('state', value, false),
    };
    // Backbone fires no change for an equal value; MyST's model always fires
    function assign(name: string, value: unknown, always: boolean) {
      if (!always && traits[name] === value) return;
      traits[name] = value;
      if (name === 'state') for (const cb of [...callbacks]) cb();
    }
    let url = esm;
    if (text) url = URL.createObjectURL(new Blob([esm], { type: 'text/javascript' })); // anywidget's loadEsm for a file's text
    const mod = (await import(/* @vite-ignore */ url)) as { default: { render(a: { model: InPageModel; el: HTMLElement }): () => void } };
    if (text) URL.revokeObjectURL(url);
    let el = document.querySelector<HTMLElement>('#widget')!;
    if (kind === 'myst') {
      // myst-theme's renderer: a div in the shadow root of the directive's element
      const root = document.createElement('div');
      root.className = 'myst-anywidget';
      root.style.position = 'relative';
      el.attachShadow({ mode: 'open' }).append(root);
      el = root;
    }
    window.__model = model;
    window.__cleanup = mod.default.render({ model, el });
  }, opts);
}

/** A course-notes page at SITE + `name` with `body`. */
async function notesPage(page: Page, name: string, body: string): Promise<void> {
  await page.route(`${SITE}${name}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Notes: ${name}</title></head><body style="margin: 0 auto; max-width: 60rem; padding: 1rem; font-family: sans-serif"><h1>Who listens to whom</h1>${body}</body></html>`,
    }),
  );
  await page.goto(`${SITE}${name}`);
}

/** The model's record, read in the page. */
const recorded = (page: Page) =>
  page.evaluate(() => ({
    sets: window.__model!.sets,
    saves: window.__model!.saves,
    listeners: window.__model!.listeners,
    state: window.__model!.get('state'),
  }));

/** Screenshots at 1280 and 375 px. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await waitForPlot(page);
  report(`${name} at 1280 px: ${await screenshot(page, `${name}-1280.png`)}`);
  await page.setViewportSize({ width: 375, height: 800 });
  await waitForPlot(page);
  report(`${name} at 375 px: ${await screenshot(page, `${name}-375.png`)}`);
}

test.beforeEach(() => {
  if (!existsSync(join(PACKAGE_DIR, 'dist-package', 'standalone.js')))
    test.skip(true, 'SKIPPED notes-anywidget: no build/pack/scratch install (bash scripts/pack.sh builds it)');
});

test('anywidget: render() from the CDN module keeps the state trait in step both ways, and cleans up', async ({ context, page }) => {
  await routeCdn(context);
  const url = esmUrl();
  expect(
    CDN_PREFIXES.some((p) => url.startsWith(p)),
    `the snippet's _esm ${url} is a routed CDN address`,
  ).toBe(true);
  await notesPage(page, 'anywidget.html', '<div id="widget"></div>');
  const t0 = Date.now();
  await renderWidget(page, { esm: url, kind: 'anywidget', state: { state: SEED } });
  await waitForPlot(page);
  await expect.poll(async () => (await snapshot(page)).weights !== null).toBe(true);
  checkSeedRows((await snapshot(page)).weights, 'anywidget, initial state');
  report(`anywidget: seed 000 computed from the CDN module (${Date.now() - t0} ms)`);
  expect(await page.locator('#widget > attention-playground').getAttribute('state')).toBe(SEED);
  expect(await recorded(page)).toEqual({ sets: [], saves: 0, listeners: 1, state: SEED });

  // an edit in the playground → model.set + save_changes, once
  await commitCell(page, 'X', 0, 0, '2.5');
  await expect.poll(async () => (await recorded(page)).saves).toBe(1);
  const edited = await snapshot(page);
  expect(edited.state.matrices.X).toMatchObject({ kind: 'cells' });
  const afterEdit = await recorded(page);
  expect(afterEdit.sets.length).toBe(1);
  expect(afterEdit.state).toBe(afterEdit.sets[0]);
  expect(afterEdit.sets[0]).toContain('X=2.5');

  // the kernel sets the seed 000 state again → the playground shows it, nothing written back
  await page.evaluate((seed) => window.__model!.fromKernel(seed), SEED);
  await expect.poll(async () => JSON.stringify((await snapshot(page)).state.matrices.X)).not.toBe(JSON.stringify(edited.state.matrices.X));
  checkSeedRows((await snapshot(page)).weights, 'anywidget, state from the kernel');
  await page.waitForTimeout(200);
  expect((await recorded(page)).saves).toBe(1);

  await screenshots(page, 'anywidget');

  // the clean-up removes the element and the model's listener
  await page.evaluate(() => window.__cleanup!());
  await expect(page.locator('attention-playground')).toHaveCount(0);
  expect((await recorded(page)).listeners).toBe(0);
});

test('anywidget offline: _esm as the file standalone.js, imported from its text (a blob: URL), no network', async ({ context, page }) => {
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  await notesPage(page, 'offline.html', '<div id="widget"></div>');
  const text = readFileSync(join(PACKAGE_DIR, 'dist-package', 'standalone.js'), 'utf8');
  await renderWidget(page, { esm: text, text: true, kind: 'anywidget', state: { state: '', preset: 'seed000' } });
  await waitForPlot(page);
  await expect.poll(async () => (await snapshot(page)).weights !== null).toBe(true);
  checkSeedRows((await snapshot(page)).weights, 'anywidget from the file');
  // no state given: the preset's is shown and written to the model, once
  await expect.poll(async () => (await recorded(page)).saves).toBe(1);
  expect((await recorded(page)).sets).toEqual([SEED]);
  const outside = requests.filter((u) => !u.startsWith(SITE) && !/^(blob|data):/.test(u));
  expect(outside, 'requests beyond the notes page').toEqual([]);
  report(
    `anywidget offline: ${(text.length / 1024).toFixed(0)} KB module from a blob: URL, seed 000 computed, ${requests.length} requests (${outside.length} outside the page)`,
  );
});

test('MyST {anywidget} directive: the README module and body, rendered as myst-theme does (shadow root, no kernel)', async ({ context, page }) => {
  await routeCdn(context);
  const { esm, body } = mystDirective();
  expect(body).toEqual({ preset: 'seed000' });
  await notesPage(page, 'myst.html', '<div id="widget" class="myst-anywidget"></div>');
  await renderWidget(page, { esm, kind: 'myst', state: body });
  await waitForPlot(page);
  const shadowWeights = () =>
    page.evaluate(() => {
      const el = document.querySelector('#widget')!.shadowRoot!.querySelector('attention-playground') as HTMLElement & {
        getOutcome(): { ok: boolean; view: { heads: { weights: { rows: number; cols: number; data: Float64Array } }[] } } | null;
      };
      const o = el.getOutcome();
      const w = o?.ok ? o.view.heads[0].weights : null;
      return w ? Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))) : null;
    });
  await expect.poll(async () => (await shadowWeights()) !== null).toBe(true);
  const shown = await shadowWeights();
  checkSeedRows(shown, 'MyST directive');
  // the state is kept in the page's model (save_changes throws there: caught, no console error)
  await expect.poll(async () => (await recorded(page)).state).toBe(SEED);
  await commitCell(page, 'X', 0, 0, '3');
  await expect.poll(async () => String((await recorded(page)).state)).toContain('X=3');
  await screenshots(page, 'myst');
  await page.evaluate(() => window.__cleanup!()); // off() throws in MyST's model: the clean-up must not
  await expect(page.locator('attention-playground')).toHaveCount(0);
});

test('Quarto raw HTML block: the README snippet as a page, the module from the CDN', async ({ context, page }) => {
  await routeCdn(context);
  const html = quartoHtml();
  expect(html).toContain('<attention-playground');
  await notesPage(page, 'quarto.html', `<main class="content">${html}</main>`);
  await waitForPlot(page);
  await expect.poll(async () => (await snapshot(page)).weights !== null).toBe(true);
  checkSeedRows((await snapshot(page)).weights, 'Quarto block');
  await screenshots(page, 'quarto');
});
