// operations.ts — step 2 of compute(): run the state's operation through the
// typed core and gather what the panels draw (the heads' weights, the output,
// the extras, the selected head's steps, the shape trace).

import type { Core, TypedMask, TypedMatrix } from '../core/core';
import { fill } from '../i18n/fill';
import type { HeadView, Inputs, NamedMatrix, NameVars, View } from './compute';
import { hiddenOf, maskFor } from './masks';
import { firstRows, firstSteps, parts, times, type HeadParts } from './parts';
import type { State } from './state';
import { STEP_ROWS } from './work';
import { NAMES, type NameKey } from './words';

/** Columns [first, first + width) of M. */
function columns(M: TypedMatrix, first: number, width: number): TypedMatrix {
  const data = new Float64Array(M.rows * width);
  for (let i = 0; i < M.rows; i++) data.set(M.data.subarray(i * M.cols + first, i * M.cols + first + width), i * width);
  return { data, rows: M.rows, cols: width };
}

const shape = (m: TypedMatrix) => [1, m.rows, m.cols];
const fmt = (s: number[]) => `(${s.join(', ')})`;

/** The English text of a name key with its variables filled in. */
export function englishName(key: NameKey, vars: NameVars = {}): string {
  return fill(NAMES[key], vars);
}

const named = (key: NameKey, m: TypedMatrix, vars: NameVars = {}, rows = m.rows): NamedMatrix => ({
  name: englishName(key, vars),
  key,
  vars,
  shape: [1, rows, m.cols],
  m,
});
const headView = (i: number, weights: TypedMatrix, kv?: number): HeadView => {
  const [key, vars] = kv === undefined ? (['result.head', { n: i + 1 }] as const) : (['head.kv', { n: i + 1, kv }] as const);
  return { label: englishName(key, vars), key, vars, weights };
};

/** How stepsOf computes: the scaling, the temperature, and the head's parts when it has them. */
type StepsOptions = { scale: boolean; temperature?: number; whole?: HeadParts | null };

/**
 * The five steps of attention for one head's Q, K, V, of the first STEP_ROWS queries (each named with its whole
 * shape). A head with parts (parts.ts) has them for every query already: their first rows, without another call.
 */
function stepsOf(core: Core, Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask: TypedMask | null, o: StepsOptions): NamedMatrix[] {
  const { scale, temperature = 1, whole } = o;
  const r = Math.min(Q.rows, STEP_ROWS);
  const s = whole ? firstSteps(whole, r) : core.typed.attention_steps(firstRows(Q, r), K, V, mask && firstRows(mask, r), { scale, temperature });
  const dk = Q.cols;
  const n = Q.rows;
  const scaled =
    temperature !== 1
      ? named(scale ? 'step.scaledTau' : 'step.scaledTauOff', s.scaled, { dk, tau: temperature }, n)
      : scale
        ? named('step.scaled', s.scaled, { dk }, n)
        : named('step.scaledOff', s.scaled, {}, n);
  return [
    named('step.scores', s.scores, {}, n),
    scaled,
    named('step.masked', s.masked, {}, n),
    named('step.weights', s.weights, {}, n),
    named('step.out', s.out, {}, n),
  ];
}

function labels(tokens: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => (tokens[i] !== undefined && tokens[i] !== '' ? tokens[i] : String(i)));
}

/** Step 3: the view of the state's operation on its inputs. */
export function run(core: Core, state: State, x: Inputs): View {
  switch (state.op) {
    case 'attention':
      return runAttention(core, state, x);
    case 'multi_head':
      return runMultiHead(core, state, x);
    case 'block':
      return runBlock(core, state, x);
    case 'single_head':
      return runSingleHead(core, state, x);
    case 'gqa':
      return runGqa(core, state, x);
  }
}

/** The query and key labels: the state's token names, or the row numbers. */
function labelsOf(state: State, nq: number, nk: number): Pick<View, 'queryLabels' | 'keyLabels'> {
  return { queryLabels: labels(state.tokens, nq), keyLabels: labels(state.tokens, nk) };
}

/** attention(Q, K, V): one head, its steps. */
function runAttention(core: Core, state: State, x: Inputs): View {
  const mask = maskFor(core, state, x.Q.rows, x.K.rows);
  const { temperature, qLength, scale } = state;
  const Q = times(x.Q, qLength);
  const r = core.typed.attention(Q, x.K, x.V, mask, { scale, temperature }); // first: its checks name attention
  const head = headView(0, r.weights);
  const p = parts(core, Q, x.K, x.V, mask, { scale, temperature, qLength, source: 'input', offset: 0 });
  if (p) head.parts = p;
  return {
    heads: [head],
    hidden: hiddenOf(mask),
    out: named('step.output', r.out),
    extra: [],
    steps: stepsOf(core, Q, x.K, x.V, mask, { scale, temperature, whole: p }),
    stepsHead: 0,
    trace: [`Q ${fmt(shape(x.Q))}  K ${fmt(shape(x.K))}  V ${fmt(shape(x.V))}`, `weights ${fmt(shape(r.weights))}  out ${fmt(shape(r.out))}`],
    ...labelsOf(state, x.Q.rows, x.K.rows),
  };
}

/** multi_head(Q, K, V, h): h heads, the steps of the selected one on its column slices. */
function runMultiHead(core: Core, state: State, x: Inputs): View {
  const mask = maskFor(core, state, x.Q.rows, x.K.rows);
  const { temperature, qLength } = state;
  const Q = times(x.Q, qLength);
  const r = core.typed.multi_head(Q, x.K, x.V, state.h, mask, { temperature });
  const head = Math.min(state.head, state.h - 1);
  const dh = x.Q.cols / state.h;
  const dvh = x.V.cols / state.h;
  const slices = (t: number) => [columns(Q, t * dh, dh), columns(x.K, t * dh, dh), columns(x.V, t * dvh, dvh)] as const;
  const heads = r.weights.map((w, t) => {
    const view = headView(t, w);
    const p = parts(core, ...slices(t), mask, { scale: true, temperature, qLength, source: 'input', offset: t * dh });
    if (p) view.parts = p;
    return view;
  });
  return {
    heads,
    hidden: hiddenOf(mask),
    out: named('step.output', r.out),
    extra: [],
    steps: stepsOf(core, ...slices(head), mask, { scale: true, temperature, whole: heads[head].parts }),
    stepsHead: head,
    trace: [
      `Q ${fmt(shape(x.Q))}  K ${fmt(shape(x.K))}  V ${fmt(shape(x.V))}`,
      `per head (h = ${state.h}): q ${fmt([1, x.Q.rows, dh])}  k ${fmt([1, x.K.rows, dh])}  v ${fmt([1, x.V.rows, dvh])}, scale 1/√${dh}`,
      `weights ${fmt([1, state.h, x.Q.rows, x.K.rows])}  out ${fmt(shape(r.out))}`,
    ],
    ...labelsOf(state, x.Q.rows, x.K.rows),
  };
}

/** block(X, h): pre-LN multi-head self-attention plus the residual; LN(X) and the attention before the residual as extras. */
function runBlock(core: Core, state: State, x: Inputs): View {
  const mask = maskFor(core, state, x.X.rows, x.X.rows);
  const r = core.typed.block(x.X, state.h, mask, state.eps);
  const head = Math.min(state.head, state.h - 1);
  const dh = x.X.cols / state.h;
  const slice = columns(r.normed, head * dh, dh);
  return {
    heads: r.weights.map((w, i) => headView(i, w)),
    hidden: hiddenOf(mask),
    out: named('step.residual', r.out),
    extra: [named('step.ln', r.normed), named('step.attended', r.attended)],
    steps: stepsOf(core, slice, slice, slice, mask, { scale: true }),
    stepsHead: head,
    trace: [
      `X ${fmt(shape(x.X))}  LN(X) ${fmt(shape(r.normed))}`,
      `weights ${fmt([1, state.h, x.X.rows, x.X.rows])}  attended ${fmt(shape(r.attended))}  out ${fmt(shape(r.out))}`,
    ],
    ...labelsOf(state, x.X.rows, x.X.rows),
  };
}

/** single_head(X, Wq, Wk, Wv), seed 000: the projections q, k, v as extras. */
function runSingleHead(core: Core, state: State, x: Inputs): View {
  const causal = state.mask === 'causal';
  const r = core.typed.single_head(x.X, x.Wq, x.Wk, x.Wv, { causal });
  const mask = causal ? core.typed.causal_mask(x.X.rows) : null;
  const head = headView(0, r.weights);
  const p = parts(core, r.q, r.k, r.v, mask, { scale: true, temperature: 1, qLength: 1, source: 'projected', offset: 0 });
  if (p) head.parts = p;
  return {
    heads: [head],
    hidden: hiddenOf(mask),
    out: named('step.output', r.out),
    extra: [named('step.q', r.q), named('step.k', r.k), named('step.v', r.v)],
    steps: stepsOf(core, r.q, r.k, r.v, mask, { scale: true, whole: p }),
    stepsHead: 0,
    // the seed's trace_shapes lines
    trace: [`q ${fmt(shape(r.q))}  k ${fmt(shape(r.k))}  v ${fmt(shape(r.v))}`, `weights ${fmt(shape(r.weights))}  out ${fmt(shape(r.out))}`],
    ...labelsOf(state, x.X.rows, x.X.rows),
  };
}

/** Grouped-query attention (MHA / GQA / MQA): a head per query head, labelled with its K/V head; no steps. */
function runGqa(core: Core, state: State, x: Inputs): View {
  const mask = maskFor(core, state, x.Q.rows, x.K.rows);
  const as3 = (m: TypedMatrix) => ({ data: m.data, batch: 1, rows: m.rows, cols: m.cols });
  const bias = (m: TypedMatrix | undefined) => (m ? m.data : null);
  const H = state.numHeads;
  const r = core.typed.grouped_query_attention(
    as3(x.Q),
    as3(x.K),
    as3(x.V),
    { Wq: x.Wq, Wk: x.Wk, Wv: x.Wv, Wo: x.Wo, bq: bias(x.bq), bk: bias(x.bk), bv: bias(x.bv), bo: bias(x.bo) },
    { num_heads: H, num_kv_heads: state.numKvHeads, mask },
  );
  const [nq, nk] = [x.Q.rows, x.K.rows];
  const group = H / state.numKvHeads;
  const heads = Array.from({ length: H }, (_, i) =>
    headView(i, { data: r.weights.subarray(i * nq * nk, (i + 1) * nq * nk), rows: nq, cols: nk }, Math.floor(i / group) + 1),
  );
  const dk = x.Wq.cols / H;
  const dv = x.Wv.cols / state.numKvHeads;
  const out = { data: r.out.data, rows: r.out.rows, cols: r.out.cols };
  return {
    heads,
    hidden: hiddenOf(mask),
    out: named('step.output', out),
    extra: [],
    steps: null,
    stepsHead: 0,
    trace: [
      `q ${fmt(shape(x.Q))}  k ${fmt(shape(x.K))}  v ${fmt(shape(x.V))}`,
      `Q = q·Wq ${fmt([1, nq, H, dk])}  K = k·Wk ${fmt([1, nk, state.numKvHeads, dk])}  V = v·Wv ${fmt([1, nk, state.numKvHeads, dv])}`,
      `weights ${fmt([1, H, nq, nk])}  concat ${fmt([1, nq, H * dv])}  out = concat·Wo ${fmt(shape(out))}`,
    ],
    ...labelsOf(state, nq, nk),
  };
}
