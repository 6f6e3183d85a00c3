// checkpoint.ts — a trained tiny transformer's weight file, the JSON of
// cpp/checkpoint.h, read (every field checked, each refusal a CheckpointError
// saying what is wrong and where) and written (the same layout, every number
// at full float64 precision: JSON's shortest round-trip form).
//
//   {"format": "tiny-transformer-checkpoint", "version": 1,
//    "config": {layers, heads, d_model, vocab, context, layer_norm, positions, seed, init_std},
//    "train": {task, seed, step, batch, lr, beta1, beta2, eps},
//    "tensors": {"E": {"shape": [V, d], "data": [...]}, ...},   (row-major, the views' order)
//    "curve": [[step, loss, accuracy], ...],
//    "scores": [[step, prev_0 … prev_{H−1}, ind_0 … ind_{H−1}], ...]}   (optional; H = layers · heads)
//
//   const { config, settings, params, curve, history } = readCheckpoint(text, (c) => core.paramViews(c));
//   const text = writeCheckpoint(config, settings, step, params, views, curve, history);

import type { CurvePoint, ParamView, ScorePoint, TinyConfig, TrainSettings } from './types';
import { MAX_SEED, MAX_STEPS, TASKS } from './validate';

export const CHECKPOINT_FORMAT = 'tiny-transformer-checkpoint';
export const CHECKPOINT_VERSION = 1;
/** The largest file read, in characters of text (checked before parsing). */
export const MAX_CHECKPOINT_CHARS = 2 * 1024 * 1024;

// Adam's options other than the learning rate: the trainer's (cpp/grad_adam.h AdamOptions)
const ADAM = { beta1: 0.9, beta2: 0.999, eps: 1e-8 };

/** A weight file refused, with what is wrong. */
export class CheckpointError extends Error {
  constructor(message: string) {
    super(`checkpoint: ${message}`);
    this.name = 'CheckpointError';
  }
}

/** What a checkpoint holds. `settings.steps` is the steps it was trained for (its step, at least 1, at most 20000). */
export interface Checkpoint {
  config: TinyConfig;
  settings: TrainSettings;
  /** Steps taken. */
  step: number;
  params: Float64Array;
  curve: CurvePoint[];
  /** Every head's scores over the run ("scores"; empty when the file has none). */
  history: ScorePoint[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (x: unknown): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);
const show = (x: unknown): string => (x === undefined ? 'missing' : (JSON.stringify(x) ?? typeof x));

// ---------------------------------------------------------------- JSON and its position

/** Thrown by JsonScanner at the first fault, with its offset. */
class Fault extends Error {
  constructor(readonly at: number) {
    super(`not JSON at ${at}`);
  }
}

/** A JSON grammar check that only finds where a text stops being JSON. */
class JsonScanner {
  i = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new Fault(this.i);
  }

  ws(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i++;
  }

  at(ch: string): boolean {
    return this.text[this.i] === ch;
  }

  expect(ch: string): void {
    if (!this.at(ch)) this.fail();
    this.i++;
  }

  digits(): void {
    const from = this.i;
    while (this.text[this.i] >= '0' && this.text[this.i] <= '9') this.i++;
    if (this.i === from) this.fail();
  }

  number(): void {
    if (this.at('-')) this.i++;
    if (this.at('0')) this.i++;
    else this.digits();
    if (this.at('.')) {
      this.i++;
      this.digits();
    }
    if (this.at('e') || this.at('E')) {
      this.i++;
      if (this.at('+') || this.at('-')) this.i++;
      this.digits();
    }
  }

  string(): void {
    this.expect('"');
    for (;;) {
      if (this.i >= this.text.length || this.text.charCodeAt(this.i) < 0x20) this.fail();
      const ch = this.text[this.i++];
      if (ch === '"') return;
      if (ch !== '\\') continue;
      if (this.at('u')) {
        this.i++;
        for (let k = 0; k < 4; k++, this.i++) if (!/[0-9a-fA-F]/.test(this.text[this.i] ?? '')) this.fail();
      } else if ('"\\/bfnrt'.includes(this.text[this.i] ?? 'x')) this.i++;
      else this.fail();
    }
  }

  list(close: string, item: () => void): void {
    this.i++; // the opening bracket
    this.ws();
    if (this.at(close)) return void this.i++;
    for (;;) {
      item();
      this.ws();
      if (this.at(close)) return void this.i++;
      this.expect(',');
    }
  }

  member(): void {
    this.ws();
    this.string();
    this.ws();
    this.expect(':');
    this.value();
  }

  value(): void {
    this.ws();
    const ch = this.text[this.i];
    if (ch === '{') this.list('}', () => this.member());
    else if (ch === '[') this.list(']', () => this.value());
    else if (ch === '"') this.string();
    else if (ch === 't' || ch === 'f' || ch === 'n') for (const c of ch === 't' ? 'true' : ch === 'f' ? 'false' : 'null') this.expect(c);
    else if (ch === '-' || (ch >= '0' && ch <= '9')) this.number();
    else this.fail();
  }
}

/** The offset of the first character that makes `text` not JSON (text.length for a text that ends too early), or -1 for JSON. */
export function jsonErrorPosition(text: string): number {
  const s = new JsonScanner(text);
  try {
    s.value();
    s.ws();
    return s.i < text.length ? s.i : -1;
  } catch (e) {
    if (e instanceof Fault) return Math.min(e.at, text.length);
    throw e;
  }
}

/** `text` parsed, or a CheckpointError naming the line, column and position of the fault. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const at = Math.max(0, jsonErrorPosition(text));
    const before = text.slice(0, at).split('\n');
    const what = (e instanceof Error ? e.message : String(e)).replace(/ in JSON at position \d+.*$/, '').replace(/, ".*" is not valid JSON$/s, '');
    throw new CheckpointError(`not JSON: ${what} at line ${before.length}, column ${before[before.length - 1].length + 1} (position ${at})`);
  }
}

// ---------------------------------------------------------------- fields

/** A whole number in [min, max] at `obj[key]`, named `where.key` in a refusal. */
function whole(obj: Record<string, Json>, where: string, key: string, min: number, max: number): number {
  const x = obj[key];
  if (typeof x !== 'number' || !Number.isInteger(x)) throw new CheckpointError(`${where}.${key} = ${show(x)} is not a whole number`);
  if (x < min || x > max) throw new CheckpointError(`${where}.${key} = ${x} is out of range (${min} … ${max})`);
  return x;
}

/** A finite number in the interval described by `ok` and `range`. */
function real(obj: Record<string, Json>, where: string, key: string, ok: (x: number) => boolean, range: string): number {
  const x = obj[key];
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new CheckpointError(`${where}.${key} = ${show(x)} is not a finite number`);
  if (!ok(x)) throw new CheckpointError(`${where}.${key} = ${x} is out of range ${range}`);
  return x;
}

/** One of `choices` at `obj[key]`. */
function oneOf<T>(obj: Record<string, Json>, where: string, key: string, choices: readonly T[]): T {
  const x = obj[key] as unknown as T;
  if (!choices.includes(x)) throw new CheckpointError(`${where}.${key} = ${show(x)} is not one of ${choices.map((c) => show(c)).join(', ')}`);
  return x;
}

/** The object at `obj[key]`. */
function section(obj: Record<string, Json>, key: string): Record<string, Json> {
  const x = obj[key];
  if (!isObject(x)) throw new CheckpointError(`"${key}" is ${x === undefined ? 'missing' : 'not an object'}`);
  return x;
}

function readConfig(c: Record<string, Json>): TinyConfig {
  const config: TinyConfig = {
    layers: whole(c, 'config', 'layers', 1, 2),
    heads: whole(c, 'config', 'heads', 1, 4),
    dModel: whole(c, 'config', 'd_model', 8, 64),
    vocab: whole(c, 'config', 'vocab', 2, 64),
    context: whole(c, 'config', 'context', 2, 64),
    layerNorm: oneOf(c, 'config', 'layer_norm', [false, true]),
    positions: oneOf(c, 'config', 'positions', ['learned', 'rope'] as const),
    seed: whole(c, 'config', 'seed', 0, MAX_SEED),
    initStd: real(c, 'config', 'init_std', (x) => x > 0 && x <= 1, '(0, 1]'),
  };
  if (config.dModel % config.heads !== 0) throw new CheckpointError(`config.heads = ${config.heads} does not divide config.d_model = ${config.dModel}`);
  if (config.positions === 'rope' && (config.dModel / config.heads) % 2 !== 0)
    throw new CheckpointError(`config: RoPE needs an even head width d_model / heads, not ${config.dModel / config.heads}`);
  return config;
}

function readTrain(t: Record<string, Json>): { settings: TrainSettings; step: number } {
  const task = oneOf(t, 'train', 'task', TASKS);
  const seed = whole(t, 'train', 'seed', 0, MAX_SEED);
  const step = whole(t, 'train', 'step', 0, MAX_SEED);
  const batch = whole(t, 'train', 'batch', 1, 256);
  const lr = real(t, 'train', 'lr', (x) => x > 0 && x <= 1, '(0, 1]');
  if ('beta1' in t) real(t, 'train', 'beta1', (x) => x >= 0 && x < 1, '[0, 1)');
  if ('beta2' in t) real(t, 'train', 'beta2', (x) => x >= 0 && x < 1, '[0, 1)');
  if ('eps' in t) real(t, 'train', 'eps', (x) => x >= 0, '[0, ∞)');
  return { settings: { task, batch, steps: Math.min(MAX_STEPS, Math.max(1, step)), seed, lr }, step };
}

/** Every tensor of `views` from `tensors` into one flat parameter vector. */
function readTensors(tensors: Record<string, Json>, views: readonly ParamView[]): Float64Array {
  const names = new Set(views.map((v) => v.name));
  for (const name of Object.keys(tensors))
    if (!names.has(name)) throw new CheckpointError(`tensor ${name} is not a tensor of this model (it has ${views.map((v) => v.name).join(', ')})`);
  const n = views.reduce((m, v) => Math.max(m, v.offset + v.rows * v.cols), 0);
  const params = new Float64Array(n);
  for (const v of views) {
    const t = tensors[v.name];
    if (t === undefined) throw new CheckpointError(`tensor ${v.name} is missing`);
    if (!isObject(t)) throw new CheckpointError(`tensor ${v.name} is not an object {shape, data}`);
    const shape = t.shape;
    const needs = `[${v.rows}, ${v.cols}]`;
    if (!Array.isArray(shape) || shape.length !== 2 || !shape.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 0))
      throw new CheckpointError(`tensor ${v.name} has shape ${show(shape)}, not [rows, cols]; this model needs ${needs}`);
    if (shape[0] !== v.rows || shape[1] !== v.cols)
      throw new CheckpointError(`tensor ${v.name} has shape [${show(shape[0])}, ${show(shape[1])}]; this model needs ${needs}`);
    const data = t.data;
    if (!Array.isArray(data)) throw new CheckpointError(`tensor ${v.name}: "data" is ${data === undefined ? 'missing' : 'not an array'}`);
    if (data.length !== v.rows * v.cols) throw new CheckpointError(`tensor ${v.name} has ${data.length} values; its shape ${needs} needs ${v.rows * v.cols}`);
    for (let k = 0; k < data.length; k++) {
      const x = data[k];
      if (typeof x !== 'number') throw new CheckpointError(`tensor ${v.name}: value ${k} is ${show(x)}, not a number`);
      if (!Number.isFinite(x)) throw new CheckpointError(`tensor ${v.name}: value ${k} is not finite`);
      params[v.offset + k] = x;
    }
  }
  return params;
}

function readCurve(curve: Json | undefined): CurvePoint[] {
  if (!Array.isArray(curve)) throw new CheckpointError(`"curve" is ${curve === undefined ? 'missing' : 'not an array'}`);
  return curve.map((p, k) => {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new CheckpointError(`curve point ${k} is ${show(p)}, not [step, loss, accuracy] of finite numbers`);
    const [step, loss, accuracy] = p as number[];
    if (!Number.isInteger(step) || step < 0) throw new CheckpointError(`curve point ${k}: step ${step} is not a whole number ≥ 0`);
    return { step, loss, accuracy };
  });
}

function readScores(scores: Json | undefined, heads: number): ScorePoint[] {
  if (scores === undefined) return [];
  if (!Array.isArray(scores)) throw new CheckpointError('"scores" is not an array');
  const width = 1 + 2 * heads;
  return scores.map((row, k) => {
    if (!Array.isArray(row) || row.length !== width || !row.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new CheckpointError(`scores row ${k} is not [step, ${heads} previous-token and ${heads} induction scores] of ${width} finite numbers`);
    const [step, ...rest] = row as number[];
    if (!Number.isInteger(step) || step < 0) throw new CheckpointError(`scores row ${k}: step ${step} is not a whole number ≥ 0`);
    return { step, scores: { previousToken: rest.slice(0, heads), induction: rest.slice(heads) } };
  });
}

// ---------------------------------------------------------------- read, write

/** The checkpoint in `text`; `viewsOf` gives a (valid) config's parameter views (the core's paramViews). Throws CheckpointError. */
export function readCheckpoint(text: string, viewsOf: (c: TinyConfig) => readonly ParamView[]): Checkpoint {
  if (text.length > MAX_CHECKPOINT_CHARS)
    throw new CheckpointError(`the file is ${(text.length / (1024 * 1024)).toFixed(1)} MB; a checkpoint is at most ${MAX_CHECKPOINT_CHARS / (1024 * 1024)} MB`);
  const doc = parseJson(text);
  if (!isObject(doc)) throw new CheckpointError(`not a ${CHECKPOINT_FORMAT} file: the JSON is not an object`);
  if (doc.format !== CHECKPOINT_FORMAT) throw new CheckpointError(`format is ${show(doc.format)}, not "${CHECKPOINT_FORMAT}"`);
  if (doc.version !== CHECKPOINT_VERSION) throw new CheckpointError(`version ${show(doc.version)} is not supported (only version ${CHECKPOINT_VERSION})`);
  const config = readConfig(section(doc, 'config'));
  const { settings, step } = readTrain(section(doc, 'train'));
  const params = readTensors(section(doc, 'tensors'), viewsOf(config));
  return { config, settings, step, params, curve: readCurve(doc.curve), history: readScores(doc.scores, config.layers * config.heads) };
}

/** A number as JSON at full precision (no "-0"); CheckpointError when not finite. */
function num(x: number, what: () => string): string {
  if (!Number.isFinite(x)) throw new CheckpointError(`${what()} is ${x}; a checkpoint holds finite numbers only`);
  return JSON.stringify(x === 0 ? 0 : x);
}

/** The checkpoint text of a model (cpp/checkpoint.h's layout; the numbers at full float64 precision). Throws CheckpointError for a non-finite value. */
export function writeCheckpoint(
  config: TinyConfig,
  settings: TrainSettings,
  step: number,
  params: Float64Array,
  views: readonly ParamView[],
  curve: readonly CurvePoint[],
  history: readonly ScorePoint[] = [],
): string {
  const c = config;
  const head =
    `{"format":"${CHECKPOINT_FORMAT}","version":${CHECKPOINT_VERSION},\n` +
    `"config":{"layers":${c.layers},"heads":${c.heads},"d_model":${c.dModel},"vocab":${c.vocab},"context":${c.context},` +
    `"layer_norm":${c.layerNorm},"positions":${JSON.stringify(c.positions)},"seed":${c.seed},"init_std":${num(c.initStd, () => 'config.init_std')}},\n` +
    `"train":{"task":${JSON.stringify(settings.task)},"seed":${settings.seed},"step":${step},"batch":${settings.batch},` +
    `"lr":${num(settings.lr, () => 'train.lr')},"beta1":${ADAM.beta1},"beta2":${ADAM.beta2},"eps":${ADAM.eps}},\n`;
  const tensors = views.map((v) => {
    const size = v.rows * v.cols;
    if (v.offset + size > params.length)
      throw new CheckpointError(`tensor ${v.name} needs params[${v.offset} … ${v.offset + size}), but there are ${params.length}`);
    const data: string[] = [];
    for (let k = 0; k < size; k++) data.push(num(params[v.offset + k], () => `tensor ${v.name}: value ${k}`));
    return `${JSON.stringify(v.name)}:{"shape":[${v.rows},${v.cols}],"data":[${data.join(',')}]}`;
  });
  const points = curve.map((p, k) => `[${p.step},${num(p.loss, () => `curve point ${k}: loss`)},${num(p.accuracy, () => `curve point ${k}: accuracy`)}]`);
  const rows = history.map(
    (h, k) => `[${[h.step, ...[...h.scores.previousToken, ...h.scores.induction].map((x) => num(x, () => `scores row ${k}`))].join(',')}]`,
  );
  const scores = rows.length ? `,\n"scores":[${rows.join(',\n')}]` : '';
  return `${head}"tensors":{\n${tensors.join(',\n')}},\n"curve":[${points.join(',')}]${scores}}\n`;
}
