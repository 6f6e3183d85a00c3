import { describe, expect, test } from 'vitest';
import { SEED_000 } from '../../../web/src/model/seed000';
import { toPyTorch } from '../../../web/src/model/pytorch-export';
import { defaultState } from '../../../web/src/model/state';

describe('Copy as PyTorch', () => {
  test('the seed 000 single head: the same inputs, X·W projections, causal mask', () => {
    const s = defaultState();
    s.op = 'single_head';
    s.mask = 'causal';
    const mask = [
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ];
    const py = toPyTorch(s, { X: SEED_000.X, Wq: SEED_000.Wq, Wk: SEED_000.Wk, Wv: SEED_000.Wv }, mask);
    expect(py).toContain('import torch');
    expect(py).toContain('dtype = torch.float64');
    expect(py).toContain('X = torch.tensor([\n    [0.1, 0.2, 0.3, 0.4],\n    [0.5, 0.4, 0.3, 0.2],\n    [0.0, 0.1, 0.0, 0.1],\n], dtype=dtype)');
    expect(py).toContain('Wq = torch.tensor([\n    [0.2, -0.1],');
    expect(py).toContain('q, k, v = X @ Wq, X @ Wk, X @ Wv');
    expect(py).toContain('mask = torch.tensor([\n    [True, False, False],\n    [True, True, False],\n    [True, True, True],\n])');
    expect(py).toContain('scores.masked_fill(~mask, float("-inf"))');
    expect(py).toContain('print(weights)');
  });

  test('numbers keep full precision', () => {
    const s = defaultState();
    const py = toPyTorch(s, { Q: [[0.1 + 0.2, 1e-20]], K: [[1, 2]], V: [[3, -4]] }, null);
    expect(py).toContain('[0.30000000000000004, 1e-20]');
    expect(py).toContain('[1.0, 2.0]');
    expect(py).toContain('mask = None');
    expect(py).toContain('attention(Q, K, V, mask, scale=True)');
  });

  test('unscaled attention says so', () => {
    const s = defaultState();
    s.scale = false;
    expect(toPyTorch(s, { Q: [[1]], K: [[1]], V: [[1]] }, null)).toContain('scale=False');
  });

  test('multi_head, block and gqa name their parameters', () => {
    const s = defaultState();
    s.op = 'multi_head';
    s.h = 2;
    expect(toPyTorch(s, { Q: [[1, 2]], K: [[1, 2]], V: [[1, 2]] }, null)).toContain('multi_head(Q, K, V, 2, mask)');
    s.op = 'block';
    s.eps = 1e-5;
    const block = toPyTorch(s, { X: [[1, 2]] }, null);
    expect(block).toContain('layer_norm(X, (X.shape[-1],), eps=eps)');
    expect(block).toContain('out = X + attended');
    s.op = 'gqa';
    s.numHeads = 8;
    s.numKvHeads = 2;
    const gqa = toPyTorch(s, { Q: [[1]], K: [[1]], V: [[1]], Wq: [[1]], Wk: [[1]], Wv: [[1]], Wo: [[1]], bq: [[0.5, 0.25]] }, null);
    expect(gqa).toContain('H, G = 8, 2');
    expect(gqa).toContain('bq = torch.tensor([0.5, 0.25], dtype=dtype)');
    expect(gqa).toContain('bk = None');
    expect(gqa).toContain('g = i // (H // G)');
  });
});
