// line-chart-demo.ts — a page to look at the line chart by eye (dev only:
// `npx vite web --port 5198`, then /line-chart-demo.html). Not part of the build.
// Like the real page (CSP style-src 'self'), it has no <style> element or style
// attributes: its few layout rules are set through the CSSOM below.
import './src/figures/kit/figure-kit.css';
import './src/figures/line-chart/line-chart.css';
import { LineChart, type Series } from './src/figures/line-chart/line-chart';
import { byId, rng, showExports, wireDimmed, wireExports } from './demo-kit';

/** A standard normal sample (Box–Muller). */
function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

const main = byId('main');
document.body.style.margin = '0';
document.body.style.font = '14px/1.4 system-ui, sans-serif';
document.body.style.color = '#1f2328';
main.style.maxWidth = '960px';
main.style.margin = '0 auto';
main.style.padding = '12px 16px';

// 1. The largest softmax weight of one query over n = 16 keys, with and without ÷√d, mean ± std over 200 trials.
const n = 16;
const trials = 200;
const r = rng(3);
const without: Series['points'] = [];
const withS: Series['points'] = [];
for (let d = 1; d <= 1024; d *= 2) {
  const maxU: number[] = [];
  const maxS: number[] = [];
  for (let t = 0; t < trials; t++) {
    const q = Array.from({ length: d }, () => normal(r));
    const s = Array.from({ length: n }, () => q.reduce((acc, qi) => acc + qi * normal(r), 0));
    const largest = (scale: number): number => {
      const m = Math.max(...s) / scale;
      const e = s.map((v) => Math.exp(v / scale - m));
      return 1 / e.reduce((a, b) => a + b, 0); // the max entry is exp(0) = 1 over the sum
    };
    maxU.push(largest(1));
    maxS.push(largest(Math.sqrt(d)));
  }
  for (const [vals, out] of [
    [maxU, without],
    [maxS, withS],
  ] as const) {
    const mean = vals.reduce((a, b) => a + b, 0) / vals.length;
    const std = Math.sqrt(vals.reduce((a, b) => a + (b - mean) ** 2, 0) / vals.length);
    out.push({ x: d, y: mean, lo: Math.max(0, mean - std), hi: Math.min(1, mean + std) });
  }
}
const scale = new LineChart(byId('scale'), {
  title: 'Largest softmax weight vs key dimension',
  xLabel: 'key dimension d',
  yLabel: 'largest weight',
  xName: 'd',
  xScale: 'log',
  xDomain: [1, 1024],
  yDomain: [0, 1],
  yFormat: (v) => v.toFixed(2),
  annotations: [{ x: 64, label: 'd = 64' }],
  caption: `One query against ${n} random keys, ${trials} trials per d; lines are means, bands mean ± one standard deviation.`,
});
scale.update([
  { id: 'unscaled', label: 'without ÷√d_k', shortLabel: 'without', points: without, markers: true },
  { id: 'scaled', label: 'with ÷√d_k', shortLabel: 'with', points: withS, markers: true },
]);

// 2. and 3. Quadratic cost: entries n² and a (fake) measured time ~ n^1.93, with a least-squares fit in log–log.
const ns = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
const rt = rng(9);
const ms = ns.map((k) => 2.1e-5 * k ** 1.93 * (1 + 0.12 * (rt() - 0.5)) + 0.004);
const lx = ns.map(Math.log);
const ly = ms.map(Math.log);
const fitFrom = 3; // fit from n = 128 up: small n is dominated by call overhead
const mx = lx.slice(fitFrom).reduce((a, b) => a + b, 0) / (ns.length - fitFrom);
const my = ly.slice(fitFrom).reduce((a, b) => a + b, 0) / (ns.length - fitFrom);
let sxy = 0;
let sxx = 0;
for (let i = fitFrom; i < ns.length; i++) {
  sxy += (lx[i]! - mx) * (ly[i]! - my);
  sxx += (lx[i]! - mx) ** 2;
}
const slope = sxy / sxx;
const fit = (k: number): number => Math.exp(my + slope * (Math.log(k) - mx));

const quad = new LineChart(byId('quad'), {
  xLabel: 'sequence length n',
  yLabel: 'growth since n = 16',
  xName: 'n',
  xScale: 'log',
  yScale: 'log',
  xTicks: [16, 64, 256, 1024, 4096],
  yFormat: (v) => (v >= 1e4 ? `${Math.round(v / 1000)}k×` : `${Number(v.toPrecision(3))}×`),
  caption: 'Both grow by 4× per doubling of n: slope 2 on log–log axes.',
});
quad.update([
  { id: 'entries', label: 'score entries n²', shortLabel: 'entries', points: ns.map((k) => ({ x: k, y: (k * k) / (16 * 16) })), markers: true },
  { id: 'time', label: 'measured time (ms)', shortLabel: 'time', points: ns.map((k, i) => ({ x: k, y: ms[i]! / ms[0]! })), markers: true },
]);

const time = new LineChart(byId('time'), {
  title: 'Time of one attention call',
  xLabel: 'sequence length n',
  yLabel: 'time (ms)',
  xName: 'n',
  xScale: 'log',
  yScale: 'log',
  xTicks: [16, 64, 256, 1024, 4096],
  yFormat: (v) => `${Number(v.toPrecision(3))}`,
  annotations: [{ x: 4096, label: '4k' }],
});
time.update([
  { id: 'time', label: 'measured (median of 5)', shortLabel: 'measured', points: ns.map((k, i) => ({ x: k, y: ms[i]! })), markers: true },
  {
    id: 'fit',
    label: `fit: slope ${slope.toFixed(2)} (n ≥ 128)`,
    shortLabel: 'fit',
    points: ns.slice(fitFrom).map((k) => ({ x: k, y: fit(k) })),
    dashed: true,
  },
]);

const charts = { scale, quad, time };
wireDimmed(Object.values(charts));
wireExports(scale, 'line-chart');

// For screenshot scripts: expose the instances.
Object.assign(window, { lineCharts: charts });

// #keys: focus the scaling chart and move the cursor to d = 64; hover n = 1024 on the time chart; open a table.
if (location.hash === '#keys') {
  requestAnimationFrame(() => {
    const svg = scale.element.querySelector<SVGSVGElement>('svg')!;
    svg.focus();
    for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) svg.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    const t = time.element.querySelector('svg')!;
    const box = t.getBoundingClientRect();
    const tick = t.querySelector('.lc-axis-x .tick[data-x="1024"]')!.getBoundingClientRect();
    t.dispatchEvent(new PointerEvent('pointermove', { clientX: tick.left + tick.width / 2, clientY: box.top + box.height / 2, bubbles: true }));
    quad.element.querySelector<HTMLButtonElement>('.lc-table-toggle')!.click();
  });
}
if (location.hash === '#dim') for (const c of Object.values(charts)) c.setDimmed(true);
// #export: show toPNG() and toSVG() of the scaling chart as images at the top of the page.
if (location.hash === '#export') showExports(main, scale.toPNG(), time.toSVG());
