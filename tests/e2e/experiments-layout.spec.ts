// experiments-layout.spec.ts — the experiments panel after running all seven
// experiments at a desktop (1280 × 900) and a phone (375 × 800) width: no
// element is clipped or wider than its box, the cards pack without big empty
// areas, screenshots are saved; the intro counts the cards; the seed boxes of
// the matrices show the seed each matrix was drawn with; the
// quadratic chart's table gives n² exactly (6f).

import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { t } from '../../web/src/i18n/i18n';
import { expect, report, test } from './fixtures';
import { runFromPage } from './experiment-runs';
import { hashOf, textOf, twoFrames, waitForPlot, widths } from './playground';

const axe = createRequire(import.meta.url)('axe-core') as typeof import('axe-core');

/** The experiments in page order (as the panel lists them). */
const EXPERIMENT_NAMES = ['scaling', 'permutation', 'quadratic', 'h1', 'relative', 'depth', 'memory'] as const;

/** Small settings for the runs here: the memory experiment's default sweep to n = 32,768 takes a minute (experiments-memory.spec.ts runs it). */
const SMALL: Partial<Record<(typeof EXPERIMENT_NAMES)[number], Record<string, string>>> = { memory: { ns: '64, 128, 256' } };

/** The largest empty band (px) allowed below a card's content, and between two cards. */
const MAX_EMPTY_PX = 48;

/** What overflowing() reports of one element. */
interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
  /** Its overflow-x is auto or scroll: it scrolls sideways rather than cutting its content. */
  scrolls: boolean;
}

/**
 * Every element of the experiments panel (in the shadow root of <attention-playground>) whose content is wider
 * than its box (scrollWidth > clientWidth + 1), except the visually hidden ones (clipped to nothing on purpose,
 * for screen readers); `scrolls` marks the ones meant to scroll (overflow-x auto or scroll).
 */
function overflowing(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const root = document.querySelector('attention-playground')!.shadowRoot!;
    const panel = root.querySelector<HTMLElement>('[data-testid=experiments]')!;
    const hiddenOnPurpose = (e: Element): boolean => {
      for (let a: Element | null = e; a && a !== panel.parentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clipPath !== 'none' || (s.clip !== 'auto' && s.clip !== '')) return true;
      }
      return false;
    };
    const name = (e: Element): string => {
      const id = e.getAttribute('data-testid');
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const card = e.closest('[data-testid^=exp-]:is(section)')?.getAttribute('data-testid') ?? '';
      return `${card ? `${card} › ` : ''}${e.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls} "${text}"`;
    };
    const out: { what: string; scrollWidth: number; clientWidth: number; scrolls: boolean }[] = [];
    // HTML elements and the outer <svg> of each figure: the shapes inside an SVG have no box of their own
    const boxed = [panel, ...panel.querySelectorAll('*')].filter((e) => e instanceof HTMLElement || (e instanceof SVGSVGElement && !e.ownerSVGElement));
    for (const e of boxed) {
      if (e.scrollWidth <= e.clientWidth + 1) continue;
      if (hiddenOnPurpose(e)) continue;
      const overflowX = getComputedStyle(e).overflowX;
      out.push({ what: name(e), scrollWidth: e.scrollWidth, clientWidth: e.clientWidth, scrolls: overflowX === 'auto' || overflowX === 'scroll' });
    }
    return out;
  });
}

/** axe-core on the experiments panel only (inside the shadow root): its serious or critical violations, and how many rule results it checked. */
async function axeOnPanel(page: Page): Promise<{ found: string[]; checked: number }> {
  await page.evaluate(axe.source);
  const result: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(
      { include: [[['attention-playground', '[data-testid=experiments]']]] } as unknown as import('axe-core').ElementContext,
      { resultTypes: ['violations'] },
    ),
  );
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 4)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
  return { found, checked: result.passes.length + result.violations.length + result.incomplete.length };
}

/** How the cards sit: each card's empty band below its content, the gaps between cards, and whether any leaves the panel. */
function cardSpaces(page: Page): Promise<{ card: string; below: number; gapAfter: number | null; outside: boolean }[]> {
  return page.evaluate(() => {
    const root = document.querySelector('attention-playground')!.shadowRoot!;
    const panel = root.querySelector<HTMLElement>('[data-testid=experiments]')!.getBoundingClientRect();
    const cards = [...root.querySelectorAll<HTMLElement>('.exp-card')];
    const boxes = cards.map((c) => c.getBoundingClientRect());
    return cards.map((card, k) => {
      const box = boxes[k];
      const padding = parseFloat(getComputedStyle(card).paddingBottom);
      const contentBottom = Math.max(
        ...[...card.children].filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getBoundingClientRect().bottom),
      );
      // the nearest card below this one, in the same column (overlapping horizontally)
      const below = boxes.filter((b) => b.top >= box.bottom - 1 && b.left < box.right - 1 && b.right > box.left + 1).map((b) => b.top - box.bottom);
      return {
        card: card.getAttribute('data-testid') ?? '?',
        below: Math.round(box.bottom - padding - contentBottom),
        gapAfter: below.length ? Math.round(Math.min(...below)) : null,
        outside: box.left < panel.left - 0.5 || box.right > panel.right + 0.5,
      };
    });
  });
}

for (const [width, height] of [
  [1280, 900],
  [375, 800],
] as const) {
  test(`experiments at ${width} px: after all seven runs nothing is cut or scrolls sideways, the cards pack, axe-core finds no serious violation`, async ({
    newPage,
    url,
  }, testInfo) => {
    test.setTimeout(240_000); // the quadratic sweep to n = 4096 may take a minute on a loaded machine
    const page = await newPage({ url, width, height });
    for (const name of EXPERIMENT_NAMES) {
      for (const [key, value] of Object.entries(SMALL[name] ?? {})) {
        await page.locator(`[data-testid=exp-${name}-${key}]`).fill(value);
        await page.locator(`[data-testid=exp-${name}-${key}]`).dispatchEvent('change');
      }
      await runFromPage(page, name, 150_000);
    }
    await twoFrames(page);
    // the screenshot first, so that a failing layout can be looked at
    const path = testInfo.outputPath(`experiments-${width}.png`);
    await page.locator('[data-testid=experiments]').screenshot({ path });
    await testInfo.attach(`experiments-${width}.png`, { path, contentType: 'image/png' });
    report(`screenshot: experiments panel at ${width} px after all seven runs: ${path}`);
    const wide = await overflowing(page);
    const list = (os: Overflow[]) => os.map((o) => `${o.what}: scrollWidth ${o.scrollWidth} > clientWidth ${o.clientWidth}`).join('\n    ');
    const cut = wide.filter((o) => !o.scrolls);
    expect(cut, `elements wider than their box (their content is cut) at ${width} px:\n    ${list(cut)}`).toEqual([]);
    // stricter than "not cut": nothing in the panel needs a sideways scroll either (a heatmap or table that scrolls hides part of itself)
    const scrollers = wide.filter((o) => o.scrolls);
    expect(scrollers, `elements that scroll sideways at ${width} px:\n    ${list(scrollers)}`).toEqual([]);
    const page0 = await widths(page);
    expect(page0.scroll, `the page is no wider than the viewport at ${width} px`).toBeLessThanOrEqual(page0.client);
    const spaces = await cardSpaces(page);
    const described = spaces.map((s) => `${s.card}: ${s.below} px empty below its content, ${s.gapAfter ?? '—'} px to the next card below`).join('\n    ');
    expect(
      spaces.filter((s) => s.outside).map((s) => s.card),
      `cards that leave the panel at ${width} px`,
    ).toEqual([]);
    expect(
      spaces.filter((s) => s.below > MAX_EMPTY_PX || (s.gapAfter ?? 0) > MAX_EMPTY_PX).map((s) => s.card),
      `cards with more than ${MAX_EMPTY_PX} px of empty space below them at ${width} px:\n    ${described}`,
    ).toEqual([]);
    // the permutation heatmaps: each case captioned, each title drawn whole inside its heatmap's box
    expect(await page.locator('[data-testid^=exp-perm-case-]').allTextContents(), 'the two cases').toEqual([
      t('en', 'exp.perm.without'),
      t('en', 'exp.perm.with'),
    ]);
    const titles = await page.locator('[data-testid=exp-permutation-heatmaps] text.hm-title').evaluateAll((texts) =>
      texts.map((text) => {
        const r = text.getBoundingClientRect();
        const box = text.closest('.perm-map')!.getBoundingClientRect();
        return { text: text.textContent, inside: r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 };
      }),
    );
    expect(titles, `the four heatmap titles, each inside its box at ${width} px`).toEqual(
      ['attention(PX)', 'P·attention(X)', 'attention(PX)', 'P·attention(X)'].map((text) => ({ text, inside: true })),
    );
    // the results as they now are (case figures, side-by-side tables, text areas) stay accessible
    const a11y = await axeOnPanel(page);
    expect(a11y.checked, 'axe-core checked the panel').toBeGreaterThan(10);
    expect(a11y.found, `serious or critical accessibility violations in the experiments panel at ${width} px`).toEqual([]);
  });
}

test('experiments: the intro counts the cards in English and 中文', async ({ page, url, newPage }) => {
  await page.goto(url);
  await waitForPlot(page);
  const cards = await page.locator('[data-testid=experiments] .exp-card').count();
  expect(cards, 'seven experiment cards').toBe(EXPERIMENT_NAMES.length);
  expect(await textOf(page.locator('[data-testid=exp-intro]')), 'the English intro').toBe(t('en', 'exp.intro', { count: cards }));
  expect(await textOf(page.locator('[data-testid=exp-intro]')), 'no word "three" above seven cards').not.toMatch(/three/i);
  const zh = await newPage({ url: `${url}?lang=zh` });
  expect(await textOf(zh.locator('[data-testid=exp-intro]')), 'the Chinese intro').toBe(t('zh', 'exp.intro', { count: cards }));
  expect(await textOf(zh.locator('[data-testid=exp-intro]')), 'no 三个 above seven cards').not.toContain('三个');
});

test('seed boxes: a link with Wq/Wk/Wv drawn from seeds 43/44/45 shows those seeds; a new seed redraws that matrix; Random uses the next seed', async ({
  page,
  url,
}) => {
  // the link format: X as cells ("," between cells, ";" between rows), W* as rand:rows:cols:seed:scale:digits
  const link = `${url}#op=single_head&X=1,0,1,0;0,2,0,2;1,1,1,1&Wq=rand:4:2:43:0.5:2&Wk=rand:4:2:44:0.5:2&Wv=rand:4:2:45:0.5:2`;
  await page.goto(link);
  await waitForPlot(page);
  await expect(page.locator('[data-testid=seed-Wq]'), 'Wq was drawn with seed 43').toHaveValue('43');
  await expect(page.locator('[data-testid=seed-Wk]'), 'Wk was drawn with seed 44').toHaveValue('44');
  await expect(page.locator('[data-testid=seed-Wv]'), 'Wv was drawn with seed 45').toHaveValue('45');
  await expect(page.locator('[data-testid=seed-X]'), 'X is typed: its box shows the seed the next random fill uses (42)').toHaveValue('42');
  // a new seed in Wk's box redraws Wk with it (and the link says so)
  await page.locator('[data-testid=seed-Wk]').fill('99');
  await page.locator('[data-testid=seed-Wk]').dispatchEvent('change');
  await expect.poll(() => hashOf(page), { message: 'the link stores Wk drawn with seed 99' }).toContain('Wk=rand:4:2:99:0.5:2');
  await expect(page.locator('[data-testid=seed-Wk]')).toHaveValue('99');
  // Random on Wq draws with the next seed (42), which its box then shows; the next seed moves on to 43
  await page.locator('[data-testid=random-Wq]').click();
  await expect.poll(() => hashOf(page), { message: 'Random drew Wq with seed 42' }).toContain('Wq=rand:4:2:42:');
  await expect(page.locator('[data-testid=seed-Wq]')).toHaveValue('42');
  await expect(page.locator('[data-testid=seed-X]'), 'the next random fill uses 43').toHaveValue('43');
  await expect(page.locator('[data-testid=seed-Wv]'), 'Wv is untouched').toHaveValue('45');
});

test('experiment seed boxes show the seed of the link and of Back/Forward, and the run uses it', async ({ page, url }) => {
  await page.goto(`${url}#op=attention&x.scaling.seed=11&x.scaling.ds=1%2C64`);
  await waitForPlot(page);
  const seed = page.locator('[data-testid=exp-scaling-seed]');
  await expect(seed, 'the seed of the link').toHaveValue('11');
  await expect(page.locator('[data-testid=exp-h1-seed]'), 'the default seed where the link has none').toHaveValue('7');
  await runFromPage(page, 'scaling');
  expect(await textOf(page.locator('[data-testid=exp-scaling] .lc-caption')), 'the chart caption names the seed used').toContain('seed 11');
  for (const value of ['12', '13']) {
    await seed.fill(value);
    await seed.dispatchEvent('change');
    await expect.poll(() => hashOf(page), { message: `the link stores seed ${value}` }).toContain(`x.scaling.seed=${value}`);
  }
  await page.goBack();
  await expect.poll(() => hashOf(page), { message: 'Back restores the link with seed 12' }).toContain('x.scaling.seed=12');
  await expect(seed, 'after Back the box shows the seed of the restored state, though it still has the focus').toHaveValue('12');
  await page.goBack();
  await expect(seed, 'and the seed of the link before').toHaveValue('11');
  await page.goForward();
  await expect(seed, 'Forward: 12 again').toHaveValue('12');
  await runFromPage(page, 'scaling');
  expect(await textOf(page.locator('[data-testid=exp-scaling] .lc-caption')), 'the run uses the seed shown').toContain('seed 12');
});

test('the quadratic chart’s table gives n² exactly: 16777216 at n = 4096', async ({ page, url }) => {
  test.setTimeout(150_000);
  await page.goto(url);
  await waitForPlot(page);
  await runFromPage(page, 'quadratic', 120_000);
  const size = page.locator('[data-testid=exp-quadratic] .lc').first();
  await size.locator('.lc-table-toggle').click();
  const row = size.locator('.lc-table tbody tr[data-x="4096"]');
  await expect(row.locator('th'), 'the row of n = 4096').toHaveText('4096');
  await expect(row.locator('td').first(), 'n² at n = 4096, exactly').toHaveText('16777216');
  await expect(size.locator('.lc-table tbody tr[data-x="1024"] td').first(), 'n² at n = 1024, exactly').toHaveText('1048576');
});
