// work.test.ts — the estimate of a state's work from its shapes (model/work.ts)
// and the routing decision built on it (model/route.ts): small → at once,
// large → the worker, over the core's caps → refused with the core's own
// message, before any input is generated.
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Core, TypedMatrix } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { PRESETS, presetById } from '../../../web/src/model/presets';
import { capsOf, FALLBACK_CAPS, refusal, routeOf, WORKER_MULTIPLY_ADDS } from '../../../web/src/model/route';
import { defaultState, parse, type MatrixSource, type State } from '../../../web/src/model/state';
import { dimsOf, estimateWork } from '../../../web/src/model/work';
import { STEP_ROWS } from '../../../web/src/model/parts';
import { call } from '../../../web/src/model/ops/cost';
import { MAX_TABLE } from '../../../web/src/widgets/matrix-table';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const rand = (rows: number, cols: number, seed = 1): MatrixSource => ({ kind: 'random', rows, cols, seed, scale: 1 });
const link = (q: string, k: string, v: string) => parse(`#op=attention&Q=rand:${q}:1:1&K=rand:${k}:2:1&V=rand:${v}:3:1`);
/** The 4096 × 64 case, and the link that froze the tab for 48 s. */
const BIG = link('4096:64', '4096:64', '4096:64');
const FROZE = link('4096:1', '4096:1', '4096:4096');

describe('the cost of a call: asked of the core once per function and sizes', () => {
  test('a drag (the same shapes again and again) asks the core nothing after the first state; other sizes ask again', () => {
    const spy = vi.spyOn(core.typed, 'call_cost');
    try {
      const s = link('17:5', '17:5', '17:5');
      const first = estimateWork(core, s);
      const asked = spy.mock.calls.length;
      expect(asked, 'the first state asks the core').toBeGreaterThan(0);
      for (let k = 0; k < 5; k++) expect(estimateWork(core, link('17:5', '17:5', '17:5'))).toEqual(first);
      expect(spy.mock.calls.length, 'the same shapes: nothing more asked').toBe(asked);
      const wider = estimateWork(core, link('17:6', '17:6', '17:6'));
      expect(spy.mock.calls.length, 'other sizes: asked').toBeGreaterThan(asked);
      expect(wider.multiplyAdds).toBeGreaterThan(first.multiplyAdds);
    } finally {
      spy.mockRestore();
    }
  });

  test('what it keeps is the core’s answer, message included, with the function named', () => {
    expect(call(core, 'attention', [3, 3, 2, 2])).toEqual({ fn: 'attention', ...core.call_cost('attention', [3, 3, 2, 2]) });
    const over = call(core, 'attention', [4096, 4096, 4097, 1]);
    expect(call(core, 'attention', [4096, 4096, 4097, 1])).toEqual(over);
    expect(over.message).toBe(core.call_cost('attention', [4096, 4096, 4097, 1]).message);
    expect(over.message).not.toBeNull();
    // [33, 3, …] and [3, 33, …] are different entries (and neither is [3, 3, …])
    expect(call(core, 'attention', [33, 3, 2, 2])).toEqual({ fn: 'attention', ...core.call_cost('attention', [33, 3, 2, 2]) });
    expect(call(core, 'attention', [3, 33, 2, 2])).toEqual({ fn: 'attention', ...core.call_cost('attention', [3, 33, 2, 2]) });
    expect(call(core, 'causal_mask', [3, 3])).toEqual({ fn: 'causal_mask', ...core.call_cost('causal_mask', [3, 3]) });
  });

  test('more sizes than it keeps: it starts again, and every answer stays the core’s', () => {
    for (let n = 1; n <= 600; n++) expect(call(core, 'random_normal', [n, 3])).toEqual({ fn: 'random_normal', ...core.call_cost('random_normal', [n, 3]) });
  });
});

describe('estimateWork: from the shapes alone', () => {
  test('the dimensions of a source: random, cells (the widest row), none', () => {
    expect(dimsOf(rand(7, 3))).toEqual([7, 3]);
    expect(dimsOf({ kind: 'cells', cells: [['1'], ['1', '2', '3'], []] })).toEqual([3, 3]);
    expect(dimsOf(undefined)).toEqual([0, 0]);
  });

  test('attention: the random inputs, the call (n_q·n_k·(d_k + d_v)) and its steps of STEP_ROWS queries', () => {
    const w = estimateWork(core, BIG);
    expect(w.calls.map((c) => c.fn)).toEqual(['random_normal', 'random_normal', 'random_normal', 'attention', 'attention_steps']);
    expect(w.calls[0]).toMatchObject({ multiplyAdds: 128 * 4096 * 64, resultBytes: 8 * 4096 * 64, message: null }); // a normal counts as 128
    expect(w.calls[3]).toMatchObject({ multiplyAdds: 4096 * 4096 * 128, resultBytes: 8 * 4096 * (4096 + 64) });
    expect(w.calls[4]).toMatchObject({ multiplyAdds: 16 * 4096 * 192, resultBytes: 8 * 16 * (4096 + 64) + 24 * 16 * 4096 });
    expect(w.weights).toEqual({ heads: 1, rows: 4096, cols: 4096 });
    expect(w.multiplyAdds).toBeGreaterThan(2.1e9);
  });

  test('the 48-second link: 6.9e10 multiply-adds in one call', () => {
    expect(estimateWork(core, FROZE).calls[3]).toMatchObject({ fn: 'attention', multiplyAdds: 4096 * 4096 * 4097 });
  });

  test('the steps cover the rows their table shows', () => {
    expect(STEP_ROWS).toBeGreaterThanOrEqual(MAX_TABLE);
  });

  test('sizes far over the limits (a link keeps up to 2³² − 1 rows) are estimated in an instant', () => {
    const s = link('4294967295:4294967295', '4294967295:1', '4294967295:1');
    s.mask = 'custom';
    const t0 = performance.now();
    const w = estimateWork(core, s);
    // O(1), not a loop over the rows: a loop to 2³² would take seconds (the bound is loose for loaded machines)
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(w.multiplyAdds).toBeGreaterThan(1e28);
  });

  test('cells count as page work, masks as well, every operation has its calls', () => {
    const s = defaultState();
    expect(estimateWork(core, s).calls.map((c) => c.fn)).toEqual(['attention', 'attention_steps']);
    s.mask = 'causal';
    expect(estimateWork(core, s).calls.map((c) => c.fn)).toEqual(['causal_mask', 'attention', 'attention_steps']);
    const fns = PRESETS.map((p) => estimateWork(core, p.build()).calls.at(-1)!.fn);
    expect(new Set(fns)).toEqual(new Set(['attention_steps', 'linear_attention']));
    // grouped-query attention's small heads keep their parts: the three projections and each head's steps
    const gqa = estimateWork(core, presetById('seed004-gqa')!.build()).calls.map((c) => c.fn);
    expect(gqa.slice(gqa.indexOf('grouped_query_attention'))).toEqual([
      'grouped_query_attention',
      'project',
      'project',
      'project',
      ...Array<string>(8).fill('attention_steps'),
    ]);
  });
});

describe('routeOf: at once, in the worker, or refused', () => {
  test('every preset and the perf test’s n = 64 are computed at once', () => {
    for (const p of PRESETS) expect(routeOf(core, p.build()).kind, p.id).toBe('sync');
    const n64 = parse('#op=attention&Q=rand:64:16:1:1&K=rand:64:16:2:1&V=rand:64:16:3:1');
    expect(routeOf(core, n64).kind).toBe('sync');
    expect(estimateWork(core, n64).multiplyAdds).toBeLessThan(WORKER_MULTIPLY_ADDS / 10);
  });

  test('4096 × 64 goes to the worker', () => {
    expect(routeOf(core, BIG)).toMatchObject({ kind: 'worker', work: { weights: { rows: 4096, cols: 4096 } } });
    expect(routeOf(core, link('512:64', '512:64', '512:64')).kind).toBe('worker');
  });

  test('the 48-second link is refused with the core’s own message', () => {
    const r = routeOf(core, FROZE);
    expect(r).toMatchObject({ kind: 'refused', failure: { code: 'too_large', cellErrors: [] } });
    if (r.kind !== 'refused') throw new Error('not refused');
    expect(r.failure.message).toBe(
      'attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)',
    );
  });

  test('a random source over the core’s rows or columns is refused as compute() reads it (cell.tooLarge)', () => {
    const r = routeOf(core, link('4294967295:1', '4:1', '4:1'));
    expect(r).toMatchObject({ kind: 'refused', failure: { code: 'too_large', key: 'cell.tooLarge', vars: { name: 'Q', rows: 4294967295, maxRows: 4096 } } });
  });

  test('compute() refuses the same states without generating any input', () => {
    const spy = vi.spyOn(core.typed, 'random_normal');
    for (const s of [FROZE, link('5000:1', '5000:1', '5000:1')]) {
      const o = compute(core, s);
      expect(o.ok).toBe(false);
      if (!o.ok) expect(o).toEqual({ ok: false, ...refusal(core, s) });
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  test('the size caps come from core.limits(), with the C++ values for a module without them', () => {
    expect(capsOf({})).toEqual(FALLBACK_CAPS);
    expect(capsOf(core.limits())).toEqual({ maxRows: 4096, maxCols: 4096, maxMultiplyAdds: 2 ** 32, maxResultBytes: 2 ** 28 });
    expect(capsOf({ maxMultiplyAdds: 10 }).maxMultiplyAdds).toBe(10);
  });
});

describe('the core’s words for a call over its caps', () => {
  test('core.call_cost: the numbers and, over the caps, the message the call gives; nothing over them is built', () => {
    expect(core.call_cost('attention', [3, 3, 2, 2])).toEqual({ multiplyAdds: 36, resultBytes: 8 * 3 * 5, message: null });
    expect(core.call_cost('attention', [4096, 4096, 4097, 1]).message).toBe(
      'attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)',
    );
    expect(core.call_cost('attention_steps', [2048, 4096, 1, 1]).message).toBe(
      "attention: this call's results need 256.02 MiB; the limit is 256 MiB per call: use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)",
    );
    expect(() => core.call_cost('nope', [1])).toThrow('cost: no function "nope" has a cost');
    expect(() => core.call_cost('attention', [1, 2])).toThrow('cost: attention takes 4 dimensions (n_q, n_k, d_k, d_v), got 2');
    expect(() => core.call_cost('attention', [1, -2, 1, 1])).toThrow('call_cost: dims[1] = -2 must be a number ≥ 0');
  });

  // Shapes just over the caps for each operation: the core's own check (which runs before any work) and the
  // estimate must refuse them with the same words. The inputs are small enough to generate in a test.
  const over: [string, () => unknown, () => State][] = [
    [
      'attention',
      () => core.typed.attention(r(4096, 1), r(4096, 1), r(4096, 256)),
      () => Object.assign(defaultState(), { matrices: { Q: rand(4096, 1), K: rand(4096, 1), V: rand(4096, 256) } }),
    ],
    [
      'multi_head',
      () => core.typed.multi_head(r(4096, 1), r(4096, 1), r(4096, 256), 1),
      () => Object.assign(defaultState(), { op: 'multi_head', h: 1, matrices: { Q: rand(4096, 1), K: rand(4096, 1), V: rand(4096, 256) } }),
    ],
    ['block', () => core.typed.block(r(4096, 128), 1, null, 1e-5), () => Object.assign(defaultState(), { op: 'block', matrices: { X: rand(4096, 128) } })],
    [
      'single_head',
      () => core.typed.single_head(r(4096, 1), r(1, 129), r(1, 129), r(1, 128), { causal: false }),
      () => Object.assign(defaultState(), { op: 'single_head', matrices: { X: rand(4096, 1), Wq: rand(1, 129), Wk: rand(1, 129), Wv: rand(1, 128) } }),
    ],
    [
      'grouped_query_attention',
      () => {
        const t3 = (m: TypedMatrix) => ({ data: m.data, batch: 1, rows: m.rows, cols: m.cols });
        const W = { Wq: r(1, 129), Wk: r(1, 129), Wv: r(1, 128), Wo: r(128, 1) };
        return core.typed.grouped_query_attention(t3(r(4096, 1)), t3(r(4096, 1)), t3(r(4096, 1)), W, { num_heads: 1, num_kv_heads: 1 });
      },
      () =>
        Object.assign(defaultState(), {
          op: 'gqa',
          numHeads: 1,
          numKvHeads: 1,
          matrices: { Q: rand(4096, 1), K: rand(4096, 1), V: rand(4096, 1), Wq: rand(1, 129), Wk: rand(1, 129), Wv: rand(1, 128), Wo: rand(128, 1) },
        }),
    ],
  ];
  const r = (rows: number, cols: number) => core.typed.random_normal(rows, cols, 7, 1);

  test.each(over)('%s just over the cap: the estimate refuses it with the core’s message', (_name, call, state) => {
    const failure = refusal(core, state());
    expect(failure).not.toBeNull();
    expect(call).toThrow(failure!.message);
  });
});
