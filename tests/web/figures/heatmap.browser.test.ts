// The heatmap's canvas and PNG export in a real Chromium (Vitest browser
// mode). A heatmap of a known matrix with masked cells is drawn, and the
// canvas read back: each visible cell is its viridis colour (colourFor)
// edge to edge, masked cells are the mask grey with the darker hatch over
// it, grid lines separate large cells, and the --hm-mask-fill custom
// property reaches the canvas after refreshColours(). Both painters are
// checked: fillRect per cell (small matrices) and the scaled bitmap (large
// ones). The PNG export is decoded with createImageBitmap and checked for
// its size (twice the CSS size), the cell colours, the background, the
// legend and the labels drawn over it.
import { afterEach, describe, expect, it } from 'vitest';
import '../../../web/src/figures/kit/figure-kit.css';
import '../../../web/src/figures/heatmap/heatmap.css';
import { Heatmap, MASK_FILL, MASK_HATCH, colourFor, parseHex, type HeatmapData, type HeatmapOptions } from '../../../web/src/figures/heatmap/heatmap';

type RGBA = [number, number, number, number];

const made: Heatmap[] = [];
afterEach(() => {
  for (const h of made.splice(0)) h.destroy();
  document.body.replaceChildren();
});

/** A 3 × 4 matrix of known values; (0, 3), (1, 0) and (2, 2) are masked. */
const known: HeatmapData = {
  values: [
    [0, 0.25, 0.5, 1],
    [0.1, 0.9, 0.75, 0.3],
    [1, 0.6, 0.05, 0.45],
  ],
  rows: 3,
  cols: 4,
  masked: [
    [false, false, false, true],
    [true, false, false, false],
    [false, false, true, false],
  ],
};
const value = (d: HeatmapData, i: number, j: number): number => (d.values instanceof Float64Array ? d.values[i * d.cols + j] : d.values[i][j]);
const hidden = (d: HeatmapData, i: number, j: number): boolean => {
  const m = d.masked;
  return !!(m instanceof Uint8Array ? m[i * d.cols + j] : m?.[i]?.[j]);
};

/** A heatmap of `data` in a container `width` px wide, drawn (after the resize observer's frame). */
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

/** RGBA lookup into an image of `width` px. */
function lookup(data: Uint8ClampedArray, width: number): (x: number, y: number) => RGBA {
  return (x, y) => {
    const k = (Math.floor(y) * width + Math.floor(x)) * 4;
    return [data[k], data[k + 1], data[k + 2], data[k + 3]];
  };
}

/** The on-screen canvas read back: its pixels, and the side of a cell in device pixels. */
function canvasPixels(h: Heatmap, cols: number): { at: (x: number, y: number) => RGBA; cell: number; canvas: HTMLCanvasElement } {
  const canvas = h.element.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
  const img = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  return { at: lookup(img.data, canvas.width), cell: canvas.width / cols, canvas };
}

const rgb = (hex: string): RGBA => [...parseHex(hex), 255];
const isGrey = ([r, g, b]: RGBA): boolean => r === g && g === b;

/** The pixels of cell (i, j) inset by `inset` device px (clear of the grid lines). */
function cellPixels(at: (x: number, y: number) => RGBA, cell: number, i: number, j: number, inset: number): RGBA[] {
  const out: RGBA[] = [];
  for (let y = Math.ceil(i * cell + inset); y < (i + 1) * cell - inset; y++)
    for (let x = Math.ceil(j * cell + inset); x < (j + 1) * cell - inset; x++) out.push(at(x, y));
  return out;
}

describe('heatmap canvas in Chromium', () => {
  it('paints each visible cell its viridis colour edge to edge, masked cells grey and hatched, and grid lines between', async () => {
    const h = await heatmap(known, {}, 400);
    const { at, cell, canvas } = canvasPixels(h, known.cols);
    expect(canvas.width).toBe(Math.round(4 * 48 * devicePixelRatio));
    expect(canvas.height).toBe(Math.round(3 * 48 * devicePixelRatio));
    const hatch = rgb(MASK_HATCH);
    const fill = rgb(MASK_FILL);
    for (let i = 0; i < known.rows; i++)
      for (let j = 0; j < known.cols; j++) {
        const centre = at((j + 0.5) * cell, (i + 0.5) * cell);
        const inside = cellPixels(at, cell, i, j, 3);
        if (hidden(known, i, j)) {
          expect(isGrey(centre), `cell ${i},${j}`).toBe(true);
          expect(centre[0]).toBeGreaterThanOrEqual(hatch[0]);
          expect(centre[0]).toBeLessThanOrEqual(fill[0]);
          expect(inside.every(isGrey)).toBe(true);
          expect(inside.filter((p) => p[0] === fill[0]).length).toBeGreaterThan(inside.length / 3);
          expect(inside.filter((p) => p[0] === hatch[0]).length).toBeGreaterThan(inside.length / 20);
        } else {
          const want = rgb(colourFor(value(known, i, j), [0, 1]));
          expect(centre, `cell ${i},${j}`).toEqual(want);
          expect(inside.every((p) => p.every((c, k) => c === want[k]))).toBe(true);
        }
      }
    // 48-px cells get white grid lines on the cell boundaries
    expect(at(cell, 0.5 * cell)).toEqual([255, 255, 255, 255]);
    expect(at(0.5 * cell, cell)).toEqual([255, 255, 255, 255]);
  });

  it('paints a large matrix through the scaled bitmap with the same colours, without grid lines', async () => {
    const n = 70; // 4900 cells: above the fillRect limit
    const values = new Float64Array(n * n).map((_, p) => (p % 101) / 100);
    const masked = new Uint8Array(n * n).map((_, p) => (p % 7 === 3 ? 1 : 0));
    const data: HeatmapData = { values, rows: n, cols: n, masked };
    const h = await heatmap(data, {}, 1200);
    const { at, cell } = canvasPixels(h, n);
    expect(cell).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < n; i += 3)
      for (let j = 0; j < n; j += 5) {
        const centre = at((j + 0.5) * cell, (i + 0.5) * cell);
        if (hidden(data, i, j)) expect(isGrey(centre), `cell ${i},${j}`).toBe(true);
        else expect(centre, `cell ${i},${j}`).toEqual(rgb(colourFor(value(data, i, j), [0, 1])));
      }
  });

  it('takes the mask colours from the --hm-* custom properties after refreshColours()', async () => {
    const h = await heatmap(known, {}, 400);
    h.element.style.setProperty('--hm-mask-fill', '#c0c0c0');
    h.element.style.setProperty('--hm-mask-hatch', '#404040');
    h.refreshColours();
    const { at, cell } = canvasPixels(h, known.cols);
    const inside = cellPixels(at, cell, 1, 0, 3);
    expect(inside.some((p) => p[0] === 0xc0)).toBe(true);
    expect(inside.some((p) => p[0] === 0x40)).toBe(true);
    expect(inside.some((p) => p[0] === parseHex(MASK_FILL)[0])).toBe(false);
    expect(at(0.5 * cell, 0.5 * cell)).toEqual(rgb(colourFor(0, [0, 1])));
  });
});

describe('heatmap PNG export in Chromium', () => {
  it('gives a decodable PNG at twice the CSS size with the cells, masked grey, legend, labels and background', async () => {
    const h = await heatmap(known, { title: 'head 1', showValues: 'never' }, 400);
    const blob = await h.toPNG();
    expect(blob.type).toBe('image/png');
    expect(Array.from(new Uint8Array(await blob.slice(0, 8).arrayBuffer()))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);

    const svg = h.element.querySelector('svg.hm-overlay')!;
    const canvas = h.element.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    const left = parseFloat(canvas.style.left);
    const top = parseFloat(canvas.style.top);
    const cell = parseFloat(canvas.style.width) / known.cols;
    expect(cell).toBe(48);

    const bmp = await createImageBitmap(blob);
    expect([bmp.width, bmp.height]).toEqual([Math.ceil(width * 2), Math.ceil(height * 2)]);
    const c = document.createElement('canvas');
    c.width = bmp.width;
    c.height = bmp.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const at = lookup(ctx.getImageData(0, 0, c.width, c.height).data, c.width);

    for (let i = 0; i < known.rows; i++)
      for (let j = 0; j < known.cols; j++) {
        const p = at(2 * (left + (j + 0.5) * cell), 2 * (top + (i + 0.5) * cell));
        if (hidden(known, i, j)) expect(isGrey(p), `cell ${i},${j}`).toBe(true);
        else expect(p, `cell ${i},${j}`).toEqual(rgb(colourFor(value(known, i, j), [0, 1])));
      }
    // the background, and white grid lines between the 48-px cells
    expect(at(1, 1)).toEqual([255, 255, 255, 255]);
    expect(at(2 * (left + cell), 2 * (top + 0.5 * cell))).toEqual([255, 255, 255, 255]);
    // the legend bar runs from viridis(0) to viridis(1)
    const legend = svg.querySelector('.hm-legend-bar')!;
    const legendWidth = Number(legend.getAttribute('width'));
    const legendY = Number(/translate\([\d.]+,([\d.]+)\)/.exec(svg.querySelector('.hm-legend')!.getAttribute('transform')!)![1]);
    const near = (p: RGBA, hex: string): boolean => p.slice(0, 3).every((v, k) => Math.abs(v - parseHex(hex)[k]) <= 16);
    expect(near(at(2 * (left + 1), 2 * (legendY + 5)), colourFor(0, [0, 1]))).toBe(true);
    expect(near(at(2 * (left + legendWidth - 1), 2 * (legendY + 5)), colourFor(1, [0, 1]))).toBe(true);
    // the labels are drawn over it: dark pixels where the title is, none in the empty corner
    let dark = 0;
    for (let y = 2 * 6; y < 2 * 20; y++) for (let x = 2 * 4; x < 2 * 50; x++) if (at(x, y)[0] < 128) dark++;
    expect(dark).toBeGreaterThan(20);
  });

  it('exports a large matrix through the bitmap too', async () => {
    const n = 70;
    const values = new Float64Array(n * n).map((_, p) => (p % 101) / 100);
    const h = await heatmap({ values, rows: n, cols: n }, {}, 800);
    const canvas = h.element.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
    const left = parseFloat(canvas.style.left);
    const top = parseFloat(canvas.style.top);
    const cell = parseFloat(canvas.style.width) / n;
    const bmp = await createImageBitmap(await h.toPNG());
    const c = document.createElement('canvas');
    c.width = bmp.width;
    c.height = bmp.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const at = lookup(ctx.getImageData(0, 0, c.width, c.height).data, c.width);
    for (const [i, j] of [
      [0, 0],
      [10, 33],
      [69, 69],
      [35, 2],
    ] as const)
      expect(at(2 * (left + (j + 0.5) * cell), 2 * (top + (i + 0.5) * cell)), `cell ${i},${j}`).toEqual(rgb(colourFor(values[i * n + j], [0, 1])));
  });
});
