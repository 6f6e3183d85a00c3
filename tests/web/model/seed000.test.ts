// The seed 000 worked example through the façade, printing what the seed prints:
//   q torch.Size([1, 3, 2])  k …  v …  /  weights …  out …  / torch.Size([1, 3, 2]) / tensor(True) ×2
import { expect, test } from 'vitest';
import { SEED_000 } from '../../../web/src/model/seed000';
import { loadCoreForNode } from '../support/load-core';

test('seed 000: the same shapes as the seed, and finite values', async () => {
  const core = await loadCoreForNode();
  const { X, Wq, Wk, Wv } = SEED_000;
  const r = core.single_head(X, Wq, Wk, Wv, { causal: true });
  const size = (m: number[][]) => `torch.Size([1, ${m.length}, ${m[0].length}])`; // the seed's batch of 1
  const finite = (m: number[][]) => `tensor(${m.flat().every(Number.isFinite) ? 'True' : 'False'})`;
  const lines = [
    `q ${size(r.q)}  k ${size(r.k)}  v ${size(r.v)}`,
    `weights ${size(r.weights)}  out ${size(r.out)}`,
    size(r.out),
    finite(r.out),
    finite(r.weights),
  ];
  console.log(lines.join('\n'));
  expect(lines).toEqual([
    'q torch.Size([1, 3, 2])  k torch.Size([1, 3, 2])  v torch.Size([1, 3, 2])',
    'weights torch.Size([1, 3, 3])  out torch.Size([1, 3, 2])',
    'torch.Size([1, 3, 2])',
    'tensor(True)',
    'tensor(True)',
  ]);
  // causal: query 0 sees only key 0, query 1 keys 0 and 1
  expect(r.weights[0]).toEqual([1, 0, 0]);
  expect(r.weights[1][2]).toBe(0);
});
