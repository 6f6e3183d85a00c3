// linear.ts — linear attention in the façade (Katharopoulos et al. 2020,
// cpp/linear_attention.h): the softmax's e^(q·k) replaced by φ(q)·φ(k) with
// φ(x) = elu(x) + 1, so the sums over the keys are taken once and the cost
// grows like n. Typed and friendly forms, spread into makeTyped /
// makeFriendly; every argument is checked here before it crosses into
// WebAssembly (types, whole numbers, shapes, limits); the core checks the
// shapes against each other, the values, the work and the result size.

import { fromTyped, toTypedMatrix } from './convert';
import { unwrap } from './errors';
import type { Core, LinearOptions, TypedCore, TypedMatrix } from './types';
import { describe, fail, flag, obj, shaped } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** The farthest a causal shift may reach: ±2³¹ (the core's whole numbers). */
const MAX_SHIFT = 2 ** 31 - 1;

/** The options: causal (default false), shift (a whole number, default 0), weights (default true). */
function linearOptions(fn: string, opts: unknown): Required<LinearOptions> {
  const o = obj(fn, 'opts', opts);
  const shift = o.shift ?? 0;
  if (typeof shift !== 'number' || !Number.isInteger(shift) || Math.abs(shift) > MAX_SHIFT)
    fail(fn, `shift = ${typeof shift === 'number' ? shift : describe(shift)} must be a whole number from −${MAX_SHIFT} to ${MAX_SHIFT}`);
  return { causal: flag(fn, 'causal', o.causal, false), shift, weights: flag(fn, 'weights', o.weights, true) };
}

/** The typed form: TypedMatrix in and out; weights null when not asked for. */
export function makeTypedLinear(raw: RawCore): Pick<TypedCore, 'linear_attention'> {
  const M = (fn: string, arg: string, x: unknown) => shaped<TypedMatrix>(fn, arg, x, Float64Array);
  return {
    linear_attention: (Q, K, V, opts) => {
      const f = 'linear_attention';
      const [q, k, v] = [M(f, 'Q', Q), M(f, 'K', K), M(f, 'V', V)];
      const o = linearOptions(f, opts);
      const r = unwrap(raw.linear_attention(q, k, v, o.causal, o.shift, o.weights), f);
      return { out: r.out, weights: r.weights ?? null };
    },
  };
}

/** The friendly form over the typed one: number[][] in and out. */
export function makeFriendlyLinear(typed: TypedCore): Pick<Core, 'linear_attention'> {
  return {
    linear_attention: (Q, K, V, opts) => {
      const f = 'linear_attention';
      const r = typed.linear_attention(toTypedMatrix(f, 'Q', Q), toTypedMatrix(f, 'K', K), toTypedMatrix(f, 'V', V), opts);
      return { out: fromTyped(r.out), weights: r.weights ? fromTyped(r.weights) : null };
    },
  };
}
