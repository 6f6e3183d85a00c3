// bias.ts — the bias of attention, attention_steps and multi_head: added to the logits after scaling,
// before masking (ALiBi, Press et al. 2022). Checked here before WASM with the core's own messages: the shape
// against the scores ("shape"), then every value finite ("non_finite"); the core checks both again.

import { toTypedMatrix, toTypedTensor3 } from './convert';
import type { TypedMatrix, TypedTensor3 } from './shapes';
import { fail, obj, shaped } from './validate';

/** The first non-finite value of data as [its index, "NaN" / "Infinity" / "-Infinity"], or null. */
function firstNonFinite(data: Float64Array): [number, string] | null {
  for (let k = 0; k < data.length; k++) if (!Number.isFinite(data[k])) return [k, String(data[k])];
  return null;
}

/** A typed bias of attention: null/undefined (none), or { data: Float64Array, rows: n_q, cols: n_k }, all finite. */
export function typedBias(fn: string, x: unknown, n_q: number, n_k: number): TypedMatrix | null {
  if (x == null) return null;
  const b = shaped<TypedMatrix>(fn, 'bias', x, Float64Array);
  if (b.rows !== n_q || b.cols !== n_k)
    fail(fn, `bias is (${b.rows}, ${b.cols}) but the scores are (${n_q}, ${n_k}): the bias needs one row per query and one column per key`, 'shape');
  const bad = firstNonFinite(b.data);
  if (bad) fail(fn, `bias[${Math.floor(bad[0] / n_k)}][${bad[0] % n_k}] is ${bad[1]}: every value must be a finite number`, 'non_finite');
  return b;
}

/** A typed bias of multi_head: null/undefined (none), or { data, batch: h, rows: n_q, cols: n_k }, all finite. */
export function typedHeadBias(fn: string, x: unknown, h: number, n_q: number, n_k: number): TypedTensor3 | null {
  if (x == null) return null;
  const b = shaped<TypedTensor3>(fn, 'bias', x, Float64Array, undefined, ['batch', 'rows', 'cols']);
  if (b.batch !== h || b.rows !== n_q || b.cols !== n_k)
    fail(fn, `bias is (${b.batch}, ${b.rows}, ${b.cols}) but it must be (h, n_q, n_k) = (${h}, ${n_q}, ${n_k}): one (n_q, n_k) matrix per head`, 'shape');
  const bad = firstNonFinite(b.data);
  if (bad) {
    const [k, per] = [bad[0], n_q * n_k];
    fail(fn, `bias[${Math.floor(k / per)}][${Math.floor((k % per) / n_k)}][${k % n_k}] is ${bad[1]}: every value must be a finite number`, 'non_finite');
  }
  return b;
}

/** Friendly options → typed ones: a number[][] bias (or number[][][] with `heads`) becomes its typed form. */
export function typedOpts(fn: string, opts: unknown, heads = false): Record<string, unknown> {
  const o = obj(fn, 'opts', opts);
  if (o.bias == null) return o;
  return { ...o, bias: heads ? toTypedTensor3(fn, 'bias', o.bias) : toTypedMatrix(fn, 'bias', o.bias) };
}
