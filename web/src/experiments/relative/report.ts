// report.ts — the relative-position experiment's texts (pure: no DOM):
//   relativeSentence  the one-sentence answer the panel shows
//   relativeReport    → 10-rope.txt  the settings, both deviations, the first diagonals
//   relativeCsv       → relative.csv one row per diagonal offset c = i − j
// Words from the 'rep.rope.*' keys (words.ts); numbers are formatted the same
// in both languages.

import type { TypedMatrix } from '../../core/core';
import { t, type Lang } from '../../i18n/i18n';
import { fmtDiff } from '../format';
import type { RelativeResult } from './run';

/** Values along the diagonal i − j = c, from its top-left end: S[c][0], S[c+1][1], … (c ≥ 0), S[0][−c], … (c < 0). */
export function diagonal(S: TypedMatrix, c: number): number[] {
  const out: number[] = [];
  for (let i = Math.max(0, c); i < S.rows && i - c < S.cols; i++) out.push(S.data[i * S.cols + (i - c)]);
  return out;
}

/** The pairing as a report names it ('half' / 'interleaved'). */
const pairingName = (r: RelativeResult, lang: Lang) =>
  t(lang, r.settings.pairing === 'half' ? 'exp.field.pairingHalf' : 'exp.field.pairingInterleaved').split(' (')[0];

/** The experiment's answer in one sentence, with both deviations. */
export function relativeSentence(r: RelativeResult, lang: Lang = 'en'): string {
  return t(lang, 'rep.rope.sentence', { rope: fmtDiff(r.ropeDeviation), sin: fmtDiff(r.sinDeviation) });
}

/** At most `count` values of a diagonal, 6 decimals, with an ellipsis when there are more. */
function listed(values: number[], count = 8): string {
  const shown = values.slice(0, count).map((x) => x.toFixed(6));
  return `[${shown.join(', ')}${values.length > count ? ', …' : ''}]`;
}

/** The text of 10-rope.txt: the settings, both deviations, the first two diagonals of each matrix and why. */
export function relativeReport(r: RelativeResult, lang: Lang = 'en'): string {
  const s = r.settings;
  const main = [diagonal(r.ropeScores, 0), diagonal(r.sinScores, 0)];
  const below = [diagonal(r.ropeScores, 1), diagonal(r.sinScores, 1)];
  const lines = [
    t(lang, 'rep.rope.title'),
    t(lang, 'rep.rope.settings', { n: s.n, d: s.d, seed: s.seed, base: s.base, pairing: pairingName(r, lang) }),
    t(lang, 'rep.rope.setup'),
    '',
    t(lang, 'rep.rope.devRope', { dev: fmtDiff(r.ropeDeviation), raw: r.ropeDeviation }),
    t(lang, 'rep.rope.devSin', { dev: fmtDiff(r.sinDeviation), raw: r.sinDeviation }),
    t(lang, 'rep.rope.deviationIs'),
    '',
    relativeSentence(r, lang),
    '',
    t(lang, 'rep.rope.diagonal', { last: Math.min(main[0].length, 8) - 1 }),
    `  RoPE:       ${listed(main[0])}`,
    `  sinusoidal: ${listed(main[1])}`,
    t(lang, 'rep.rope.subDiagonal', { last: Math.min(below[0].length, 8) }),
    `  RoPE:       ${listed(below[0])}`,
    `  sinusoidal: ${listed(below[1])}`,
    '',
    t(lang, 'rep.rope.why'),
  ];
  return lines.join('\n') + '\n';
}

/** Per diagonal offset c = i − j: the smallest and largest score of each matrix along it, full precision. */
export function relativeCsv(r: RelativeResult): string {
  const n = r.settings.n;
  const rows = ['offset_i_minus_j,length,rope_min,rope_max,sin_min,sin_max'];
  for (let c = -(n - 1); c <= n - 1; c++) {
    const a = diagonal(r.ropeScores, c);
    const b = diagonal(r.sinScores, c);
    rows.push([c, a.length, Math.min(...a), Math.max(...a), Math.min(...b), Math.max(...b)].join(','));
  }
  return rows.join('\n') + '\n';
}
