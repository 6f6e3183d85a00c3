// reports.ts — the seed 003 result files as text (pure: no DOM).
//
//   scaleReport  → 02-scale.txt  the two d = 64 maxima and the whole table
//   permReport   → 05-perm.txt   the two differences and the permutation used
//   notesReport  → 08-notes.md   scaling, order and the quadratic growth in
//                                measured numbers, with 스케일링, 순서 and 제곱
// plus one CSV per table and the one-line sentences the panels show.

import type { H1Result, PermutationResult, QuadraticResult, ScalingPoint, ScalingResult } from './run';

// ---------------------------------------------------------------- number formats

/** A weight with 2 decimals, as in the sentences ("0.85"). */
export const fmtWeight = (x: number): string => x.toFixed(2);

/** A value for a table: 4 decimals. */
export const fmt4 = (x: number): string => x.toFixed(4);

/** A difference: "0" when exact, "2.22e-16" when tiny, "1.77" otherwise. */
export function fmtDiff(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toPrecision(3);
}

/** A whole number with thousands separators ("16,777,216"). */
export const fmtCount = (x: number): string => Math.round(x).toLocaleString('en-US');

/** Bytes in binary units ("128 MiB"). */
export function fmtBytes(x: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let u = 0;
  while (x >= 1024 && u < units.length - 1) {
    x /= 1024;
    u++;
  }
  return `${Number.isInteger(x) ? x : x.toFixed(1)} ${units[u]}`;
}

/** A duration with 3 significant digits ("0.0213 ms", "412 ms", "1.01 s"). */
export const fmtMs = (x: number): string => (x >= 1000 ? `${(x / 1000).toPrecision(3)} s` : `${x.toPrecision(3)} ms`);

/** A permutation as the seed writes lists: "[3, 4, 2, 0, 1]". */
export const fmtPerm = (p: ArrayLike<number>): string => `[${Array.from(p).join(', ')}]`;

function csv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.join(',')).join('\n') + '\n';
}

// ---------------------------------------------------------------- 1. scaling

function where64(p: ScalingPoint): string {
  return p.d === 64 ? 'd = 64' : `d = ${p.d} (d = 64 was not measured; this is the nearest)`;
}

/** The seed's question answered in one sentence, at d = 64 (or the nearest measured d). */
export function scaleSentence(r: ScalingResult): string {
  const p = r.at64;
  return (
    `At ${where64(p)}: without scaling the largest weight is ${fmtWeight(p.max_unscaled_mean)} ` +
    `(median ${fmtWeight(p.max_unscaled_median)}) — attention picks one key; ` +
    `with scaling it is ${fmtWeight(p.max_scaled_mean)} (median ${fmtWeight(p.max_scaled_median)}) — a weighted average.`
  );
}

/** The text of 02-scale.txt: the two d = 64 maxima, the sentence and the whole table. */
export function scaleReport(r: ScalingResult): string {
  const s = r.settings;
  const p = r.at64;
  const head = ['d', 'max_w÷√d', 'std', 'median', 'max_w', 'std', 'median', 'H÷√d', 'H'];
  const widths = [6, 10, 8, 8, 10, 8, 8, 8, 8];
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(' ');
  const lines = [
    '02-scale.txt — the largest softmax weight with and without dividing the scores by √d_k',
    `seed ${s.seed}; ${s.n} keys; ${s.trials} trials per d; one query row and ${s.n} key rows per trial, standard normal`,
    '',
    `${where64(p)}:`,
    `  without scaling (Q·Kᵀ):      largest weight ${p.max_unscaled_mean.toFixed(6)} (mean), std ${p.max_unscaled_std.toFixed(6)}, median ${p.max_unscaled_median.toFixed(6)}`,
    `  with scaling (Q·Kᵀ / √d_k): largest weight ${p.max_scaled_mean.toFixed(6)} (mean), std ${p.max_scaled_std.toFixed(6)}, median ${p.max_scaled_median.toFixed(6)}`,
    `  entropy of the weights: ${p.entropy_unscaled_mean.toFixed(4)} without, ${p.entropy_scaled_mean.toFixed(4)} with scaling (ln ${s.n} = ${p.entropy_max.toFixed(4)} is a uniform average, 0 is one key)`,
    '',
    scaleSentence(r),
    'Why: each score is a sum of d products of standard normals, so its spread grows like √d; dividing by √d_k keeps it at 1 for every d.',
    '',
    'The whole table (max_w: mean of the largest weight over the trials; H: mean entropy in nats):',
    line(head),
    ...r.points.map((q) =>
      line([
        String(q.d),
        fmt4(q.max_scaled_mean),
        fmt4(q.max_scaled_std),
        fmt4(q.max_scaled_median),
        fmt4(q.max_unscaled_mean),
        fmt4(q.max_unscaled_std),
        fmt4(q.max_unscaled_median),
        fmt4(q.entropy_scaled_mean),
        fmt4(q.entropy_unscaled_mean),
      ]),
    ),
  ];
  return lines.join('\n') + '\n';
}

/** The scaling table as CSV, full precision. */
export function scaleCsv(r: ScalingResult): string {
  return csv(
    [
      'd',
      'n',
      'trials',
      'max_scaled_mean',
      'max_scaled_std',
      'max_scaled_median',
      'max_unscaled_mean',
      'max_unscaled_std',
      'max_unscaled_median',
      'entropy_scaled_mean',
      'entropy_unscaled_mean',
      'entropy_max',
      'point_seed',
    ],
    r.points.map((q) => [
      q.d,
      q.n,
      q.trials,
      q.max_scaled_mean,
      q.max_scaled_std,
      q.max_scaled_median,
      q.max_unscaled_mean,
      q.max_unscaled_std,
      q.max_unscaled_median,
      q.entropy_scaled_mean,
      q.entropy_unscaled_mean,
      q.entropy_max,
      q.point_seed,
    ]),
  );
}

// ---------------------------------------------------------------- 2. permutation

function peName(r: PermutationResult): string {
  return r.settings.pe === 'none' ? 'none chosen' : 'sinusoidal pos_encoding(n, d)';
}

/** One sentence per case, for the panel. */
export function permSentence(r: PermutationResult): string {
  const tail =
    r.settings.pe === 'none'
      ? 'No positional encoding was chosen, so both cases are the same.'
      : `With the sinusoidal encoding it is ${fmtDiff(r.withPe.max_abs_diff)}: the order now matters.`;
  return `Without positional encoding, max |attention(PX) − P·attention(X)| = ${fmtDiff(r.plain.max_abs_diff)}: attention does not know the order. ${tail}`;
}

/** The text of 05-perm.txt: the permutation used and the two differences. */
export function permReport(r: PermutationResult): string {
  const lines = [
    '05-perm.txt — attention does not know the order (permutation equivariance)',
    `X: ${r.X.rows} × ${r.X.cols}, ${r.source === 'random' ? `random standard normal, seed ${r.settings.seed}` : 'given'}`,
    `permutation P (${r.permSource === 'random' ? `random, seed ${r.settings.seed + 1}` : 'given'}): ${fmtPerm(r.perm)} — row i of PX is row P[i] of X`,
    `positional encoding: ${peName(r)}, added after permuting (PX + PE): a position keeps its encoding while the tokens move`,
    '',
    `without positional encoding: max |attention(PX) − P·attention(X)| = ${fmtDiff(r.plain.max_abs_diff)} (${r.plain.max_abs_diff})`,
    `with positional encoding:    max |attention(PX + PE) − P·attention(X + PE)| = ${fmtDiff(r.withPe.max_abs_diff)} (${r.withPe.max_abs_diff})`,
    '',
    r.plain.max_abs_diff < 1e-12
      ? 'Without PE the output is permuted exactly like the input (up to rounding): attention is a function of a set, not of a sequence.'
      : 'Without PE the difference is larger than rounding (1e-12): check the input.',
    r.settings.pe === 'none'
      ? 'No encoding was chosen for the second case, so it repeats the first.'
      : r.withPe.max_abs_diff > 1e-3
        ? 'With PE the outputs differ: the encoding tells attention where each token stands, so reordering changes the result.'
        : 'With PE the difference is small: this permutation barely moves the tokens (or X is too symmetric).',
  ];
  return lines.join('\n') + '\n';
}

/** The permutation results as CSV: one row per case. */
export function permCsv(r: PermutationResult): string {
  const perm = `"${Array.from(r.perm).join(' ')}"`;
  return csv(
    ['case', 'positional_encoding', 'max_abs_diff', 'n', 'd', 'perm'],
    [
      ['without_pe', 'none', r.plain.max_abs_diff, r.X.rows, r.X.cols, perm],
      ['with_pe', r.settings.pe, r.withPe.max_abs_diff, r.X.rows, r.X.cols, perm],
    ],
  );
}

// ---------------------------------------------------------------- 3. quadratic

/** The seed's sentence: 4k → 8k makes the score matrix 4× larger, in numbers. */
export function quadSentence(r: QuadraticResult): string {
  const g = r.doubling;
  return (
    `Doubling the context (4k → 8k) makes the score matrix ${g.ratio}× larger: ` +
    `${fmtCount(g.entriesFrom)} → ${fmtCount(g.entriesTo)} entries, ${fmtBytes(g.bytesFrom)} → ${fmtBytes(g.bytesTo)} in float64.`
  );
}

/** The measured part: the largest n, its time, and the fitted slope. */
export function quadMeasured(r: QuadraticResult): string {
  const last = r.rows[r.rows.length - 1];
  const slope = Number.isFinite(r.timeFit.slope) ? `${r.timeFit.slope.toFixed(2)} (fitted for n ≥ ${r.fitFromN})` : 'not fitted (too few points)';
  return `One attention call at n = ${last.n} (d = ${r.settings.d}) took ${fmtMs(last.ms)} for ${fmtCount(last.entries)} scores (${fmtBytes(last.bytes)}); time grows with log–log slope ${slope}, entries with slope ${r.entriesFit.slope.toFixed(2)}.`;
}

/** The quadratic table as CSV. */
export function quadCsv(r: QuadraticResult): string {
  return csv(
    ['n', 'd', 'entries', 'bytes', 'ms_median', 'samples_ms', 'checksum'],
    r.rows.map((q) => [q.n, r.settings.d, q.entries, q.bytes, q.ms, `"${q.samples.map((x) => x.toFixed(4)).join(' ')}"`, q.checksum]),
  );
}

// ---------------------------------------------------------------- 4. h = 1

/** The h = 1 pass mark and the per-head scale, in two sentences. */
export function h1Sentence(r: H1Result): string {
  const mark = r.pass ? '✓ pass' : '✗ fail';
  const first = `${mark}: multi_head(Q, K, V, 1) against attention(Q, K, V): largest difference ${r.max_out_diff} in the output and ${r.max_weight_diff} in the weights.`;
  const second =
    r.h === 1
      ? `With h = 1 the one head has all d = ${r.settings.d} columns and is scaled by √${r.settings.d}, exactly like attention.`
      : `With h = ${r.h} each head sees d/h = ${r.dHead} columns and divides its scores by √(d/h) = ${r.scale.toPrecision(4)}, not √d = ${Math.sqrt(r.settings.d).toPrecision(4)}: ` +
        `each head equals attention on its slice (difference ${fmtDiff(r.headDiff)}); dividing by √d instead would change the weights by up to ${fmtDiff(r.wrongScaleDiff)}.`;
  return `${first} ${second}`;
}

/** The per-head scales for every h dividing d, as CSV. */
export function h1Csv(r: H1Result): string {
  return csv(
    ['h', 'd_head', 'scale_sqrt_d_head'],
    r.table.map((t) => [t.h, t.dHead, t.scale]),
  );
}

// ---------------------------------------------------------------- 08-notes.md

/**
 * The text of 08-notes.md: at least three lines (scaling, order, quadratic
 * growth) with the measured numbers and the words 스케일링, 순서 and 제곱.
 * A missing result keeps its line, saying which experiment to run.
 */
export function notesReport(scale: ScalingResult | null, perm: PermutationResult | null, quad: QuadraticResult | null): string {
  const lines = ['# 08-notes.md — attention in three numbers', ''];

  if (scale) {
    const p = scale.at64;
    lines.push(
      `- **스케일링 (scaling by √d_k):** at d = ${p.d} with ${scale.settings.n} keys the largest softmax weight is ` +
        `${p.max_unscaled_mean.toFixed(3)} without scaling and ${p.max_scaled_mean.toFixed(3)} with it ` +
        `(mean of ${scale.settings.trials} trials, seed ${scale.settings.seed}; medians ${p.max_unscaled_median.toFixed(3)} and ${p.max_scaled_median.toFixed(3)}). ` +
        'Without 스케일링 softmax nearly picks one key; with it the output is a weighted average.',
    );
  } else {
    lines.push('- **스케일링 (scaling by √d_k):** not measured yet — run the scaling experiment for the two largest weights at d = 64.');
  }

  if (perm) {
    const withPe =
      perm.settings.pe === 'none'
        ? 'no positional encoding was chosen for the second case'
        : `adding the sinusoidal positional encoding after permuting makes it ${fmtDiff(perm.withPe.max_abs_diff)}, so only then does 순서 matter`;
    lines.push(
      `- **순서 (order):** without positional encoding attention ignores the 순서 of the tokens: ` +
        `max |attention(PX) − P·attention(X)| = ${fmtDiff(perm.plain.max_abs_diff)} for P = ${fmtPerm(perm.perm)} (X ${perm.X.rows} × ${perm.X.cols}); ${withPe}.`,
    );
  } else {
    lines.push('- **순서 (order):** not measured yet — run the permutation experiment for attention(PX) against P·attention(X).');
  }

  if (quad) {
    const last = quad.rows[quad.rows.length - 1];
    const slope = Number.isFinite(quad.timeFit.slope)
      ? `; the measured time grows with slope ${quad.timeFit.slope.toFixed(2)} on a log–log plot (n ≥ ${quad.fitFromN})`
      : '';
    lines.push(
      `- **제곱 (square):** the score matrix has n² entries, so it grows with the 제곱 of the context: ` +
        `n = ${last.n} gives ${fmtCount(last.entries)} entries (${fmtBytes(last.bytes)} in float64) and one attention call took ${fmtMs(last.ms)}${slope}. ` +
        `Doubling the context from 4k to 8k makes the score matrix ${quad.doubling.ratio}× larger (${fmtBytes(quad.doubling.bytesFrom)} → ${fmtBytes(quad.doubling.bytesTo)}).`,
    );
  } else {
    lines.push(
      '- **제곱 (square):** the score matrix has n² entries — the 제곱 of the context: 4k → 8k makes it 4× larger (128 MiB → 512 MiB in float64). Run the quadratic experiment for measured times.',
    );
  }
  return lines.join('\n') + '\n';
}
