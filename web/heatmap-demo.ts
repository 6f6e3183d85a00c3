// heatmap-demo.ts — a page to look at the heatmap component by eye (dev only:
// `npx vite --port 5199`, then /heatmap-demo.html). Not part of the build.
import './src/heatmap.css';
import { Heatmap } from './src/heatmap';

/** Row-wise softmax of scores with a causal mask (j > i hidden). */
function causalWeights(scores: number[][]): { values: number[][]; masked: boolean[][] } {
  const masked = scores.map((r, i) => r.map((_, j) => j > i));
  const values = scores.map((r, i) => {
    const vis = r.slice(0, i + 1);
    const mx = Math.max(...vis);
    const e = r.map((s, j) => (j <= i ? Math.exp(s - mx) : 0));
    const z = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / z);
  });
  return { values, masked };
}

/** A seeded pseudo-random generator (mulberry32), so the page looks the same every time. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

// 3 × 3
const small = new Heatmap(byId('small'), { title: 'Attention weights', rowLabels: ['the', 'cat', 'sat'], colLabels: ['the', 'cat', 'sat'] });
const s3 = causalWeights([
  [0.3, 1.2, -0.4],
  [0.9, 0.7, 0.1],
  [-0.2, 1.1, 0.6],
]);
small.update({ values: s3.values, rows: 3, cols: 3, masked: s3.masked });

// 8 × 8
const tokens = ['The', 'quick', 'brown', 'fox', 'jumps', 'over', 'the', 'dog'];
const r8 = rng(7);
const s8 = causalWeights(tokens.map(() => tokens.map(() => 2 * r8() - 1)));
const eight = new Heatmap(byId('eight'), { rowLabels: tokens, colLabels: tokens });
eight.update({ values: s8.values, rows: 8, cols: 8, masked: s8.masked });

// 64 × 64 random weights (rows sum to 1), as a Float64Array
const n = 64;
const r64 = rng(42);
const big = new Float64Array(n * n);
for (let i = 0; i < n; i++) {
  let z = 0;
  for (let j = 0; j < n; j++) z += big[i * n + j] = Math.exp(6 * r64());
  for (let j = 0; j < n; j++) big[i * n + j]! /= z;
}
const large = new Heatmap(byId('large'), { title: 'Random 64 × 64', domain: [0, 0.2] });
large.update({ values: big, rows: n, cols: n });

byId<HTMLInputElement>('dim').addEventListener('change', (e) => {
  const on = (e.target as HTMLInputElement).checked;
  for (const h of [small, eight, large]) h.setDimmed(on);
});
const status = byId('status');
byId('svg').addEventListener('click', () => {
  const svg = small.toSVG();
  status.textContent = `SVG: ${svg.length} characters`;
  download('heatmap.svg', new Blob([svg], { type: 'image/svg+xml' }));
});
byId('png').addEventListener('click', async () => {
  const png = await small.toPNG();
  status.textContent = `PNG: ${png.size} bytes`;
  download('heatmap.png', png);
});

function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// For the screenshot script: expose the instances.
Object.assign(window, { heatmaps: { small, eight, large } });

// #keys: focus the 8 × 8 heatmap and press ↓ ↓ → End, to check the cursor and readout in a screenshot.
// #dim: show the dimmed state.
if (location.hash === '#keys') {
  const fig = eight.element.querySelector<HTMLElement>('.hm-figure')!;
  fig.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight']) fig.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  small.element.querySelector<HTMLButtonElement>('.hm-table-toggle')!.click();
  // hover the middle of cell (2, 1) of the 64 × 64 heatmap
  const c = large.element.querySelector('canvas')!.getBoundingClientRect();
  const cell = c.width / 64;
  large.element
    .querySelector('.hm-figure')!
    .dispatchEvent(new PointerEvent('pointermove', { clientX: c.left + 1.5 * cell, clientY: c.top + 2.5 * cell, bubbles: true }));
}
if (location.hash === '#dim') for (const h of [small, eight, large]) h.setDimmed(true);
// #export: show toPNG() and toSVG() of the 8 × 8 heatmap as images at the top of the page.
if (location.hash === '#export') {
  const shelf = document.createElement('section');
  shelf.append('toPNG (shown at half size, it is rendered at 2×):');
  document.querySelector('main')!.prepend(shelf);
  void eight.toPNG().then((png) => {
    const img = new Image();
    img.src = URL.createObjectURL(png);
    img.onload = () => {
      img.width = img.naturalWidth / 2;
      shelf.append(img, 'toSVG:', svgImg);
    };
  });
  const svgImg = new Image();
  svgImg.src = URL.createObjectURL(new Blob([eight.toSVG()], { type: 'image/svg+xml' }));
}
// #big: time update() of a 512 × 512 matrix (shown in the status line).
if (location.hash === '#big') {
  const m = 512;
  const v = new Float64Array(m * m);
  const r = rng(1);
  for (let p = 0; p < v.length; p++) v[p] = r();
  const t0 = performance.now();
  large.update(
    { values: v, rows: m, cols: m, masked: Uint8Array.from({ length: m * m }, (_, p) => (p % m > Math.floor(p / m) ? 1 : 0)) },
    { domain: [0, 1], title: 'Random 512 × 512, causal' },
  );
  status.textContent = `512 × 512 update: ${(performance.now() - t0).toFixed(1)} ms`;
}
