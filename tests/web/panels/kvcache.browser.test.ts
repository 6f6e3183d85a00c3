// kvcache.browser.test.ts — the KV-cache panel of a playground showing only
// it, in Chromium: the stepper steps through every token (buttons and keys)
// and its outputs equal the full causal pass within 1e-12, read off the panel
// (the seeded example and a grouped-query state of the playground's own); the
// calculator shows 17,179,869,184 bytes (16 GiB) for Llama-3-8B at 128k
// tokens in fp16, an edited field recomputes, junk is explained at the field;
// the words in 中文.

import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { defaultState, serialize } from '../../../web/src/model/state';
import { focused, mount, normalized, textOf, WAIT, watchPlaygrounds, type Mounted } from '../support/playground-browser';

watchPlaygrounds();

/** The largest difference printed by the check line, as a number. */
function shownDiff(p: Mounted, t: number): number {
  const text = p.find('kv-check').textContent ?? '';
  const m = new RegExp(`^Output rows 1–${t}: equal to grouped_query_attention with a causal mask: largest difference (\\S+)$`).exec(text);
  expect(m, `the check line: ${text}`).not.toBeNull();
  return Number(m![1]);
}

/** A grouped-query state of the playground's own: X (5 × 4) as q, k and v, 4 query heads over 2 KV heads of width 2. */
function gqaState(): string {
  const s = defaultState();
  s.op = 'gqa';
  s.mask = 'causal';
  s.numHeads = 4;
  s.numKvHeads = 2;
  const m = (rows: number, cols: number, seed: number) => ({ kind: 'random' as const, rows, cols, seed, scale: 0.5, digits: 2 });
  s.matrices = { Q: m(5, 4, 1), K: m(5, 4, 1), V: m(5, 4, 1), Wq: m(4, 8, 2), Wk: m(4, 4, 3), Wv: m(4, 4, 4), Wo: m(8, 3, 5) };
  return `#${serialize(s)}`;
}

/** The KV-cache panel alone, on the first screen's state unless `state` says otherwise. */
const kvPanel = (more: Record<string, string> = {}) => mount({ panels: 'kvcache', lang: 'en', ...more });

/** Wait until the stepper's status reads `text`. */
const status = (p: Mounted, text: string, timeout = WAIT.timeout) => expect.poll(() => p.text('kv-status'), { timeout }).toBe(text);

describe('the stepper', () => {
  test('steps through every token and matches the full causal pass', async () => {
    const p = await kvPanel();
    await status(p, 'token 0 of 6: the cache is empty');
    await expect.poll(() => p.text('kv-source'), WAIT).toContain('6 tokens, d = 8, 4 query heads over 2 KV heads');
    for (let t = 1; t <= 6; t++) {
      await userEvent.click(p.find('kv-step'));
      await status(p, `token ${t} of 6: cache holds ${16 * t} values`);
      expect(shownDiff(p, t)).toBeLessThan(1e-12);
      await expect.poll(() => p.one('.kv-weights-table tbody tr')?.querySelectorAll('td').length ?? 0, WAIT).toBe(t);
    }
    await userEvent.click(p.find('kv-step')); // past the end: stays
    await status(p, 'token 6 of 6: cache holds 96 values');
    await userEvent.click(p.find('kv-previous'));
    await status(p, 'token 5 of 6: cache holds 80 values');
    await userEvent.click(p.find('kv-reset'));
    await status(p, 'token 0 of 6: the cache is empty');
    await userEvent.click(p.find('kv-play'));
    await status(p, 'token 6 of 6: cache holds 96 values', 10_000);
    await expect.poll(() => p.find('kv-play').getAttribute('aria-pressed'), WAIT).toBe('false');
  });

  test("the playground's own grouped-query inputs are decoded, and the keyboard works", async () => {
    const p = await kvPanel({ state: gqaState() });
    await expect.poll(() => p.text('kv-source'), WAIT).toContain('4 query heads over 2 KV heads');
    await expect.poll(() => p.text('kv-source'), WAIT).toContain('X = the Q input');
    p.find('kv-step').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Space}');
    await status(p, 'token 2 of 5: cache holds 16 values');
    p.find('kv-cache').focus();
    expect(focused(), 'the cache figure has the focus').toBe(p.find('kv-cache'));
    await userEvent.keyboard('{End}');
    await status(p, 'token 5 of 5: cache holds 40 values');
    expect(shownDiff(p, 5)).toBeLessThan(1e-12);
    await userEvent.keyboard('{ArrowLeft}');
    await status(p, 'token 4 of 5: cache holds 32 values');
    await userEvent.keyboard('{Home}');
    await status(p, 'token 0 of 5: the cache is empty');
  });
});

test('the calculator: Llama-3-8B at 128k fp16 is 17,179,869,184 bytes (16 GiB); edits recompute; junk is explained', async () => {
  const p = await kvPanel();
  await expect.poll(() => p.value('kv-config'), WAIT).toBe('llama3-8b');
  await expect.poll(() => p.text('kv-total'), WAIT).toBe('Llama-3-8B at 131,072 tokens in fp16: 17,179,869,184 bytes (16 GiB)');
  await expect.poll(() => textOf(p.one('.kv-bar-chosen')), WAIT).toContain('16 GiB');
  await userEvent.fill(p.find('kv-kvHeads'), '32');
  await expect.poll(() => p.text('kv-total'), WAIT).toBe('custom (edited) at 131,072 tokens in fp16: 68,719,476,736 bytes (64 GiB)');
  await userEvent.fill(p.find('kv-layers'), 'many');
  await expect.poll(() => p.text('kv-error-layers'), WAIT).toBe('“many” is not a whole number: type one from 1 to 1,000');
  await expect.poll(() => p.find('kv-layers').getAttribute('aria-invalid'), WAIT).toBe('true');
  await expect.poll(() => p.visible('kv-kept'), WAIT).toBe(true);
  await expect.poll(() => normalized(p.one('[data-testid=kv-total]')?.innerText), WAIT).toContain('68,719,476,736 bytes');
  await userEvent.fill(p.find('kv-layers'), '32');
  await expect.poll(() => p.visible('kv-error-layers'), WAIT).toBe(false);
  await userEvent.selectOptions(p.find('kv-config'), 'mistral-7b');
  await expect.poll(() => p.text('kv-total'), WAIT).toBe('Mistral-7B at 131,072 tokens in fp16: 536,870,912 bytes (512 MiB)');
  await userEvent.selectOptions(p.find('kv-config'), 'falcon-7b');
  await expect.poll(() => p.text('kv-about'), WAIT).toContain('MQA');
});

test('in 中文', async () => {
  const p = await mount({ panels: 'kvcache', lang: 'zh' });
  await userEvent.click(p.find('kv-step'));
  await expect.poll(() => p.text('kv-status'), WAIT).toBe('第 1 个词元（共 6 个）：缓存中有 16 个值');
  await expect.poll(() => p.text('kv-total'), WAIT).toBe('Llama-3-8B 在 131,072 个词元、fp16 下：17,179,869,184 字节（16 GiB）');
});

/** WCAG relative luminance of a computed "rgb(r, g, b)". */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => {
    const s = Number(x) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('the cache blocks and the bars take the theme’s head colours: each KV head its own, 3:1 on the panel in light and in dark, switched live', async () => {
  const p = await kvPanel({ theme: 'light' });
  await userEvent.click(p.find('kv-step'));
  await expect.poll(() => p.el.shadowRoot!.querySelectorAll('.kv-block').length, WAIT).toBe(2);
  await expect.poll(() => p.el.shadowRoot!.querySelectorAll('.kv-bars rect').length, WAIT).toBeGreaterThan(0);
  const read = () => {
    const root = p.el.shadowRoot!;
    const panel = getComputedStyle(root.querySelector('.panel-kvcache') ?? root.querySelector('.panel')!).backgroundColor;
    const fill = (e: Element) => getComputedStyle(e).fill;
    const blocks = [...root.querySelectorAll('.kv-block')].map((b) => ({
      swatch: fill(b.querySelector('rect')!),
      cells: new Set([...b.querySelectorAll('g rect')].map(fill)),
      title: getComputedStyle(b.querySelector('text')!).fill,
    }));
    const bars = new Set([...root.querySelectorAll('.kv-bars rect')].map(fill));
    return { panel, blocks, bars: [...bars] };
  };
  const check = (theme: string) => {
    const { panel, blocks, bars } = read();
    expect(
      blocks.map((b) => b.swatch).every((c) => /^rgb\(/.test(c)),
      `${theme}: the swatches resolve to colours`,
    ).toBe(true);
    expect(new Set(blocks.map((b) => b.swatch)).size, `${theme}: the two KV heads in two colours`).toBe(2);
    for (const b of blocks) {
      expect([...b.cells], `${theme}: a block's cells in its head's colour`).toEqual([b.swatch]);
      expect(contrast(b.swatch, panel), `${theme}: ${b.swatch} on ${panel}`).toBeGreaterThanOrEqual(3);
      expect(contrast(b.title, panel), `${theme}: the title ${b.title} on ${panel}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const c of bars) expect(contrast(c, panel), `${theme}: a bar ${c} on ${panel}`).toBeGreaterThanOrEqual(3);
    return blocks.map((b) => b.swatch);
  };
  const light = check('light');
  p.el.setAttribute('theme', 'dark');
  await expect.poll(() => p.el.matches(':state(dark)'), WAIT).toBe(true);
  const dark = check('dark');
  expect(dark, 'the first KV head is lighter on dark').not.toEqual(light);
});
