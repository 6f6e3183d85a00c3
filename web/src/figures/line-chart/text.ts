// text.ts — pure text helpers of the line chart: estimated text widths, the
// short number format of axes and readouts, the table's exact format, and
// wrapping into lines.

import { estimateTextWidth, formatFull } from '../kit/figure-kit';
import { FONT } from './metrics';

/** Rough width in px of a text at a font size (sans-serif; errs on the wide side). */
export function textWidth(s: string, fontPx: number = FONT): number {
  return estimateTextWidth(s, fontPx, 0.6);
}

/** Short text of a number: 3 significant digits ("0.972", "1.5"), whole numbers from 100 ("1024"), k/M/G from 10⁴ ("16.8M"), exponent below 10⁻³. */
export function formatNumber(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const a = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  if (a >= 1e4) {
    for (const [k, unit] of [
      [1e9, 'G'],
      [1e6, 'M'],
      [1e3, 'k'],
    ] as const) {
      if (a >= k) return sign + String(Number((a / k).toPrecision(3))) + unit;
    }
  }
  if (a !== 0 && a < 1e-3) return sign + a.toExponential(1).replace('e-', 'e−');
  if (a === 0) return '0';
  if (a >= 100) return sign + String(Math.round(a)); // 1024 stays 1024, 412.7 → 413
  return sign + String(Number(a.toPrecision(3)));
}

/** Text of a value in the table: a whole number of magnitude at most 2⁵³ − 1 exactly ("16777216"), any other value to 6 significant digits (formatFull). */
export function formatExact(v: number): string {
  if (Number.isSafeInteger(v)) return String(v); // -0 is safe and prints "0"
  return formatFull(v);
}

/** Split text into lines of at most maxPx (estimated); a single long word stays on its own line. */
export function wrapText(text: string, maxPx: number, fontPx: number = FONT): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && textWidth(next, fontPx) > maxPx) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}
