// report.ts — the scaling experiment's texts (pure: no DOM): the one-sentence
// answer at d = 64, 02-scale.txt (the two d = 64 maxima and the whole table)
// and scaling.csv. Words from the 'rep.scale.*' keys (words.ts); numbers are
// formatted the same in both languages, CSV column names stay English (they
// are data, read by programs).

import { t, type Lang } from '../../i18n/i18n';
import { csv, fmt4, fmtWeight } from '../format';
import type { ScalingPoint, ScalingResult } from './run';

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
