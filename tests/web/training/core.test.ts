// core.test.ts — the tiny core's façade (web/src/training/core.ts over the
// tiny_core WebAssembly module) in Node: the same seed gives the native
// trainer's loss curve (tests/fixtures/tiny-curve-100.json, made by
// build/native/tiny_train) within 1e-9 over the first 100 steps, in chunks of
// any size; snapshots, head inputs, parameters; every bad argument refused in
// JS with a message naming it. The build without SIMD128 gives the same curve.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadTinyCore } from '../../../web/src/training/core';
import type { TinyConfig, TinyCore, TrainSettings } from '../../../web/src/training/types';

const WASM = readFileSync(fileURLToPath(new URL('../../../web/src/training/wasm/tiny_core.wasm', import.meta.url)));
const WASM_NOSIMD = readFileSync(fileURLToPath(new URL('../../../web/src/training/wasm/tiny_core_nosimd.wasm', import.meta.url)));
const CURVE = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/tiny-curve-100.json', import.meta.url)), 'utf8')) as {
  step: number[];
  loss: number[];
  accuracy: number[];
};

// tools/tiny_train.cpp's defaults: the fixture's run
const DEFAULT: TinyConfig = { layers: 2, heads: 2, dModel: 32, vocab: 16, context: 32, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
const RUN: TrainSettings = { task: 'induction', batch: 32, steps: 100, seed: 1, lr: 3e-3 };
const SMALL: TinyConfig = { layers: 2, heads: 2, dModel: 16, vocab: 8, context: 8, layerNorm: true, positions: 'rope', seed: 4, initStd: 0.02 };
const SHORT: TrainSettings = { task: 'induction_random', batch: 4, steps: 20, seed: 9, lr: 0.01 };

let core: TinyCore;
beforeAll(async () => {
  core = await loadTinyCore({ wasmBinary: WASM });
});

describe('the tiny core in WebAssembly', () => {
  test('reproduces the native loss curve within 1e-9 over 100 steps, in chunks', () => {
    const session = core.createSession(DEFAULT, RUN);
    const curve = [7, 1, 30, 100].flatMap((n) => session.train(n));
    session.dispose();
    expect(curve.map((p) => p.step)).toEqual(CURVE.step);
    let worst = 0;
    curve.forEach((p, k) => {
      worst = Math.max(worst, Math.abs(p.loss - CURVE.loss[k]), Math.abs(p.accuracy - CURVE.accuracy[k]));
    });
    expect(worst).toBeLessThan(1e-9);
    expect(curve[99].loss).toBeLessThan(curve[0].loss); // it learns
  });

  test('the build without SIMD128 reproduces the same curve within 1e-9, and its own instance', async () => {
    const nosimd = await loadTinyCore({ simd: false, wasmBinary: WASM_NOSIMD });
    expect(nosimd).not.toBe(core);
    const session = nosimd.createSession(DEFAULT, RUN);
    const curve = session.train(100);
    session.dispose();
    let worst = 0;
    curve.forEach((p, k) => {
      worst = Math.max(worst, Math.abs(p.loss - CURVE.loss[k]), Math.abs(p.accuracy - CURVE.accuracy[k]));
    });
    expect(curve).toHaveLength(CURVE.loss.length);
    expect(worst).toBeLessThan(1e-9);
  });

  test('one thread outside a cross-origin isolated context: threads: 2 gives the same one-thread instance', async () => {
    expect(core.threads()).toBe(1);
    const asked = await loadTinyCore({ wasmBinary: WASM, threads: 2 });
    expect(asked).toBe(core);
    expect(asked.threads()).toBe(1);
  });

  test('a snapshot: the parameters, every head on the held-out sequence, its scores; head inputs give the same weights', () => {
    const session = core.createSession(SMALL, SHORT);
    session.train(12);
    expect(session.step()).toBe(12);
    const snap = session.snapshot();
    expect(snap.step).toBe(12);
    const n = session.views.reduce((s, v) => s + v.rows * v.cols, 0);
    expect(snap.params.length).toBe(n);
    expect(snap.attention.length).toBe(4);
    expect(snap.scores.previousToken.length).toBe(4);
    expect(snap.scores.induction.length).toBe(4);
    const tokens = session.heldOut();
    expect(tokens.length).toBe(8);
    for (let layer = 0; layer < 2; layer++)
      for (let head = 0; head < 2; head++) {
        const inputs = session.headInputs(layer, head, tokens, snap.params);
        expect(inputs.q.length).toBe(8);
        expect(inputs.q[0].length).toBe(8);
        const w = snap.attention[layer * 2 + head];
        inputs.weights.forEach((row, i) =>
          row.forEach((x, j) => {
            expect(Math.abs(x - w[i * 8 + j])).toBeLessThan(1e-12);
            if (j > i) expect(x).toBe(0);
          }),
        );
      }
    // other weights: the initial ones give other q
    const fresh = core.createSession(SMALL, SHORT);
    const initial = fresh.snapshot().params;
    expect(session.headInputs(0, 0, tokens, initial).q).toEqual(fresh.headInputs(0, 0, tokens).q);
    fresh.dispose();
    session.dispose();
  });

  test('setParams replaces the weights; the run goes on from its step', () => {
    const a = core.createSession(SMALL, SHORT);
    const b = core.createSession(SMALL, SHORT); // the same held-out sequence
    b.train(5);
    a.setParams(b.snapshot().params);
    expect(a.snapshot().params).toEqual(b.snapshot().params);
    expect(a.snapshot().attention).toEqual(b.snapshot().attention);
    expect(a.train(100).length).toBe(20); // stops at settings.steps
    expect(a.train(1)).toEqual([]);
    a.dispose();
    b.dispose();
  });

  test('paramViews lists every tensor in order', () => {
    const views = core.paramViews(DEFAULT);
    expect(views.map((v) => v.name)).toEqual(['E', 'P', ...[0, 1].flatMap((l) => ['W_Q', 'W_K', 'W_V', 'W_O'].map((w) => `layer${l}.${w}`)), 'W_U']);
    expect(views.at(-1)).toMatchObject({ rows: 32, cols: 16 });
  });
});

describe('bad arguments are refused in JS with a message', () => {
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return { name: (e as Error).name, code: (e as { code?: string }).code, message: (e as Error).message };
    }
    throw new Error('not refused');
  };

  test('configs', () => {
    expect(refusal(() => core.createSession({ ...SMALL, heads: 3 }, SHORT))).toEqual({
      name: 'AttentionError',
      code: 'divisibility',
      message: 'tiny_transformer: heads = 3 does not divide d_model = 16',
    });
    expect(refusal(() => core.paramViews({ ...SMALL, layers: 3 })).message).toBe('tiny_transformer: layers = 3 is over the limit of 2');
    expect(refusal(() => core.paramViews({ ...SMALL, dModel: 2.5 })).message).toBe('tiny_transformer: d_model = 2.5 must be a whole number 8 … 64');
    expect(refusal(() => core.paramViews({ ...SMALL, vocab: NaN })).code).toBe('invalid_argument');
    expect(refusal(() => core.paramViews({ ...SMALL, initStd: 0 })).message).toContain('init_std');
    expect(refusal(() => core.paramViews({ ...SMALL, dModel: 12, heads: 4 })).message).toContain('even head width');
    expect(refusal(() => core.paramViews({ ...SMALL, positions: 'alibi' as 'rope' })).message).toContain("positions = 'alibi'");
    expect(refusal(() => core.paramViews({ ...SMALL, seed: -1 })).message).toContain('seed = -1');
  });

  test('settings', () => {
    expect(refusal(() => core.createSession(SMALL, { ...SHORT, task: 'sort' as 'copy' })).message).toContain("task 'sort' is unknown");
    expect(refusal(() => core.createSession(SMALL, { ...SHORT, batch: 0 })).message).toBe('tiny_session: batch = 0 must be a whole number 1 … 256');
    expect(refusal(() => core.createSession(SMALL, { ...SHORT, steps: 1e9 })).code).toBe('too_large');
    expect(refusal(() => core.createSession(SMALL, { ...SHORT, lr: Infinity })).message).toContain('lr = Infinity');
  });

  test('parameters, heads, tokens, a disposed session', () => {
    const s = core.createSession(SMALL, SHORT);
    const n = s.snapshot().params.length;
    expect(refusal(() => s.setParams(new Float64Array(n - 1)))).toMatchObject({
      code: 'shape',
      message: `tiny_session: ${n - 1} parameters given, the model has ${n}`,
    });
    const bad = new Float64Array(n);
    bad[3] = NaN;
    expect(refusal(() => s.setParams(bad))).toMatchObject({ code: 'non_finite', message: 'tiny_session: parameter 3 is not a finite number' });
    expect(refusal(() => s.setParams([1, 2] as unknown as Float64Array)).message).toContain('Float64Array');
    expect(refusal(() => s.headInputs(2, 0, [1, 2])).message).toBe('tiny_head_inputs: layer = 2 is over the limit of 1');
    expect(refusal(() => s.headInputs(0, 0, [])).code).toBe('shape');
    expect(refusal(() => s.headInputs(0, 0, new Array<number>(9).fill(0))).message).toContain('9 tokens');
    expect(refusal(() => s.headInputs(0, 0, [1, 8])).message).toBe('tiny_head_inputs: token 1 = 8 is over the limit of 7');
    expect(refusal(() => s.train(0)).message).toContain('count = 0');
    s.dispose();
    expect(refusal(() => s.snapshot()).message).toContain('disposed');
  });
});
