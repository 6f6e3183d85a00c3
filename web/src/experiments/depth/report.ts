// report.ts — the depth experiment's texts (pure: no DOM): the one-sentence
// conclusion computed from the numbers, 11-depth.txt and depth.csv. Words from
// the 'rep.depth.*' and 'exp.depth.*' keys (words.ts).

import { t, type Lang } from '../../i18n/i18n';
import { DEPTH_VARIANTS } from '../../core/depth';
import { collapseLayer, type DepthResult } from './run';

/** An r in a sentence or a table cell: "0", "1.28e-16" below 1e-3, else 3 significant digits ("0.00758", "0.253"). */
export function fmtR(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toPrecision(3);
}

/** An r in the report: 7 significant digits, exponent form ("1.283456e-16"). */
export const fmtRFull = (x: number): string => (x === 0 ? '0' : x.toExponential(6));

/** The threshold as the texts write it ("1e-6"). */
const fmtThreshold = (x: number): string => x.toExponential();

/** The last r of a stack. */
const last = (r: DepthResult, v: (typeof DEPTH_VARIANTS)[number]): number => r.curves[v].r[r.curves[v].r.length - 1];

/** The conclusion in one sentence, from the numbers: where each stack ends, and what that says. */
export function depthSentence(r: DepthResult, lang: Lang = 'en'): string {
  const c = r.curves;
  const threshold = fmtThreshold(r.threshold);
  const a = last(r, 'attention');
  const b = last(r, 'residual');
  const p = last(r, 'pre_ln');
  let tail: string;
  if (DEPTH_VARIANTS.every((v) => c[v].r[0] === 0)) tail = t(lang, 'rep.depth.tailOne');
  else if (!c.attention.collapsed) tail = t(lang, 'rep.depth.tailNot', { threshold });
  else if (c.residual.collapsed && c.pre_ln.collapsed) tail = t(lang, 'rep.depth.tailAll', { threshold });
  else tail = t(lang, 'rep.depth.tailKept');
  const sentence = t(lang, 'rep.depth.sentence', { L: r.settings.L, a: fmtR(a), b: fmtR(b), c: fmtR(p), tail });
  const at = c.attention.r[0] > 0 ? collapseLayer(c.attention, r.threshold) : null;
  return at === null ? sentence : `${sentence} ${t(lang, 'rep.depth.from', { threshold, layer: at })}`;
}

/** The text of 11-depth.txt: settings, the sentence, a line per stack and r after every layer. */
export function depthReport(r: DepthResult, lang: Lang = 'en'): string {
  const s = r.settings;
  const threshold = fmtThreshold(r.threshold);
  const names = DEPTH_VARIANTS.map((v) => t(lang, `exp.depth.${v}`));
  const nameWidth = Math.max(...names.map((x) => x.length)) + 2;
  const cell = (x: string, w = 14) => x.padStart(w);
  const lines = [
    t(lang, 'rep.depth.title'),
    t(lang, 'rep.depth.settings', { n: s.n, d: s.d, L: s.L, seed: s.seed }),
    t(lang, 'rep.depth.stacks'),
    t(lang, 'rep.depth.measure', { threshold }),
    '',
    depthSentence(r, lang),
    '',
    t(lang, 'rep.depth.summary'),
    `${''.padEnd(nameWidth)}${cell('r_0')}${cell('r_L')}${cell('r_L / r_0')}  ${t(lang, 'exp.depth.state', { threshold })}`,
    ...DEPTH_VARIANTS.map((v, k) => {
      const c = r.curves[v];
      const yes = t(lang, c.collapsed ? 'exp.depth.collapsed' : 'exp.depth.kept');
      return `${names[k].padEnd(nameWidth)}${cell(fmtRFull(c.r[0]))}${cell(fmtRFull(last(r, v)))}${cell(fmtRFull(c.ratio))}  ${yes}`;
    }),
    '',
    t(lang, 'rep.depth.perLayer'),
    `${'layer'.padStart(5)}${DEPTH_VARIANTS.map((v) => cell(v, 16)).join('')}`,
    ...Array.from(r.curves.attention.r, (_, l) => `${String(l).padStart(5)}${DEPTH_VARIANTS.map((v) => cell(fmtRFull(r.curves[v].r[l]), 16)).join('')}`),
  ];
  return lines.join('\n') + '\n';
}

/** r after each layer as CSV, full precision: layer, attention, residual, pre_ln. */
export function depthCsv(r: DepthResult): string {
  const rows = Array.from(r.curves.attention.r, (_, l) => [l, ...DEPTH_VARIANTS.map((v) => r.curves[v].r[l])].join(','));
  return ['layer,' + DEPTH_VARIANTS.join(','), ...rows].join('\n') + '\n';
}
