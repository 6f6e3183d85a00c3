// reference.ts — what the page should show, computed here in plain
// TypeScript from the seed 000 fixture and written with the page's own
// formatters and word tables (imported from web/src, never copied):
//
//   * softmax(Q·Kᵀ/√d_k + mask) on plain arrays, an independent check of the
//     C++ core's weights;
//   * the texts of the heatmap's table and cells, of the output table;
//   * a pattern for a sentence of the i18n tables with some values fixed.

import { SEED_000 } from '../../web/src/model/seed000';
import { cellText, MASK_TEXT } from '../../web/src/figures/heatmap/heatmap';
import { HEATMAP_DEFAULTS } from '../../web/src/figures/heatmap/types';
import { formatFull } from '../../web/src/figures/kit/figure-kit';
import { formatNumber } from '../../web/src/widgets/dom';

export { SEED_000 };

/** A matrix as rows of numbers. */
export type Matrix = number[][];
/** Weights where null stands for a masked (hidden) cell. */
export type MaskedMatrix = (number | null)[][];

/** A·B. */
export const matmul = (A: Matrix, B: Matrix): Matrix => A.map((row) => B[0].map((_, j) => row.reduce((s, a, k) => s + a * B[k][j], 0)));
/** Aᵀ. */
export const transpose = (A: Matrix): Matrix => A[0].map((_, j) => A.map((row) => row[j]));

/** softmax(Q·Kᵀ/√d_k + mask) with hidden(i, j) → −∞; the weights (n_q × n_k). */
export function attentionWeights(Q: Matrix, K: Matrix, hidden: (i: number, j: number) => boolean = () => false, scale = true): Matrix {
  const d = Q[0].length;
  const scores = matmul(Q, transpose(K)).map((row, i) => row.map((s, j) => (hidden(i, j) ? -Infinity : scale ? s / Math.sqrt(d) : s)));
  return scores.map((row) => {
    const max = Math.max(...row);
    const e = row.map((s) => (s === -Infinity ? 0 : Math.exp(s - max)));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  });
}

/** The seed 000 weights: q = X·Wq, k = X·Wk, 1/√2 scaling, causal or not. */
export function seedWeights(causal: boolean): Matrix {
  const q = matmul(SEED_000.X, SEED_000.Wq);
  const k = matmul(SEED_000.X, SEED_000.Wk);
  return attentionWeights(q, k, (i, j) => causal && j > i);
}

/** The seed 000 weights with the causal mask, null above the diagonal. */
export const seedCausal = (): MaskedMatrix => seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? null : v)));

/** The seed 000 weights with the causal mask, 0 above the diagonal. */
export const seedCausalZeros = (): Matrix => seedWeights(true).map((row, i) => row.map((v, j) => (j > i ? 0 : v)));

/** The seed 000 output weights·(X·Wv) with the causal mask, as the output table prints it. */
export const seedOutputTexts = (): string[][] => matmul(seedWeights(true), matmul(SEED_000.X, SEED_000.Wv)).map((row) => row.map((x) => formatNumber(x, 4)));

/** The text of a row sum in the results panel's row statistics. */
export const rowSumText = (x: number): string => formatNumber(x, 6);

/** The text of a value in the heatmap's table (6 significant digits). */
export const tableText = (v: number): string => formatFull(v);
/** The text printed inside a heatmap cell ("×" for a masked one). */
export const cellValueText = (v: number | null): string => (v === null ? MASK_TEXT : cellText(v, HEATMAP_DEFAULTS.digits));

/** What a heatmap shows for weights `expected` (null = masked): its table's texts ("masked" for a hidden cell), and the values printed in its cells. */
export const shownTexts = (expected: MaskedMatrix): { table: string[][]; values: string[][] } => ({
  table: expected.map((row) => row.map((v) => (v === null ? 'masked' : tableText(v)))),
  values: expected.map((row) => row.map((v) => cellValueText(v))),
});

/** Cells of a heatmap's table as a matrix of strings ("masked" for a hidden cell). */
export function asGrid(cells: { row: number; col: number; masked?: boolean; text: string }[]): string[][] {
  const grid: string[][] = [];
  for (const c of cells) (grid[c.row] ??= [])[c.col] = c.masked ? 'masked' : c.text;
  return grid;
}

/** `s` with the characters that mean something in a RegExp escaped. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A RegExp for the sentence `template` (from t(), placeholders unfilled):
 * each {name} in `fixed` must be that exact text, each in `groups` is the
 * given pattern (a capture group, say), any other {name} is any text.
 */
export function sentencePattern(template: string, fixed: Record<string, string | number> = {}, groups: Record<string, string> = {}): RegExp {
  const parts = template.split(/(\{\w+\})/);
  const source = parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      if (name in groups) return groups[name];
      if (name in fixed) return escapeRegExp(String(fixed[name]));
      return '.*?';
    })
    .join('');
  return new RegExp(source);
}
