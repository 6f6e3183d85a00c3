// explain-output.ts — output row i of a head written out: the weights row
// that made it, then out_i = Σ_j w_i,j·v_j with the actual numbers (pure: no
// DOM). The weights and the output row are the core's; masked keys (weight
// exactly 0) are left out of the sum and named.

import {
  headOutputNote,
  columnsOf,
  explanationText,
  headingOf,
  largestKey,
  line,
  maskedKeys,
  rowOf,
  visibleKeys,
  type ExplainSource,
  type ExplainStep,
  type OutputExplanation,
} from './explain-common';
import { elide, num, phrase, plainText, text, v, vector, type Piece, type Translate } from './explain-format';

/** The weights row i, with what it is (sums to 1, masked keys, the largest). */
function weightsStep(src: ExplainSource, i: number, weights: number[], t: Translate): ExplainStep {
  const lines = [line('math', [v('w', i), text(' = '), ...vector(weights)])];
  const keys = visibleKeys(src, i);
  if (keys.length) {
    lines.push(line('note', phrase(t, 'explain.sumsToOne')));
    const j = largestKey(src, i);
    lines.push(line('note', phrase(t, 'explain.largest', { w: num(weights[j]), k: v('k', j) })));
  }
  const masked = maskedKeys(src, i, t);
  if (masked) lines.push(line('note', phrase(t, 'explain.maskedKeys', { keys: masked })));
  return { id: 'weights', label: t('explain.step.weights'), lines };
}

/** out_i = Σ_j w_i,j·v_j = w_i,0·[…] + … = [out row] (the visible keys; long sums: the first 4 and the last 2 terms). */
function sumStep(src: ExplainSource, i: number, weights: number[], outRow: number[], t: Translate): ExplainStep {
  const keys = visibleKeys(src, i);
  const pieces: Piece[] = [v('out', i), text(' = '), v('Σ', 'j'), text(' '), v('w', `${i},j`), text('·'), v('v', 'j'), text(' = ')];
  elide(keys.length).forEach((idx, n) => {
    if (n > 0) pieces.push(text(' + '));
    if (idx === null) pieces.push(text('…'));
    else pieces.push(num(weights[keys[idx]]), text('·'), ...vector(rowOf(src.parts.v, keys[idx])));
  });
  if (keys.length > 8) pieces.push(...phrase(t, 'explain.termsKeys', { n: keys.length, hidden: keys.length - 6 }));
  pieces.push(text(keys.length ? ' = ' : ''), ...vector(outRow));
  const lines = [line('math', pieces)];
  if (!keys.length) lines.push(line('note', phrase(t, 'explain.allMasked', { i })));
  const heads = src.heads ?? 1;
  const goesTo = headOutputNote(src, outRow.length, t); // a block's or a grouped-query head: where its row goes
  if (goesTo.length) lines.push(...goesTo);
  else if (heads > 1) {
    const cols = columnsOf(t, (src.head ?? 0) * outRow.length, outRow.length);
    lines.push(line('note', phrase(t, 'explain.headSlice', { n: (src.head ?? 0) + 1, cols })));
  }
  return { id: 'sum', label: t('explain.step.sum'), lines };
}

/** Output row i of a head written out: out_i = Σ_j w_i,j·v_j with the weights row (`t`: the page's translation). */
export function explainOutputRow(src: ExplainSource, i: number, t: Translate): OutputExplanation {
  const p = src.parts;
  const weights = rowOf(p.weights, i);
  const outRow = rowOf(p.out, i);
  const steps = [weightsStep(src, i, weights, t), sumStep(src, i, weights, outRow, t)];
  const title = t('explain.titleOutput', { i });
  const heading = headingOf(src, t, i);
  const summary = t('explain.summaryOutput', { i, row: plainText(vector(outRow)) });
  return { kind: 'output', i, title, heading, steps, summary, text: explanationText(title, heading, steps), values: { weights, outRow } };
}
