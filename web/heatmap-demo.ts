// heatmap-demo.ts — a page to look at the heatmap component by eye (dev only:
// `npx vite --port 5199`, then /heatmap-demo.html). Not part of the build.
import './src/figures/kit/figure-kit.css';
import './src/figures/heatmap/heatmap.css';
import { Heatmap } from './src/figures/heatmap/heatmap';
import { byId, rng, showExports, wireDimmed, wireExports } from './demo-kit';

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

wireDimmed([small, eight, large]);
wireExports(small, 'heatmap');

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
if (location.hash === '#export') showExports(document.querySelector('main')!, eight.toPNG(), eight.toSVG());
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
  byId('status').textContent = `512 × 512 update: ${(performance.now() - t0).toFixed(1)} ms`;
}
