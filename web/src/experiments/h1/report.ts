// report.ts — the h = 1 check's texts (pure: no DOM): the pass mark and the
// per-head scale in two sentences, and h1.csv. Words from the 'rep.h1.*' keys.

import { t, type Lang } from '../../i18n/i18n';
import { csv, fmtDiff } from '../format';
import type { H1Result } from './run';

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
