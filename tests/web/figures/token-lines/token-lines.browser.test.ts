// The token view in a real Chromium (Vitest browser mode): the PNG export
// decoded with createImageBitmap (its size, the background, each head's
// colour on its widest line), the token buttons over their labels as the
// browser lays out the text, nothing wider than a 375-px phone's column, the
// stylesheet's faded lines and pressed token, and real Enter / Space / Tab
// and pointer events; axe-core finds no violation.
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../../../web/src/figures/kit/figure-kit.css';
import '../../../../web/src/figures/token-lines/token-lines.css';
import { TokenLines, type TokenLinesData, type TokenLinesOptions } from '../../../../web/src/figures/token-lines/token-lines';
import { TOKENS, causalData, causalHead, plainData, previousTokenHead } from './fixtures';

const made: TokenLines[] = [];
afterEach(() => {
  for (const t of made.splice(0)) t.destroy();
  document.body.replaceChildren();
});

/** A token view of `data` in a container `width` px wide, drawn after the resize observer's frame. */
async function view(data: TokenLinesData, width: number, options: TokenLinesOptions = {}, theme?: string): Promise<TokenLines> {
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  if (theme) host.className = theme;
  document.body.append(host);
  const t = new TokenLines(host, options);
  t.update(data);
  made.push(t);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return t;
}

/** The decoded pixels of a PNG blob: size and an RGBA lookup. */
async function decode(blob: Blob): Promise<{ width: number; height: number; at: (x: number, y: number) => number[]; data: Uint8ClampedArray }> {
  const bmp = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bmp.width;
  canvas.height = bmp.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bmp, 0, 0);
  const data = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y) * bmp.width + Math.round(x)) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]];
  };
  return { width: bmp.width, height: bmp.height, at, data };
}

const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (px: number[], want: number[], tol: number): boolean => want.every((c, i) => Math.abs(px[i] - c) <= tol) && px[3] === 255;
const num = (el: Element, name: string): number => Number(el.getAttribute(name));
const two = (): TokenLinesData => causalData(TOKENS, [causalHead(6), previousTokenHead(6)]);

describe('TokenLines.toPNG() in Chromium', () => {
  it('is a PNG twice the figure’s size, white behind, with each head’s colour on its lines', async () => {
    const t = await view(two(), 480, { title: 'Layer 0' });
    const svg = t.element.querySelector('svg')!;
    const [w, h] = [num(svg, 'width'), num(svg, 'height')];
    expect(w).toBe(480);
    const blob = await t.toPNG();
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.slice(0, 8).arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = await decode(blob);
    expect([png.width, png.height]).toEqual([2 * w, 2 * h]);
    expect(near(png.at(2 * w - 2, 2 * h - 2), [255, 255, 255], 0)).toBe(true);
    let ink = 0;
    for (let k = 0; k < png.data.length; k += 4) if (png.data[k] < 250 || png.data[k + 1] < 250 || png.data[k + 2] < 250) ink++;
    expect(ink / (png.width * png.height)).toBeGreaterThan(0.02);
    // query 0 → key 0 has weight 1 in both heads: a horizontal line each, head 1 above head 2
    for (const [head, colour, side] of [
      [0, '#0072B2', -1],
      [1, '#D55E00', 1],
    ] as const) {
      const l = t.element.querySelector(`line[data-head="${head}"][data-i="0"][data-j="0"]`)!;
      expect(num(l, 'y1')).toBe(num(l, 'y2'));
      const y = num(l, 'y1') + side * (num(l, 'stroke-width') / 2 - 1); // inside the line, on the side away from the other head
      const x = (num(l, 'x1') + num(l, 'x2')) / 2;
      expect(near(png.at(2 * x, 2 * y), rgb(colour), 3), `head ${head} at ${png.at(2 * x, 2 * y).join(',')}`).toBe(true);
    }
  });

  it('draws on the background of a dark theme (--tl-bg)', async () => {
    const style = document.createElement('style');
    style.textContent = '.dark .tl { --tl-bg: #0d1117; --tl-fg: #e6edf3; }';
    document.head.append(style);
    try {
      const t = await view(causalData(['a', 'b']), 300, {}, 'dark');
      const png = await decode(await t.toPNG());
      expect(near(png.at(2, 2), rgb('#0d1117'), 0)).toBe(true);
    } finally {
      style.remove();
    }
  });
});

describe('layout in Chromium', () => {
  it('fits a 375-px phone’s column: nothing wider than the container, each label inside its button', async () => {
    const tokens = ['Transformers', 'use', 'self-attention', '注意力机制', 'everywhere', 'internationalisation'];
    const t = await view(causalData(tokens, [causalHead(6), previousTokenHead(6)]), 343);
    const host = t.element.parentElement!;
    expect(host.scrollWidth).toBeLessThanOrEqual(host.clientWidth);
    expect(t.element.querySelector('svg')!.getAttribute('width')).toBe('343');
    for (const text of t.element.querySelectorAll<SVGTextElement>('.tl-label')) {
      const side = text.getAttribute('data-side')!;
      const b = t.element.querySelector<HTMLButtonElement>(`button[data-side="${side}"][data-index="${text.getAttribute('data-index')}"]`)!;
      const tr = text.getBoundingClientRect();
      const br = b.getBoundingClientRect();
      expect(tr.left, text.textContent ?? '').toBeGreaterThanOrEqual(br.left - 0.5);
      expect(tr.right, text.textContent ?? '').toBeLessThanOrEqual(br.right + 0.5);
      expect(Math.abs((tr.top + tr.bottom) / 2 - (br.top + br.bottom) / 2), text.textContent ?? '').toBeLessThan(3);
    }
  });

  it('follows its container’s width (ResizeObserver)', async () => {
    const t = await view(two(), 343);
    t.element.parentElement!.style.width = '500px';
    await new Promise((r) => setTimeout(r, 100));
    expect(t.element.querySelector('svg')!.getAttribute('width')).toBe('500');
  });

  it('keeps 64 tokens a side readable: 8 px rows, every second label', async () => {
    const t = await view(plainData(64, 64), 343);
    const labels = Array.from(t.element.querySelectorAll<SVGTextElement>('.tl-labels-q .tl-label'));
    const drawn = labels.filter((l) => l.getAttribute('display') !== 'none');
    expect(drawn).toHaveLength(32);
    for (let k = 1; k < drawn.length; k++) expect(drawn[k].getBoundingClientRect().top).toBeGreaterThanOrEqual(drawn[k - 1].getBoundingClientRect().bottom - 1);
  });
});

describe('interaction in Chromium', () => {
  it('Tab reaches a token, Enter keeps its lines, Space shows all again; the pressed token and faded lines are styled', async () => {
    const t = await view(two(), 480);
    const first = t.element.querySelector<HTMLButtonElement>('button[data-side="query"][data-index="0"]')!;
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.prepend(before);
    before.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const sat = t.element.querySelector<HTMLButtonElement>('button[data-side="query"][data-index="2"]')!;
    expect(document.activeElement).toBe(sat);
    // focus by keyboard: the other queries' lines fade (token-lines.css)
    const other = t.element.querySelector('line[data-head="0"][data-i="4"][data-j="0"]')!;
    expect(getComputedStyle(other).opacity).toBe('0.12');
    await userEvent.keyboard('{Enter}');
    expect(sat.getAttribute('aria-pressed')).toBe('true');
    expect(getComputedStyle(sat).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    expect(getComputedStyle(other).display).toBe('none');
    await userEvent.keyboard(' ');
    expect(sat.getAttribute('aria-pressed')).toBe('false');
    expect(other.hasAttribute('display')).toBe(false);
    await userEvent.keyboard('{Enter}{Escape}');
    expect(sat.getAttribute('aria-pressed')).toBe('false');
    before.remove();
  });

  it('a click chooses without fading the rest; the pointer on a line reads it out', async () => {
    const t = await view(two(), 480);
    const mat = t.element.querySelector<HTMLButtonElement>('button[data-side="key"][data-index="5"]')!;
    await userEvent.click(mat);
    expect(mat.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(mat);
    expect(mat.getAttribute('aria-pressed')).toBe('false');
    mat.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    expect(t.element.querySelectorAll('.tl-faded')).toHaveLength(0); // focused by the click, so nothing fades
    // a point on query 0 → key 0 of head 1, a third of the way along
    const l = t.element.querySelector('line[data-head="0"][data-i="0"][data-j="0"]')!;
    const r = t.element.querySelector('svg')!.getBoundingClientRect();
    const x = num(l, 'x1') + (num(l, 'x2') - num(l, 'x1')) / 3;
    const y = num(l, 'y1') - 1;
    t.element.querySelector('svg')!.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + x, clientY: r.top + y, bubbles: true }));
    expect(t.element.querySelector('.tl-readout')!.textContent).toBe('the (0) → the (0): 1 (head 1)');
  });
});

describe('accessibility in Chromium', () => {
  it('has no axe-core violation, idle and with a token chosen, focused and a line pointed at', async () => {
    const t = await view(two(), 343, { title: 'Layer 0' });
    const check = async (when: string): Promise<void> => {
      const result = await axe.run(t.element);
      expect(
        result.violations.map((v) => `${when}: ${v.id} (${v.nodes.length})`),
        when,
      ).toEqual([]);
    };
    await check('idle');
    const sat = t.element.querySelector<HTMLButtonElement>('button[data-side="query"][data-index="2"]')!;
    await userEvent.click(sat);
    sat.focus();
    await check('chosen');
    t.highlight({ j: 1 });
    t.setDimmed(true);
    await check('dimmed');
  });
});
