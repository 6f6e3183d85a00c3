// gqa.ts — grouped-query attention of seed 004 (MHA / GQA / MQA): q, k, v
// projected by Wq, Wk, Wv (d_in × d_out, x·W + b), H query heads reading G
// key/value heads (query head i reads K/V head ⌊i / (H / G)⌋), then Wo. A head
// per query head, labelled with its K/V head; no positions; the KV-cache
// stepper decodes its inputs token by token. Small heads keep their parts:
// the core's projections (project: q·Wq + bq, …), each head's columns of them
// and the core's steps on those, so the plane draws them (not dragged: they
// are projections), the steps show the chosen head and "How weight (i, j) was
// made" writes it out.

import { bilingual } from '../../base/words';
import { defaultState, type MatrixSource, type State } from '../state';
import { rand, randSmall, sizeOf } from '../examples';
import { hiddenOf, maskFor } from '../masks';
import { keepsParts, parts } from '../parts';
import { fmt, headView, labelsOf, named, shape, type HeadView, type Inputs } from '../view';
import { call } from './cost';
import { columns, stepsOf } from './steps';
import { ALL_MASKS, type OpSpec } from './spec';
import type { Core, TypedMask, TypedMatrix } from '../../core/core';

/**
 * Grouped-query attention's inputs, small: keep Q, K, V (or start from X or a 3 × 4 fill) and give them
 * projections that fit, each head of width 2, for the state's H query heads and G K/V heads (2 and 1 when G does
 * not divide H) — unless the projections there already fit the inputs (a seed 004 example keeps its own).
 */
function gqaInputs(s: State): void {
  const m = s.matrices;
  m.Q ??= m.X ?? randSmall(3, 4, s.seed);
  m.K ??= m.Q;
  m.V ??= m.K;
  const [dq, dk, dv] = [m.Q, m.K, m.V].map((src) => sizeOf(src)?.[1] ?? 0);
  const rows = (src: MatrixSource | undefined) => sizeOf(src)?.[0];
  const cols = (src: MatrixSource | undefined) => sizeOf(src)?.[1] ?? 0;
  // Wq (d_q, H·d_k), Wk (d_k_in, G·d_k), Wv (d_v_in, G·d_v), Wo (H·d_v, d_o): the head widths must agree
  const [H, G] = [s.numHeads, s.numKvHeads];
  const headK = cols(m.Wq) / H;
  const headV = cols(m.Wv) / G;
  const fits =
    Number.isInteger(H / G) &&
    rows(m.Wq) === dq &&
    rows(m.Wk) === dk &&
    rows(m.Wv) === dv &&
    Number.isInteger(headK) &&
    headK > 0 &&
    cols(m.Wk) === G * headK &&
    rows(m.Wo) === H * headV;
  if (fits) return;
  // the state's heads when G divides H (a link asking for H = 4, G = 2), else 2 query heads sharing 1
  if (!Number.isInteger(H / G)) [s.numHeads, s.numKvHeads] = [2, 1];
  const width = 2;
  m.Wq = randSmall(dq, s.numHeads * width, s.seed + 1, 0.5);
  m.Wk = randSmall(dk, s.numKvHeads * width, s.seed + 2, 0.5);
  m.Wv = randSmall(dv, s.numKvHeads * width, s.seed + 3, 0.5);
  m.Wo = randSmall(s.numHeads * width, dq, s.seed + 4, 0.5);
  for (const b of ['bq', 'bk', 'bv', 'bo'] as const) delete m[b];
}

/** Seed 004 shapes: n_q 2, n_k 4, q/k width 128, v width 64, 8 heads of 16, d_o 8. */
function seed004(numKvHeads: number): State {
  const s = defaultState();
  const [H, dk, dv, dO] = [8, 16, 16, 8];
  s.op = 'gqa';
  s.mask = 'causal';
  s.numHeads = H;
  s.numKvHeads = numKvHeads;
  // nn.Linear-like scale 1/√d_in keeps the scores in a readable range
  s.matrices = {
    Q: rand(2, 128, 1),
    K: rand(4, 128, 2),
    V: rand(4, 64, 3),
    Wq: rand(128, H * dk, 4, 1 / Math.sqrt(128)),
    Wk: rand(128, numKvHeads * dk, 5, 1 / Math.sqrt(128)),
    Wv: rand(64, numKvHeads * dv, 6, 1 / Math.sqrt(64)),
    Wo: rand(H * dv, dO, 7, 1 / Math.sqrt(H * dv)),
  };
  return s;
}

const GQA_LINES = [
  'def linear(x, W, b):',
  '    return x @ W if b is None else x @ W + b',
  'q, k, v = linear(Q, Wq, bq), linear(K, Wk, bk), linear(V, Wv, bv)',
  'd_k, d_v = q.shape[-1] // H, v.shape[-1] // G',
  'outs, weights = [], []',
  'for i in range(H):',
  '    g = i // (H // G)  # the K/V head this query head reads',
  '    o, w = attention(q[:, i * d_k:(i + 1) * d_k], k[:, g * d_k:(g + 1) * d_k], v[:, g * d_v:(g + 1) * d_v], mask)',
  '    outs.append(o)',
  '    weights.append(w)',
  'weights = torch.stack(weights)',
  'out = linear(torch.cat(outs, dim=-1), Wo, bo)',
];

/**
 * Give every head its parts (small heads only): the core projects q, k and v (q·Wq + bq, k·Wk + bk, v·Wv + bv),
 * query head i compares its columns of the first with K/V head ⌊i / group⌋'s columns of the others. Returns every
 * head's q, k and v (the chosen one's make the steps).
 */
function withParts(core: Core, x: Inputs, heads: HeadView[], group: number, dk: number, dv: number, mask: TypedMask | null) {
  const [Qp, Kp, Vp] = [core.typed.project(x.Q, x.Wq, biasOf(x.bq)), core.typed.project(x.K, x.Wk, biasOf(x.bk)), core.typed.project(x.V, x.Wv, biasOf(x.bv))];
  return heads.map((head, i) => {
    const kv = Math.floor(i / group);
    const [q, k, v] = [columns(Qp, i * dk, dk), columns(Kp, kv * dk, dk), columns(Vp, kv * dv, dv)];
    const p = parts(core, q, k, v, mask, { scale: true, temperature: 1, qLength: 1, source: 'grouped', offset: i * dk, kvHead: kv });
    if (p) head.parts = p;
    return { q, k, v };
  });
}

/** A bias vector's numbers, or null for none (the core's "no bias"). */
const biasOf = (m: TypedMatrix | undefined) => (m ? m.data : null);

/** Grouped-query attention (MHA / GQA / MQA). */
export const gqa = {
  id: 'gqa',
  inputs: ['Q', 'K', 'V', 'Wq', 'Wk', 'Wv', 'Wo', 'bq', 'bk', 'bv', 'bo'],
  optional: ['bq', 'bk', 'bv', 'bo'],
  flags: {
    heads: 'grouped',
    selfInput: false,
    masks: ALL_MASKS,
    positions: false,
    plane: true,
    sliders: false,
    scaleOption: false,
    eps: false,
    opensCausal: false,
    tiles: false,
    kvCache: true,
    quadratic: true,
  },
  ensureInputs: (s) => gqaInputs(s),
  run(core, state, x) {
    const mask = maskFor(core, state, x.Q.rows, x.K.rows);
    const as3 = (m: TypedMatrix) => ({ data: m.data, batch: 1, rows: m.rows, cols: m.cols });
    const H = state.numHeads;
    const r = core.typed.grouped_query_attention(
      as3(x.Q),
      as3(x.K),
      as3(x.V),
      { Wq: x.Wq, Wk: x.Wk, Wv: x.Wv, Wo: x.Wo, bq: biasOf(x.bq), bk: biasOf(x.bk), bv: biasOf(x.bv), bo: biasOf(x.bo) },
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
    const head = Math.min(state.head, H - 1);
    const chosen = keepsParts(nq, nk, dk, dv) ? withParts(core, x, heads, group, dk, dv, mask)[head] : null;
    return {
      heads,
      hidden: hiddenOf(mask),
      out: named('step.output', out),
      extra: [],
      steps: chosen ? stepsOf(core, chosen.q, chosen.k, chosen.v, mask, { scale: true, whole: heads[head].parts }) : null,
      stepsHead: head,
      trace: [
        `q ${fmt(shape(x.Q))}  k ${fmt(shape(x.K))}  v ${fmt(shape(x.V))}`,
        `Q = q·Wq ${fmt([1, nq, H, dk])}  K = k·Wk ${fmt([1, nk, state.numKvHeads, dk])}  V = v·Wv ${fmt([1, nk, state.numKvHeads, dv])}`,
        `weights ${fmt([1, H, nq, nk])}  concat ${fmt([1, nq, H * dv])}  out = concat·Wo ${fmt(shape(out))}`,
      ],
      ...labelsOf(state.tokens, nq, nk),
    };
  },
  // with a batch of 1; small heads also their projections and every head's steps (their parts)
  cost(core, state, d) {
    const [H, G] = [state.numHeads, state.numKvHeads];
    const [[nq, qc], [nk, kc], [, vc]] = [d('Q'), d('K'), d('V')];
    const [dk, dv, dout] = [d('Wq')[1] / H, d('Wv')[1] / G, d('Wo')[1]];
    const calls = [call(core, 'grouped_query_attention', [1, nq, nk, qc, kc, vc, H, G, dk, dv, dout])];
    if (keepsParts(nq, nk, dk, dv))
      calls.push(
        call(core, 'project', [nq, qc, H * dk]),
        call(core, 'project', [nk, kc, G * dk]),
        call(core, 'project', [nk, vc, G * dv]),
        ...Array.from({ length: H }, () => call(core, 'attention_steps', [nq, nk, dk, dv])),
      );
    return { calls, heads: H, nq, nk };
  },
  pytorch: {
    tensors: ['Q', 'K', 'V', 'Wq', 'Wk', 'Wv', 'Wo'],
    vectors: ['bq', 'bk', 'bv', 'bo'],
    multiHead: false,
    lines: (state) => [`H, G = ${state.numHeads}, ${state.numKvHeads}  # query heads, key/value heads (G = H: MHA, G = 1: MQA)`, ...GQA_LINES],
  },
  presets: [
    { id: 'seed004-mha', label: 'preset.seed004mha', build: () => seed004(8) },
    { id: 'seed004-gqa', label: 'preset.seed004gqa', build: () => seed004(2) },
    { id: 'seed004-mqa', label: 'preset.seed004mqa', build: () => seed004(1) },
  ],
  words: bilingual({
    'op.gqa': ['grouped-query attention (MHA / GQA / MQA)', '分组查询注意力（MHA / GQA / MQA）'],
    'preset.seed004mha': ['Seed 004: MHA (8 heads of 16)', '种子 004：MHA（8 个 16 维的头）'],
    'preset.seed004gqa': ['Seed 004: GQA (8 query heads, 2 KV heads)', '种子 004：GQA（8 个查询头，2 个 KV 头）'],
    'preset.seed004mqa': ['Seed 004: MQA (8 query heads, 1 KV head)', '种子 004：MQA（8 个查询头，1 个 KV 头）'],
  }),
} satisfies OpSpec;
