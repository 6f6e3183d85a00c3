// explain.ts — weight (i, j) written out with its actual numbers, as a learner
// would compute it by hand (pure: no DOM):
//
//   1. the score      q_i·k_j = a₀b₀ + a₁b₁ + … = s
//   2. scaled         x_i,j = s / √d_k   (or s / (τ·√d_k), s / τ, or s itself; + b_i,j with ALiBi)
//   3. softmax        w_i,j = e^(x_i,j) / Σ_j′ e^(x_i,j′) = … / … = w
//   4. its share      w_i,j·v_j = w × [v…] = [..], a part of out_i = Σ_j w_i,j·v_j
//
// and output row i as the weights row times the values (explainOutputRow).
//
// The numbers are the core's: s = parts.scores, x = parts.scaled,
// w = parts.weights and out_i = parts.out; the terms a_c·b_c are the entries
// of q and k as the core received them. Only the display of a formula is
// computed here (the e^… of step 3, the products w·v_j of step 4), and that
// is said where it is done.

import {
  at,
  headOutputNote,
  explanationText,
  headingOf,
  isHidden,
  line,
  maskedKeys,
  rowOf,
  SHIFT_ABOVE,
  sourceStep,
  visibleKeys,
  type ExplainLine,
  type ExplainSource,
  type ExplainStep,
  type WeightExplanation,
  type WeightValues,
} from './explain-common';
import { elide, exp, formatPercent, num, phrase, shown, text, v, vector, type Piece, type Translate } from './explain-format';

/** The types and helpers of explanations (explain-common.ts), the output row (explain-output.ts) and the pieces (explain-format.ts), for the importers of explain.ts. */
export * from './explain-common';
export { explainOutputRow } from './explain-output';
export { formatFull, formatShort, plainText, type Piece, type Shown, type Translate } from './explain-format';

/** Step 1: q_i·k_j = a₀b₀ + a₁b₁ + … = s (long sums: the first 4 and the last 2 terms). */
function dotStep(src: ExplainSource, i: number, j: number, t: Translate): ExplainStep {
  const p = src.parts;
  const pieces: Piece[] = [v('q', i), text('·'), v('k', j), text(' = ')];
  elide(p.dk).forEach((c, idx) => {
    if (idx > 0) pieces.push(text(' + '));
    if (c === null) pieces.push(text('…'));
    else pieces.push(num(at(p.q, i, c), true), text('·'), num(at(p.k, j, c), true));
  });
  pieces.push(text(' = '), num(at(p.scores, i, j)));
  if (p.dk > 8) pieces.push(...phrase(t, 'explain.terms', { n: p.dk, hidden: p.dk - 6 }));
  return { id: 'dot', label: t('explain.step.dot'), lines: [line('math', pieces)] };
}

/** Step 2: x_i,j = s / √d_k, s / (τ·√d_k), s / τ, or s itself; + b with a bias (ALiBi), which a note writes out. */
function scaledStep(src: ExplainSource, i: number, j: number, t: Translate): ExplainStep {
  const p = src.parts;
  const s = at(p.scores, i, j);
  const tau = p.temperature;
  const dk = [v('d', 'k')];
  const b = p.bias ? at(p.bias, i, j) : null;
  const head: Piece[] = [v('x', `${i},${j}`), text(' = '), v('q', i), text('·'), v('k', j)];
  let sym: Piece[] = [];
  let nums: Piece[] = b === null ? [] : [num(s, true)];
  if (p.scale && tau !== 1)
    [sym, nums] = [
      [text(' / (τ·√'), ...dk, text(')')],
      [num(s, true), text(' / ('), num(tau), text('·√'), num(p.dk), text(')')],
    ];
  else if (p.scale)
    [sym, nums] = [
      [text(' / √'), ...dk],
      [num(s, true), text(' / √'), num(p.dk)],
    ];
  else if (tau !== 1) [sym, nums] = [[text(' / τ')], [num(s, true), text(' / '), num(tau)]];
  const bias = b === null ? [] : [text(' + '), v('b', `${i},${j}`)];
  const biasNum = b === null ? [] : [text(' + '), num(b, true)];
  const pieces = [...head, ...sym, ...bias, ...(nums.length ? [text(' = '), ...nums, ...biasNum] : []), text(' = '), num(at(p.scaled, i, j))];
  if (!p.scale && tau === 1) pieces.push(...phrase(t, 'explain.noScaling'));
  const lines = [line('math', pieces)];
  const pos = p.positions;
  if (b !== null && pos?.kind === 'alibi') {
    const vars = { i, j, pi: pos.first + i, m: num(pos.slope), b: num(b) };
    lines.push(line('note', phrase(t, 'explain.pos.alibi', vars)));
  }
  return { id: 'scaled', label: t('explain.step.scaled'), lines };
}

/**
 * Where the sinusoidal encoding went, by where q and k come from: into Q, K and V; into X before the projections
 * (grouped-query attention takes no positions: its inputs would be projected the same way); into X before the
 * layer norm.
 */
const SINUSOIDAL_NOTE = {
  input: 'explain.pos.sinusoidal',
  projected: 'explain.pos.sinusoidalX',
  grouped: 'explain.pos.sinusoidalX',
  normed: 'explain.pos.sinusoidalLN',
} as const;

/** What positions did to q and k for weight (i, j) (RoPE turned them, PE was added), as lines of the source step. */
function positionLines(src: ExplainSource, i: number, j: number, t: Translate): ExplainLine[] {
  const pos = src.parts.positions;
  const vars = { i, j, pi: (pos?.first ?? 0) + i };
  if (pos?.kind === 'rope') return [line('note', phrase(t, 'explain.pos.rope', { ...vars, pairing: pos.pairing, base: num(pos.base) }))];
  if (pos?.kind === 'sinusoidal') return [line('note', phrase(t, SINUSOIDAL_NOTE[src.parts.source], vars))];
  return [];
}

/** The source step (where q and k come from) with what positions did to them. */
function sourceSteps(src: ExplainSource, i: number, j: number, t: Translate): ExplainStep[] {
  const steps = sourceStep(src, t);
  const extra = positionLines(src, i, j, t);
  if (!extra.length) return steps;
  if (steps.length) return [{ ...steps[0], lines: [...steps[0].lines, ...extra] }];
  return [{ id: 'source', label: t('explain.step.source'), lines: extra }];
}

/** Step 3: the softmax of row i at j, written out with the visible keys (e^(x − m) when the row maximum is large). */
function softmaxStep(src: ExplainSource, i: number, j: number, t: Translate): { step: ExplainStep; shift: number; numerator: number; denominator: number } {
  const p = src.parts;
  const keys = visibleKeys(src, i);
  const x = (jj: number) => at(p.scaled, i, jj);
  const m = Math.max(...keys.map(x));
  const shift = Math.abs(m) > SHIFT_ABOVE ? m : 0;
  const minusM = shift ? [text(' − m')] : [];
  // For the display of the formula only: e^(x − shift) and their sum, in float64. The weight itself is the core's.
  const e = keys.map((jj) => Math.exp(x(jj) - shift));
  const numerator = Math.exp(x(j) - shift);
  const denominator = e.reduce((a, b) => a + b, 0);
  const pieces: Piece[] = [
    v('w', `${i},${j}`),
    text(' = '),
    exp(v('x', `${i},${j}`), ...minusM),
    text(' / '),
    v('Σ', 'j′'),
    text(' '),
    exp(v('x', `${i},j′`), ...minusM),
  ];
  pieces.push(text(' = '), exp(num(x(j) - shift)), text(' / '));
  if (keys.length <= 6) {
    pieces.push(text('('));
    keys.forEach((jj, idx) => pieces.push(...(idx > 0 ? [text(' + ')] : []), exp(num(x(jj) - shift))));
    pieces.push(text(')'));
  } else pieces.push(...phrase(t, 'explain.sumOf', { n: keys.length }));
  pieces.push(text(' = '), num(numerator), text(' / '), num(denominator), text(' = '), num(at(p.weights, i, j)));
  const lines = [line('math', pieces)];
  if (shift) lines.push(line('note', phrase(t, 'explain.shift', { m: num(m) })));
  const masked = maskedKeys(src, i, t);
  if (masked) lines.push(line('note', phrase(t, 'explain.maskedKeys', { keys: masked })));
  return { step: { id: 'softmax', label: t('explain.step.softmax'), lines }, shift, numerator, denominator };
}

/** Step 3 of a masked weight: exactly 0. */
function maskedStep(src: ExplainSource, i: number, j: number, t: Translate): ExplainStep {
  const w = at(src.parts.weights, i, j);
  const lines = [line('math', [v('w', `${i},${j}`), text(' = '), num(w)]), line('note', phrase(t, 'explain.masked', { i, j }))];
  if (!visibleKeys(src, i).length) lines.push(line('note', phrase(t, 'explain.allMasked', { i })));
  return { id: 'softmax', label: t('explain.step.softmax'), lines };
}

/** Step 4: w·v_j and its part of out_i = Σ_j w_i,j·v_j (per column when d_v ≤ 4). */
function shareStep(src: ExplainSource, i: number, j: number, masked: boolean, t: Translate): { step: ExplainStep; term: number[]; outRow: number[] } {
  const p = src.parts;
  const w = at(p.weights, i, j);
  const vj = rowOf(p.v, j);
  // For the display of the formula only: the products w·v_j,c in float64. out_i itself is the core's.
  const term = vj.map((x) => w * x);
  const outRow = rowOf(p.out, i);
  const lines = [
    line('math', [v('w', `${i},${j}`), text('·'), v('v', j), text(' = '), num(w), text(' × '), ...vector(vj), text(' = '), ...vector(term)]),
    line('math', [v('out', i), text(' = '), v('Σ', 'j'), text(' '), v('w', `${i},j`), text('·'), v('v', 'j'), text(' = '), ...vector(outRow)]),
  ];
  lines.push(...headOutputNote(src, outRow.length, t));
  if (masked) lines.push(line('note', phrase(t, 'explain.maskedShare', { out: v('out', i) })));
  else {
    lines.push(line('note', phrase(t, 'explain.weightShare', { v: v('v', j), out: v('out', i), pct: formatPercent(w) })));
    const cols = outRow.flatMap((o, c) => (o !== 0 ? [c] : []));
    if (p.v.cols <= 4 && cols.length) {
      const list = cols.flatMap((c, idx) => [
        ...(idx > 0 ? [text(t('explain.sep'))] : []),
        ...phrase(t, 'explain.column', { c, part: num(term[c]), total: num(outRow[c]), pct: formatPercent(term[c] / outRow[c]) }),
      ]);
      lines.push(line('note', phrase(t, 'explain.columns', { list })));
    }
  }
  return { step: { id: 'share', label: t('explain.step.share'), lines }, term, outRow };
}

/** Weight (i, j) of a head written out with its actual numbers (`t`: the page's translation; tests pass English). */
export function explainWeight(src: ExplainSource, i: number, j: number, t: Translate): WeightExplanation {
  const p = src.parts;
  const masked = isHidden(src, i, j);
  const softmax = masked ? null : softmaxStep(src, i, j, t);
  const share = shareStep(src, i, j, masked, t);
  const steps = [...sourceSteps(src, i, j, t), dotStep(src, i, j, t), scaledStep(src, i, j, t), softmax ? softmax.step : maskedStep(src, i, j, t), share.step];
  const values: WeightValues = {
    score: at(p.scores, i, j),
    scaled: at(p.scaled, i, j),
    weight: at(p.weights, i, j),
    masked,
    shift: softmax?.shift ?? 0,
    numerator: softmax?.numerator ?? NaN,
    denominator: softmax?.denominator ?? NaN,
    term: share.term,
    outRow: share.outRow,
  };
  const title = t('explain.title', { i, j });
  const heading = headingOf(src, t, i, j);
  const f = (x: number) => shown(x).text;
  const summary = masked
    ? t('explain.summaryMasked', { i, j })
    : t('explain.summary', { i, j, w: f(values.weight), s: f(values.score), x: f(values.scaled), num: f(values.numerator), den: f(values.denominator) });
  return { kind: 'weight', i, j, title, heading, steps, summary, text: explanationText(title, heading, steps), values };
}
