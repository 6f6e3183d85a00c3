// Tests of the depth experiment, rank collapse (Dong, Cordonnier
// & Loukas 2021), through the WASM build: depth_curves against the PyTorch
// float64 fixture tests/golden/depth.json (the same weights), the seeded run
// against the native numbers, every error (checked in JS first, with the C++
// core's words), the settings, the worker protocol and the report texts.
//
// Tolerance against torch: |got − want| ≤ 1e-9·|want| + 1e-12. r is a ratio to
// ‖X‖_F; once attention alone has collapsed, the true r is 0 and both sides
// hold only rounding residue (~1e-16, no digits in common, sometimes exactly
// 0), so a purely relative test would compare noise. 1e-12 is far above that
// residue and far below the collapse threshold 1e-6.
import { beforeAll, describe, expect, it } from 'vitest';
import { AttentionError, type Core } from '../../../web/src/core/core';
import { DEPTH_VARIANTS, MAX_DEPTH_LAYERS, type DepthCurves } from '../../../web/src/core/depth';
import { handleRequest } from '../../../web/src/worker/handlers';
import { type RunRequest, type WorkerMessage } from '../../../web/src/worker/protocol';
import { depthCsv, depthReport, depthSentence, fmtR, fmtRFull } from '../../../web/src/experiments/depth/report';
import { collapseLayer, runDepth, type DepthResult } from '../../../web/src/experiments/depth/run';
import { DEFAULT_DEPTH, validateDepth } from '../../../web/src/experiments/depth/settings';
import { runExperiment, SettingsError } from '../../../web/src/experiments/index';
import { fixture } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

interface DepthCase {
  name: string;
  X0: number[][];
  layers: { Wq: number[][]; Wk: number[][]; Wv: number[][] }[];
  attention: number[];
  residual: number[];
  pre_ln: number[];
}

const CASES = fixture<DepthCase>('depth.json');
const near = (got: number, want: number) => Math.abs(got - want) <= 1e-9 * Math.abs(want) + 1e-12;

// depth_experiment(16, 16, 24, 7): r after 24 layers, natively (build/…/core_tests, cpp/depth.cpp)
const NATIVE_LAST = { attention: 1.2818025913560859e-16, residual: 0.0075817885740102143, pre_ln: 0.25187521237767713 };

let core: Core;
let result: DepthResult;

beforeAll(async () => {
  core = await loadCoreForNode();
  result = runDepth(core, DEFAULT_DEPTH);
});

/** The AttentionError `f` throws. */
function failure(f: () => unknown): AttentionError {
  try {
    f();
  } catch (e) {
    if (e instanceof AttentionError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

describe('depth_curves against PyTorch float64 on the same weights (WASM)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got = core.experiments.depth_curves(c.X0, c.layers);
    for (const v of DEPTH_VARIANTS) {
      const want = c[v];
      expect(got[v].r).toHaveLength(c.layers.length + 1);
      const bad = Array.from(got[v].r).flatMap((x, l) => (near(x, want[l]) ? [] : [`${v}[${l}]: ${x} vs ${want[l]}`]));
      expect(bad).toEqual([]);
      expect(got[v].ratio).toBe(want[0] > 0 ? got[v].r[c.layers.length] / got[v].r[0] : 1);
      expect(got[v].collapsed).toBe(got[v].r[c.layers.length] < got.threshold);
    }
    expect(got.threshold).toBe(1e-6);
  });

  it('covers the fixture: six cases, attention alone collapsed in the N(0, 1/d) ones, the residual stacks not', () => {
    expect(CASES.map((c) => c.name)).toEqual(['n6_d4_L8', 'n8_d8_L12', 'n5_d3_L6_weights_N01', 'n1_d4_L3', 'identical_rows_n4_d3_L3', 'zeros_n3_d2_L2']);
    for (const c of CASES.slice(0, 2)) {
      const got = core.experiments.depth_curves(c.X0, c.layers);
      expect([got.attention.collapsed, got.residual.collapsed, got.pre_ln.collapsed]).toEqual([true, false, false]);
    }
    const zeros = core.experiments.depth_curves(CASES[5].X0, CASES[5].layers);
    for (const v of DEPTH_VARIANTS) expect([...zeros[v].r, zeros[v].ratio]).toEqual([0, 0, 0, 1]);
  });

  it('typed matrices give the same numbers as rows of numbers', () => {
    const c = CASES[0];
    const typed = (m: number[][]) => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
    const a = core.experiments.depth_curves(c.X0, c.layers);
    const b = core.experiments.depth_curves(
      typed(c.X0),
      c.layers.map((l) => ({ Wq: typed(l.Wq), Wk: typed(l.Wk), Wv: typed(l.Wv) })),
    );
    for (const v of DEPTH_VARIANTS) expect(b[v].r).toEqual(a[v].r);
  });
});

describe('depth_experiment (WASM)', () => {
  it('gives the native numbers for the default settings: attention alone collapses, the residual keeps the tokens apart', () => {
    for (const v of DEPTH_VARIANTS) {
      const r = result.curves[v].r;
      expect(r).toHaveLength(25);
      // WASM's SIMD kernel rounds differently: the same within 1e-12 relative, and attention's residue (~1e-16) within 1e-12
      expect(Math.abs(r[24] - NATIVE_LAST[v]), v).toBeLessThanOrEqual(1e-12 * NATIVE_LAST[v] + 1e-12);
      expect(r.every((x) => Number.isFinite(x) && x >= 0 && x <= 1 + 1e-12)).toBe(true);
    }
    expect(result.curves.attention.collapsed).toBe(true);
    expect(result.curves.residual.collapsed).toBe(false);
    expect(result.curves.pre_ln.collapsed).toBe(false);
    expect(result.curves.attention.r[24]).toBeLessThan(1e-12);
    expect(result.curves.pre_ln.r[24]).toBeGreaterThan(0.1);
    // the three stacks start from the same X0
    expect(new Set(DEPTH_VARIANTS.map((v) => result.curves[v].r[0])).size).toBe(1);
    expect(result.curves.attention.r[3]).toBeLessThan(1e-6); // 0.935 → 0.55 → 0.0117 → 3.9e-8: doubly exponential
    expect(result.curves.attention.r[2]).toBeGreaterThan(1e-3);
    expect(collapseLayer(result.curves.attention, result.threshold)).toBe(3);
    expect(collapseLayer(result.curves.residual, result.threshold)).toBeNull();
  });

  it('is seed-reproducible and runs the same stacks as depth_curves', () => {
    const a = core.experiments.depth_experiment(5, 4, 3, 11);
    const b = core.experiments.depth_experiment(5, 4, 3, 11);
    expect([a.n, a.d, a.L]).toEqual([5, 4, 3]);
    for (const v of DEPTH_VARIANTS) expect(a[v].r).toEqual(b[v].r);
    expect(core.experiments.depth_experiment(5, 4, 3, 12).attention.r[0]).not.toBe(a.attention.r[0]);
  });
});

describe('errors, in JS first with the core’s words', () => {
  it('L: 0 and one over MAX_DEPTH_LAYERS, which is the C++ kMaxDepthLayers', () => {
    expect(MAX_DEPTH_LAYERS).toBe(64);
    const zero = failure(() => core.experiments.depth_experiment(4, 4, 0, 1));
    expect([zero.code, zero.message]).toEqual(['invalid_argument', 'depth_experiment: L = 0 must be at least 1 (one layer)']);
    const over = failure(() => core.experiments.depth_experiment(4, 4, 65, 1));
    expect([over.code, over.message]).toEqual(['too_large', 'depth_experiment: L = 65 is over the limit of 64']);
    // the core itself: one more than MAX_DEPTH_LAYERS is refused, MAX_DEPTH_LAYERS runs
    const raw = core.raw.depth_experiment(1, 1, MAX_DEPTH_LAYERS + 1, 0);
    expect(raw.ok).toBe(false);
    expect(core.raw.depth_experiment(1, 1, MAX_DEPTH_LAYERS, 0).ok).toBe(true);
    expect(core.raw.depth_experiment(4, 4, 0, 1)).toMatchObject({ ok: false, message: 'depth_experiment: L = 0 must be at least 1 (one layer)' });
  });

  it('n, d, the seed and too much work', () => {
    expect(failure(() => core.experiments.depth_experiment(0, 4, 2, 1)).message).toBe('depth_experiment: n = 0 must be at least 1');
    expect(failure(() => core.experiments.depth_experiment(4, 4097, 2, 1)).message).toBe('depth_experiment: d = 4097 is over the limit of 4096');
    expect(failure(() => core.experiments.depth_experiment(4, 4, 2, -1)).message).toBe('depth_experiment: seed = -1 must be a whole number ≥ 0');
    expect(failure(() => core.experiments.depth_experiment(4, 2.5, 2, 1)).message).toBe('depth_experiment: d = 2.5 must be a whole number ≥ 0');
    const big = failure(() => core.experiments.depth_experiment(16, 4096, 64, 1));
    expect(big.code).toBe('too_large');
    expect(big.message).toMatch(/^depth_experiment: .*use fewer layers, a smaller n or a smaller d/);
  });

  it('depth_curves: layers, shapes and values; the JS message is the core’s', () => {
    const X = [
      [1, 2],
      [3, 4],
    ];
    const I = [
      [1, 0],
      [0, 1],
    ];
    const layer = { Wq: I, Wk: I, Wv: I };
    expect(failure(() => core.experiments.depth_curves(X, [])).message).toBe('depth_curves: L = 0 must be at least 1 (one layer)');
    expect(failure(() => core.experiments.depth_curves(X, Array(65).fill(layer))).code).toBe('too_large');
    expect(failure(() => core.experiments.depth_curves(X, 'no' as never)).message).toBe('depth_curves: layers must be an array of { Wq, Wk, Wv }, got string');
    expect(failure(() => core.experiments.depth_curves(X, [null as never])).message).toBe('depth_curves: layers[0] must be { Wq, Wk, Wv }');
    const wide = { ...layer, Wk: [[1, 0, 0]] };
    const js = failure(() => core.experiments.depth_curves(X, [layer, wide]));
    expect([js.code, js.message]).toEqual(['shape', 'depth_curves: layers[1].Wk is (1, 3) but X0 is (2, 2): every weight must be (d, d) = (2, 2)']);
    const typed = (m: number[][]) => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
    const raw = core.raw.depth_curves(typed(X), [
      { Wq: typed(I), Wk: typed(I), Wv: typed(I) },
      { Wq: typed(I), Wk: typed([[1, 0, 0]]), Wv: typed(I) },
    ]);
    expect(raw).toMatchObject({ ok: false, code: 'shape', message: js.message });
    const nan = failure(() =>
      core.experiments.depth_curves(X, [
        {
          ...layer,
          Wv: [
            [1, NaN],
            [0, 1],
          ],
        },
      ]),
    );
    expect(nan.code).toBe('non_finite');
    expect(nan.message).toContain('depth_curves: layers[0].Wv[0][1]');
  });

  it('an overflowing stack is a clear error naming the stack and the layer, never NaN', () => {
    const X = [
      [1e307, 0],
      [0, 1e307],
    ];
    const I = [
      [1, 0],
      [0, 1],
    ];
    const e = failure(() => core.experiments.depth_curves(X, Array(6).fill({ Wq: I, Wk: I, Wv: I })));
    expect(e.code).toBe('non_finite_result');
    expect(e.message).toMatch(/^depth_curves: the residual stack overflowed float64 at layer \d/);
  });
});

describe('settings and the worker protocol', () => {
  it('validateDepth: defaults, text fields, and one message per bad field', () => {
    expect(validateDepth()).toEqual({ ok: true, settings: { n: 16, d: 16, L: 24, seed: 7 } });
    expect(validateDepth({ n: '8', d: ' 4 ', L: '64', seed: '0' })).toEqual({ ok: true, settings: { n: 8, d: 4, L: 64, seed: 0 } });
    expect(validateDepth({ L: 65, n: 0, d: 'x' })).toEqual({
      ok: false,
      errors: { L: 'L = 65 is over the limit of 64', n: 'n = 0 must be at least 1', d: 'd: "x" is not a number' },
    });
    expect(validateDepth({ L: '' })).toEqual({ ok: false, errors: { L: 'L: empty is not a number' } });
    expect(() => runExperiment(core, 'depth', { L: 0 })).toThrow(SettingsError);
  });

  it('runs in the worker handler with progress, and its result crosses postMessage', async () => {
    const messages: WorkerMessage[] = [];
    const req: RunRequest<'depth'> = { type: 'run', id: 3, experiment: 'depth', settings: { n: '6', d: '4', L: '5', seed: '2' } };
    await handleRequest(
      () => Promise.resolve(core),
      req,
      (m) => messages.push(structuredClone(m)),
    );
    expect(messages.map((m) => m.type)).toEqual(['progress', 'progress', 'result']);
    expect(messages[0]).toMatchObject({ step: 0, total: 1, key: 'exp.step.depth', vars: { L: 5, n: 6, d: 4 } });
    expect((messages[0] as { label: string }).label).toBe('5 layers of 6 tokens, d = 4: attention alone, + residual, pre-LN + residual');
    const r = (messages[2] as { result: DepthResult }).result;
    expect(r.settings).toEqual({ n: 6, d: 4, L: 5, seed: 2 });
    expect(r.curves.pre_ln.r).toEqual(core.experiments.depth_experiment(6, 4, 5, 2).pre_ln.r);
  });
});

/** A result from hand-made curves (r lists per stack). */
function made(curves: Record<'attention' | 'residual' | 'pre_ln', number[]>, L = curves.attention.length - 1): DepthResult {
  const c = (r: number[]) => ({ r: Float64Array.from(r), ratio: r[0] > 0 ? r[r.length - 1] / r[0] : 1, collapsed: r[r.length - 1] < 1e-6 });
  const out: DepthCurves = { attention: c(curves.attention), residual: c(curves.residual), pre_ln: c(curves.pre_ln), threshold: 1e-6 };
  return { experiment: 'depth', settings: { n: 4, d: 2, L, seed: 1 }, curves: out, threshold: 1e-6, elapsedMs: 1 };
}

describe('the sentence, 11-depth.txt and depth.csv', () => {
  it('the sentence is computed from the numbers', () => {
    // attention alone ends at rounding residue (1.28e-16 natively, 1.91e-16 in WASM): its digits are the platform's
    expect(depthSentence(result)).toBe(
      `After 24 layers attention alone is ${fmtR(result.curves.attention.r[24])} from rank one; with the residual it is at 0.00758, with pre-LN + residual at 0.252: ` +
        'the residual connection keeps the tokens apart. Attention alone fell below 1e-6 at layer 3 and stayed there.',
    );
    expect(fmtR(result.curves.attention.r[24])).toMatch(/^\d\.\d\de-1[5-7]$/);
    expect(depthSentence(made({ attention: [0.9, 0.5], residual: [0.9, 0.8], pre_ln: [0.9, 0.85] }))).toBe(
      'After 1 layers attention alone is 0.500 from rank one; with the residual it is at 0.800, with pre-LN + residual at 0.850: ' +
        'attention alone has not collapsed yet (r is still above 1e-6): try more layers.',
    );
    expect(depthSentence(made({ attention: [0.9, 1e-9], residual: [0.9, 1e-8], pre_ln: [0.9, 1e-7] }))).toContain(
      'here even the residual stacks have collapsed',
    );
    expect(depthSentence(made({ attention: [0, 0], residual: [0, 0], pre_ln: [0, 0] }))).toBe(
      'After 1 layers attention alone is 0 from rank one; with the residual it is at 0, with pre-LN + residual at 0: ' +
        'the input is already rank one (all its rows are equal), so there is nothing to lose.',
    );
    expect(depthSentence(result, 'zh')).toContain('残差连接让各词元保持分开');
  });

  it('11-depth.txt has the settings, the sentence, a line per stack and every layer of the three curves', () => {
    const text = depthReport(result);
    const lines = text.split('\n');
    expect(lines[0]).toContain('Dong, Cordonnier & Loukas 2021');
    expect(text).toContain('n = 16 tokens, d = 16, L = 24 layers, seed 7');
    expect(text).toContain(depthSentence(result));
    expect(text).toMatch(/attention only\s+9\.\d{6}e-1\s+\d\.\d{6}e-1[5-7]\s+\S+\s+yes/);
    expect(text).toMatch(/attention \+ residual\s+9\.\d{6}e-1\s+7\.581789e-3\s+\S+\s+no/);
    const header = lines.findIndex((l) => /^layer\s+attention\s+residual\s+pre_ln$/.test(l));
    expect(header).toBeGreaterThan(0);
    const rows = lines.slice(header + 1, header + 26).map((l) => l.trim().split(/\s+/));
    expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 25 }, (_, l) => l));
    for (const [l, ...values] of rows) DEPTH_VARIANTS.forEach((v, k) => expect(values[k]).toBe(fmtRFull(result.curves[v].r[Number(l)])));
    expect(depthReport(result, 'zh')).toContain('设置：n = 16 个词元');
  });

  it('depth.csv holds every r at full precision; fmtR and fmtRFull', () => {
    const lines = depthCsv(result).trim().split('\n');
    expect(lines[0]).toBe('layer,attention,residual,pre_ln');
    expect(lines).toHaveLength(26);
    expect(lines[24].split(',').map(Number)).toEqual([23, ...DEPTH_VARIANTS.map((v) => result.curves[v].r[23])]);
    expect([fmtR(0), fmtR(1.2818e-16), fmtR(0.0075818), fmtR(0.25188), fmtR(1)]).toEqual(['0', '1.28e-16', '0.00758', '0.252', '1.00']);
    expect([fmtRFull(0), fmtRFull(0.0075817885740102143)]).toEqual(['0', '7.581789e-3']);
  });
});
