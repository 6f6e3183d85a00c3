// explain.test.ts — weight (i, j) written out with its actual numbers
// (model/explain.ts), on the real core through compute(): every number of the
// explanation is checked against an independent float64 computation from the
// typed matrices (within 1e-12), its text against the 4-digit form of that
// number, and one small case against its whole text.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute, type View } from '../../../web/src/model/compute';
import {
  explainOutputRow,
  explainWeight,
  formatShort,
  largestKey,
  sourceOf,
  type ExplainSource,
  type Explanation,
  type WeightExplanation,
} from '../../../web/src/model/explain';
import { presetById } from '../../../web/src/model/presets';
import { cellsOf, defaultState, type State } from '../../../web/src/model/state';
import { t } from '../../../web/src/i18n/i18n';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const zh = (key: string, vars?: Record<string, string | number>) => t('zh', key, vars);

function viewOf(state: State): View {
  const o = compute(core, state);
  if (!o.ok) throw new Error(o.message);
  return o.view;
}

function sourceFor(state: State, head = 0): ExplainSource {
  const src = sourceOf(viewOf(state), head);
  if (!src) throw new Error('no parts');
  return src;
}

/** The state of an operation on Q, K, V given as numbers. */
function stateOf(Q: number[][], K: number[][], V: number[][], set: Partial<State> = {}): State {
  return { ...defaultState(), matrices: { Q: cellsOf(Q), K: cellsOf(K), V: cellsOf(V) }, ...set };
}

/** Independent float64 attention: scores, scaled, weights (max subtracted, masked → 0) and out. */
function reference(Q: number[][], K: number[][], V: number[][], visible: (i: number, j: number) => boolean, scale: boolean, tau: number) {
  const dk = Q[0].length;
  const scores = Q.map((q) => K.map((k) => q.reduce((acc, a, c) => acc + a * k[c], 0)));
  const scaled = scores.map((row) => row.map((s) => (scale ? s / (tau * Math.sqrt(dk)) : s / tau)));
  const weights = scaled.map((row, i) => {
    const keys = row.map((_, j) => j).filter((j) => visible(i, j));
    if (!keys.length) return row.map(() => 0);
    const m = Math.max(...keys.map((j) => row[j]));
    const e = row.map((x, j) => (visible(i, j) ? Math.exp(x - m) : 0));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  });
  const out = weights.map((w) => V[0].map((_, c) => w.reduce((acc, wj, j) => acc + wj * V[j][c], 0)));
  return { scores, scaled, weights, out };
}

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-12);

/** The line of step `id` (its first, or its `n`-th). */
function lineOf(ex: Explanation, id: string, n = 0): string {
  const step = ex.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step.lines[n].text;
}

/** Check every number of weight (i, j) against the reference, and that each is written in the text. */
function checkWeight(ex: WeightExplanation, ref: ReturnType<typeof reference>, i: number, j: number): void {
  const vals = ex.values;
  close(vals.score, ref.scores[i][j]);
  close(vals.scaled, ref.scaled[i][j]);
  close(vals.weight, ref.weights[i][j]);
  ref.out[i].forEach((o, c) => close(vals.outRow[c], o));
  expect(lineOf(ex, 'dot')).toContain(`= ${formatShort(ref.scores[i][j])}`);
  expect(lineOf(ex, 'scaled').endsWith(`= ${formatShort(ref.scaled[i][j])}`) || lineOf(ex, 'scaled').includes(`= ${formatShort(ref.scaled[i][j])} (`)).toBe(
    true,
  );
  expect(lineOf(ex, 'softmax').endsWith(`= ${formatShort(ref.weights[i][j])}`)).toBe(true);
  expect(lineOf(ex, 'share', 1)).toContain(`[${ref.out[i].map(formatShort).join(', ')}]`);
  expect(ex.text).not.toMatch(/NaN|Infinity|undefined|\{/);
}

const Q3 = [
  [1, 0],
  [0, 1],
  [1, 1],
];
const V3 = [
  [1, 2],
  [3, 4],
  [5, 6],
];

describe('the default attention 3 × 2', () => {
  test('weight (0, 2), written out exactly', () => {
    const ex = explainWeight(sourceFor(stateOf(Q3, Q3, V3)), 0, 2, en);
    expect(ex.text).toBe(EXPECTED_0_2);
    expect(ex.summary).toBe('Weight (0, 2) = 0.4011: score 1, scaled 0.7071, softmax 2.028 / 5.056.');
  });

  test('every weight against an independent float64 computation', () => {
    const ref = reference(Q3, Q3, V3, () => true, true, 1);
    const src = sourceFor(stateOf(Q3, Q3, V3));
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
  });

  test('the displayed e^x / Σ e^x equals the core’s weight, and the product w·v_j its term', () => {
    const src = sourceFor(stateOf(Q3, Q3, V3));
    const ex = explainWeight(src, 2, 1, en);
    close(ex.values.numerator / ex.values.denominator, ex.values.weight);
    expect(ex.values.term).toEqual([3 * ex.values.weight, 4 * ex.values.weight]);
    expect(ex.values.shift).toBe(0);
  });

  test('the largest weight of a query is the default target', () => {
    const src = sourceFor(stateOf(Q3, Q3, V3));
    expect(largestKey(src, 0)).toBe(0); // keys 0 and 2 tie: the first
    expect(largestKey(src, 2)).toBe(2);
  });

  test('token names are in the heading; subscripts stay 0-based indices', () => {
    const ex = explainWeight(sourceFor(stateOf(Q3, Q3, V3, { tokens: ['the', 'cat', 'sat'] })), 1, 2, en);
    expect(ex.heading).toBe('query 1 “cat” → key 2 “sat”');
    expect(lineOf(ex, 'dot')).toBe('q₁·k₂ = 0·1 + 1·1 = 1');
  });

  test('in 中文', () => {
    const ex = explainWeight(sourceFor(stateOf(Q3, Q3, V3)), 0, 2, zh);
    expect(ex.title).toBe('权重 (0, 2) 是怎样算出来的');
    expect(ex.steps.map((s) => s.label)).toEqual(['分数：查询与键的点积', '缩放后的分数', '对整行做 softmax：得到权重', '它在输出中所占的份额']);
    expect(lineOf(ex, 'dot')).toBe('q₀·k₂ = 1·1 + 0·1 = 1');
  });
});

describe('a causal mask', () => {
  const K = [
    [1, -1],
    [-0.5, 2],
    [3, 0.25],
  ];
  const state = () => stateOf(Q3, K, V3, { mask: 'causal' });

  test('a masked weight says so and is exactly 0', () => {
    const ex = explainWeight(sourceFor(state()), 0, 2, en);
    expect(ex.values.weight).toBe(0);
    expect(ex.values.masked).toBe(true);
    expect(lineOf(ex, 'softmax', 0)).toBe('w₀,₂ = 0');
    expect(lineOf(ex, 'softmax', 1)).toBe('Masked: query 0 may not see key 2, so its score becomes −∞ before softmax and its weight is exactly 0.');
    expect(lineOf(ex, 'share', 2)).toBe('A weight of 0 adds nothing to out₀.');
    expect(ex.summary).toBe('Weight (0, 2) = 0: key 2 is masked for query 0.');
  });

  test('the visible weights of a row: masked keys named, contributing 0', () => {
    const ref = reference(Q3, K, V3, (i, j) => j <= i, true, 1);
    const src = sourceFor(state());
    for (let i = 0; i < 3; i++) for (let j = 0; j <= i; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    const ex = explainWeight(src, 1, 0, en);
    expect(lineOf(ex, 'softmax')).toBe('w₁,₀ = e^(x₁,₀) / Σⱼ′ e^(x₁,ⱼ′) = e^(−0.7071) / (e^(−0.7071) + e^(1.414)) = 0.4931 / 4.606 = 0.107');
    expect(lineOf(ex, 'softmax', 1)).toBe('Masked keys add e^(−∞) = 0 to the sum: k₂.');
    expect(explainWeight(src, 0, 0, en).values.weight).toBe(1);
  });

  test('with token names the masked keys are named', () => {
    const ex = explainWeight(sourceFor({ ...state(), tokens: ['a', 'b', 'c'] }), 0, 0, en);
    expect(lineOf(ex, 'softmax', 1)).toBe('Masked keys add e^(−∞) = 0 to the sum: k₁ “b”, k₂ “c”.');
  });
});

describe('multi_head, d = 4, h = 2: each head its own parts', () => {
  const Q = [
    [1, 2, -1, 0.5],
    [0, -1, 2, 1],
    [0.5, 0.5, 0.5, -2],
  ];
  const K = [
    [2, 0, 1, -1],
    [-1, 1, 0, 3],
    [0.25, -0.5, 1.5, 1],
  ];
  const V = [
    [1, 0, -1, 2],
    [0, 3, 1, 1],
    [2, -2, 0.5, 0],
  ];
  const cols = (M: number[][], from: number) => M.map((r) => r.slice(from, from + 2));

  test.each([0, 1])('head %i: the terms are its columns, scaled by √2', (head) => {
    const ref = reference(cols(Q, 2 * head), cols(K, 2 * head), cols(V, 2 * head), () => true, true, 1);
    const src = sourceFor(stateOf(Q, K, V, { op: 'multi_head', h: 2 }), head);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    const ex = explainWeight(src, 0, 1, en);
    const a = cols(Q, 2 * head)[0];
    const b = cols(K, 2 * head)[1];
    const term = (x: number) => (x < 0 ? `(${formatShort(x)})` : formatShort(x));
    expect(lineOf(ex, 'dot')).toBe(`q₀·k₁ = ${term(a[0])}·${term(b[0])} + ${term(a[1])}·${term(b[1])} = ${formatShort(ref.scores[0][1])}`);
    expect(lineOf(ex, 'scaled')).toContain('/ √dₖ = ');
    expect(lineOf(ex, 'scaled')).toContain(' / √2 = ');
    expect(lineOf(ex, 'source')).toBe(`Head ${head + 1} compares columns ${2 * head}–${2 * head + 1} of Q and K.`);
    expect(ex.heading).toBe(`head ${head + 1} · query 0 → key 1`);
  });

  test('head 2’s output row is its columns of the output', () => {
    const ref = reference(cols(Q, 2), cols(K, 2), cols(V, 2), () => true, true, 1);
    const ex = explainOutputRow(sourceFor(stateOf(Q, K, V, { op: 'multi_head', h: 2 }), 1), 2, en);
    ref.weights[2].forEach((w, j) => close(ex.values.weights[j], w));
    ref.out[2].forEach((o, c) => close(ex.values.outRow[c], o));
    expect(lineOf(ex, 'sum', 1)).toBe('This is head 2’s part of the output: columns 2–3 of the output row.');
  });

  test('a head one column wide names its column, not a range “3–3”', () => {
    const src = sourceFor(stateOf(Q, K, V, { op: 'multi_head', h: 4 }), 3);
    expect(lineOf(explainWeight(src, 0, 1, en), 'source')).toBe('Head 4 compares column 3 of Q and K.');
    expect(lineOf(explainOutputRow(src, 2, en), 'sum', 1)).toBe('This is head 4’s part of the output: column 3 of the output row.');
    expect(lineOf(explainWeight(src, 0, 1, zh), 'source')).toBe('第 4 个头比较 Q 和 K 的第 3 列。');
  });
});

describe('temperature and scaling', () => {
  const K = [
    [2, -1],
    [0.5, 0.5],
    [-1, 3],
  ];

  test('τ = 2: x = s / (τ·√d_k)', () => {
    const ref = reference(Q3, K, V3, () => true, true, 2);
    const src = sourceFor(stateOf(Q3, K, V3, { temperature: 2 }));
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    expect(lineOf(explainWeight(src, 2, 0, en), 'scaled')).toBe('x₂,₀ = q₂·k₀ / (τ·√dₖ) = 1 / (2·√2) = 0.3536');
  });

  test('scale off, τ = 1: x is the score itself', () => {
    const ref = reference(Q3, K, V3, () => true, false, 1);
    const src = sourceFor(stateOf(Q3, K, V3, { scale: false }));
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    expect(lineOf(explainWeight(src, 0, 2, en), 'scaled')).toBe('x₀,₂ = q₀·k₂ = −1 (not divided: √d_k scaling is off and τ = 1)');
  });

  test('scale off, τ = 0.5: x = s / τ', () => {
    const ref = reference(Q3, K, V3, () => true, false, 0.5);
    const src = sourceFor(stateOf(Q3, K, V3, { scale: false, temperature: 0.5 }));
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    expect(lineOf(explainWeight(src, 0, 2, en), 'scaled')).toBe('x₀,₂ = q₀·k₂ / τ = (−1) / 0.5 = −2');
  });

  test('the length multiplier is said, and q is the longer query', () => {
    const Q2 = Q3.map((r) => r.map((x) => 3 * x));
    const ref = reference(Q2, K, V3, () => true, true, 1);
    const src = sourceFor(stateOf(Q3, K, V3, { qLength: 3 }));
    checkWeight(explainWeight(src, 2, 2, en), ref, 2, 2);
    const ex = explainWeight(src, 2, 2, en);
    expect(lineOf(ex, 'source')).toBe('The queries are the rows of Q times the length multiplier 3.');
    expect(lineOf(ex, 'dot')).toBe('q₂·k₂ = 3·(−1) + 3·3 = 6');
  });
});

describe('single_head (seed 000): the projected q, k, v', () => {
  test('the terms are the entries of X·Wq and X·Wk, the weights the core’s', () => {
    const state = presetById('seed000')!.build();
    const view = viewOf(state);
    const src = sourceOf(view, 0)!;
    expect(src.parts.source).toBe('projected');
    const cells = (name: 'X' | 'Wq' | 'Wk' | 'Wv') => {
      const m = state.matrices[name];
      if (m?.kind !== 'cells') throw new Error(name);
      return m.cells.map((r) => r.map(Number));
    };
    const mul = (A: number[][], B: number[][]) => A.map((r) => B[0].map((_, c) => r.reduce((acc, a, k) => acc + a * B[k][c], 0)));
    const X = cells('X');
    const [q, k, v] = [mul(X, cells('Wq')), mul(X, cells('Wk')), mul(X, cells('Wv'))];
    const ref = reference(q, k, v, (i, j) => j <= i, true, 1);
    const n = X.length;
    for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) checkWeight(explainWeight(src, i, j, en), ref, i, j);
    const ex = explainWeight(src, n - 1, 0, en);
    expect(lineOf(ex, 'source')).toBe('Here q = X·Wq and k = X·Wk are the projected queries and keys, and v = X·Wv.');
    const dot = lineOf(ex, 'dot');
    const term = (x: number) => (x < 0 ? `(${formatShort(x)})` : formatShort(x));
    expect(dot.startsWith(`q${'₀₁₂₃₄₅₆₇₈₉'[n - 1]}·k₀ = ${term(q[n - 1][0])}·${term(k[0][0])} + `)).toBe(true);
    expect(explainWeight(src, 0, n - 1, en).values.weight).toBe(0);
  });
});

describe('long and large rows', () => {
  test('d_k = 10: the first 4 and the last 2 terms, and how many are not shown', () => {
    const q = [Array.from({ length: 10 }, (_, c) => c + 1)];
    const k = [Array.from({ length: 10 }, (_, c) => (c % 2 ? -1 : 1))];
    const ex = explainWeight(sourceFor(stateOf(q, k, [[1]])), 0, 0, en);
    expect(lineOf(ex, 'dot')).toBe('q₀·k₀ = 1·1 + 2·(−1) + 3·1 + 4·(−1) + … + 9·1 + 10·(−1) = −5 (10 terms; the 4 in the middle are not shown)');
  });

  test('a large row maximum is subtracted: e^(x − m), nothing overflows', () => {
    const Q = [[40, 0]];
    const K = [
      [30, 0],
      [29.9, 0],
      [-30, 0],
    ];
    const ref = reference(Q, K, V3, () => true, true, 1);
    const ex = explainWeight(sourceFor(stateOf(Q, K, V3)), 0, 1, en);
    checkWeight(ex, ref, 0, 1);
    close(ex.values.shift, (40 * 30) / Math.SQRT2);
    close(ex.values.numerator / ex.values.denominator, ex.values.weight);
    expect(lineOf(ex, 'softmax').startsWith('w₀,₁ = e^(x₀,₁ − m) / Σⱼ′ e^(x₀,ⱼ′ − m) = e^(−2.828) / (e^(0) + e^(−2.828) + e^(−1697)) = ')).toBe(true);
    expect(lineOf(ex, 'softmax', 1)).toBe(
      'm = 848.5 is the largest scaled score of the row: subtracting it from every exponent gives the same weight and keeps every e^… within float64.',
    );
  });

  test('more than 6 visible keys: the denominator is named, not expanded', () => {
    const K = Array.from({ length: 7 }, (_, j) => [j / 7, 1]);
    const V = K.map(() => [1]);
    const ex = explainWeight(sourceFor(stateOf([[1, 0]], K, V)), 0, 3, en);
    expect(lineOf(ex, 'softmax')).toContain(' / (the sum over 7 keys) = ');
  });
});

describe('explainOutputRow', () => {
  test('output row 0 of the default: the weights row times the values', () => {
    const ref = reference(Q3, Q3, V3, () => true, true, 1);
    const ex = explainOutputRow(sourceFor(stateOf(Q3, Q3, V3)), 0, en);
    ref.weights[0].forEach((w, j) => close(ex.values.weights[j], w));
    ref.out[0].forEach((o, c) => close(ex.values.outRow[c], o));
    const [w0, w1] = ref.weights[0].map(formatShort);
    const out = ref.out[0].map(formatShort).join(', ');
    expect(ex.title).toBe('How output row 0 was made');
    expect(lineOf(ex, 'weights')).toBe(`w₀ = [${w0}, ${w1}, ${w0}]`);
    expect(lineOf(ex, 'weights', 2)).toBe(`The largest, ${w0}, is on k₀.`);
    expect(lineOf(ex, 'sum')).toBe(`out₀ = Σⱼ w₀,ⱼ·vⱼ = ${w0}·[1, 2] + ${w1}·[3, 4] + ${w0}·[5, 6] = [${out}]`);
    expect(ex.summary).toBe(`Output row 0 = [${out}].`);
  });

  test('a causal row leaves the masked keys out of the sum', () => {
    const ex = explainOutputRow(sourceFor(stateOf(Q3, Q3, V3, { mask: 'causal' })), 0, en);
    expect(lineOf(ex, 'sum')).toBe('out₀ = Σⱼ w₀,ⱼ·vⱼ = 1·[1, 2] = [1, 2]');
    expect(lineOf(ex, 'weights', 3)).toBe('Masked keys add e^(−∞) = 0 to the sum: k₁, k₂.');
  });
});

// weight (0, 2) of the default 3 × 2: x = [1/√2, 0, 1/√2], e^(1/√2) = 2.02811…, Σ = 5.05622…,
// w = 0.401117…, w·v₂ = [2.00558…, 2.40670…], out₀ = 6w + 3w₀,₁ = 3 (2w + w₀,₁ = 1), and 4
const EXPECTED_0_2 = [
  'How weight (0, 2) was made',
  'query 0 → key 2',
  '1. Score: the dot product of the query and the key',
  '   q₀·k₂ = 1·1 + 0·1 = 1',
  '2. Scaled score',
  '   x₀,₂ = q₀·k₂ / √dₖ = 1 / √2 = 0.7071',
  '3. Softmax over the row: the weight',
  '   w₀,₂ = e^(x₀,₂) / Σⱼ′ e^(x₀,ⱼ′) = e^(0.7071) / (e^(0.7071) + e^(0) + e^(0.7071)) = 2.028 / 5.056 = 0.4011',
  '4. Its share of the output',
  '   w₀,₂·v₂ = 0.4011 × [5, 6] = [2.006, 2.407]',
  '   out₀ = Σⱼ w₀,ⱼ·vⱼ = [3, 4]',
  '   out₀ is a weighted average of the value rows (the weights sum to 1): v₂ enters it with weight 40.1%.',
  '   Per column, this term is 2.006 of 3 (66.9%) in column 0, 2.407 of 4 (60.2%) in column 1.',
].join('\n');

describe('a row with every key masked', () => {
  test('its weights and its output row are 0, and the explanation says so', () => {
    const state = stateOf(Q3, Q3, V3, {
      mask: 'custom',
      customMask: [
        [false, false, false],
        [true, true, true],
        [true, true, true],
      ],
    });
    const src = sourceFor(state);
    expect(largestKey(src, 0)).toBe(0);
    const ex = explainWeight(src, 0, 1, en);
    expect(ex.values.weight).toBe(0);
    expect(lineOf(ex, 'softmax', 2)).toBe('Every key is masked for query 0: all its weights are 0 and its output row is 0.');
    const out = explainOutputRow(src, 0, en);
    expect(out.values.outRow).toEqual([0, 0]);
    expect(lineOf(out, 'sum')).toBe('out₀ = Σⱼ w₀,ⱼ·vⱼ = [0, 0]');
    expect(lineOf(out, 'sum', 1)).toBe('Every key is masked for query 0: all its weights are 0 and its output row is 0.');
  });
});

describe('block: the steps’ head written out, its q, k and v columns of LN(X)', () => {
  /** The block preset (5 × 4, h = 2, causal) with its steps on head `head`. */
  const blockState = (head: number, set: Partial<State> = {}): State => ({ ...presetById('block')!.build(), head, ...set });
  const cols = (m: { data: Float64Array; cols: number; rows: number }, from: number, n: number) =>
    Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols + from, i * m.cols + from + n)));

  test.each([0, 1])('head %i: q = k = v = its columns of LN(X); the weights are the block’s; the output row its columns of attended', (head) => {
    const view = viewOf(blockState(head));
    const src = sourceOf(view, head)!;
    expect(src, 'the steps’ head keeps its parts').not.toBeNull();
    expect(sourceOf(view, 1 - head), 'the other head keeps none').toBeNull();
    const ln = view.extra.find((m) => m.key === 'step.ln')!.m;
    const attended = view.extra.find((m) => m.key === 'step.attended')!.m;
    const mine = cols(ln, 2 * head, 2);
    for (const m of [src.parts.q, src.parts.k, src.parts.v]) expect(cols(m, 0, 2)).toEqual(mine);
    const w = view.heads[head].weights;
    src.parts.weights.data.forEach((x, p) => close(x, w.data[p]));
    // an independent float64 computation from LN(X)'s columns, causal
    const ref = reference(mine, mine, mine, (i, j) => j <= i, true, 1);
    ref.weights.flat().forEach((x, p) => close(src.parts.weights.data[p], x));
    const ex = explainWeight(src, 3, 1, en);
    expect(lineOf(ex, 'source')).toBe(
      `The block has no projections: head ${head + 1}’s q, k and v are columns ${2 * head}–${2 * head + 1} of LN(X), the layer-normed input.`,
    );
    expect(ex.steps.find((s) => s.id === 'share')!.lines.map((l) => l.text)).toContain(
      `This is head ${head + 1}’s output: columns ${2 * head}–${2 * head + 1} of the row of attended; the block’s out adds X to it (out = X + attended).`,
    );
    const out = explainOutputRow(src, 4, en);
    expect(out.values.outRow).toEqual(cols(attended, 2 * head, 2)[4]);
    const sum = out.steps.find((s) => s.id === 'sum')!;
    expect(sum.lines.at(-1)!.text).toBe(
      `This is head ${head + 1}’s output: columns ${2 * head}–${2 * head + 1} of the row of attended; the block’s out adds X to it (out = X + attended).`,
    );
    expect(
      explainOutputRow(src, 4, zh)
        .steps.find((s) => s.id === 'sum')!
        .lines.at(-1)!.text,
    ).toBe(`这是第 ${head + 1} 个头的输出：attended 这一行的第 ${2 * head}–${2 * head + 1} 列；块的 out 再加上 X（out = X + attended）。`);
  });

  test('with the sinusoidal encoding: added to X before the layer norm', () => {
    const src = sourceOf(viewOf(blockState(0, { positions: 'sinusoidal' })), 0)!;
    expect(explainWeight(src, 2, 1, en).steps[0].lines.map((l) => l.text)).toContain(
      'The sinusoidal encoding was added to X before the layer norm: row 2 of PE to token 2, row 1 to token 1.',
    );
  });
});
