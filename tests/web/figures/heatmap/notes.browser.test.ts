// The row notes in a real Chromium: the PNG export includes the notes area
// (it is wider than the same heatmap's without notes, and the notes' text is
// drawn right of the plot, where the plain PNG has nothing), and the table
// alternative of an 8 × 8 heatmap fits its box at a desktop card's width and
// at a phone's: no table is wider than its box.
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../web/src/figures/kit/figure-kit.css';
import '../../../../web/src/figures/heatmap/heatmap.css';
import { Heatmap, type HeatmapData, type HeatmapOptions } from '../../../../web/src/figures/heatmap/heatmap';

const made: Heatmap[] = [];
afterEach(() => {
  for (const h of made.splice(0)) h.destroy();
  document.body.replaceChildren();
});

/** A heatmap in a container `width` px wide, drawn (after the resize observer's frame). */
async function heatmap(data: HeatmapData, options: HeatmapOptions, width: number): Promise<Heatmap> {
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  document.body.append(host);
  const h = new Heatmap(host, options);
  h.update(data);
  made.push(h);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return h;
}

/** Softmax-like weights that print with 9 characters in the table ("0.0123457"), row i peaked at key i. */
function weights(n: number): HeatmapData {
  return {
    values: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 - (n - 1) * 0.0123457 : 0.0123457 + 1e-7 * j))),
    rows: n,
    cols: n,
  };
}

/** A PNG blob decoded: its size and a pixel reader. */
async function decode(blob: Blob): Promise<{ width: number; height: number; at: (x: number, y: number) => number[] }> {
  const bmp = await createImageBitmap(blob);
  const c = document.createElement('canvas');
  c.width = bmp.width;
  c.height = bmp.height;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bmp, 0, 0);
  const data = ctx.getImageData(0, 0, c.width, c.height).data;
  return {
    width: bmp.width,
    height: bmp.height,
    at: (x, y) => {
      const k = (Math.floor(y) * c.width + Math.floor(x)) * 4;
      return [data[k], data[k + 1], data[k + 2]];
    },
  };
}

/** How many pixels in a rectangle of the image are dark (text). */
function darkPixels(img: { at: (x: number, y: number) => number[] }, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.floor(y0); y < y1; y++) for (let x = Math.floor(x0); x < x1; x++) if (img.at(x, y).every((v) => v < 128)) n++;
  return n;
}

describe('the PNG export with row notes', () => {
  it('is wider than without them, and has the notes’ text right of the plot', async () => {
    const n = 4;
    const notes: HeatmapOptions = { rowNotes: ['0.23', '0.23', '0.23', '0.23'], rowNotesTitle: 'entropy (nats)', legendNote: 'max ln 4 = 1.386' };
    const plain = await heatmap(weights(n), {}, 640);
    const noted = await heatmap(weights(n), notes, 640);
    const a = await decode(await plain.toPNG());
    const b = await decode(await noted.toPNG());
    expect(b.width).toBeGreaterThan(a.width);
    expect(b.width).toBe(2 * Number(noted.element.querySelector('svg.hm-overlay')!.getAttribute('width')));

    // the notes' column: from the plot's right edge to the drawing's, over the rows
    const canvas = noted.element.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
    const right = 2 * (parseFloat(canvas.style.left) + parseFloat(canvas.style.width));
    const top = 2 * parseFloat(canvas.style.top);
    const bottom = top + 2 * parseFloat(canvas.style.height);
    expect(darkPixels(b, right + 4, top, b.width, bottom)).toBeGreaterThan(50);
    // the plain heatmap has nothing there (its image ends at the plot, plus padding)
    expect(darkPixels(a, right + 4, top, a.width, bottom)).toBe(0);
  });
});

describe('the table alternative fits its box', () => {
  for (const width of [298, 311, 644])
    it(`8 × 8 weights with short token names in a ${width} px box: no table wider than the box`, async () => {
      const tokens = ['a', 'bb', 'cat', 'dog', 'eel', 'fox', 'gnu', 'hen'];
      const h = await heatmap(
        weights(8),
        { title: 'head 1', rowLabels: tokens, colLabels: tokens, rowNotes: tokens.map(() => '0.23'), rowNotesTitle: 'entropy (nats)' },
        width,
      );
      h.element.querySelector<HTMLButtonElement>('.hm-table-toggle')!.click();
      const box = h.element.querySelector<HTMLElement>('.hm-table-box')!;
      expect(box.clientWidth).toBe(width);
      const tables = Array.from(box.querySelectorAll<HTMLTableElement>('table.hm-table'));
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) expect(t.getBoundingClientRect().width, t.caption?.textContent ?? '').toBeLessThanOrEqual(width);
      expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
      for (const e of box.querySelectorAll<HTMLElement>('*'))
        expect(e.scrollWidth, e.tagName + ' ' + e.textContent).toBeLessThanOrEqual(e.clientWidth || e.scrollWidth);
      expect(box.querySelectorAll('td[data-row]')).toHaveLength(64);
    });
});
