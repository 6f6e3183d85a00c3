// notes.ts — 08-notes.md (pure: no DOM): three lines (scaling, order and the
// quadratic growth) with the numbers measured by the scaling, permutation and
// quadratic experiments, and the words 스케일링, 순서 and 제곱 (in both
// languages). Words from the 'rep.notes.*' keys (notes.words.ts).

import { t, type Lang } from '../i18n/i18n';
import { fmtBytes, fmtCount, fmtDiff, fmtMs, fmtPerm } from './format';
import type { PermutationResult } from './permutation/run';
import type { QuadraticResult } from './quadratic/run';
import type { ScalingResult } from './scaling/run';

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

/** The last result of each experiment the notes quote (null or missing: not run yet). */
export interface NotesResults {
  scaling?: ScalingResult | null;
  permutation?: PermutationResult | null;
  quadratic?: QuadraticResult | null;
}

/** 08-notes.md, from the last results the panel holds. */
export const NOTES = {
  name: '08-notes.md',
  text: (r: NotesResults, lang: Lang): string => notesReport(r.scaling ?? null, r.permutation ?? null, r.quadratic ?? null, lang),
};
