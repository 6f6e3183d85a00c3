// block.ts — the operation block(X, h, mask) of seed 003: pre-LN multi-head
// self-attention plus the residual, X + multi_head(LN(X)); the h and eps
// fields, every mask and position mode (sinusoidal added to X); LN(X) and the
// attention before the residual as extras; the steps' head written out ("How
// weight (i, j) was made"), its q, k and v the head's columns of LN(X).

import { bilingual } from '../../base/words';
import { defaultState } from '../state';
import { randSmall, sizeOf } from '../examples';
import { hiddenOf, maskFor } from '../masks';
import { addPE, headPositions, partsPositions, positionsTrace, ropeOf, type PositionStep } from '../positions';
import { parts } from '../parts';
import { PE_X } from '../pytorch-positions';
import { kwargs, py } from '../pytorch-lib';
import { fmt, headView, labelsOf, named, shape } from '../view';
import { call, stepsCall } from './cost';
import { ALL_MASKS, type OpSpec } from './spec';
import { columns, stepsOf } from './steps';

/** block: pre-LN multi-head self-attention plus the residual. */
export const block = {
  id: 'block',
  inputs: ['X'],
  optional: [],
  flags: {
    heads: 'split',
    selfInput: true,
    masks: ALL_MASKS,
    positions: true,
    plane: false,
    sliders: false,
    scaleOption: false,
    eps: true,
    opensCausal: false,
    tiles: false,
    kvCache: false,
    quadratic: true,
  },
  ensureInputs(s) {
    const m = s.matrices;
    const n = sizeOf(m.Q) ?? sizeOf(m.X) ?? [3, 4];
    m.X ??= m.Q ?? randSmall(n[0], n[1], s.seed);
  },
  run(core, state, x) {
    const n = x.X.rows;
    const mask = maskFor(core, state, n, n);
    const kind = state.positions;
    const X = kind === 'sinusoidal' ? addPE(core, x.X, 0) : x.X;
    const r = core.typed.block(X, state.h, mask, { eps: state.eps, rope: kind === 'rope' ? ropeOf(state) : null, alibi: kind === 'alibi' });
    const head = Math.min(state.head, state.h - 1);
    const dh = x.X.cols / state.h;
    const slice = columns(r.normed, head * dh, dh);
    const hp = headPositions(core, state, slice, slice, head, state.h);
    const before: PositionStep[] = kind === 'sinusoidal' ? [{ key: 'step.peX', m: X, vars: { to: n - 1 } }, ...hp.steps] : hp.steps;
    // the steps' head written out ("How weight (i, j) was made"): its q, k and v are columns of LN(X)
    const positions = partsPositions(core, state, n, n, head, state.h);
    const p = parts(core, hp.q, hp.k, slice, mask, { scale: true, temperature: 1, qLength: 1, source: 'normed', offset: head * dh, bias: hp.bias, positions });
    const heads = r.weights.map((w, i) => headView(i, w));
    if (p) heads[head].parts = p;
    return {
      heads,
      hidden: hiddenOf(mask),
      out: named('step.residual', r.out),
      extra: [named('step.ln', r.normed), named('step.attended', r.attended)],
      steps: stepsOf(core, hp.q, hp.k, slice, mask, { scale: true, whole: p, bias: hp.bias, before, biasStep: hp.biasStep }),
      stepsHead: head,
      trace: [
        `X ${fmt(shape(x.X))}  LN(X) ${fmt(shape(r.normed))}`,
        ...positionsTrace(state, n, n, state.h),
        `weights ${fmt([1, state.h, n, n])}  attended ${fmt(shape(r.attended))}  out ${fmt(shape(r.out))}`,
      ],
      ...labelsOf(state.tokens, n, n),
    };
  },
  cost(core, state, d) {
    const [n, dx] = d('X');
    const h = state.h;
    const whole = call(core, 'block', [n, dx, h, state.positions === 'rope' ? 1 : 0, state.positions === 'alibi' ? 1 : 0]);
    return { calls: [whole, stepsCall(core, n, n, dx / h, dx / h)], heads: h, nq: n, nk: n };
  },
  pytorch: {
    tensors: ['X'],
    vectors: [],
    multiHead: true,
    lines(state) {
      const kind = state.positions;
      const lines = kind === 'sinusoidal' ? [...PE_X] : [];
      lines.push(`eps = ${py(state.eps)}`, 'normed = torch.nn.functional.layer_norm(X, (X.shape[-1],), eps=eps)  # pre-LN, no affine');
      if (kind === 'alibi') lines.push(`bias = alibi_bias(${state.h}, X.shape[0], X.shape[0])  # (h, n, n)`);
      const more = kwargs({ bias: kind === 'alibi' ? 'bias' : null, rope: kind === 'rope' ? 'rope' : null });
      lines.push(`attended, weights = multi_head(normed, normed, normed, ${state.h}, mask${more})`, 'out = X + attended  # residual');
      return lines;
    },
  },
  presets: [
    {
      id: 'block',
      label: 'preset.block',
      build: () => {
        const s = defaultState();
        s.op = 'block';
        s.h = 2;
        s.mask = 'causal';
        s.matrices = { X: randSmall(5, 4, 21) };
        return s;
      },
    },
  ],
  words: bilingual({
    'op.block': ['block(X, h) — pre-LN + residual', 'block(X, h)——pre-LN + 残差'],
    'preset.block': ['Block: X + multi_head(LN(X))', '块：X + multi_head(LN(X))'],
  }),
} satisfies OpSpec;
