// compute.ts — from a State to what the panels show (pure: no DOM).
//
// 0. refuse at once, from the shapes alone, what the core would refuse as
//    too large (route.ts: a random source over its size limits, a call over
//    its per-call caps), before any input is built;
// 1. read every input matrix (cell text → numbers, or a seeded random fill;
//    inputs.ts), collecting an error per unparsable cell, or stopping at a
//    missing input, rows of different lengths or a size over the core's
//    limits (readInputs);
// 2. run the chosen operation through the typed core (run, one function per
//    operation);
// 3. gather the per-head weights (with their block maxima when too large to
//    draw cell by cell: pool.ts), the output, the intermediate steps of the
//    selected head (of its first STEP_ROWS queries: all the steps panel
//    shows) and the seed-style shape trace.
//
// The page runs it at once for a small state and in a Web Worker for a large
// one (route.ts, compute-worker/): everything it returns is plain data.
//
// Its English words (cell messages, names of results and steps) are the
// tables of words.ts; the panels translate their keys.

import { AttentionError, type Core, type TypedMask, type TypedMatrix } from '../core/core';
import { fill } from '../i18n/fill';
import { readMatrix, type CellError } from './inputs';
import { firstRows, firstSteps, parts, times, type HeadParts } from './parts';
import { pool, type Pooled } from './pool';
import { capsOf, refusal } from './route';
import { INPUTS, OPTIONAL, type MatrixName, type State } from './state';
import { STEP_ROWS } from './work';
import { FAILURE_MESSAGES, NAMES, type NameKey } from './words';

/** compute.ts's words (model/words.ts), re-exported for its importers. */
export { CELL_MESSAGES, NAMES, type CellErrorCode } from './words';
/** The reading of cells and input matrices (model/inputs.ts), re-exported for its importers. */
export { checkCell, materialize, MAX_CELL_CHARS, parseCell, randomMatrix, readMatrix, type CellError, type CellProblem, type MatrixProblem } from './inputs';

/** Variables of a translated name, e.g. { dk: 2 }. */
export type NameVars = Record<string, string | number>;

/** A matrix with a display name, e.g. "scores = Q·Kᵀ". */
export interface NamedMatrix {
  /** The name in English (exports and tests read it). */
  name: string;
  /** The same name as an i18n key with its variables: the panels show t(key, vars). */
  key: string;
  vars: NameVars;
  /** Shape as the seed prints it, with the batch of 1: (1, n, d). */
  shape: number[];
  /** The values; a step holds only its first STEP_ROWS rows (`shape` is the whole step's). */
  m: TypedMatrix;
}

/** The weights of one head. */
export interface HeadView {
  /** "head 1", or "head 3 (kv 2)" with grouped K/V heads, in English. */
  label: string;
  /** The label as an i18n key with its variables ({ n } and { n, kv }). */
  key: string;
  vars: NameVars;
  weights: TypedMatrix; // (n_q, n_k)
  /** What the heatmap draws of weights too large to draw cell by cell: their block maxima (pool.ts). */
  drawn?: Pooled;
  /** The vectors the head compares and the core's steps on them, for a small head of attention, multi_head or single_head (parts.ts). */
  parts?: HeadParts;
}

/** Everything the result panels draw. */
export interface View {
  heads: HeadView[];
  /** 1 = hidden (query may NOT see key), (n_q, n_k); null when nothing is masked. */
  hidden: Uint8Array | null;
  out: NamedMatrix;
  /** Other results worth showing: q/k/v projections, LN(X), the attention before the residual. */
  extra: NamedMatrix[];
  /** The selected head's steps: scores, scaled, masked, weights, out — or null (gqa). */
  steps: NamedMatrix[] | null;
  /** Which head the steps belong to. */
  stepsHead: number;
  /** Seed-style shape trace lines, e.g. "q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)". */
  trace: string[];
  queryLabels: string[];
  keyLabels: string[];
}

/**
 * A failed computation: bad cells, or a shape/argument problem explained in
 * words. `message` is English: for bad cells a summary of the first one and a
 * count (the panels rebuild it translated from `cellErrors`); for a missing
 * input also an i18n `key` with its `vars`; otherwise the core's own message.
 */
export interface Failure {
  cellErrors: CellError[];
  message: string;
  code: string;
  /** The message as an i18n key with its variables, when it is the page's own words. */
  key?: string;
  vars?: NameVars;
}

/** The result of compute(). */
export type Outcome = { ok: true; view: View } | ({ ok: false } & Failure);

/** What compute() is doing, for a progress note: reading the inputs, or running the operation. */
export type ComputeStage = 'inputs' | 'operation';

/** The custom mask resized to (n_q, n_k): new cells are visible. */
export function fitMask(mask: boolean[][], n_q: number, n_k: number): boolean[][] {
  return Array.from({ length: n_q }, (_, i) => Array.from({ length: n_k }, (_, j) => mask[i]?.[j] ?? true));
}

/** The mask the state asks for, as (n_q, n_k) with 1 = visible, or null. */
export function maskFor(core: Core, state: State, n_q: number, n_k: number): TypedMask | null {
  if (state.mask === 'causal') return core.typed.causal_mask(n_q, n_k);
  if (state.mask === 'custom') {
    // fitMask's cells, written straight into the bytes (no n_q × n_k array of arrays)
    const data = new Uint8Array(n_q * n_k).fill(1);
    const rows = Math.min(n_q, state.customMask.length);
    for (let i = 0; i < rows; i++) {
      const row = state.customMask[i] ?? [];
      for (let j = 0, n = Math.min(n_k, row.length); j < n; j++) data[i * n_k + j] = (row[j] ?? true) ? 1 : 0;
    }
    return { data, rows: n_q, cols: n_k };
  }
  return null;
}

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

/** The numbers of every input of the state's operation. */
type Inputs = Record<MatrixName, TypedMatrix>;

/** The English summary of bad cells: the first one, and how many more. */
function cellSummary(cellErrors: CellError[]): string {
  const e = cellErrors[0];
  const more = cellErrors.length > 1 ? fill(FAILURE_MESSAGES.more, { n: cellErrors.length - 1 }) : '';
  return fill(FAILURE_MESSAGES.at, { where: `${e.matrix}[${e.row}][${e.col}]`, message: e.message }) + more;
}

/** Step 1: read the operation's inputs, or fail with a missing input or the bad cells. */
function readInputs(core: Core, state: State): { ok: true; x: Inputs } | ({ ok: false } & Failure) {
  const inputs: Partial<Inputs> = {};
  const cellErrors: CellError[] = [];
  for (const name of INPUTS[state.op]) {
    const { m, errors, problem } = readMatrix(core, state, name);
    cellErrors.push(...errors);
    if (problem) return { ok: false, cellErrors, ...problem };
    if (m) inputs[name] = m;
    else if (errors.length === 0 && !OPTIONAL.has(name)) {
      const vars = { op: state.op, name };
      return { ok: false, cellErrors, message: fill(FAILURE_MESSAGES.missing, vars), code: 'empty', key: 'cell.missing', vars };
    }
  }
  if (cellErrors.length) return { ok: false, cellErrors, message: cellSummary(cellErrors), code: 'not_a_number' };
  return { ok: true, x: inputs as Inputs };
}

/** Run the state's operation; never throws for bad input. `progress` hears each stage as it starts. */
export function compute(core: Core, state: State, progress: (stage: ComputeStage) => void = () => {}): Outcome {
  const refused = refusal(state, capsOf(core.limits()));
  if (refused) return { ok: false, ...refused };
  progress('inputs');
  const inputs = readInputs(core, state);
  if (!inputs.ok) return inputs;
  // step 2: the operation
  progress('operation');
  try {
    const view = run(core, state, inputs.x);
    for (const head of view.heads) {
      const drawn = pool(head.weights, view.hidden);
      if (drawn) head.drawn = drawn;
    }
    return { ok: true, view };
  } catch (err) {
    if (err instanceof AttentionError) return { ok: false, cellErrors: [], message: err.message, code: err.code };
    return { ok: false, cellErrors: [], message: String(err), code: 'internal' };
  }
}

/** Step 3: the view of the state's operation on its inputs. */
function run(core: Core, state: State, x: Inputs): View {
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

/** 1 = hidden, from a mask where 1 = visible. */
function hiddenOf(mask: TypedMask | null): Uint8Array | null {
  if (!mask) return null;
  const hidden = new Uint8Array(mask.data.length);
  for (let p = 0; p < hidden.length; p++) hidden[p] = mask.data[p] ? 0 : 1;
  return hidden;
}
