// run.ts — the four seed 003 experiments, run through the WASM core (pure: no DOM, no worker).
//
//   1. scaling      largest softmax weight with and without ÷√d_k, per d   → 02-scale.txt
//   2. permutation  attention(PX) against P·attention(X), without/with PE   → 05-perm.txt
//   3. quadratic    n² score entries and the measured time of one call      → 08-notes.md
//   4. h = 1        multi_head(Q, K, V, 1) against attention(Q, K, V)
//
// Each experiment has a settings type, a default, a validator that reads raw
// field values (numbers or the text of an input) and returns one message per
// bad field, and a run function that takes valid settings, reports progress
// and returns plain data (typed arrays and numbers: it crosses postMessage).
// worker.ts calls runExperiment(); tests call the run functions directly.

import { AttentionError, toTypedMatrix, type Core, type ErrorCode, type TypedMask, type TypedMatrix } from '../core/core';
import type { RawResult, RawScalingPoint } from '../core/wasm/attention_core.mjs';
import { fill } from '../i18n/fill';
import { PROGRESS, type ProgressKey } from './words';
export { PROGRESS, type ProgressKey };

/** The limits the settings are checked against (cpp/size_limits.h, cpp/experiments.h). */
export const LIMITS = {
  /** n: tokens, keys, context length. */
  maxN: 4096,
  /** d: widths. */
  maxD: 4096,
  /** trials of the scaling experiment. */
  maxTrials: 100_000,
  /** how many values of d in one scaling run. */
  maxDs: 64,
  /** heads. */
  maxH: 256,
  /** seeds are whole numbers a JS number holds exactly. */
  maxSeed: Number.MAX_SAFE_INTEGER,
  /** repeats of one quadratic measurement. */
  maxRepeats: 50,
} as const;

/**
 * Called after each step of a run: step of total done, and what comes next or
 * just ran — in English (`label`) and as an i18n key with its variables.
 */
export type ProgressFn = (step: number, total: number, label: string, key?: ProgressKey, vars?: Record<string, number>) => void;

/** Tell `onProgress` about a step, in English and by key. */
function progress(onProgress: ProgressFn, step: number, total: number, key: ProgressKey, vars: Record<string, number> = {}): void {
  const label = fill(PROGRESS[key], vars);
  onProgress(step, total, label, key, vars);
}

/** The experiments, by name. */
export type ExperimentName = 'scaling' | 'permutation' | 'quadratic' | 'h1';

/** Per-field messages of a rejected settings object. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A validator's answer: the settings as numbers, or a message per bad field. */
export type Validation<T> = { ok: true; settings: T } | { ok: false; errors: FieldErrors<T> };

/** Raw field values as a form holds them: numbers, text, arrays, or missing (→ default). */
export type RawInput<T> = { [K in keyof T]?: unknown };

/** Thrown by runExperiment() (and rejected by ExperimentClient.run) for bad settings. */
export class SettingsError extends Error {
  /** One message per bad field, to show next to it. */
  readonly errors: Record<string, string>;
  constructor(experiment: ExperimentName, errors: Record<string, string>) {
    super(
      `${experiment}: ${Object.entries(errors)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
    );
    this.name = 'SettingsError';
    this.errors = errors;
  }
}

// ---------------------------------------------------------------- field readers

type Read<T> = { value: T } | { error: string };

function shown(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x.length > 24 ? x.slice(0, 24) + '…' : x);
  if (Array.isArray(x)) return 'a list';
  return String(x);
}

/** A whole number in [min, max] from a number or its text ("64", " 1e3 "); `where` follows the value ("(entry 3)"). */
function readWhole(name: string, raw: unknown, min: number, max: number, where = ''): Read<number> {
  const at = where ? ` ${where}` : '';
  let x: number;
  if (typeof raw === 'number') x = raw;
  else if (typeof raw === 'string' && raw.trim() !== '') x = Number(raw.trim().replace('\u2212', '-'));
  else return { error: `${name}${at}: ${raw === '' || raw === undefined || raw === null ? 'empty' : shown(raw)} is not a number` };
  if (Number.isNaN(x)) return { error: `${name}${at}: ${shown(raw)} is not a number` };
  if (!Number.isFinite(x)) return { error: `${name} = ${x}${at} must be a finite number` };
  if (!Number.isInteger(x)) return { error: `${name} = ${x}${at} must be a whole number` };
  if (x < min) return { error: `${name} = ${x}${at} must be at least ${min}` };
  if (x > max) return { error: `${name} = ${x}${at} is over the limit of ${max}` };
  return { value: x };
}

/** A list of whole numbers from an array or text ("1, 2, 4" / "1 2 4" / "[1,2,4]"). */
function readList(name: string, raw: unknown, min: number, max: number, item: string): Read<number[]> {
  let parts: unknown[];
  if (Array.isArray(raw)) parts = raw;
  else if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) parts = Array.from(raw as unknown as ArrayLike<number>);
  else if (typeof raw === 'string') {
    const body = raw
      .trim()
      .replace(/^\[|\]$/g, '')
      .trim();
    parts = body === '' ? [] : body.split(/[\s,;]+/);
  } else return { error: `${name}: ${shown(raw)} is not a list of numbers` };
  const out: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const r = readWhole(item, parts[i], min, max, `(entry ${i + 1})`);
    if ('error' in r) return { error: r.error };
    out.push(r.value);
  }
  return { value: out };
}

function readChoice<T extends string>(name: string, raw: unknown, choices: readonly T[]): Read<T> {
  if (typeof raw === 'string' && (choices as readonly string[]).includes(raw)) return { value: raw as T };
  return { error: `${name}: ${shown(raw)} must be one of ${choices.join(', ')}` };
}

function readBool(name: string, raw: unknown): Read<boolean> {
  if (typeof raw === 'boolean') return { value: raw };
  if (raw === 'true' || raw === 'on' || raw === '1') return { value: true };
  if (raw === 'false' || raw === 'off' || raw === '0' || raw === '') return { value: false };
  return { error: `${name}: ${shown(raw)} must be true or false` };
}

/** Collect readers field by field; missing fields take the default. */
function collect<T extends object>(input: RawInput<T> | undefined, defaults: T, readers: { [K in keyof T]: (raw: unknown) => Read<T[K]> }): Validation<T> {
  const settings = { ...defaults };
  const errors: FieldErrors<T> = {};
  for (const key of Object.keys(readers) as (keyof T)[]) {
    const raw = input?.[key];
    if (raw === undefined) continue;
    const r = readers[key](raw);
    if ('error' in r) errors[key] = r.error;
    else settings[key] = r.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, settings };
}

/** Throw the core's failure as an AttentionError, or return the success. */
function unwrap<T>(r: RawResult<T>): T {
  if (!r.ok) throw new AttentionError(r.message, r.code as ErrorCode);
  return r as T;
}

/** The median of a non-empty list. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

// ---------------------------------------------------------------- 1. scaling

/** Settings of the scaling experiment. */
export interface ScalingSettings {
  /** the widths d_k to measure */
  ds: number[];
  /** keys per trial */
  n: number;
  /** trials per d */
  trials: number;
  seed: number;
}

/** d = 1, 2, 4, …, 1024; n = 8 keys; 200 trials; seed 7. */
export const DEFAULT_SCALING: ScalingSettings = {
  ds: Array.from({ length: 11 }, (_, i) => 2 ** i),
  n: 8,
  trials: 200,
  seed: 7,
};

/** One d of the scaling experiment (see cpp/experiments.h ScalingPoint). */
export type ScalingPoint = RawScalingPoint;

/** The scaling experiment's result. */
export interface ScalingResult {
  experiment: 'scaling';
  settings: ScalingSettings;
  points: ScalingPoint[];
  /** the point at d = 64, or the measured d nearest to it (on a log scale) */
  at64: ScalingPoint;
  /** wall time of the run */
  elapsedMs: number;
}

/** Check raw scaling settings: d ≥ 1, n ≤ 4096, trials, seed. */
export function validateScaling(input?: RawInput<ScalingSettings>): Validation<ScalingSettings> {
  const v = collect(input, DEFAULT_SCALING, {
    ds: (raw) => {
      const r = readList('d', raw, 1, LIMITS.maxD, 'd');
      if ('error' in r) return r;
      if (r.value.length === 0) return { error: 'd: the list is empty: give at least one d' };
      if (r.value.length > LIMITS.maxDs) return { error: `d: ${r.value.length} values are over the limit of ${LIMITS.maxDs}` };
      return r;
    },
    n: (raw) => readWhole('n', raw, 1, LIMITS.maxN),
    trials: (raw) => readWhole('trials', raw, 1, LIMITS.maxTrials),
    seed: (raw) => readWhole('seed', raw, 0, LIMITS.maxSeed),
  });
  return v;
}

function nearestTo64(points: ScalingPoint[]): ScalingPoint {
  const far = (p: ScalingPoint) => Math.abs(Math.log2(p.d) - 6);
  return points.reduce((best, p) => (far(p) < far(best) ? p : best));
}

/** Run the scaling experiment, one core call (and one progress step) per d. */
export function runScaling(core: Core, settings: ScalingSettings, onProgress: ProgressFn = () => {}): ScalingResult {
  const t0 = performance.now();
  const total = settings.ds.length;
  const points: ScalingPoint[] = [];
  settings.ds.forEach((d, i) => {
    progress(onProgress, i, total, 'exp.step.d', { d });
    const { ok, ...point } = unwrap(core.raw.scaling_point(d, settings.n, settings.trials, settings.seed)) as RawScalingPoint & { ok: true };
    void ok; // the rest crosses postMessage without the status flag
    points.push(point);
  });
  progress(onProgress, total, total, 'exp.step.done');
  return { experiment: 'scaling', settings, points, at64: nearestTo64(points), elapsedMs: performance.now() - t0 };
}

// ---------------------------------------------------------------- 2. permutation

/** Which positional encoding the "with" case adds. */
export type PositionalEncoding = 'sinusoidal' | 'none';

/** Settings of the permutation experiment. */
export interface PermutationSettings {
  /** the input; null draws a random standard-normal (n, d) matrix from the seed */
  X: TypedMatrix | null;
  /** tokens of a random X (ignored when X is given) */
  n: number;
  /** width of a random X (ignored when X is given) */
  d: number;
  /** seed of the random X (seed) and the random permutation (seed + 1) */
  seed: number;
  /** row i of PX is row perm[i] of X; null draws a random permutation */
  perm: number[] | null;
  /** the encoding added in the "with" case */
  pe: PositionalEncoding;
}

/** A random 6 × 8 X, a random permutation, the sinusoidal encoding; seed 7. */
export const DEFAULT_PERMUTATION: PermutationSettings = { X: null, n: 6, d: 8, seed: 7, perm: null, pe: 'sinusoidal' };

/** One case of the permutation experiment: the four matrices and the difference. */
export interface PermutationCase {
  /** true when an encoding was added before attention */
  use_pe: boolean;
  /** PX (n, d) — the input in the new order (without the encoding) */
  permuted_input: TypedMatrix;
  /** attention(X (+PE)).out (n, d) */
  out: TypedMatrix;
  /** attention(PX (+PE)).out (n, d) */
  out_permuted: TypedMatrix;
  /** P·attention(X (+PE)).out (n, d) */
  permuted_out: TypedMatrix;
  /** attention(X (+PE)).weights (n, n) */
  weights: TypedMatrix;
  /** attention(PX (+PE)).weights (n, n) */
  weights_permuted: TypedMatrix;
  /** max |out_permuted − permuted_out| */
  max_abs_diff: number;
}

/** The permutation experiment's result. */
export interface PermutationResult {
  experiment: 'permutation';
  settings: PermutationSettings;
  /** the X used (given or drawn) */
  X: TypedMatrix;
  /** where X came from */
  source: 'given' | 'random';
  /** the permutation used */
  perm: number[];
  /** where perm came from */
  permSource: 'given' | 'random';
  /** no encoding */
  plain: PermutationCase;
  /** with the chosen encoding (equal to plain when pe = 'none') */
  withPe: PermutationCase;
  elapsedMs: number;
}

/** Why `perm` is not a permutation of 0 … n−1, or null. */
export function permutationProblem(perm: number[], n: number): string | null {
  if (perm.length !== n) return `perm has ${perm.length} entries but X has ${n} rows: it needs one entry per row`;
  const seen = new Map<number, number>();
  for (let i = 0; i < perm.length; i++) {
    const v = perm[i];
    if (v < 0 || v >= n) return `perm[${i}] = ${v} is out of range: entries must be 0 … ${n - 1}`;
    const first = seen.get(v);
    if (first !== undefined) return `perm[${i}] = ${v} repeats perm[${first}]: each of 0 … ${n - 1} must appear exactly once`;
    seen.set(v, i);
  }
  return null;
}

/** Check raw permutation settings: X numeric, n and d in range, perm a permutation of 0 … n−1. */
export function validatePermutation(input?: RawInput<PermutationSettings>): Validation<PermutationSettings> {
  const v = collect(input, DEFAULT_PERMUTATION, {
    X: (raw) => {
      if (raw === null) return { value: null };
      try {
        const m = Array.isArray(raw) ? toTypedMatrix('permutation', 'X', raw) : (raw as TypedMatrix);
        if (!(m.data instanceof Float64Array) || m.rows < 1 || m.cols < 1 || m.data.length !== m.rows * m.cols)
          return { error: 'X: must be a non-empty matrix' };
        if (m.rows > LIMITS.maxN || m.cols > LIMITS.maxD) return { error: `X is (${m.rows}, ${m.cols}): over the limit of ${LIMITS.maxN} × ${LIMITS.maxD}` };
        const bad = m.data.findIndex((x) => !Number.isFinite(x));
        if (bad >= 0) return { error: `X[${Math.floor(bad / m.cols)}][${bad % m.cols}] = ${m.data[bad]}: every value must be a finite number` };
        return { value: m };
      } catch (err) {
        return { error: (err as Error).message.replace(/^permutation: /, '') };
      }
    },
    n: (raw) => readWhole('n', raw, 1, LIMITS.maxN),
    d: (raw) => readWhole('d', raw, 1, LIMITS.maxD),
    seed: (raw) => readWhole('seed', raw, 0, LIMITS.maxSeed - 1),
    perm: (raw) => {
      if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
      return readList('perm', raw, 0, LIMITS.maxN, 'perm');
    },
    pe: (raw) => readChoice('positional encoding', raw, ['sinusoidal', 'none'] as const),
  });
  if (!v.ok) return v;
  const s = v.settings;
  const n = s.X ? s.X.rows : s.n;
  if (s.perm) {
    const problem = permutationProblem(s.perm, n);
    if (problem) return { ok: false, errors: { perm: problem } };
  }
  return v;
}

function permCase(core: Core, X: TypedMatrix, perm: number[], usePe: boolean): PermutationCase {
  const r = unwrap(core.raw.permutation_experiment(X, perm, usePe));
  return {
    use_pe: r.use_pe,
    permuted_input: r.permuted_input,
    out: r.out,
    out_permuted: r.out_permuted,
    permuted_out: r.permuted_out,
    weights: r.weights,
    weights_permuted: r.weights_permuted,
    max_abs_diff: r.max_abs_diff,
  };
}

/** Run the permutation experiment: without the encoding, then with the chosen one. */
export function runPermutation(core: Core, settings: PermutationSettings, onProgress: ProgressFn = () => {}): PermutationResult {
  const t0 = performance.now();
  progress(onProgress, 0, 3, settings.X ? 'exp.step.xGiven' : 'exp.step.xRandom');
  const X = settings.X ?? core.typed.random_normal(settings.n, settings.d, settings.seed);
  const perm = settings.perm ?? Array.from(unwrap(core.raw.seeded_permutation(X.rows, settings.seed + 1)).perm);
  progress(onProgress, 1, 3, 'exp.step.plain');
  const plain = permCase(core, X, perm, false);
  progress(onProgress, 2, 3, settings.pe === 'none' ? 'exp.step.peNone' : 'exp.step.pe');
  const withPe = settings.pe === 'none' ? plain : permCase(core, X, perm, true);
  progress(onProgress, 3, 3, 'exp.step.done');
  return {
    experiment: 'permutation',
    settings,
    X,
    source: settings.X ? 'given' : 'random',
    perm,
    permSource: settings.perm ? 'given' : 'random',
    plain,
    withPe,
    elapsedMs: performance.now() - t0,
  };
}

// ---------------------------------------------------------------- 3. quadratic

/** Settings of the quadratic-cost experiment. */
export interface QuadraticSettings {
  /** the largest n; the sweep is 16, 32, 64, … ≤ nMax (and nMax itself) */
  nMax: number;
  /** width of Q, K, V */
  d: number;
  seed: number;
  /** most timings per n (small n are repeated for a stable median; n ≥ 2048 once) */
  repeats: number;
}

/** n = 16 … 4096, d = 64, seed 7, up to 7 repeats. */
export const DEFAULT_QUADRATIC: QuadraticSettings = { nMax: 4096, d: 64, seed: 7, repeats: 7 };

/** The smallest n of the sweep. */
export const QUADRATIC_MIN_N = 16;

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

/** A least-squares line through (log x, log y). */
export interface LogLogFit {
  slope: number;
  intercept: number;
  r2: number;
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

/** The n of the sweep: 16, 32, … ≤ nMax, and nMax itself if it is not a power of 2. */
export function quadraticSizes(nMax: number): number[] {
  const ns: number[] = [];
  for (let n = QUADRATIC_MIN_N; n <= nMax; n *= 2) ns.push(n);
  if (ns[ns.length - 1] !== nMax) ns.push(nMax);
  return ns;
}

/** Check raw quadratic settings: 16 ≤ nMax ≤ 4096, d, seed, repeats. */
export function validateQuadratic(input?: RawInput<QuadraticSettings>): Validation<QuadraticSettings> {
  return collect(input, DEFAULT_QUADRATIC, {
    nMax: (raw) => readWhole('largest n', raw, QUADRATIC_MIN_N, LIMITS.maxN),
    d: (raw) => readWhole('d', raw, 1, LIMITS.maxD),
    seed: (raw) => readWhole('seed', raw, 0, LIMITS.maxSeed),
    repeats: (raw) => readWhole('repeats', raw, 1, LIMITS.maxRepeats),
  });
}

/** How many timings for this n: up to `repeats` while calls are cheap, once for the largest. */
function repeatsFor(n: number, repeats: number): number {
  if (n >= 2048) return 1;
  if (n >= 1024) return Math.min(repeats, 3);
  return repeats;
}

/** Fit a line through (log x, log y) with the core's least squares. */
export function fitLogLog(core: Core, xs: number[], ys: number[]): LogLogFit {
  const { slope, intercept, r2 } = unwrap(core.raw.fit_loglog_slope(Float64Array.from(xs), Float64Array.from(ys)));
  return { slope, intercept, r2 };
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
    const samples: number[] = [];
    let point: { entries: number; bytes: number; checksum: number } | null = null;
    for (let k = 0; k < repeatsFor(n, settings.repeats); k++) {
      const start = now();
      const r = core.raw.quadratic_point(n, settings.d, settings.seed);
      samples.push(now() - start);
      point = unwrap(r);
    }
    const p = point!;
    // a timer with coarse resolution can read 0: keep the log–log fit defined
    rows.push({ n, entries: p.entries, bytes: p.bytes, ms: Math.max(median(samples), 1e-6), samples, checksum: p.checksum });
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

// ---------------------------------------------------------------- 4. h = 1

/** Settings of the h = 1 check. */
export interface H1Settings {
  /** tokens (queries = keys) */
  n: number;
  /** width of Q, K, V */
  d: number;
  /** the h > 1 whose per-head scale is explained (must divide d) */
  h: number;
  seed: number;
  /** apply causal_mask(n) */
  causal: boolean;
}

/** n = 6, d = 8, h = 2, seed 7, no mask. */
export const DEFAULT_H1: H1Settings = { n: 6, d: 8, h: 2, seed: 7, causal: false };

/** The h = 1 check's result, and the per-head scale for the chosen h. */
export interface H1Result {
  experiment: 'h1';
  settings: H1Settings;
  /** max |multi_head(h=1).out − attention.out| — exactly 0 */
  max_out_diff: number;
  /** max |multi_head(h=1).weights − attention.weights| — exactly 0 */
  max_weight_diff: number;
  /** both are exactly 0 */
  pass: boolean;
  /** the chosen h, its head width d/h and scale √(d/h) */
  h: number;
  dHead: number;
  scale: number;
  /** max over heads of |multi_head(h).weights[t] − attention(Q_t, K_t, V_t).weights|: 0, each head is scaled by its own √(d/h) */
  headDiff: number;
  /** the same against heads wrongly scaled by √d: clearly not 0 */
  wrongScaleDiff: number;
  /** every h dividing d, with its head width and scale */
  table: { h: number; dHead: number; scale: number }[];
}

/** Check raw h = 1 settings: n, d in range, h divides d. */
export function validateH1(input?: RawInput<H1Settings>): Validation<H1Settings> {
  const v = collect(input, DEFAULT_H1, {
    n: (raw) => readWhole('n', raw, 1, LIMITS.maxN),
    d: (raw) => readWhole('d', raw, 1, LIMITS.maxD),
    h: (raw) => readWhole('h', raw, 1, LIMITS.maxH),
    seed: (raw) => readWhole('seed', raw, 0, LIMITS.maxSeed - 2),
    causal: (raw) => readBool('causal', raw),
  });
  if (!v.ok) return v;
  if (v.settings.d % v.settings.h !== 0) return { ok: false, errors: { h: `h = ${v.settings.h} does not divide d = ${v.settings.d}` } };
  return v;
}

/** Columns [first, first + width) of m. */
function columns(m: TypedMatrix, first: number, width: number, factor = 1): TypedMatrix {
  const data = new Float64Array(m.rows * width);
  for (let i = 0; i < m.rows; i++) for (let c = 0; c < width; c++) data[i * width + c] = factor * m.data[i * m.cols + first + c];
  return { data, rows: m.rows, cols: width };
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
  return worst;
}

/** Run the h = 1 check, then compare each head of h > 1 with attention on its slice. */
export function runH1Check(core: Core, settings: H1Settings, onProgress: ProgressFn = () => {}): H1Result {
  const { n, d, h, seed } = settings;
  progress(onProgress, 0, 2, 'exp.step.h1');
  const Q = core.typed.random_normal(n, d, seed);
  const K = core.typed.random_normal(n, d, seed + 1);
  const V = core.typed.random_normal(n, d, seed + 2);
  const mask: TypedMask | null = settings.causal ? core.typed.causal_mask(n) : null;
  const c = unwrap(core.raw.h1_check(Q, K, V, mask));
  progress(onProgress, 1, 2, 'exp.step.heads', { h });
  // head t of multi_head(h) is attention on columns [t·d/h, (t+1)·d/h), scaled by √(d/h);
  // scaling by √d instead is attention on Q_t / √h (√(d/h)·√h = √d)
  const dHead = d / h;
  const mh = core.typed.multi_head(Q, K, V, h, mask);
  let headDiff = 0;
  let wrongScaleDiff = 0;
  for (let t = 0; t < h; t++) {
    const [Qt, Kt, Vt] = [Q, K, V].map((m) => columns(m, t * dHead, dHead));
    const right = core.typed.attention(Qt, Kt, Vt, mask);
    const wrong = core.typed.attention(columns(Q, t * dHead, dHead, 1 / Math.sqrt(h)), Kt, Vt, mask);
    headDiff = Math.max(headDiff, maxAbsDiff(mh.weights[t].data, right.weights.data));
    wrongScaleDiff = Math.max(wrongScaleDiff, maxAbsDiff(mh.weights[t].data, wrong.weights.data));
  }
  const table: H1Result['table'] = [];
  for (let k = 1; k <= Math.min(d, LIMITS.maxH); k++) if (d % k === 0) table.push({ h: k, dHead: d / k, scale: Math.sqrt(d / k) });
  progress(onProgress, 2, 2, 'exp.step.done');
  return {
    experiment: 'h1',
    settings,
    max_out_diff: c.max_out_diff,
    max_weight_diff: c.max_weight_diff,
    pass: c.max_out_diff === 0 && c.max_weight_diff === 0,
    h,
    dHead,
    scale: Math.sqrt(dHead),
    headDiff,
    wrongScaleDiff,
    table,
  };
}

// ---------------------------------------------------------------- one entry point for the worker

/** Settings by experiment. */
export interface SettingsMap {
  scaling: ScalingSettings;
  permutation: PermutationSettings;
  quadratic: QuadraticSettings;
  h1: H1Settings;
}

/** Results by experiment. */
export interface ResultMap {
  scaling: ScalingResult;
  permutation: PermutationResult;
  quadratic: QuadraticResult;
  h1: H1Result;
}

/** Any experiment's result. */
export type ExperimentResult = ResultMap[ExperimentName];

/** The validator of each experiment. */
export const VALIDATORS: { [E in ExperimentName]: (input?: RawInput<SettingsMap[E]>) => Validation<SettingsMap[E]> } = {
  scaling: validateScaling,
  permutation: validatePermutation,
  quadratic: validateQuadratic,
  h1: validateH1,
};

/** Validate `input` for `experiment` and run it; throws SettingsError for bad settings. */
export function runExperiment<E extends ExperimentName>(
  core: Core,
  experiment: E,
  input: RawInput<SettingsMap[E]> | undefined,
  onProgress: ProgressFn = () => {},
): ResultMap[E] {
  const validate = VALIDATORS[experiment] as ((input?: RawInput<SettingsMap[E]>) => Validation<SettingsMap[E]>) | undefined;
  if (!validate) throw new SettingsError(experiment, { experiment: `unknown experiment ${shown(experiment)}` });
  const v = validate(input);
  if (!v.ok) throw new SettingsError(experiment, v.errors as Record<string, string>);
  switch (experiment) {
    case 'scaling':
      return runScaling(core, v.settings as ScalingSettings, onProgress) as ResultMap[E];
    case 'permutation':
      return runPermutation(core, v.settings as PermutationSettings, onProgress) as ResultMap[E];
    case 'quadratic':
      return runQuadratic(core, v.settings as QuadraticSettings, onProgress) as ResultMap[E];
    default:
      return runH1Check(core, v.settings as H1Settings, onProgress) as ResultMap[E];
  }
}
