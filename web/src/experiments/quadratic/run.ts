// run.ts — the quadratic-cost experiment (pure: no DOM): attention on n tokens
// fills n² scores; the sweep times one attention call per n and fits the
// log–log slope of time and of entries against n.

import type { Core, LogLogFit } from '../../core/core';
import { progress, type ProgressFn } from '../settings';
import { QUADRATIC_MIN_N, type QuadraticSettings } from './settings';
export type { LogLogFit };

/** One n of the quadratic experiment. */
export interface QuadraticRow {
  n: number;
  /** n² scores */
  entries: number;
  /** 8·n² bytes of float64 scores */
  bytes: number;
  /** median time of one attention call, ms */
  ms: number;
  /** every timing, ms */
  samples: number[];
  /** Σ out, proves the call ran and is seed-reproducible */
  checksum: number;
}

/** The quadratic experiment's result. */
export interface QuadraticResult {
  experiment: 'quadratic';
  settings: QuadraticSettings;
  rows: QuadraticRow[];
  /** slope of log time against log n, fitted on the rows with n ≥ fitFromN */
  timeFit: LogLogFit;
  /** the smallest n in the time fit (small n are dominated by fixed costs) */
  fitFromN: number;
  /** slope of log entries against log n: exactly 2 */
  entriesFit: LogLogFit;
  /** the seed's sentence in numbers: 4k → 8k context */
  doubling: { from: number; to: number; entriesFrom: number; entriesTo: number; bytesFrom: number; bytesTo: number; ratio: number };
  elapsedMs: number;
}

/** The median of a non-empty list. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

/** The n of the sweep: 16, 32, … ≤ nMax, and nMax itself if it is not a power of 2. */
export function quadraticSizes(nMax: number): number[] {
  const ns: number[] = [];
  for (let n = QUADRATIC_MIN_N; n <= nMax; n *= 2) ns.push(n);
  if (ns[ns.length - 1] !== nMax) ns.push(nMax);
  return ns;
}

/** How many timings for this n: up to `repeats` while calls are cheap, once for the largest. */
function repeatsFor(n: number, repeats: number): number {
  if (n >= 2048) return 1;
  if (n >= 1024) return Math.min(repeats, 3);
  return repeats;
}

/** Fit a line through (log x, log y) with the core's least squares. */
export function fitLogLog(core: Core, xs: number[], ys: number[]): LogLogFit {
  return core.experiments.fit_loglog_slope(Float64Array.from(xs), Float64Array.from(ys));
}

/** Time one n: `repeats` calls, each timed with `now`; the median and the last call's counts. */
function measure(core: Core, n: number, settings: QuadraticSettings, now: () => number): QuadraticRow {
  const samples: number[] = [];
  let point: { entries: number; bytes: number; checksum: number } | null = null;
  for (let k = 0; k < repeatsFor(n, settings.repeats); k++) {
    const start = now();
    point = core.experiments.quadratic_point(n, settings.d, settings.seed);
    samples.push(now() - start);
  }
  const p = point!;
  // a timer with coarse resolution can read 0: keep the log–log fit defined
  return { n, entries: p.entries, bytes: p.bytes, ms: Math.max(median(samples), 1e-6), samples, checksum: p.checksum };
}

/** Run the quadratic sweep, timing each attention call with `now` (performance.now). */
export function runQuadratic(
  core: Core,
  settings: QuadraticSettings,
  onProgress: ProgressFn = () => {},
  now: () => number = () => performance.now(),
): QuadraticResult {
  const t0 = performance.now();
  const ns = quadraticSizes(settings.nMax);
  const rows: QuadraticRow[] = [];
  ns.forEach((n, i) => {
    progress(onProgress, i, ns.length, 'exp.step.n', { n });
    rows.push(measure(core, n, settings, now));
  });
  progress(onProgress, ns.length, ns.length, 'exp.step.fit');
  const big = rows.filter((r) => r.n >= 256);
  const fitRows = big.length >= 2 ? big : rows.length >= 2 ? rows : [];
  const timeFit =
    fitRows.length >= 2
      ? fitLogLog(
          core,
          fitRows.map((r) => r.n),
          fitRows.map((r) => r.ms),
        )
      : { slope: NaN, intercept: NaN, r2: NaN };
  const entriesFit =
    rows.length >= 2
      ? fitLogLog(
          core,
          rows.map((r) => r.n),
          rows.map((r) => r.entries),
        )
      : { slope: 2, intercept: 0, r2: 1 };
  const from = 4096,
    to = 8192;
  return {
    experiment: 'quadratic',
    settings,
    rows,
    timeFit,
    fitFromN: fitRows.length ? fitRows[0].n : NaN,
    entriesFit,
    doubling: { from, to, entriesFrom: from * from, entriesTo: to * to, bytesFrom: 8 * from * from, bytesTo: 8 * to * to, ratio: (to * to) / (from * from) },
    elapsedMs: performance.now() - t0,
  };
}
