// mask-example.ts — the 8-token example the mask tests type into a
// playground (tests/e2e/masks.spec.ts, tests/web/panels/masks.browser.test.ts),
// and what it should show for a mask: the weights of an independent float64
// softmax with the reference mask (mask-reference.ts: masked entries exactly 0,
// rows summing to 1, within 1e-9) and the visible-count line.

import { t } from '../../../web/src/i18n/i18n';
import { costLine, countVisible } from '../../../web/src/model/mask-cost';
import type { MaskMode } from '../../../web/src/model/options';
import { maskedWeights, type BoolRows } from './mask-reference';

/** 8 tokens, d = 4: fixed numbers typed as cells, so the reference computes from the same values. */
export const N = 8;
const rows = (f: (i: number, t: number) => number) => Array.from({ length: N }, (_, i) => Array.from({ length: 4 }, (_, c) => Math.round(f(i, c) * 100) / 100));
export const Q = rows((i, c) => Math.sin(1.3 * i + c));
export const K = rows((i, c) => Math.cos(0.7 * i - 2 * c));
export const V = rows((i, c) => i - c / 2);
/** A matrix as a link's cells (`1,2;3,4`). */
export const cells = (m: number[][]): string => m.map((r) => r.join(',')).join(';');
/** The example as a link's hash. */
export const START = `#op=attention&Q=${cells(Q)}&K=${cells(K)}&V=${cells(V)}`;

/** The mask mode a check's name starts with ("window w = 2" → window). */
export const modeOf = (what: string): MaskMode => what.split(' ')[0] as MaskMode;

/** What head 0 should show with `mask` (the check named `what`, its mode first). */
export interface MaskedExpectation {
  /** softmax with the mask, every entry. */
  weights: number[][];
  /** The same with null where the mask hides the key. */
  shown: (number | null)[][];
  /** How many cells the mask hides. */
  hidden: number;
  /** The visible-count line under the mask figure. */
  cost: string;
}

/** What head 0 should show with `mask` on the example. */
export function expectMasked(mask: BoolRows, what: string): MaskedExpectation {
  const weights = maskedWeights(Q, K, mask);
  return {
    weights,
    shown: weights.map((r, i) => r.map((v, j) => (mask[i][j] ? v : null))),
    hidden: mask.flat().filter((v) => !v).length,
    cost: costLine(modeOf(what), countVisible({ data: Uint8Array.from(mask.flat(), Number), rows: N, cols: N }, N, N), 'en', (k, v) => t('en', k, v)),
  };
}

/** What is wrong with the weights a playground computed against `want`: a row not summing to 1, a masked weight not exactly 0, a weight off by 1e-9. */
export function weightErrors(weights: number[][], mask: BoolRows, want: MaskedExpectation, what: string): string[] {
  const errors: string[] = [];
  weights.forEach((row, i) => {
    const sum = row.reduce((a, b) => a + b, 0);
    if (!(Math.abs(sum - 1) < 1e-12)) errors.push(`${what}: row ${i} sums to ${sum}, not 1`);
    row.forEach((w, j) => {
      if (!mask[i][j] && !Object.is(w, 0)) errors.push(`${what}: masked (${i}, ${j}) is ${w}, not exactly 0`);
      if (!(Math.abs(w - want.weights[i][j]) < 1e-9)) errors.push(`${what}: weight (${i}, ${j}) is ${w}, the reference ${want.weights[i][j]}`);
    });
  });
  return errors;
}
