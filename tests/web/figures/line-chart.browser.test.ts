// The line chart's PNG export in a real Chromium (Vitest browser mode): the
// toSVG() image drawn onto a canvas at twice the CSS size. A chart of known
// data is exported, decoded with createImageBitmap and checked for its size
// and for the colours at known points: the line, the band, the background,
// and the background from the --lc-bg custom property.
import { afterEach, describe, expect, it } from 'vitest';
import '../../../web/src/figures/kit/figure-kit.css';
import '../../../web/src/figures/line-chart/line-chart.css';
import { BAND_OPACITY, LineChart, PALETTE, type ChartOptions, type Series } from '../../../web/src/figures/line-chart/line-chart';

const made: LineChart[] = [];
afterEach(() => {
  for (const c of made.splice(0)) c.destroy();
  document.body.replaceChildren();
});

/** A chart of these series in a container `width` px wide. */
function chart(series: Series[], options: ChartOptions, width: number, theme?: string): LineChart {
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  if (theme) host.className = theme;
  document.body.append(host);
  const c = new LineChart(host, options);
  c.update(series);
  made.push(c);
  return c;
}

/** The decoded pixels of a PNG blob: size and an RGBA lookup. */
async function decode(blob: Blob): Promise<{ width: number; height: number; at: (x: number, y: number) => [number, number, number, number] }> {
  const bmp = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bmp.width;
  canvas.height = bmp.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bmp, 0, 0);
  const data = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
  const at = (x: number, y: number): [number, number, number, number] => {
    const i = (Math.round(y) * bmp.width + Math.round(x)) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]];
  };
  return { width: bmp.width, height: bmp.height, at };
}

/** #rrggbb as [r, g, b]. */
function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Expect a pixel within `tol` of a colour in each channel, fully opaque. */
function expectColour(px: [number, number, number, number], want: [number, number, number], tol: number, what: string): void {
  for (let i = 0; i < 3; i++) expect(Math.abs(px[i] - want[i]), `${what}: channel ${i} of ${px.join(',')} vs ${want.join(',')}`).toBeLessThanOrEqual(tol);
  expect(px[3], `${what}: opaque`).toBe(255);
}

/** The start and end (in CSS px) of a straight two-point path "Mx0,y0Lx1,y1". */
function ends(d: string): [number, number, number, number] {
  const m = /^M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)$/.exec(d);
  if (!m) throw new Error(`not a straight line: ${d}`);
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
}

// A flat line at y = 0.5 (series 0: blue, solid) and a flat band 0.15…0.35 around y = 0.25 (series 1: vermilion).
const SERIES: Series[] = [
  { id: 'flat', label: 'flat', points: [0, 10].map((x) => ({ x, y: 0.5 })) },
  { id: 'band', label: 'band', points: [0, 10].map((x) => ({ x, y: 0.25, lo: 0.15, hi: 0.35 })), markers: true },
];
const OPTIONS: ChartOptions = { title: 'Known data', xLabel: 'x', yLabel: 'y', xDomain: [0, 10], yDomain: [0, 1], caption: 'A caption below the chart.' };

describe('LineChart.toPNG() in Chromium', () => {
  it('is a PNG twice the size of the exported SVG, caption included', async () => {
    const c = chart(SERIES, OPTIONS, 600);
    const svg = c.element.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('600');
    const blob = await c.toPNG();
    expect(blob.type).toBe('image/png');
    const sig = new Uint8Array(await blob.slice(0, 8).arrayBuffer());
    expect([...sig]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const exported = new DOMParser().parseFromString(c.toSVG(), 'image/svg+xml').documentElement;
    const png = await decode(blob);
    expect(png.width).toBe(2 * 600);
    expect(png.height).toBe(2 * Number(exported.getAttribute('height')));
    expect(png.height).toBeGreaterThan(2 * Number(svg.getAttribute('height'))); // the caption adds to it
  });

  it('has the line colour on the line, the band colour over the background inside the band, and a white background', async () => {
    const c = chart(SERIES, OPTIONS, 600);
    const png = await decode(await c.toPNG());
    const line = c.element.querySelector<SVGPathElement>('path.lc-line[data-series="flat"]')!;
    const [x0, y0, x1, y1] = ends(line.getAttribute('d')!);
    expect(y1).toBe(y0);
    // At x = 2.5 and 7.5 (between the grid lines at whole x), on the line's middle.
    for (const t of [0.25, 0.75]) expectColour(png.at(2 * (x0 + t * (x1 - x0)), 2 * y0), rgb(PALETTE[0]), 3, `line at ${t}`);
    // The band at y = 0.3 (between its line at 0.25 and its top at 0.35, off the grid), x = 5.5: vermilion at 18 % over white.
    const [, yb] = ends(c.element.querySelector<SVGPathElement>('path.lc-line[data-series="band"]')!.getAttribute('d')!);
    const y03 = yb + ((0.3 - 0.25) / (0.5 - 0.25)) * (y0 - yb); // the y scale is linear: y0 is y = 0.5, yb is y = 0.25
    const over = rgb(PALETTE[1]).map((v) => 255 - BAND_OPACITY * (255 - v)) as [number, number, number];
    expectColour(png.at(2 * (x0 + 0.55 * (x1 - x0)), 2 * y03), over, 3, 'band');
    // The background: white in the top-right corner and below the plot, beside the caption.
    expectColour(png.at(png.width - 3, 3), [255, 255, 255], 0, 'top-right corner');
    expectColour(png.at(png.width - 3, png.height - 3), [255, 255, 255], 0, 'bottom-right corner');
  });

  it('takes the background and the ink from the --lc-* custom properties', async () => {
    const style = document.createElement('style');
    style.textContent = '.dark-test .lc { --lc-bg: #0d1117; --lc-fg: #e6edf3; }';
    document.head.append(style);
    try {
      const c = chart(SERIES, OPTIONS, 400, 'dark-test');
      expect(c.toSVG()).toContain('color="#e6edf3"');
      const png = await decode(await c.toPNG());
      expect(png.width).toBe(800);
      expectColour(png.at(png.width - 3, 3), rgb('#0d1117'), 0, 'dark background');
      const [x0, y0, x1] = ends(c.element.querySelector('path.lc-line')!.getAttribute('d')!);
      expectColour(png.at(2 * (x0 + 0.25 * (x1 - x0)), 2 * y0), rgb(PALETTE[0]), 3, 'line on dark');
    } finally {
      style.remove();
    }
  });
});
