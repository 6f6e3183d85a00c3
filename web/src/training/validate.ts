// validate.ts — the tiny core's arguments checked in JS, before anything
// crosses into WebAssembly (the C++ checks them again): a config, a run's
// settings, parameters, a head and its tokens. Each failure is an
// AttentionError naming the field, its value and the allowed range, in the
// words of the C++ core ("tiny_transformer: heads = 3 does not divide
// d_model = 32").

import { AttentionError } from '../core/errors';
import type { TaskName, TinyConfig, TrainSettings } from './types';

export const TASKS: readonly TaskName[] = ['induction', 'induction_random', 'copy', 'reverse', 'previous_token'];
export const MAX_SEED = Number.MAX_SAFE_INTEGER; // 2^53 − 1
export const MAX_STEPS = 20000;
export const MAX_BATCH = 256;

/** The ranges of a config's whole-number fields (cpp/tiny_transformer.h). */
export const CONFIG_RANGES = {
  layers: [1, 2],
  heads: [1, 4],
  dModel: [8, 64],
  vocab: [2, 64],
  context: [2, 64],
} as const;

const shown = (x: unknown): string => (typeof x === 'number' ? String(x) : typeof x === 'string' ? `'${x}'` : String(x));

/** `x` a whole number lo … hi, else an AttentionError naming `fn` and `name`. */
export function checkWhole(fn: string, name: string, x: unknown, lo: number, hi: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < lo)
    throw new AttentionError(`${fn}: ${name} = ${shown(x)} must be a whole number ${lo} … ${hi}`, 'invalid_argument');
  if (x > hi) throw new AttentionError(`${fn}: ${name} = ${shown(x)} is over the limit of ${hi}`, 'too_large');
  return x;
}

/** Throws unless `config` is a valid TinyConfig. */
export function checkConfig(config: TinyConfig): void {
  const fn = 'tiny_transformer';
  if (typeof config !== 'object' || config === null) throw new AttentionError(`${fn}: the config must be an object`, 'invalid_argument');
  for (const [key, [lo, hi]] of Object.entries(CONFIG_RANGES))
    checkWhole(fn, key === 'dModel' ? 'd_model' : key, config[key as keyof typeof CONFIG_RANGES], lo, hi);
  checkWhole(fn, 'seed', config.seed, 0, MAX_SEED);
  if (typeof config.layerNorm !== 'boolean')
    throw new AttentionError(`${fn}: layerNorm = ${shown(config.layerNorm)} must be true or false`, 'invalid_argument');
  if (config.positions !== 'learned' && config.positions !== 'rope')
    throw new AttentionError(`${fn}: positions = ${shown(config.positions)} must be 'learned' or 'rope'`, 'invalid_argument');
  if (!(typeof config.initStd === 'number' && config.initStd > 0 && config.initStd <= 1))
    throw new AttentionError(`${fn}: init_std = ${shown(config.initStd)} must be a number in (0, 1]`, 'invalid_argument');
  if (config.dModel % config.heads !== 0) throw new AttentionError(`${fn}: heads = ${config.heads} does not divide d_model = ${config.dModel}`, 'divisibility');
  if (config.positions === 'rope' && (config.dModel / config.heads) % 2 !== 0)
    throw new AttentionError(`${fn}: RoPE needs an even head width, but d_model / heads = ${config.dModel / config.heads}`, 'divisibility');
}

/** Throws unless `settings` is a valid TrainSettings. */
export function checkSettings(settings: TrainSettings): void {
  const fn = 'tiny_session';
  if (typeof settings !== 'object' || settings === null) throw new AttentionError(`${fn}: the settings must be an object`, 'invalid_argument');
  if (!TASKS.includes(settings.task))
    throw new AttentionError(`${fn}: task ${shown(settings.task)} is unknown (one of ${TASKS.join(', ')})`, 'invalid_argument');
  checkWhole(fn, 'batch', settings.batch, 1, MAX_BATCH);
  checkWhole(fn, 'steps', settings.steps, 1, MAX_STEPS);
  checkWhole(fn, 'seed', settings.seed, 0, MAX_SEED);
  if (!(typeof settings.lr === 'number' && settings.lr > 0 && settings.lr <= 1))
    throw new AttentionError(`${fn}: lr = ${shown(settings.lr)} must be a number in (0, 1]`, 'invalid_argument');
}

/** Throws unless `params` is a Float64Array of `n` finite numbers. */
export function checkParams(params: unknown, n: number): Float64Array {
  const fn = 'tiny_session';
  if (!(params instanceof Float64Array)) throw new AttentionError(`${fn}: the parameters must be a Float64Array`, 'invalid_argument');
  if (params.length !== n) throw new AttentionError(`${fn}: ${params.length} parameters given, the model has ${n}`, 'shape');
  const bad = params.findIndex((x) => !Number.isFinite(x));
  if (bad >= 0) throw new AttentionError(`${fn}: parameter ${bad} is not a finite number`, 'non_finite');
  return params;
}

/** Throws unless `layer`, `head` name a head of `config` and `tokens` a sequence it can read. */
export function checkHead(config: TinyConfig, layer: number, head: number, tokens: readonly number[]): void {
  const fn = 'tiny_head_inputs';
  checkWhole(fn, 'layer', layer, 0, config.layers - 1);
  checkWhole(fn, 'head', head, 0, config.heads - 1);
  if (!Array.isArray(tokens) || tokens.length < 1 || tokens.length > config.context)
    throw new AttentionError(`${fn}: ${Array.isArray(tokens) ? tokens.length : 'no'} tokens given: 1 … ${config.context} (the context)`, 'shape');
  tokens.forEach((t, i) => checkWhole(fn, `token ${i}`, t, 0, config.vocab - 1));
}
