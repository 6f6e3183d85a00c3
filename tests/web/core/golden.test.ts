// golden.test.ts — the WASM core against PyTorch float64 reference tensors
// (tests/golden/*.json, written by scripts/make_golden.py; read and compared
// by tests/web/support/golden.ts). Each case is its own test; a failure names
// the case and prints the largest difference. The softmax temperature's cases
// (temperature.json) are in temperature.test.ts.
import { beforeAll, describe, test } from 'vitest';
import type { BoolMatrix, Core, Matrix, Tensor3 } from '../../../web/src/core/core';
import { check, fixture } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

const TOL_F32 = 1e-6; // single_head vs PyTorch float32 (the seed 000 example)

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

// ---------------------------------------------------------------- fixtures

interface SoftmaxCase {
  name: string;
  xs: number[];
  out: number[];
}
interface AttentionCase {
  name: string;
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  mask: BoolMatrix | null;
  scale: boolean;
  out: Matrix;
  weights: Matrix;
}
interface MultiHeadCase {
  name: string;
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  h: number;
  mask: BoolMatrix | null;
  out: Matrix;
  weights: Matrix[];
}
interface LayerNormCase {
  name: string;
  row: number[];
  eps: number;
  out: number[];
}
interface BlockCase {
  name: string;
  X: Matrix;
  h: number;
  mask: BoolMatrix | null;
  out: Matrix;
  weights: Matrix[];
}
interface PosEncodingCase {
  n: number;
  d: number;
  out: Matrix;
}
interface SingleHeadCase {
  name: string;
  X: Matrix;
  Wq: Matrix;
  Wk: Matrix;
  Wv: Matrix;
  causal: boolean;
  q: Matrix;
  k: Matrix;
  v: Matrix;
  weights: Matrix;
  out: Matrix;
  out_f32: Matrix;
  weights_f32: Matrix;
}
interface GroupedCase {
  name: string;
  q: Tensor3;
  k: Tensor3;
  v: Tensor3;
  params: { Wq: Matrix; bq: number[] | null; Wk: Matrix; bk: number[] | null; Wv: Matrix; bv: number[] | null; Wo: Matrix; bo: number[] | null };
  num_heads: number;
  num_kv_heads: number;
  mask: BoolMatrix | null;
  out: Tensor3;
  weights: number[][][][];
}

describe('softmax.json', () => {
  test.each(fixture<SoftmaxCase>('softmax.json'))('$name', (c) => {
    check(`softmax/${c.name}`, 'out', core.softmax(c.xs), c.out);
  });
});

describe('attention.json', () => {
  test.each(fixture<AttentionCase>('attention.json'))('$name', (c) => {
    const r = core.attention(c.Q, c.K, c.V, c.mask, { scale: c.scale });
    check(`attention/${c.name}`, 'out', r.out, c.out);
    check(`attention/${c.name}`, 'weights', r.weights, c.weights);
    // the step-by-step view ends in the same numbers
    const s = core.attention_steps(c.Q, c.K, c.V, c.mask, { scale: c.scale });
    check(`attention_steps/${c.name}`, 'out', s.out, c.out);
    check(`attention_steps/${c.name}`, 'weights', s.weights, c.weights);
  });
});

describe('multi_head.json', () => {
  test.each(fixture<MultiHeadCase>('multi_head.json'))('$name', (c) => {
    const r = core.multi_head(c.Q, c.K, c.V, c.h, c.mask);
    check(`multi_head/${c.name}`, 'out', r.out, c.out);
    check(`multi_head/${c.name}`, 'weights', r.weights, c.weights);
  });
});

describe('layer_norm.json', () => {
  test.each(fixture<LayerNormCase>('layer_norm.json'))('$name', (c) => {
    check(`layer_norm/${c.name}`, 'out', core.layer_norm(c.row, c.eps), c.out);
  });
});

describe('block.json', () => {
  test.each(fixture<BlockCase>('block.json'))('$name', (c) => {
    const r = core.block(c.X, c.h, c.mask); // LayerNorm eps = 1e-5, PyTorch's default
    check(`block/${c.name}`, 'out', r.out, c.out);
    check(`block/${c.name}`, 'weights', r.weights, c.weights);
  });
});

describe('pos_encoding.json', () => {
  test.each(fixture<PosEncodingCase>('pos_encoding.json'))('n = $n, d = $d', (c) => {
    check(`pos_encoding/n${c.n}_d${c.d}`, 'out', core.pos_encoding(c.n, c.d), c.out);
  });
});

describe('single_head.json', () => {
  test.each(fixture<SingleHeadCase>('single_head.json'))('$name', (c) => {
    const r = core.single_head(c.X, c.Wq, c.Wk, c.Wv, { causal: c.causal });
    const where = `single_head/${c.name}`;
    for (const f of ['q', 'k', 'v', 'weights', 'out'] as const) check(where, f, r[f], c[f]);
    check(where, 'out vs float32', r.out, c.out_f32, TOL_F32);
    check(where, 'weights vs float32', r.weights, c.weights_f32, TOL_F32);
  });
});

describe('grouped.json', () => {
  test.each(fixture<GroupedCase>('grouped.json'))('$name', (c) => {
    const r = core.grouped_query_attention(c.q, c.k, c.v, c.params, { num_heads: c.num_heads, num_kv_heads: c.num_kv_heads, mask: c.mask });
    check(`grouped/${c.name}`, 'out', r.out, c.out);
    check(`grouped/${c.name}`, 'weights', r.weights, c.weights);
  });
});
