// operations.ts — step 2 of compute(): run the state's operation through the
// typed core and gather what the panels draw (the heads' weights, the output,
// the extras, the selected head's steps, the shape trace).

import type { Core, TypedMask, TypedMatrix } from '../core/core';
import { fill } from '../i18n/fill';
import type { HeadView, Inputs, NamedMatrix, NameVars, View } from './compute';
import { hiddenOf, maskFor } from './masks';
import { firstRows, firstSteps, keepsParts, parts, times, type HeadParts } from './parts';
import { addPE, alibiOf, checkPositions, headPositions, partsPositions, positionsOf, positionsTrace, ropeOf, withPE, type PositionStep } from './positions';
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

/** A step of positions (positions.ts) with its first STEP_ROWS rows, named with its whole shape. */
const step = (s: PositionStep): NamedMatrix => named(s.key, firstRows(s.m, STEP_ROWS), s.vars, s.m.rows);

/**
 * How stepsOf computes: the scaling, the temperature, and the head's parts when it has them; with positions, the
 * head's bias (ALiBi), the steps before the scores (PE added, q and k turned) and the bias as a step.
 */
type StepsOptions = {
  scale: boolean;
  temperature?: number;
  whole?: HeadParts | null;
  bias?: TypedMatrix | null;
  before?: PositionStep[];
  biasStep?: PositionStep | null;
};

/** The name of the scaled step: with or without √d_k, τ and a bias. */
function scaledName(s: TypedMatrix, n: number, dk: number, scale: boolean, tau: number, bias: boolean): NamedMatrix {
  const b = bias ? 'Bias' : '';
  if (tau !== 1) return named(`step.scaledTau${scale ? '' : 'Off'}${b}` as NameKey, s, { dk, tau }, n);
  return named(`step.scaled${scale ? '' : 'Off'}${b}` as NameKey, s, scale ? { dk } : {}, n);
}

/**
 * The five steps of attention for one head's Q, K, V, of the first STEP_ROWS queries (each named with its whole
 * shape). A head with parts (parts.ts) has them for every query already: their first rows, without another call.
 */
function stepsOf(core: Core, Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask: TypedMask | null, o: StepsOptions): NamedMatrix[] {
  const { scale, temperature = 1, whole, bias = null } = o;
  const r = Math.min(Q.rows, STEP_ROWS);
  const s = whole
    ? firstSteps(whole, r)
    : core.typed.attention_steps(firstRows(Q, r), K, V, mask && firstRows(mask, r), { scale, temperature, bias: bias && firstRows(bias, r) });
  const n = Q.rows;
  return [
    ...(o.before ?? []).map(step),
    named('step.scores', s.scores, {}, n),
    ...(o.biasStep ? [step(o.biasStep)] : []),
    scaledName(s.scaled, n, Q.cols, scale, temperature, !!bias),
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

/** attention(Q, K, V): one head, its steps; positions on Q, K (and V: sinusoidal) first (positions.ts). */
function runAttention(core: Core, state: State, x: Inputs): View {
  checkPositions(state, x.Q.rows, x.K.rows);
  const mask = maskFor(core, state, x.Q.rows, x.K.rows);
  const { temperature, qLength, scale } = state;
  const pe = withPE(core, state, times(x.Q, qLength), x.K, x.V);
  const hp = headPositions(core, state, pe.Q, pe.K, 0, 1);
  const r = core.typed.attention(hp.q, hp.k, pe.V, mask, { scale, temperature, bias: hp.bias });
  const head = headView(0, r.weights);
  const positions = partsPositions(core, state, x.Q.rows, x.K.rows);
  const p = parts(core, hp.q, hp.k, pe.V, mask, { scale, temperature, qLength, source: 'input', offset: 0, bias: hp.bias, positions });
  if (p) head.parts = p;
  return {
    heads: [head],
    hidden: hiddenOf(mask),
    out: named('step.output', r.out),
    extra: [],
    steps: stepsOf(core, hp.q, hp.k, pe.V, mask, { scale, temperature, whole: p, bias: hp.bias, before: [...pe.steps, ...hp.steps], biasStep: hp.biasStep }),
    stepsHead: 0,
    trace: [
      `Q ${fmt(shape(x.Q))}  K ${fmt(shape(x.K))}  V ${fmt(shape(x.V))}`,
      ...positionsTrace(state, x.Q.rows, x.K.rows),
      `weights ${fmt(shape(r.weights))}  out ${fmt(shape(r.out))}`,
    ],
    ...labelsOf(state, x.Q.rows, x.K.rows),
  };
}

/** multi_head(Q, K, V, h): h heads, the steps of the selected one on its column slices; positions by the core's options. */
function runMultiHead(core: Core, state: State, x: Inputs): View {
  const [nq, nk] = [x.Q.rows, x.K.rows];
  checkPositions(state, nq, nk);
  const mask = maskFor(core, state, nq, nk);
  const { temperature, qLength, h } = state;
  const kind = positionsOf(state);
  const pe = withPE(core, state, times(x.Q, qLength), x.K, x.V);
  const alibi = kind === 'alibi' ? alibiOf(core, h, nq, nk) : null;
  const r = core.typed.multi_head(pe.Q, pe.K, pe.V, h, mask, { temperature, bias: alibi, rope: kind === 'rope' ? ropeOf(state) : null });
  const head = Math.min(state.head, h - 1);
  const dh = x.Q.cols / h;
  const dvh = x.V.cols / h;
  const slices = (t: number) => [columns(pe.Q, t * dh, dh), columns(pe.K, t * dh, dh), columns(pe.V, t * dvh, dvh)] as const;
  // each head's turned q, k and bias: for the steps' head, and for every head when the heads keep their parts
  const positionedHead = (t: number) => {
    const [q, k, v] = slices(t);
    return { v, ...headPositions(core, state, q, k, t, h, alibi) };
  };
  const hp = positionedHead(head);
  const positioned = r.weights.map((_, t) => (t === head ? hp : keepsParts(nq, nk, dh, dvh) ? positionedHead(t) : null));
  const heads = r.weights.map((w, t) => {
    const view = headView(t, w);
    const ph = positioned[t];
    const positions = partsPositions(core, state, nq, nk, t, h);
    const p = ph && parts(core, ph.q, ph.k, ph.v, mask, { scale: true, temperature, qLength, source: 'input', offset: t * dh, bias: ph.bias, positions });
    if (p) view.parts = p;
    return view;
  });
  const before = [...pe.steps, ...hp.steps];
  return {
    heads,
    hidden: hiddenOf(mask),
    out: named('step.output', r.out),
    extra: [],
    steps: stepsOf(core, hp.q, hp.k, hp.v, mask, { scale: true, temperature, whole: heads[head].parts, bias: hp.bias, before, biasStep: hp.biasStep }),
    stepsHead: head,
    trace: [
      `Q ${fmt(shape(x.Q))}  K ${fmt(shape(x.K))}  V ${fmt(shape(x.V))}`,
      `per head (h = ${h}): q ${fmt([1, nq, dh])}  k ${fmt([1, nk, dh])}  v ${fmt([1, nk, dvh])}, scale 1/√${dh}`,
      ...positionsTrace(state, nq, nk),
      `weights ${fmt([1, h, nq, nk])}  out ${fmt(shape(r.out))}`,
    ],
    ...labelsOf(state, nq, nk),
  };
}

/** block(X, h): pre-LN multi-head self-attention plus the residual; LN(X) and the attention before the residual as extras. */
function runBlock(core: Core, state: State, x: Inputs): View {
  const n = x.X.rows;
  const mask = maskFor(core, state, n, n);
  const kind = positionsOf(state);
  const X = kind === 'sinusoidal' ? addPE(core, x.X, 0) : x.X;
  const r = core.typed.block(X, state.h, mask, { eps: state.eps, rope: kind === 'rope' ? ropeOf(state) : null, alibi: kind === 'alibi' });
  const head = Math.min(state.head, state.h - 1);
  const dh = x.X.cols / state.h;
  const slice = columns(r.normed, head * dh, dh);
  const hp = headPositions(core, state, slice, slice, head, state.h);
  const before: PositionStep[] = kind === 'sinusoidal' ? [{ key: 'step.peX', m: X, vars: { to: n - 1 } }, ...hp.steps] : hp.steps;
  return {
    heads: r.weights.map((w, i) => headView(i, w)),
    hidden: hiddenOf(mask),
    out: named('step.residual', r.out),
    extra: [named('step.ln', r.normed), named('step.attended', r.attended)],
    steps: stepsOf(core, hp.q, hp.k, slice, mask, { scale: true, bias: hp.bias, before, biasStep: hp.biasStep }),
    stepsHead: head,
    trace: [
      `X ${fmt(shape(x.X))}  LN(X) ${fmt(shape(r.normed))}`,
      ...positionsTrace(state, n, n),
      `weights ${fmt([1, state.h, n, n])}  attended ${fmt(shape(r.attended))}  out ${fmt(shape(r.out))}`,
    ],
    ...labelsOf(state, n, n),
  };
}

/**
 * single_head(X, Wq, Wk, Wv), seed 000: the projections q, k, v as extras. Sinusoidal: PE added to X first; RoPE
 * and ALiBi: the weights are attention(rope(q), rope(k), v) or attention(q, k, v) + bias on the core's projections.
 */
function runSingleHead(core: Core, state: State, x: Inputs): View {
  const causal = state.mask === 'causal';
  const n = x.X.rows;
  const kind = positionsOf(state);
  const X = kind === 'sinusoidal' ? addPE(core, x.X, 0) : x.X;
  const r = core.typed.single_head(X, x.Wq, x.Wk, x.Wv, { causal });
  const mask = causal ? core.typed.causal_mask(n) : null;
  const hp = headPositions(core, state, r.q, r.k, 0, 1);
  const a = kind === 'rope' || kind === 'alibi' ? core.typed.attention(hp.q, hp.k, r.v, mask, { bias: hp.bias }) : r;
  const head = headView(0, a.weights);
  const positions = partsPositions(core, state, n, n);
  const p = parts(core, hp.q, hp.k, r.v, mask, { scale: true, temperature: 1, qLength: 1, source: 'projected', offset: 0, bias: hp.bias, positions });
  if (p) head.parts = p;
  const before: PositionStep[] = kind === 'sinusoidal' ? [{ key: 'step.peX', m: X, vars: { to: n - 1 } }] : hp.steps;
  return {
    heads: [head],
    hidden: hiddenOf(mask),
    out: named('step.output', a.out),
    extra: [named('step.q', r.q), named('step.k', r.k), named('step.v', r.v)],
    steps: stepsOf(core, hp.q, hp.k, r.v, mask, { scale: true, whole: p, bias: hp.bias, before, biasStep: hp.biasStep }),
    stepsHead: 0,
    // the seed's trace_shapes lines
    trace: [
      `q ${fmt(shape(r.q))}  k ${fmt(shape(r.k))}  v ${fmt(shape(r.v))}`,
      ...positionsTrace(state, n, n),
      `weights ${fmt(shape(a.weights))}  out ${fmt(shape(a.out))}`,
    ],
    ...labelsOf(state, n, n),
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
