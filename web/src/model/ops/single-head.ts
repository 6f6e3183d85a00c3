// single-head.ts — the operation of seed 000: SingleHeadSelfAttention with
// bias-free projections q = X·Wq, k = X·Wk, v = X·Wv (Wq is d_model × d_k,
// used as X·W), causal by default; none or causal only (its core takes causal
// on or off). Sinusoidal adds PE to X first; RoPE and ALiBi: the weights are
// attention(rope(q), rope(k), v) or attention(q, k, v) + bias on the core's
// projections. The projections are extras; the plane draws q and k, not
// draggable (they are not inputs).

import { bilingual } from '../../base/words';
import { cellsOf, defaultState } from '../state';
import { randSmall, sizeOf } from '../examples';
import { hiddenOf } from '../masks';
import { parts } from '../parts';
import { addPE, headPositions, partsPositions, positionsTrace, type PositionStep } from '../positions';
import { PE_X } from '../pytorch-positions';
import { SEED_000 } from '../seed000';
import { fmt, headView, labelsOf, named, shape } from '../view';
import { call, stepsCall } from './cost';
import type { OpSpec } from './spec';
import { stepsOf } from './steps';

/** single_head (seed 000): the projections q, k, v as extras. */
export const singleHead = {
  id: 'single_head',
  inputs: ['X', 'Wq', 'Wk', 'Wv'],
  optional: [],
  flags: {
    heads: 'one',
    selfInput: true,
    masks: ['none', 'causal'],
    positions: true,
    plane: true,
    sliders: false,
    scaleOption: false,
    eps: false,
    opensCausal: true,
    tiles: false,
    kvCache: false,
    quadratic: true,
  },
  ensureInputs(s) {
    const m = s.matrices;
    m.X ??= m.Q ?? cellsOf(SEED_000.X);
    const d = sizeOf(m.X)?.[1] ?? 4;
    // projections left by another operation (grouped-query attention's) may not fit X: new ones do
    const [wq, wk, wv] = [m.Wq, m.Wk, m.Wv].map(sizeOf);
    const fits = wq?.[0] === d && wk?.[0] === d && wv?.[0] === d && wq[1] === wk[1];
    if (!fits) {
      m.Wq = randSmall(d, 2, s.seed + 1, 0.5);
      m.Wk = randSmall(d, 2, s.seed + 2, 0.5);
      m.Wv = randSmall(d, 2, s.seed + 3, 0.5);
    }
  },
  run(core, state, x) {
    const causal = state.mask === 'causal';
    const n = x.X.rows;
    const kind = state.positions;
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
      ...labelsOf(state.tokens, n, n),
    };
  },
  cost(core, _state, d) {
    const [n, dx] = d('X');
    const [dk, dv] = [d('Wq')[1], d('Wv')[1]];
    return { calls: [call(core, 'single_head', [n, dx, dk, dv]), stepsCall(core, n, n, dk, dv)], heads: 1, nq: n, nk: n };
  },
  pytorch: {
    tensors: ['X', 'Wq', 'Wk', 'Wv'],
    vectors: [],
    multiHead: false,
    lines(state) {
      const kind = state.positions;
      const lines = kind === 'sinusoidal' ? [...PE_X] : [];
      lines.push(
        'q, k, v = X @ Wq, X @ Wk, X @ Wv  # Wq is d_model × d_k, used as X·W (seed 000)',
        'print("q", tuple(q.shape), " k", tuple(k.shape), " v", tuple(v.shape))',
      );
      if (kind === 'rope') lines.push('out, weights = attention(rope(q), rope(k), v, mask)  # positions 0 … n − 1');
      else if (kind === 'alibi') lines.push('bias = alibi_bias(1, X.shape[0], X.shape[0])[0]  # (n, n)', 'out, weights = attention(q, k, v, mask, bias=bias)');
      else lines.push('out, weights = attention(q, k, v, mask)');
      return lines;
    },
  },
  presets: [
    {
      id: 'seed000',
      label: 'preset.seed000',
      build: () => {
        const s = defaultState();
        s.op = 'single_head';
        s.mask = 'causal';
        s.matrices = { X: cellsOf(SEED_000.X), Wq: cellsOf(SEED_000.Wq), Wk: cellsOf(SEED_000.Wk), Wv: cellsOf(SEED_000.Wv) };
        return s;
      },
    },
  ],
  words: bilingual({
    'op.single_head': ['single_head(X, Wq, Wk, Wv) — seed 000', 'single_head(X, Wq, Wk, Wv)——种子 000'],
    'preset.seed000': ['Seed 000: single head (X, Wq, Wk, Wv)', '种子 000：单头（X, Wq, Wk, Wv）'],
  }),
} satisfies OpSpec;
