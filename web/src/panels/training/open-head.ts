// open-head.ts — "Open this head in the playground": one head of the tiny
// model on the held-out sequence as the playground's own single-head
// attention: Q, K, V = the head's q, k, v (T × d_k), the causal mask, scores
// ÷ √d_k as in the model, the tokens named by their ids, so that the
// results' heatmap shows the same weights as the model view's head.

import { cellsOf, type State } from '../../model/state';
import type { HeadInputs } from '../../training/types';

/** A token's name on the axes: "t" and its id. */
export const tokenName = (id: number): string => `t${id}`;

/** Make `s` the head's single-head attention (the training form's link settings stay). */
export function openHead(s: State, inputs: HeadInputs, tokens: readonly number[]): void {
  s.op = 'attention';
  s.mask = 'causal';
  s.positions = 'none';
  s.align = 'top-left';
  s.scale = true;
  s.temperature = 1;
  s.qLength = 1;
  s.planeDims = [0, Math.min(1, (inputs.q[0]?.length ?? 1) - 1)];
  s.query = 0;
  s.head = 0;
  s.run = '';
  s.tokens = tokens.map(tokenName);
  s.matrices = { Q: cellsOf(inputs.q), K: cellsOf(inputs.k), V: cellsOf(inputs.v) };
}
