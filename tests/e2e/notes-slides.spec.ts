// notes-slides.spec.ts — the reveal.js deck (web/examples/slides/deck.html, built by scripts/examples/slides.sh
// into build/examples/slides/ with reveal.js 6.0.2's own files and the README's snippets slides-head,
// slides-sections and slides-init, verbatim), and dark.html, the same deck in reveal.js's dark theme black.css.
//
// Slide 1 is a title, slide 2 a playground with the seed 000 example, slide 3 a configured one (multi_head,
// h = 2, causal, its own Q, K, V) on a dark background, which the playground follows (theme auto). The
// playground comes from the CDN address of the snippet, served here from the packed tarball (routeCdn).
// reveal.js hides the slides that are not shown (`hidden`, `inert`, and `display: none` beyond its
// viewDistance) and scales them (a transform; on phones its scroll view): the playgrounds must compute and
// draw when their slide is shown, keep working when the deck moves away and back, keep the keys typed in
// them (a "." would black the screen out), and stay readable at 375 px.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import { snippet } from '../../scripts/snippets.mjs';
import { routeCdn } from './cdn';
import { checkSeedRows } from './embedding';
import { expect, report, screenshot, test } from './fixtures';
import { attentionWeights, cellValueText, matmul, SEED_000, seedWeights, type Matrix } from './reference';
import { expectTheme } from './theme-check';

const BUILD = fileURLToPath(new URL('../../build/examples/slides/', import.meta.url));
const REVEAL_VERSION = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../node_modules/reveal.js/package.json', import.meta.url)), 'utf8')) as { version: string }
).version;
const SNIPPETS = ['slides-head', 'slides-sections', 'slides-init'];
/** The playgrounds of slides 2 and 3 (the test checks they are there: reveal.js's scroll view wraps the sections, so no nth-child). */
const SLIDE2 = 'attention-playground[preset="seed000"]';
const SLIDE3 = 'attention-playground[op="multi_head"]';
/** The slide shown (reveal.js marks it "present", in the scroll view too). */
const PRESENT = '.reveal .slides section.present';

interface RevealApi {
  isReady(): boolean;
  isPaused(): boolean;
  getIndices(): { h: number; v: number };
  getScale(): number;
  VERSION: string;
}
declare global {
  interface Window {
    Reveal?: RevealApi;
  }
  interface HTMLElement {
    /** Set on an element once: still there later = the same element (reveal.js did not rebuild the slide). */
    __seen?: boolean;
  }
}

/** Open the deck at `url` (the CDN routed) and wait for reveal.js. */
async function openDeck(page: Page, url: string): Promise<void> {
  await routeCdn(page);
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => window.Reveal?.isReady() ?? false), { message: 'reveal.js is not ready', intervals: [50] }).toBe(true);
}

/** Press `key` (the deck has the focus) and wait until slide `n` (1-based) is shown and its transition is over. */
async function go(page: Page, key: string, n: number): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => page.evaluate(() => window.Reveal!.getIndices().h + 1), { message: `${key} did not lead to slide ${n}`, intervals: [50] }).toBe(n);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('.reveal .slides section.present')!.getAnimations({ subtree: true }).length), {
      message: `slide ${n} is still moving`,
      intervals: [50],
    })
    .toBe(0);
}

/** A leftward swipe of a finger across the element at `selector` (as reveal.js sees it); resolves with the slide (1-based) then shown. */
const swipe = (page: Page, selector: string): Promise<number> =>
  page.evaluate((sel) => {
    const target = document.querySelector(sel)!;
    const x0 = target.getBoundingClientRect().left + 300;
    const y = target.getBoundingClientRect().top + 20;
    for (const [type, x] of [
      ['pointerdown', x0],
      ['pointermove', x0 - 100],
      ['pointermove', x0 - 200],
      ['pointerup', x0 - 200],
    ] as const)
      target.dispatchEvent(
        new PointerEvent(type, {
          pointerType: 'touch',
          pointerId: 7,
          isPrimary: true,
          clientX: x,
          clientY: y,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    return window.Reveal!.getIndices().h + 1;
  }, selector);

/** Every head's weights (exact numbers) of the playground at `selector`; null until it has an ok outcome. */
const headWeights = (page: Page, selector: string): Promise<number[][][] | null> =>
  page.evaluate((sel) => {
    const o = (document.querySelector(sel) as AttentionPlayground).getOutcome();
    if (!o?.ok) return null;
    return o.view.heads.map(({ weights: w }) => Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols))));
  }, selector);

/** The heads' weights once computed. */
async function computed(page: Page, selector: string, what: string): Promise<number[][][]> {
  await expect.poll(() => headWeights(page, selector), { message: `${what}: no result`, intervals: [50] }).not.toBeNull();
  return (await headWeights(page, selector))!;
}

/**
 * How the heatmaps of the playground at `selector` are drawn: the canvas's size on the page, the color at the
 * centre of cell (0, 0) and the values printed in the cells (text, position) — the same whether the slide was
 * shown or hidden when the page loaded.
 */
const drawing = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const root = document.querySelector(sel)!.shadowRoot!;
    return [...root.querySelectorAll<HTMLElement>('[data-testid^=head-]')].map((head) => {
      const c = head.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
      const box = c.getBoundingClientRect();
      const grid = head.querySelector<HTMLElement>('[data-rows]')!;
      const rows = Number(grid.dataset['rows']);
      const cols = Number(grid.dataset['cols']);
      const pixel = c.width > 0 ? Array.from(c.getContext('2d')!.getImageData(Math.floor(c.width / cols / 2), Math.floor(c.height / rows / 2), 1, 1).data) : [];
      const values = [...head.querySelectorAll('text.hm-value')].map((t) => `${t.textContent} @ ${t.getAttribute('x')},${t.getAttribute('y')}`);
      return { canvas: [c.width, c.height, Math.round(box.width), Math.round(box.height)], pixel, values };
    });
  }, selector);

/** The drawing of a playground on the slide shown: canvases of a sensible size, cell (0, 0) (weight 1) bright yellow as in viridis. */
async function drawn(page: Page, selector: string, heads: number, what: string) {
  await page.locator(`${selector} [data-testid=head-${heads - 1}] canvas.hm-canvas`).waitFor({ state: 'visible' });
  await expect.poll(async () => (await drawing(page, selector)).length, { message: `${what}: heatmaps`, intervals: [50] }).toBe(heads);
  const d = await drawing(page, selector);
  for (const [h, head] of d.entries()) {
    expect(head.canvas[2] >= 100 && head.canvas[3] >= 100, `${what}, head ${h + 1}: the heatmap is ${head.canvas.join(' × ')} on the page`).toBe(true);
    const [r, g, b] = head.pixel;
    expect(r > 200 && g > 180 && b < 100, `${what}, head ${h + 1}: cell (0, 0) (weight 1) is rgb(${head.pixel.join(',')}), not viridis yellow`).toBe(true);
  }
  return d;
}

/** The values printed in head `h`'s cells, as a matrix of texts. */
async function shownValues(page: Page, selector: string, h: number): Promise<string[][]> {
  const cells = await page
    .locator(`${selector} [data-testid=head-${h}] text.hm-value`)
    .evaluateAll((ts) =>
      ts.map((t) => ({ row: Number(t.getAttribute('data-row')), col: Number(t.getAttribute('data-col')), text: (t.textContent ?? '').trim() })),
    );
  const grid: string[][] = [];
  for (const c of cells) (grid[c.row] ??= [])[c.col] = c.text;
  return grid;
}

/**
 * A screenshot of the window only (fixtures' screenshot() takes the full page, and to do so makes the window as
 * tall as the document: in reveal.js's scroll view that is every slide, which lays the deck out anew).
 */
async function windowShot(page: Page, name: string): Promise<string> {
  const path = test.info().outputPath(name);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
  return relative(process.cwd(), path);
}

/** The causal weights as the cells print them (× above the diagonal). */
const causalTexts = (w: Matrix): string[][] => w.map((row, i) => row.map((v, j) => cellValueText(j > i ? null : v)));

/** max |a − b| over two matrices of the same shape (Infinity when the shapes differ). */
function maxDiff(a: Matrix, b: Matrix): number {
  if (a.length !== b.length || a.some((row, i) => row.length !== b[i].length)) return Infinity;
  return Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));
}

/** Slide 3's weights, head by head, computed here from the element's own attributes (softmax(Q_h·K_hᵀ/√d_k) with the causal mask). */
async function slide3Reference(page: Page): Promise<Matrix[]> {
  const attrs = await page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    return { op: el.getAttribute('op'), h: el.getAttribute('h'), causal: el.getAttribute('causal'), matrices: el.getAttribute('matrices') };
  }, SLIDE3);
  expect(attrs.op === 'multi_head' && attrs.causal === 'true', `slide 3 is not a causal multi_head playground: ${JSON.stringify(attrs)}`).toBe(true);
  const { Q, K } = JSON.parse(attrs.matrices ?? '{}') as { Q: Matrix; K: Matrix };
  const h = Number(attrs.h);
  const dk = Q[0].length / h;
  return Array.from({ length: h }, (_, head) => {
    const cols = (M: Matrix) => M.map((row) => row.slice(head * dk, (head + 1) * dk));
    return attentionWeights(cols(Q), cols(K), (i, j) => j > i);
  });
}

/** Slide 2 computes and shows the seed 000 example. */
async function checkSlide2(page: Page, what: string): Promise<void> {
  const [w] = await computed(page, SLIDE2, what);
  checkSeedRows(w, what);
  expect(await shownValues(page, SLIDE2, 0), `${what}: the values printed in the cells`).toEqual(causalTexts(seedWeights(true)));
}

/** Slide 3 computes and shows its two heads as the reference does. */
async function checkSlide3(page: Page, what: string): Promise<void> {
  const want = await slide3Reference(page);
  const got = await computed(page, SLIDE3, what);
  expect(got.length, `${what}: heads`).toBe(want.length);
  for (const [h, w] of want.entries()) {
    const diff = maxDiff(got[h], w);
    expect(diff, `${what}, head ${h + 1}: max |Δ| = ${diff}: ${JSON.stringify(got[h])}`).toBeLessThan(1e-12);
    expect(await shownValues(page, SLIDE3, h), `${what}, head ${h + 1}: the values printed in the cells`).toEqual(causalTexts(w));
  }
  // the two heads look at different halves of Q and K: they must not agree (a check that the split happened)
  expect(maxDiff(got[0], got[1]), `${what}: head 1 and head 2 are the same`).toBeGreaterThan(0.05);
}

test.describe('reveal.js slides (build/examples/slides)', () => {
  test.skip(!existsSync(join(BUILD, 'index.html')), 'SKIPPED slides: build/examples/slides/index.html is missing (scripts/examples/slides.sh printed why)');

  test('1280 px: the snippets verbatim; slides 2 and 3 right through 1 → 2 → 3 → 1 → 3; keys typed in a playground stay there', async ({ page, server }) => {
    const html = readFileSync(join(BUILD, 'index.html'), 'utf8');
    for (const name of SNIPPETS) expect(html.includes(snippet(name)), `index.html does not contain the snippet "${name}" verbatim`).toBe(true);
    for (const f of ['reveal.js', 'reveal.css', 'reset.css', 'theme/white.css'])
      expect(
        readFileSync(join(BUILD, 'dist', f)).equals(readFileSync(fileURLToPath(new URL(`../../node_modules/reveal.js/dist/${f}`, import.meta.url)))),
        `dist/${f}`,
      ).toBe(true);

    await page.setViewportSize({ width: 1280, height: 720 });
    const s = await server({ root: BUILD, csp: false });
    await openDeck(page, s.url);
    expect(await page.evaluate(() => window.Reveal!.VERSION), 'the reveal.js the deck runs').toBe(REVEAL_VERSION);
    expect(await page.evaluate(() => window.Reveal!.getIndices().h), 'the deck opens on slide 1').toBe(0);
    await expect(page.locator('attention-playground'), 'playgrounds in the deck').toHaveCount(2);
    const slideOf = (sel: string) =>
      page.evaluate((x) => [...document.querySelectorAll('.reveal .slides section')].indexOf(document.querySelector(x)!.closest('section')!) + 1, sel);
    expect([await slideOf(SLIDE2), await slideOf(SLIDE3)], 'the slides of the seed 000 and the multi_head playgrounds').toEqual([2, 3]);
    report(`slides: reveal.js scale at 1280 × 720: ${(await page.evaluate(() => window.Reveal!.getScale())).toFixed(3)}`);

    await go(page, 'ArrowRight', 2);
    await checkSlide2(page, 'slide 2');
    await expectTheme(page.locator(SLIDE2), 'light', 'slide 2 on the white theme');
    const first2 = await drawn(page, SLIDE2, 1, 'slide 2');
    report(`slides: ${await screenshot(page, 'slides-2-1280.png')}`);

    await go(page, 'ArrowRight', 3);
    await checkSlide3(page, 'slide 3');
    await expectTheme(page.locator(SLIDE3), 'dark', 'slide 3 with its dark background (data-background-color)');
    const first3 = await drawn(page, SLIDE3, 2, 'slide 3');
    report(`slides: ${await screenshot(page, 'slides-3-1280.png')}`);
    await page.evaluate((sels) => sels.forEach((sel) => (document.querySelector<HTMLElement>(sel)!.__seen = true)), [SLIDE2, SLIDE3]);

    // away to the title and back: the same elements, the same results, drawn the same way
    await go(page, 'ArrowLeft', 2);
    await go(page, 'ArrowLeft', 1);
    await go(page, 'ArrowRight', 2);
    await checkSlide2(page, 'slide 2 after 3 → 1 → 2');
    expect(await drawn(page, SLIDE2, 1, 'slide 2 after 3 → 1 → 2'), 'slide 2 drawn as the first time').toEqual(first2);
    await go(page, 'ArrowRight', 3);
    await checkSlide3(page, 'slide 3 after 3 → 1 → 3');
    expect(await drawn(page, SLIDE3, 2, 'slide 3 after 3 → 1 → 3'), 'slide 3 drawn as the first time').toEqual(first3);
    expect(
      await page.evaluate((sels) => sels.map((sel) => document.querySelector<HTMLElement>(sel)!.__seen === true), [SLIDE2, SLIDE3]),
      'reveal.js replaced a playground',
    ).toEqual([true, true]);

    // the playgrounds fit their slides: nothing wider than the slide, the scroll box inside the window
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.reveal .slides section.present .playground-slide')].map((d) => {
        const r = d.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, scroll: d.scrollWidth - d.clientWidth };
      }),
    );
    expect(boxes.length, 'slide 3 has its scroll box').toBe(1);
    for (const b of boxes)
      expect(b.top >= 0 && b.bottom <= 720 && b.left >= 0 && b.right <= 1280 && b.scroll <= 0, `slide 3's box ${JSON.stringify(b)}`).toBe(true);

    // keys typed in a playground stay there; an edit survives leaving the slide and coming back
    await go(page, 'ArrowLeft', 2);
    // "0.5" with the arrow keys in a cell of X: reveal.js would black the screen out on "." and turn the slide on an arrow
    const x00 = page.locator(`${SLIDE2} [data-testid=grid-X] input[data-row="0"][data-col="0"]`);
    await x00.click();
    await x00.press('Control+a');
    await page.keyboard.type('0.5');
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'End']) await page.keyboard.press(key);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => [window.Reveal!.getIndices().h + 1, window.Reveal!.isPaused()]), 'slide and pause after typing in a cell').toEqual([
      2,
      false,
    ]);

    const X = SEED_000.X.map((row, i) => row.map((v, j) => (i === 0 && j === 0 ? 0.5 : v)));
    const edited = attentionWeights(matmul(X, SEED_000.Wq), matmul(X, SEED_000.Wk), (i, j) => j > i);
    const check = async (what: string) => {
      await expect
        .poll(async () => maxDiff((await headWeights(page, SLIDE2))?.[0] ?? [], edited), {
          message: `${what}: the weights with X[0][0] = 0.5`,
          intervals: [50],
        })
        .toBeLessThan(1e-12);
      expect(await page.evaluate((sel) => (document.querySelector(sel) as AttentionPlayground).getState().matrices.X, SLIDE2), `${what}: X`).toMatchObject({
        kind: 'cells',
        cells: [['0.5', '0.2', '0.3', '0.4'], ...SEED_000.X.slice(1).map((row) => row.map(String))],
      });
      expect(await shownValues(page, SLIDE2, 0), `${what}: the values printed in the cells`).toEqual(causalTexts(edited));
    };
    await check('after the edit');

    // a click on the slide outside the playground gives the keys back to the deck
    await page.locator(`${PRESENT} > h3`).click();
    await go(page, 'ArrowRight', 3);
    await checkSlide3(page, 'slide 3 after the edit on slide 2');
    await go(page, 'ArrowLeft', 2);
    await check('back on slide 2');

    // a swipe on a touch screen (reveal.js reads touch pointer events): on the playground (data-prevent-swipe) it stays
    // the playground's; on the slide's title it turns the slide
    expect(await swipe(page, SLIDE2), 'the slide after a swipe across the playground').toBe(2);
    expect(await swipe(page, `${PRESENT} > h3`), 'the slide after a swipe across the title').toBe(3);
  });

  test('the deck in reveal.js’s dark theme (black.css): both playgrounds dark, in a light browser, the same numbers', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' }); // the deck's theme wins over the browser's
    const s = await server({ root: BUILD, csp: false });
    await openDeck(page, `${s.url}dark.html`);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.reveal-viewport') ?? document.body).backgroundColor)).toBe('rgb(25, 25, 25)');
    await go(page, 'ArrowRight', 2);
    await checkSlide2(page, 'slide 2 of the dark deck');
    await expectTheme(page.locator(SLIDE2), 'dark', 'slide 2 on black.css');
    report(`slides (black.css): ${await screenshot(page, 'slides-dark-2-1280.png')}`);
    await go(page, 'ArrowRight', 3);
    await checkSlide3(page, 'slide 3 of the dark deck');
    await expectTheme(page.locator(SLIDE3), 'dark', 'slide 3 on black.css');
  });

  test('slides hidden when the page loads (display: none) draw the same once shown', async ({ page, newPage, server }) => {
    const s = await server({ root: BUILD, csp: false });
    // reveal.js takes its options from the query too: viewDistance=1 hides every slide but the first (display: none);
    // transition=none saves the test the slides' movement (the first test has it)
    const hidden = await newPage({ width: 1280, height: 720 });
    await openDeck(hidden, `${s.url}?viewDistance=1&transition=none`);
    const atLoad = await hidden.evaluate(
      (sels) => sels.map((sel) => [getComputedStyle(document.querySelector(sel)!.closest('section')!).display, document.querySelector(sel)!.clientWidth]),
      [SLIDE2, SLIDE3],
    );
    expect(atLoad, 'slides 2 and 3 at load: [display, width of the playground]').toEqual([
      ['none', 0],
      ['none', 0],
    ]);
    await computed(hidden, SLIDE2, 'slide 2 while hidden');
    await computed(hidden, SLIDE3, 'slide 3 while hidden');

    await page.setViewportSize({ width: 1280, height: 720 });
    await openDeck(page, `${s.url}?transition=none`); // the default viewDistance: slides 2 and 3 laid out (display: block) though not shown
    const shownAtLoad = await page.evaluate((sels) => sels.map((sel) => document.querySelector(sel)!.clientWidth), [SLIDE2, SLIDE3]);
    expect(Math.min(...shownAtLoad), `the playgrounds' widths at load with the default viewDistance: ${shownAtLoad.join(', ')}`).toBeGreaterThan(0);

    for (const p of [hidden, page]) await go(p, 'ArrowRight', 2);
    await checkSlide2(hidden, 'slide 2, hidden at load');
    expect(await drawn(hidden, SLIDE2, 1, 'slide 2, hidden at load'), 'slide 2 hidden at load vs laid out at load').toEqual(
      await drawn(page, SLIDE2, 1, 'slide 2'),
    );
    for (const p of [hidden, page]) await go(p, 'ArrowRight', 3);
    await checkSlide3(hidden, 'slide 3, hidden at load');
    expect(await drawn(hidden, SLIDE3, 2, 'slide 3, hidden at load'), 'slide 3 hidden at load vs laid out at load').toEqual(
      await drawn(page, SLIDE3, 2, 'slide 3'),
    );
  });

  test('375 px: reveal.js scroll view, the playgrounds readable at their own size and right', async ({ newPage, server }) => {
    const s = await server({ root: BUILD, csp: false });
    const page = await newPage({ width: 375, height: 812 });
    await openDeck(page, s.url);
    expect(await page.locator('.reveal-viewport.reveal-scroll').count(), 'reveal.js scroll view below 435 px').toBe(1);
    const scale = await page.evaluate(() => window.Reveal!.getScale());
    report(`slides: reveal.js scale at 375 × 812: ${scale.toFixed(3)}`);

    const readable = async (selector: string, what: string) => {
      const m = await page.evaluate((sel) => {
        const el = document.querySelector(sel)!;
        const box = el.closest('.playground-slide')!.getBoundingClientRect();
        const value = el.shadowRoot!.querySelector('[data-testid=head-0] text.hm-value')!.getBoundingClientRect();
        const label = el.shadowRoot!.querySelector('.panel-title')!.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          top: box.top,
          bottom: box.bottom,
          value: value.height,
          title: label.height,
          scroll: document.documentElement.scrollWidth - innerWidth,
        };
      }, selector);
      // at reveal.js's own scale (≈ 0.39) a 15 px text would be 6 px tall; kept at its size it is ≥ 12 px
      expect(m.value >= 10 && m.title >= 14, `${what}: text heights on screen ${JSON.stringify(m)}`).toBe(true);
      expect(m.left >= 0 && m.right <= 375 && m.top >= 0 && m.bottom <= 812 && m.scroll <= 0, `${what}: the playground's box ${JSON.stringify(m)}`).toBe(true);
    };

    await go(page, 'ArrowRight', 2);
    await checkSlide2(page, 'slide 2 at 375 px');
    await drawn(page, SLIDE2, 1, 'slide 2 at 375 px');
    await readable(SLIDE2, 'slide 2 at 375 px');
    report(`slides: ${await windowShot(page, 'slides-2-375.png')}`);
    await go(page, 'ArrowRight', 3);
    await checkSlide3(page, 'slide 3 at 375 px');
    await drawn(page, SLIDE3, 2, 'slide 3 at 375 px');
    await readable(SLIDE3, 'slide 3 at 375 px');
    report(`slides: ${await windowShot(page, 'slides-3-375.png')}`);
    await go(page, 'ArrowLeft', 2);
    await checkSlide2(page, 'slide 2 at 375 px, after 3 → 2');
  });
});
