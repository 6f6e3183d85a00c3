// report.ts — the permutation experiment's texts (pure: no DOM): the sentence
// for the panel, 05-perm.txt (the permutation used and the two differences)
// and permutation.csv. Words from the 'rep.perm.*' keys (words.ts).

import { t, type Lang } from '../../i18n/i18n';
import { csv, fmtDiff, fmtPerm } from '../format';
import type { PermutationResult } from './run';

// the keys of each case of positions
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
