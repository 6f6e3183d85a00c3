// report.ts — the quadratic-cost experiment's texts (pure: no DOM): the
// sentence of 4k → 8k in numbers, the measured part (the largest n, its time,
// the fitted slope) and quadratic.csv. Words from the 'rep.quad.*' keys.

import { t, type Lang } from '../../i18n/i18n';
import { csv, fmtBytes, fmtCount, fmtMs } from '../format';
import type { QuadraticResult } from './run';

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
