// errors.ts — the façade's one error type, and the one place a raw result's
// failure becomes that error.
//
// Every raw binding answers { ok: true, …fields } or { ok: false, code, message }
// (cpp/bindings/convert.h); unwrap() throws the second as an AttentionError,
// named after the function the caller called. The friendly, typed and
// experiments forms all unwrap through it (their arguments are checked first,
// in validate.ts).

import type { RawResult } from './wasm/attention_core.mjs';

/** Machine-readable reason of an AttentionError. */
export type ErrorCode = 'shape' | 'ragged' | 'not_a_number' | 'non_finite' | 'non_finite_result' | 'empty' | 'divisibility' | 'too_large' | 'invalid_argument';

/** The error every core function throws for bad input. */
export class AttentionError extends Error {
  /** Short machine-readable reason, e.g. "divisibility". */
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode) {
    super(message);
    this.name = 'AttentionError';
    this.code = code;
  }
}

/**
 * Throw the core's failure as an AttentionError, or return the success. With `fn`, the message names that function
 * (the core reports attention_steps' errors as "attention: …").
 */
export function unwrap<T>(r: RawResult<T>, fn?: string): T {
  if (!r.ok) throw new AttentionError(fn && !r.message.startsWith(fn + ': ') ? `${fn}: ${r.message.replace(/^\w+: /, '')}` : r.message, r.code as ErrorCode);
  return r;
}

/** Like unwrap(), without the `ok` flag: plain data (e.g. to cross postMessage). */
export function unwrapData<T extends object>(r: RawResult<T>, fn?: string): T {
  const { ok, ...data } = unwrap(r, fn) as T & { ok: true };
  void ok;
  return data as unknown as T;
}
