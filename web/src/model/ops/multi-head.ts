// multi-head.ts — the operation multi_head(Q, K, V, h, mask) of seed 003: the
// width split into h heads, each scaled by √(d/h), concatenated; the softmax
// sliders, every mask and position mode (RoPE and ALiBi by the core's options,
// per head); the steps of the chosen head, every small head on the plane.

import { bilingual } from '../../base/words';
import { defaultState } from '../state';
import { randSmall } from '../examples';
import { hiddenOf, maskFor } from '../masks';
import { keepsParts, parts, times } from '../parts';
import { alibiOf, checkPositions, firstOf, headPositions, partsPositions, positionsTrace, rotate, ropeOf, withPE } from '../positions';
import type { Core, TypedMatrix } from '../../core/core';
import type { State } from '../state';
import { kwargs, qkvLines, tauOf } from '../pytorch-lib';
import { fmt, headView, labelsOf, named, shape } from '../view';
import { attention } from './attention';
import { call, stepsCall } from './cost';
import type { OpSpec } from './spec';
import { columns, stepsOf } from './steps';

/** M with each of its h heads' column slices turned by RoPE (width d/h), rows from position `first`. */
function headsTurned(core: Core, state: State, M: TypedMatrix, h: number, first: number): TypedMatrix {
  const dh = M.cols / h;
  const out = new Float64Array(M.data.length);
  for (let t = 0; t < h; t++) {
    const turned = rotate(core, state, columns(M, t * dh, dh), first); // (n, d/h)
    for (let i = 0; i < M.rows; i++) out.set(turned.data.subarray(i * dh, (i + 1) * dh), i * M.cols + t * dh);
  }
  return { data: out, rows: M.rows, cols: M.cols };
}

/** multi_head: h heads, the steps of the selected one on its column slices; RoPE turns each head, ALiBi biases it. */
export const multiHead = {
  id: 'multi_head',
  inputs: ['Q', 'K', 'V'],
  optional: [],
  flags: { ...attention.flags, heads: 'split', scaleOption: false, tiles: false },
  ensureInputs: (s) => attention.ensureInputs(s),
  run(core, state, x) {
    const [nq, nk] = [x.Q.rows, x.K.rows];
    checkPositions(state, nq, nk);
    const mask = maskFor(core, state, nq, nk);
    const { temperature, qLength, h } = state;
    const kind = state.positions;
    const pe = withPE(core, state, times(x.Q, qLength), x.K, x.V);
    const first = firstOf(state, nq, nk);
    const alibi = kind === 'alibi' ? alibiOf(core, h, nq, nk, first) : null;
    const dh = x.Q.cols / h;
    const dvh = x.V.cols / h;
    // RoPE turns each head's slices of Q and K with the head's width d/h, queries from position `first` (a width
    // that does not split into even heads goes to the core's own rope option, which names the problem)
    const turns = kind === 'rope' && Number.isInteger(dh) && dh % 2 === 0;
    const [Q, K] = turns ? [headsTurned(core, state, pe.Q, h, first), headsTurned(core, state, pe.K, h, 0)] : [pe.Q, pe.K];
    const r = core.typed.multi_head(Q, K, pe.V, h, mask, { temperature, bias: alibi, rope: kind === 'rope' && !turns ? ropeOf(state) : null });
    const head = Math.min(state.head, h - 1);
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
        ...positionsTrace(state, nq, nk, h),
        `weights ${fmt([1, h, nq, nk])}  out ${fmt(shape(r.out))}`,
      ],
      ...labelsOf(state.tokens, nq, nk),
    };
  },
  cost(core, state, d) {
    const [[nq, dq], [nk], [, dv]] = [d('Q'), d('K'), d('V')];
    const h = state.h;
    const heads = call(core, 'multi_head', [nq, nk, dq, dv, h, state.positions === 'rope' ? 1 : 0]);
    return { calls: [heads, stepsCall(core, nq, nk, dq / h, dv / h)], heads: h, nq, nk };
  },
  pytorch: {
    tensors: ['Q', 'K', 'V'],
    vectors: [],
    multiHead: true,
    lines(state) {
      const kind = state.positions;
      const lines = qkvLines(state);
      if (kind === 'alibi') lines.push(`bias = alibi_bias(${state.h}, n_q, n_k, first)  # (h, n_q, n_k)`);
      const more = kwargs({
        tau: tauOf(state),
        bias: kind === 'alibi' ? 'bias' : null,
        rope: kind === 'rope' ? 'rope' : null,
        first: kind === 'rope' ? 'first' : null,
      });
      lines.push(`out, weights = multi_head(Q, K, V, ${state.h}, mask${more})`);
      return lines;
    },
  },
  presets: [
    {
      id: 'multihead',
      label: 'preset.multihead',
      build: () => {
        const s = defaultState();
        s.op = 'multi_head';
        s.h = 2;
        s.mask = 'causal';
        s.tokens = ['the', 'cat', 'sat', 'down'];
        s.matrices = { Q: randSmall(4, 4, 11), K: randSmall(4, 4, 12), V: randSmall(4, 4, 13) };
        return s;
      },
    },
  ],
  words: bilingual({
    'op.multi_head': ['multi_head(Q, K, V, h)', 'multi_head(Q, K, V, h)'],
    'preset.multihead': ['Multi-head (h = 2, causal)', '多头（h = 2，因果）'],
  }),
} satisfies OpSpec;
