// reports.ts — the seed 003 result files as text (pure: no DOM).
//
//   scaleReport  → 02-scale.txt  the two d = 64 maxima and the whole table
//   permReport   → 05-perm.txt   the two differences and the permutation used
//   notesReport  → 08-notes.md   scaling, order and the quadratic growth in
//                                measured numbers, with 스케일링, 순서 and 제곱
// plus one CSV per table and the one-line sentences the panels show.
//
// Every text takes a language (English by default): the words come from the
// 'rep.*' keys of i18n.ts, the numbers are formatted the same in both. CSV
// column names stay English: they are data, read by programs.

import { t, type Lang } from '../i18n/i18n';
import type { H1Result, PermutationResult, QuadraticResult, ScalingPoint, ScalingResult } from './run';
// depth (experiment 6): 11-depth.txt, depth.csv and the sentence
export { depthCsv, depthReport, depthSentence, fmtR, fmtRFull } from './depth-report';

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

/** A mean and its standard deviation in one table cell, 3 decimals: "0.854 ± 0.175" (a no-break space after ±, so a narrow column breaks the line only before it). */
export const fmtMeanStd = (mean: number, std: number): string => `${mean.toFixed(3)} ±\u00a0${std.toFixed(3)}`;

/** A permutation as the seed writes lists: "[3, 4, 2, 0, 1]". */
export const fmtPerm = (p: ArrayLike<number>): string => `[${Array.from(p).join(', ')}]`;

function csv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.join(',')).join('\n') + '\n';
}

// ---------------------------------------------------------------- 1. scaling

function where64(p: ScalingPoint, lang: Lang): string {
  return p.d === 64 ? 'd = 64' : t(lang, 'rep.scale.near64', { d: p.d });
}

/** The seed's question answered in one sentence, at d = 64 (or the nearest measured d). */
export function scaleSentence(r: ScalingResult, lang: Lang = 'en'): string {
  const p = r.at64;
  return t(lang, 'rep.scale.sentence', {
    at: where64(p, lang),
    unscaled: fmtWeight(p.max_unscaled_mean),
    unscaledMedian: fmtWeight(p.max_unscaled_median),
    scaled: fmtWeight(p.max_scaled_mean),
    scaledMedian: fmtWeight(p.max_scaled_median),
  });
}

/** The text of 02-scale.txt: the two d = 64 maxima, the sentence and the whole table. */
export function scaleReport(r: ScalingResult, lang: Lang = 'en'): string {
  const s = r.settings;
  const p = r.at64;
  const head = ['d', 'max_w÷√d', 'std', 'median', 'max_w', 'std', 'median', 'H÷√d', 'H'];
  const widths = [6, 10, 8, 8, 10, 8, 8, 8, 8];
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(' ');
  const six = (x: number) => x.toFixed(6);
  const lines = [
    t(lang, 'rep.scale.title'),
    t(lang, 'rep.scale.settings', { seed: s.seed, n: s.n, trials: s.trials }),
    '',
    t(lang, 'rep.scale.at', { at: where64(p, lang) }),
    t(lang, 'rep.scale.without', { mean: six(p.max_unscaled_mean), std: six(p.max_unscaled_std), median: six(p.max_unscaled_median) }),
    t(lang, 'rep.scale.with', { mean: six(p.max_scaled_mean), std: six(p.max_scaled_std), median: six(p.max_scaled_median) }),
    t(lang, 'rep.scale.entropy', {
      without: p.entropy_unscaled_mean.toFixed(4),
      with: p.entropy_scaled_mean.toFixed(4),
      n: s.n,
      max: p.entropy_max.toFixed(4),
    }),
    '',
    scaleSentence(r, lang),
    t(lang, 'rep.scale.why'),
    '',
    t(lang, 'rep.scale.table'),
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

// the keys of each case of positions (RoPE and ALiBi: experiment 7)
const PE_KEYS = {
  none: { name: 'rep.perm.peNone', tail: 'rep.perm.tailNone', with: 'rep.perm.with' },
  sinusoidal: { name: 'rep.perm.peSin', tail: 'rep.perm.tailPe', with: 'rep.perm.with' },
  rope: { name: 'rep.perm.peRope', tail: 'rep.perm.tailRope', with: 'rep.perm.withRope' },
  alibi: { name: 'rep.perm.peAlibi', tail: 'rep.perm.tailAlibi', with: 'rep.perm.withAlibi' },
} as const;

function peName(r: PermutationResult, lang: Lang): string {
  return t(lang, PE_KEYS[r.settings.pe].name);
}

/** One sentence per case, for the panel. */
export function permSentence(r: PermutationResult, lang: Lang = 'en'): string {
  const tail = t(lang, PE_KEYS[r.settings.pe].tail, { diff: fmtDiff(r.withPe.max_abs_diff) });
  return t(lang, 'rep.perm.sentence', { diff: fmtDiff(r.plain.max_abs_diff), tail });
}

/** The text of 05-perm.txt: the permutation used and the two differences. */
export function permReport(r: PermutationResult, lang: Lang = 'en'): string {
  const seed = r.settings.seed;
  const lines = [
    t(lang, 'rep.perm.title'),
    t(lang, 'rep.perm.x', {
      rows: r.X.rows,
      cols: r.X.cols,
      source: r.source === 'random' ? t(lang, 'rep.perm.xRandom', { seed }) : t(lang, 'rep.perm.given'),
    }),
    t(lang, 'rep.perm.p', {
      source: r.permSource === 'random' ? t(lang, 'rep.perm.pRandom', { seed: seed + 1 }) : t(lang, 'rep.perm.given'),
      perm: fmtPerm(r.perm),
    }),
    t(lang, r.settings.pe === 'rope' || r.settings.pe === 'alibi' ? 'rep.perm.positions' : 'rep.perm.pe', { pe: peName(r, lang) }),
    '',
    t(lang, 'rep.perm.without', { diff: fmtDiff(r.plain.max_abs_diff), raw: r.plain.max_abs_diff }),
    t(lang, PE_KEYS[r.settings.pe].with, { diff: fmtDiff(r.withPe.max_abs_diff), raw: r.withPe.max_abs_diff }),
    '',
    t(lang, r.plain.max_abs_diff < 1e-12 ? 'rep.perm.exact' : 'rep.perm.notExact'),
    t(lang, r.settings.pe === 'none' ? 'rep.perm.repeats' : r.withPe.max_abs_diff > 1e-3 ? 'rep.perm.differ' : 'rep.perm.small'),
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
export function quadSentence(r: QuadraticResult, lang: Lang = 'en'): string {
  const g = r.doubling;
  return t(lang, 'rep.quad.sentence', {
    ratio: g.ratio,
    from: fmtCount(g.entriesFrom),
    to: fmtCount(g.entriesTo),
    bytesFrom: fmtBytes(g.bytesFrom),
    bytesTo: fmtBytes(g.bytesTo),
  });
}

/** The measured part: the largest n, its time, and the fitted slope. */
export function quadMeasured(r: QuadraticResult, lang: Lang = 'en'): string {
  const last = r.rows[r.rows.length - 1];
  const slope = Number.isFinite(r.timeFit.slope)
    ? t(lang, 'rep.quad.slope', { slope: r.timeFit.slope.toFixed(2), from: r.fitFromN })
    : t(lang, 'rep.quad.noSlope');
  return t(lang, 'rep.quad.measured', {
    n: last.n,
    d: r.settings.d,
    ms: fmtMs(last.ms),
    entries: fmtCount(last.entries),
    bytes: fmtBytes(last.bytes),
    slope,
    entriesSlope: r.entriesFit.slope.toFixed(2),
  });
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
export function h1Sentence(r: H1Result, lang: Lang = 'en'): string {
  const d = r.settings.d;
  const first = t(lang, 'rep.h1.first', { mark: t(lang, r.pass ? 'rep.h1.pass' : 'rep.h1.fail'), out: r.max_out_diff, weights: r.max_weight_diff });
  const second =
    r.h === 1
      ? t(lang, 'rep.h1.one', { d })
      : t(lang, 'rep.h1.many', {
          h: r.h,
          dHead: r.dHead,
          scale: r.scale.toPrecision(4),
          sqrtD: Math.sqrt(d).toPrecision(4),
          headDiff: fmtDiff(r.headDiff),
          wrongDiff: fmtDiff(r.wrongScaleDiff),
        });
  return t(lang, 'rep.h1.sentence', { first, second });
}

/** The per-head scales for every h dividing d, as CSV. */
export function h1Csv(r: H1Result): string {
  return csv(
    ['h', 'd_head', 'scale_sqrt_d_head'],
    r.table.map((row) => [row.h, row.dHead, row.scale]),
  );
}

// ---------------------------------------------------------------- 08-notes.md

/**
 * The text of 08-notes.md: at least three lines (scaling, order, quadratic
 * growth) with the measured numbers and the words 스케일링, 순서 and 제곱
 * (in both languages). A missing result keeps its line, saying which
 * experiment to run.
 */
export function notesReport(scale: ScalingResult | null, perm: PermutationResult | null, quad: QuadraticResult | null, lang: Lang = 'en'): string {
  const lines = [t(lang, 'rep.notes.title'), ''];

  if (scale) {
    const p = scale.at64;
    const three = (x: number) => x.toFixed(3);
    lines.push(
      t(lang, 'rep.notes.scale', {
        d: p.d,
        n: scale.settings.n,
        unscaled: three(p.max_unscaled_mean),
        scaled: three(p.max_scaled_mean),
        trials: scale.settings.trials,
        seed: scale.settings.seed,
        unscaledMedian: three(p.max_unscaled_median),
        scaledMedian: three(p.max_scaled_median),
      }),
    );
  } else {
    lines.push(t(lang, 'rep.notes.scaleMissing'));
  }

  if (perm) {
    const pe = perm.settings.pe;
    const diff = fmtDiff(perm.withPe.max_abs_diff);
    const withPe =
      pe === 'none'
        ? t(lang, 'rep.notes.permNone')
        : pe === 'sinusoidal'
          ? t(lang, 'rep.notes.permPe', { diff })
          : t(lang, 'rep.notes.permPos', { pe: pe === 'rope' ? 'RoPE' : 'ALiBi', diff });
    lines.push(t(lang, 'rep.notes.perm', { diff: fmtDiff(perm.plain.max_abs_diff), perm: fmtPerm(perm.perm), rows: perm.X.rows, cols: perm.X.cols, withPe }));
  } else {
    lines.push(t(lang, 'rep.notes.permMissing'));
  }

  if (quad) {
    const last = quad.rows[quad.rows.length - 1];
    const slope = Number.isFinite(quad.timeFit.slope) ? t(lang, 'rep.notes.quadSlope', { slope: quad.timeFit.slope.toFixed(2), from: quad.fitFromN }) : '';
    lines.push(
      t(lang, 'rep.notes.quad', {
        n: last.n,
        entries: fmtCount(last.entries),
        bytes: fmtBytes(last.bytes),
        ms: fmtMs(last.ms),
        slope,
        ratio: quad.doubling.ratio,
        bytesFrom: fmtBytes(quad.doubling.bytesFrom),
        bytesTo: fmtBytes(quad.doubling.bytesTo),
      }),
    );
  } else {
    lines.push(t(lang, 'rep.notes.quadMissing'));
  }
  return lines.join('\n') + '\n';
}
