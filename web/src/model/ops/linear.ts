// linear.ts — linear attention (Katharopoulos, Vyas, Pappas & Fleuret 2020):
// softmax(q·k) replaced by φ(q)·φ(k) with φ(x) = elu(x) + 1, so that
//   out_i = φ(q_i)ᵀ·Σ_j φ(k_j)·v_jᵀ / φ(q_i)ᵀ·Σ_j φ(k_j)
// is n·d_k·d_v work instead of n²·(d_k + d_v); causal by prefix sums (the
// mask menu: none or causal). The weights shown are the normalised
// φ(q_i)·φ(k_j); a note under the options compares its cost with softmax
// attention's at the same shapes. No positions, no plane (its parts are
// softmax attention's), no steps of the softmax.

import { bilingual } from '../../base/words';
import { firstState } from '../first-state';
import { sizeOf } from '../examples';
import { hiddenOf, maskFor } from '../masks';
import { firstOf } from '../positions';
import { fmt, headView, labelsOf, named, shape } from '../view';
import { call } from './cost';
import type { OpSpec } from './spec';
import { attention } from './attention';

/** Linear attention on Q, K, V. */
export const linear = {
  id: 'linear',
  inputs: ['Q', 'K', 'V'],
  optional: [],
  flags: {
    heads: 'one',
    selfInput: false,
    masks: ['none', 'causal'],
    positions: false,
    plane: false,
    sliders: false,
    scaleOption: false,
    eps: false,
    opensCausal: false,
    tiles: false,
    kvCache: false,
    quadratic: false,
  },
  ensureInputs: (s) => attention.ensureInputs(s),
  run(core, state, x) {
    const [nq, nk] = [x.Q.rows, x.K.rows];
    const mask = maskFor(core, state, nq, nk); // none, or causal: j ≤ first + i (the queries' alignment)
    const r = core.typed.linear_attention(x.Q, x.K, x.V, { causal: mask !== null, shift: firstOf(state, nq, nk) });
    return {
      heads: [headView(0, r.weights!)],
      hidden: hiddenOf(mask),
      out: named('step.output', r.out),
      extra: [],
      steps: null,
      stepsHead: 0,
      trace: [
        `Q ${fmt(shape(x.Q))}  K ${fmt(shape(x.K))}  V ${fmt(shape(x.V))}`,
        `φ(x) = elu(x) + 1:  S = Σ φ(k_j)·v_jᵀ ${fmt([x.Q.cols, x.V.cols])}  z = Σ φ(k_j) ${fmt([x.Q.cols])}${mask ? ' (prefix sums: causal)' : ''}`,
        `weights ${fmt(shape(r.weights!))}  out ${fmt(shape(r.out))}`,
      ],
      ...labelsOf(state.tokens, nq, nk),
    };
  },
  cost(core, _state, d) {
    const [[nq, dk], [nk], [, dv]] = [d('Q'), d('K'), d('V')];
    return { calls: [call(core, 'linear_attention', [nq, nk, dk, dv, 1])], heads: 1, nq, nk };
  },
  note(state) {
    const [[nq, dk], [nk], [, dv]] = [sizeOf(state.matrices.Q) ?? [0, 0], sizeOf(state.matrices.K) ?? [0, 0], sizeOf(state.matrices.V) ?? [0, 0]];
    return { key: 'op.linear.cost', vars: { linear: (nq + nk) * dk * (dv + 1), softmax: nq * nk * (dk + dv) } };
  },
  pytorch: {
    tensors: ['Q', 'K', 'V'],
    vectors: [],
    multiHead: false,
    lines: () => [
      'def linear_attention(Q, K, V, mask=None):',
      '    """Katharopoulos et al. 2020: φ(x) = elu(x) + 1 instead of the softmax; the weights are φ(q_i)·φ(k_j), normalised."""',
      '    q, k = torch.nn.functional.elu(Q) + 1, torch.nn.functional.elu(K) + 1',
      '    A = q @ k.T  # (n_q, n_k), every entry > 0',
      '    if mask is not None:',
      '        A = A * mask  # hidden keys: 0',
      '    weights = torch.nan_to_num(A / A.sum(-1, keepdim=True), nan=0.0)  # a row that sees no key: 0',
      '    return weights @ V, weights',
      'out, weights = linear_attention(Q, K, V, mask)',
    ],
  },
  presets: [
    {
      id: 'linear',
      label: 'preset.linear',
      build: () => {
        const s = firstState();
        s.op = 'linear';
        s.mask = 'causal';
        return s;
      },
    },
  ],
  words: bilingual({
    'op.linear': ['linear attention (φ = elu + 1)', '线性注意力（φ = elu + 1）'],
    'op.linear.cost': [
      'Cost: about {linear} multiply-adds, growing like n (the sums over the keys are taken once); softmax attention needs {softmax}, growing like n².',
      '代价：约 {linear} 次乘加，随 n 线性增长（对键的求和只算一次）；softmax 注意力需要 {softmax} 次，随 n² 增长。',
    ],
    'preset.linear': ['Linear attention on “the cat sat on the mat” (causal)', '在“the cat sat on the mat”上的线性注意力（因果）'],
  }),
} satisfies OpSpec;
