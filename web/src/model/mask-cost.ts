// mask-cost.ts — how much of the score matrix a mask lets through, and how
// that cost grows with n for each pattern: "visible 1,536 of
// 65,536 = 2.3 %: cost grows like n·w, not n²". Pure: the count is read from
// the mask's bytes, the sentence is the i18n table's (t), the numbers are
// grouped in the page's language (Intl.NumberFormat).

import type { TypedMask } from '../core/core';
import type { MaskMode } from './options';

/** How many of a mask's (rows × cols) entries are visible. */
export interface MaskCount {
  visible: number;
  total: number;
}

/** The visible entries of `mask` (non-zero bytes) of its rows × cols; no mask: every one of rows × cols. */
export function countVisible(mask: TypedMask | null, rows: number, cols: number): MaskCount {
  if (!mask) return { visible: rows * cols, total: rows * cols };
  let visible = 0;
  for (let p = 0; p < mask.data.length; p++) if (mask.data[p] !== 0) visible += 1;
  return { visible, total: mask.rows * mask.cols };
}

/**
 * The i18n key of the sentence saying how the cost of `mode` grows with n (none n², causal ≈ n²/2, sliding window
 * and dilated n·w, prefix n²/2 + p²/2, local + global n·(2w + 1) + 2·g·n, BigBird n·block·(window + global + random
 * blocks)), or null for a custom mask (counted only).
 */
export function growthKey(mode: MaskMode): string | null {
  return mode === 'custom' ? null : `maskCost.growth.${mode}`;
}

/** Translate, as the panel context does. */
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The share visible, in percent: one decimal (two significant digits below 1 %); 0 and 100 only when exact. */
function percentText(count: MaskCount, locale: string): string {
  const fmt = (x: number, o: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(locale, o).format(x);
  if (count.visible === 0 || count.total === 0) return fmt(0);
  if (count.visible === count.total) return fmt(100);
  const x = (100 * count.visible) / count.total;
  if (x < 1) return fmt(x, { maximumSignificantDigits: 2 });
  // one decimal, never rounded up to 100 (99.96 % reads 99.9)
  return fmt(Math.min(x, 99.9), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The language's locale for Intl. */
const LOCALES: Record<string, string> = { en: 'en-US', zh: 'zh-CN' };

/** The line under the mask: "visible 1,536 of 65,536 = 2.3 %: cost grows like n·w, not n²" in `lang` (t translates); without `growth`, the count alone. */
export function costLine(mode: MaskMode, count: MaskCount, lang: string, t: Translate, growth = true): string {
  const group = new Intl.NumberFormat(LOCALES[lang] ?? lang, { useGrouping: true });
  const counted = t('maskCost.visible', {
    visible: group.format(count.visible),
    total: group.format(count.total),
    percent: percentText(count, LOCALES[lang] ?? lang),
  });
  const key = growth ? growthKey(mode) : null;
  return key ? t('maskCost.line', { counted, growth: t(key) }) : counted;
}
