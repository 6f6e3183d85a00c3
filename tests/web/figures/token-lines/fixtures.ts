// fixtures.ts — the token-view tests' shared inputs: exact, platform-
// independent weights with and without a causal mask.
import type { TokenLinesData, TokenLinesHead } from '../../../../web/src/figures/token-lines/types';

/** Causal weights of n tokens: query i gives key j ≤ i the weight (j + 1) / (1 + 2 + … + (i + 1)); keys j > i are masked (hidden = 1, weight 0). */
export function causalHead(n: number, label = 'head 1'): TokenLinesHead {
  const weights = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) weights[i * n + j] = (2 * (j + 1)) / ((i + 1) * (i + 2));
  return { label, weights };
}

/** The causal mask of n tokens in the token view's convention: 1 = masked (j > i). */
export function causalHidden(n: number): Uint8Array {
  const hidden = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) hidden[i * n + j] = 1;
  return hidden;
}

/** A head that looks back one token: query i puts 0.75 on key i − 1 and 0.25 on itself (query 0: 1 on itself); masked like causalHidden. */
export function previousTokenHead(n: number, label = 'head 2'): TokenLinesHead {
  const weights = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    if (i === 0) weights[0] = 1;
    else {
      weights[i * n + i - 1] = 0.75;
      weights[i * n + i] = 0.25;
    }
  }
  return { label, weights };
}

/** Causal data of these tokens with the given heads (default: one causal head). */
export function causalData(tokens: string[], heads: TokenLinesHead[] = [causalHead(tokens.length)]): TokenLinesData {
  const n = tokens.length;
  return { queryLabels: tokens, keyLabels: tokens, rows: n, cols: n, heads, hidden: causalHidden(n) };
}

/** n_q × n_k data without labels or mask: weight of (i, j) = (j + 1) / Σ_k (k + 1), the same for every row. */
export function plainData(rows: number, cols: number, heads = 1): TokenLinesData {
  const total = (cols * (cols + 1)) / 2;
  const make = (h: number): TokenLinesHead => {
    const weights = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) weights[i * cols + j] = (j + 1) / total;
    return { label: `head ${h + 1}`, weights };
  };
  return { queryLabels: [], keyLabels: [], rows, cols, heads: Array.from({ length: heads }, (_, h) => make(h)) };
}

/** The first tokens of the named example. */
export const TOKENS = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
