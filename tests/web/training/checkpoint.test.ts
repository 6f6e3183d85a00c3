// checkpoint.test.ts — the tiny transformer's weight files: the committed
// fixture (tests/fixtures/tiny-induction.json, written by the C++ core) read
// with its config, tensors and curve; a round trip at full float64 precision;
// the JSON error position; and every kind of bad file refused with its message.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadTinyCore } from '../../../web/src/training/core';
import { describe, expect, test } from 'vitest';
import { CheckpointError, jsonErrorPosition, MAX_CHECKPOINT_CHARS, readCheckpoint, writeCheckpoint } from '../../../web/src/training/checkpoint';
import type { ParamView, TinyConfig, TrainSettings } from '../../../web/src/training/types';

const FIXTURE = readFileSync(new URL('../../fixtures/tiny-induction.json', import.meta.url), 'utf8');

/** cpp/tiny_transformer.cpp tiny_param_views, in TypeScript. */
function viewsOf(c: TinyConfig): ParamView[] {
  const views: ParamView[] = [];
  let offset = 0;
  const add = (name: string, rows: number, cols: number) => {
    views.push({ name, offset, rows, cols });
    offset += rows * cols;
  };
  const d = c.dModel;
  add('E', c.vocab, d);
  if (c.positions === 'learned') add('P', c.context, d);
  for (let l = 0; l < c.layers; l++) {
    if (c.layerNorm) {
      add(`layer${l}.ln.gamma`, 1, d);
      add(`layer${l}.ln.beta`, 1, d);
    }
    for (const w of ['W_Q', 'W_K', 'W_V', 'W_O']) add(`layer${l}.${w}`, d, d);
  }
  if (c.layerNorm) {
    add('ln_f.gamma', 1, d);
    add('ln_f.beta', 1, d);
  }
  add('W_U', d, c.vocab);
  return views;
}

const sizeOf = (views: ParamView[]) => views.reduce((n, v) => n + v.rows * v.cols, 0);

type Doc = Record<string, unknown> & {
  config: Record<string, unknown>;
  train: Record<string, unknown>;
  tensors: Record<string, { shape: unknown; data: unknown[] }>;
};

/** The fixture, changed by `edit`, as text. */
function edited(edit: (doc: Doc) => void): string {
  const doc = JSON.parse(FIXTURE) as Doc;
  edit(doc);
  return JSON.stringify(doc);
}

/** The message readCheckpoint refuses `text` with. */
function refusal(text: string): string {
  try {
    readCheckpoint(text, viewsOf);
  } catch (e) {
    expect(e).toBeInstanceOf(CheckpointError);
    return (e as Error).message;
  }
  throw new Error('the checkpoint was accepted');
}

describe('readCheckpoint', () => {
  test('reads the committed fixture: config, settings, every tensor in the views order, the curve', () => {
    const cp = readCheckpoint(FIXTURE, viewsOf);
    const config: TinyConfig = { layers: 2, heads: 2, dModel: 32, vocab: 64, context: 32, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
    expect(cp.config).toEqual(config);
    expect(cp.settings).toEqual({ task: 'induction_random', batch: 32, steps: 4000, seed: 1, lr: 0.003 });
    expect(cp.step).toBe(4000);
    const views = viewsOf(config);
    expect(cp.params.length).toBe(sizeOf(views));
    const raw = JSON.parse(FIXTURE) as Doc;
    for (const v of views) expect(Array.from(cp.params.subarray(v.offset, v.offset + v.rows * v.cols))).toEqual(raw.tensors[v.name].data);
    expect(cp.curve.length).toBe((raw.curve as unknown[]).length);
    expect(cp.curve[0]).toEqual({ step: 0, loss: 4.1586706, accuracy: 0.019230769 });
    expect(cp.params.every(Number.isFinite)).toBe(true);
  });

  test('takes the views from the caller (a layer-norm RoPE model has no P and has the LN tensors)', () => {
    const config: TinyConfig = { layers: 1, heads: 2, dModel: 8, vocab: 4, context: 6, layerNorm: true, positions: 'rope', seed: 3, initStd: 0.5 };
    const views = viewsOf(config);
    const params = Float64Array.from({ length: sizeOf(views) }, (_, k) => Math.sin(k + 1) / 3);
    const settings: TrainSettings = { task: 'copy', batch: 4, steps: 10, seed: 9, lr: 0.01 };
    const cp = readCheckpoint(writeCheckpoint(config, settings, 10, params, views, []), viewsOf);
    expect(views.map((v) => v.name)).toEqual([
      'E',
      'layer0.ln.gamma',
      'layer0.ln.beta',
      'layer0.W_Q',
      'layer0.W_K',
      'layer0.W_V',
      'layer0.W_O',
      'ln_f.gamma',
      'ln_f.beta',
      'W_U',
    ]);
    expect(cp.config).toEqual(config);
    expect(cp.settings).toEqual(settings);
    expect(cp.params).toEqual(params);
    expect(cp.curve).toEqual([]);
  });
});

describe('writeCheckpoint', () => {
  test('the fixture read and written again is the same JSON (layout of cpp/checkpoint.h)', () => {
    const cp = readCheckpoint(FIXTURE, viewsOf);
    expect(cp.history.length).toBe(81); // every 50 steps, and the last
    expect(cp.history[80].step).toBe(4000);
    expect(cp.history[80].scores.induction[2]).toBeGreaterThan(0.9); // layer 1 head 0
    const text = writeCheckpoint(cp.config, cp.settings, cp.step, cp.params, viewsOf(cp.config), cp.curve, cp.history);
    expect(JSON.parse(text)).toEqual(JSON.parse(FIXTURE));
    expect(
      text
        .split('\n')
        .slice(0, 4)
        .map((l) => l.slice(0, 12)),
    ).toEqual(
      FIXTURE.split('\n')
        .slice(0, 4)
        .map((l) => l.slice(0, 12)),
    );
  });

  test('round trip at full float64 precision, no -0', () => {
    const config: TinyConfig = {
      layers: 2,
      heads: 4,
      dModel: 16,
      vocab: 10,
      context: 12,
      layerNorm: false,
      positions: 'learned',
      seed: 2 ** 53 - 1,
      initStd: 0.02,
    };
    const views = viewsOf(config);
    const params = Float64Array.from({ length: sizeOf(views) }, (_, k) => (k % 7 === 0 ? -0 : Math.PI * (k - 300) * 1e-5 + 1 / 3));
    const curve = [
      { step: 0, loss: Math.LN2 * 3.3, accuracy: 1 / 7 },
      { step: 5, loss: 0.1 + 0.2, accuracy: 0.5 },
    ];
    const settings: TrainSettings = { task: 'induction', batch: 256, steps: 20000, seed: 123456789, lr: 1e-3 };
    const text = writeCheckpoint(config, settings, 5, params, views, curve);
    expect(text).not.toContain('-0,');
    const cp = readCheckpoint(text, viewsOf);
    expect(cp.params).toEqual(params.map((x) => (x === 0 ? 0 : x)));
    expect(cp.curve).toEqual(curve);
    expect(cp.config).toEqual(config);
    expect(cp.step).toBe(5);
    expect(cp.settings).toEqual({ ...settings, steps: 5 });
  });

  test('refuses a non-finite value, naming it', () => {
    const cp = readCheckpoint(FIXTURE, viewsOf);
    const params = cp.params.slice();
    const views = viewsOf(cp.config);
    const wq = views.find((v) => v.name === 'layer0.W_Q')!;
    params[wq.offset + 5] = NaN;
    expect(() => writeCheckpoint(cp.config, cp.settings, cp.step, params, views, cp.curve)).toThrow(
      new CheckpointError('tensor layer0.W_Q: value 5 is NaN; a checkpoint holds finite numbers only'),
    );
  });
});

describe('refused files', () => {
  test('not JSON, with the line, column and position', () => {
    expect(refusal('{"format": "tiny-transformer-checkpoint",\n "version": 1,,}')).toBe(
      'checkpoint: not JSON: Expected double-quoted property name at line 2, column 15 (position 56)',
    );
    expect(refusal('{"a": [1, 2')).toMatch(/^checkpoint: not JSON: .* at line 1, column 12 \(position 11\)$/);
    expect(refusal('')).toMatch(/^checkpoint: not JSON: .* at line 1, column 1 \(position 0\)$/);
    expect(refusal('{"a": tru}')).toMatch(/^checkpoint: not JSON: .* at line 1, column 10 \(position 9\)$/);
  });

  test('the JSON error position agrees with the parser where it gives one', () => {
    for (const t of ['{"a":1,}', '[1,2', '{"a" 1}', '{"a":"\\q"}', '{"a":-}', '[1] ]', '{"a":"x\ny"}']) {
      let at = -2;
      try {
        JSON.parse(t);
      } catch (e) {
        at = Number(/at position (\d+)/.exec((e as Error).message)?.[1] ?? -3);
      }
      expect(jsonErrorPosition(t), t).toBe(at);
    }
    expect(jsonErrorPosition(FIXTURE)).toBe(-1);
  });

  test('too large, before parsing', () => {
    expect(refusal(' '.repeat(MAX_CHECKPOINT_CHARS + 1))).toBe('checkpoint: the file is 2.0 MB; a checkpoint is at most 2 MB');
    expect(refusal('x'.repeat(3 * 1024 * 1024))).toMatch(/^checkpoint: the file is 3\.0 MB/);
  });

  test('wrong format or version', () => {
    expect(refusal('[1, 2]')).toBe('checkpoint: not a tiny-transformer-checkpoint file: the JSON is not an object');
    expect(refusal(edited((d) => (d.format = 'other')))).toBe('checkpoint: format is "other", not "tiny-transformer-checkpoint"');
    expect(refusal(edited((d) => delete d.format))).toBe('checkpoint: format is missing, not "tiny-transformer-checkpoint"');
    expect(refusal(edited((d) => (d.version = 2)))).toBe('checkpoint: version 2 is not supported (only version 1)');
  });

  test('a config or train field out of range, named with its value', () => {
    expect(refusal(edited((d) => (d.config.layers = 3)))).toBe('checkpoint: config.layers = 3 is out of range (1 … 2)');
    expect(refusal(edited((d) => (d.config.heads = 1.5)))).toBe('checkpoint: config.heads = 1.5 is not a whole number');
    expect(refusal(edited((d) => (d.config.d_model = 128)))).toBe('checkpoint: config.d_model = 128 is out of range (8 … 64)');
    expect(refusal(edited((d) => delete d.config.vocab))).toBe('checkpoint: config.vocab = missing is not a whole number');
    expect(refusal(edited((d) => (d.config.heads = 3)))).toBe('checkpoint: config.heads = 3 does not divide config.d_model = 32');
    expect(refusal(edited((d) => (d.config.positions = 'alibi')))).toBe('checkpoint: config.positions = "alibi" is not one of "learned", "rope"');
    expect(refusal(edited((d) => (d.config.layer_norm = 1)))).toBe('checkpoint: config.layer_norm = 1 is not one of false, true');
    expect(refusal(edited((d) => (d.config.init_std = 0)))).toBe('checkpoint: config.init_std = 0 is out of range (0, 1]');
    expect(refusal(edited((d) => (d.train.task = 'sort')))).toMatch(/^checkpoint: train\.task = "sort" is not one of "induction", /);
    expect(refusal(edited((d) => (d.train.batch = 0)))).toBe('checkpoint: train.batch = 0 is out of range (1 … 256)');
    expect(refusal(edited((d) => (d.train.lr = '0.1')))).toBe('checkpoint: train.lr = "0.1" is not a finite number');
    expect(refusal(edited((d) => (d.train.beta2 = 1)))).toBe('checkpoint: train.beta2 = 1 is out of range [0, 1)');
    expect(refusal(edited((d) => Reflect.deleteProperty(d, 'train')))).toBe('checkpoint: "train" is missing');
  });

  test('a missing or extra tensor', () => {
    expect(refusal(edited((d) => delete d.tensors['layer1.W_O']))).toBe('checkpoint: tensor layer1.W_O is missing');
    expect(refusal(edited((d) => (d.tensors['ln_f.gamma'] = { shape: [1, 32], data: [] })))).toBe(
      'checkpoint: tensor ln_f.gamma is not a tensor of this model (it has E, P, layer0.W_Q, layer0.W_K, layer0.W_V, layer0.W_O, layer1.W_Q, layer1.W_K, layer1.W_V, layer1.W_O, W_U)',
    );
  });

  test('a wrong shape, and data of the wrong length', () => {
    expect(refusal(edited((d) => (d.tensors['layer0.W_Q'].shape = [32, 16])))).toBe(
      'checkpoint: tensor layer0.W_Q has shape [32, 16]; this model needs [32, 32]',
    );
    expect(refusal(edited((d) => (d.tensors['layer0.W_Q'].shape = [1024])))).toBe(
      'checkpoint: tensor layer0.W_Q has shape [1024], not [rows, cols]; this model needs [32, 32]',
    );
    expect(refusal(edited((d) => d.tensors.E.data.pop()))).toBe('checkpoint: tensor E has 2047 values; its shape [64, 32] needs 2048');
    expect(refusal(edited((d) => delete (d.tensors.W_U as { data?: unknown }).data))).toBe('checkpoint: tensor W_U: "data" is missing');
  });

  test('a value that is not a number or not finite, with the tensor and index', () => {
    expect(refusal(edited((d) => (d.tensors['layer1.W_K'].data[17] = null)))).toBe('checkpoint: tensor layer1.W_K: value 17 is null, not a number');
    expect(refusal(edited((d) => (d.tensors.P.data[3] = '0.5')))).toBe('checkpoint: tensor P: value 3 is "0.5", not a number');
    // JSON has no NaN or Infinity, but 1e999 parses as Infinity
    const text = FIXTURE.replace(/("W_U":\{"shape":\[32,64\],"data":\[)[^,]+,/, '$11e999,');
    expect(refusal(text)).toBe('checkpoint: tensor W_U: value 0 is not finite');
  });

  test('a bad score history', () => {
    expect(refusal(edited((d) => (d.scores = 3)))).toBe('checkpoint: "scores" is not an array');
    expect(refusal(edited((d) => (d.scores = [[0, 1, 2]])))).toBe(
      'checkpoint: scores row 0 is not [step, 4 previous-token and 4 induction scores] of 9 finite numbers',
    );
    expect(refusal(edited((d) => (d.scores = [[-1, 0, 0, 0, 0, 0, 0, 0, 0]])))).toBe('checkpoint: scores row 0: step -1 is not a whole number ≥ 0');
  });

  test('a bad curve', () => {
    expect(refusal(edited((d) => (d.curve = [[0, 1]])))).toBe('checkpoint: curve point 0 is [0,1], not [step, loss, accuracy] of finite numbers');
    expect(refusal(edited((d) => (d.curve = [[0.5, 1, 0]])))).toBe('checkpoint: curve point 0: step 0.5 is not a whole number ≥ 0');
    expect(refusal(edited((d) => delete d.curve))).toBe('checkpoint: "curve" is missing');
  });
});

const TINY_WASM = fileURLToPath(new URL('../../../web/src/training/wasm/tiny_core.wasm', import.meta.url));

describe('with the real tiny core', () => {
  test("the test's views are the core's; the fixture reads with the core's views", async () => {
    const core = await loadTinyCore({ wasmBinary: readFileSync(TINY_WASM) });
    for (const layerNorm of [false, true])
      for (const positions of ['learned', 'rope'] as const) {
        const config: TinyConfig = { layers: 2, heads: 2, dModel: 16, vocab: 8, context: 8, layerNorm, positions, seed: 1, initStd: 0.02 };
        expect(core.paramViews(config)).toEqual(viewsOf(config));
      }
    const cp = readCheckpoint(FIXTURE, (c) => core.paramViews(c));
    expect(cp.params).toEqual(readCheckpoint(FIXTURE, viewsOf).params);
  });
});
