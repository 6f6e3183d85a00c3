// attention.ts — the operation attention(Q, K, V, mask) of seed 003: one
// head, softmax(Q·Kᵀ / (τ·√d_k))·V, with the √d_k switch, the softmax sliders,
// every mask and every position mode; its steps, and its q and k on the plane.

import { bilingual } from '../../base/words';
import { cellsOf, defaultState } from '../state';
import { randSmall, sizeOf } from '../examples';
import { hiddenOf, maskFor } from '../masks';
import { parts, times } from '../parts';
import { checkPositions, headPositions, partsPositions, positionsTrace, withPE } from '../positions';
import { kwargs, qkvLines, tauOf } from '../pytorch-lib';
import { fmt, headView, labelsOf, named, shape } from '../view';
import { call, stepsCall } from './cost';
import { ALL_MASKS, type OpSpec } from './spec';
import { stepsOf } from './steps';

/** attention: one head, its steps; positions on Q, K (and V: sinusoidal) first (positions.ts). */
export const attention = {
  id: 'attention',
  inputs: ['Q', 'K', 'V'],
  optional: [],
  flags: {
    heads: 'one',
    selfInput: false,
    masks: ALL_MASKS,
    positions: true,
    plane: true,
    sliders: true,
    scaleOption: true,
    eps: false,
    opensCausal: false,
    tiles: true,
    kvCache: false,
    quadratic: true,
  },
  ensureInputs(s) {
    const m = s.matrices;
    const n = sizeOf(m.Q) ?? sizeOf(m.X) ?? [3, 4];
    m.Q ??= m.X ?? randSmall(n[0], n[1], s.seed);
    m.K ??= m.Q;
    m.V ??= m.Q;
  },
  run(core, state, x) {
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
      ...labelsOf(state.tokens, x.Q.rows, x.K.rows),
    };
  },
  cost(core, _state, d) {
    const [[nq, dq], [nk], [, dv]] = [d('Q'), d('K'), d('V')];
    return { calls: [call(core, 'attention', [nq, nk, dq, dv]), stepsCall(core, nq, nk, dq, dv)], heads: 1, nq, nk };
  },
  pytorch: {
    tensors: ['Q', 'K', 'V'],
    vectors: [],
    multiHead: false,
    lines(state) {
      const kind = state.positions;
      const lines = qkvLines(state);
      if (kind === 'alibi') lines.push('bias = alibi_bias(1, n_q, n_k, first)[0]  # (n_q, n_k): one head');
      const [q, k] = kind === 'rope' ? ['rope(Q, offset=first)', 'rope(K)'] : ['Q', 'K'];
      const more = kwargs({ tau: tauOf(state), bias: kind === 'alibi' ? 'bias' : null });
      lines.push(`out, weights = attention(${q}, ${k}, V, mask, scale=${state.scale ? 'True' : 'False'}${more})`);
      return lines;
    },
  },
  presets: [
    {
      id: 'cross',
      label: 'preset.cross',
      build: () => {
        const s = defaultState();
        s.tokens = [];
        s.matrices = {
          Q: cellsOf([
            [1, 0, 1],
            [0, 2, 0],
          ]),
          K: cellsOf([
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
            [1, 1, 1],
          ]),
          V: cellsOf([
            [1, 0],
            [0, 1],
            [1, 1],
            [2, -1],
          ]),
        };
        return s;
      },
    },
  ],
  words: bilingual({
    'op.attention': ['attention(Q, K, V)', 'attention(Q, K, V)'],
    'preset.cross': ['Cross-attention (2 queries, 4 keys)', '交叉注意力（2 个查询，4 个键）'],
  }),
} satisfies OpSpec;
