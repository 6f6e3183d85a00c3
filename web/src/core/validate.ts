// validate.ts — the façade's one argument checker. Every entry point (the
// friendly and typed forms, core.experiments) checks each argument here, in
// JS, before anything crosses into WebAssembly: its type, whole numbers,
// shape = data length, and the core's own limits (core.limits(), read from the
// module: never a copied number). A bad argument throws an AttentionError
// "<function>: <argument> …".
//
// What crosses is never the caller's object but a fresh one built here from
// values read once, and a typed array crosses as a fresh view of its memory
// with the length the engine knows: nothing the caller defined (a getter, an
// own `length`, a fake { length: 1e9 }) runs or lies inside a call into the WASM,
// where a JS error would unwind through C++ frames and leak their memory.

import { AttentionError, type ErrorCode } from './errors';
import { loadedLimits, type Limits } from './limits';

export type Obj = Record<string, unknown>;
type ViewOf<T> = { new (buffer: ArrayBuffer, offset: number, length: number): T; name: string };

/** The loaded core's limits ({} before one is loaded: every comparison with undefined is false). */
export const lim = (): Limits => loadedLimits() ?? ({} as Limits);

/** Throw "<fn>: <message>" as an AttentionError. */
export function fail(fn: string, message: string, code: ErrorCode = 'invalid_argument'): never {
  throw new AttentionError(`${fn}: ${message}`, code);
}

// %TypedArray%.prototype's getters read the engine's own slots: a subclass, an own `length` or a fake cannot lie to them
const TA = Object.getPrototypeOf(Int8Array.prototype) as object;
const [tagOf, lengthOf, bufferOf, offsetOf] = [Symbol.toStringTag, 'length', 'buffer', 'byteOffset'].map(
  // eslint-disable-next-line @typescript-eslint/unbound-method -- each getter is called as getter.call(x)
  (k) => Object.getOwnPropertyDescriptor(TA, k)!.get as (this: unknown) => never,
);

/** The kind of typed array x is ("Float64Array"), or undefined. */
export const kindOf = (x: unknown): string | undefined => tagOf.call(x);

/** A fresh view of x's memory, with its true length, if x is a C (e.g. a Float64Array); else undefined. (Detached: empty.) */
export const view = <T>(x: unknown, C: ViewOf<T>): T | undefined =>
  kindOf(x) === C.name ? (lengthOf.call(x) ? new C(bufferOf.call(x), offsetOf.call(x), lengthOf.call(x)) : new C(new ArrayBuffer(0), 0, 0)) : undefined;

const cut = (s: string) => (s.length > 20 ? s.slice(0, 20) + '…' : s);

/** How a wrong value reads in a message: "null", "an array", "a Float32Array", "the string \"ab\"", "the number 5". */
export function describe(x: unknown): string {
  const t = typeof x;
  if (x == null) return String(x);
  if (Array.isArray(x)) return 'an array';
  if (t === 'string') return `the string ${JSON.stringify(cut(x as string))}`;
  if (t === 'number' || t === 'boolean' || t === 'bigint') return `the ${t} ${(x as number | bigint | boolean).toString()}`;
  return kindOf(x) ? `a ${kindOf(x)}` : t === 'object' ? 'an object' : `a ${t}`;
}

/** A whole number 0 … max (by default the largest seed: the C++ core checks each count's own limit). A number that is not is shown as it is ("h = 2.5 must be …"), anything else by its kind ("h must be …, got the string \"2\""). */
export function count(fn: string, arg: string, x: unknown, max = lim().maxSeed): number {
  if (typeof x !== 'number') fail(fn, `${arg} must be a whole number ≥ 0, got ${describe(x)}`);
  if (!Number.isInteger(x) || x < 0) fail(fn, `${arg} = ${x} must be a whole number ≥ 0`);
  if (x > max) fail(fn, `${arg} = ${x} is over the limit of ${max}`, 'too_large');
  return x;
}

/** A finite number ≥ min; undefined or null → dflt. Shown as count() shows a wrong value. */
export function num(fn: string, arg: string, x: unknown, dflt: number, min = -Infinity): number {
  if (x == null) return dflt;
  const rule = `must be a finite number${min > -Infinity ? ` ≥ ${min}` : ''}`;
  if (typeof x !== 'number') fail(fn, `${arg} ${rule}, got ${describe(x)}`);
  if (!Number.isFinite(x) || x < min) fail(fn, `${arg} = ${x} ${rule}`);
  return x;
}

/**
 * A finite number > 0 (a softmax temperature); undefined or null → dflt. A number that is not is shown as it is
 * ("temperature = 0 must be …"), anything else by its kind ("temperature must be …, got the string \"2\"").
 */
export function positive(fn: string, arg: string, x: unknown, dflt: number): number {
  if (x == null) return dflt;
  if (typeof x !== 'number') fail(fn, `${arg} must be a finite number > 0, got ${describe(x)}`);
  if (!Number.isFinite(x) || x <= 0) fail(fn, `${arg} = ${x} must be a finite number > 0`);
  return x;
}

/** true or false; undefined or null → dflt when there is one. */
export function flag(fn: string, arg: string, x: unknown, dflt?: boolean): boolean {
  if (x == null && dflt !== undefined) return dflt;
  if (typeof x !== 'boolean') fail(fn, `${arg} must be true or false, got ${describe(x)}`);
  return x;
}

/** An object; undefined or null → {} (an options object's defaults) unless `want` describes a required one. */
export function obj(fn: string, arg: string, x: unknown, want?: string): Obj {
  if (x == null && !want) return {};
  if (typeof x !== 'object' || x === null) fail(fn, `${arg} must be ${want ?? 'an object or nothing'}, got ${describe(x)}`);
  return x as Obj;
}

/**
 * The core's size limits on a (rows, cols) or (batch, rows, cols) shape, before anything of that size is allocated;
 * `maxRows` is flash_attention's own (maxFlashRows) for its arguments.
 */
export function within(fn: string, arg: string, shape: number[], maxRows = lim().maxRows): void {
  const L = lim();
  const [b, r, c] = shape.length > 2 ? shape : [0, ...shape];
  const is = `${arg} is (${shape.join(', ')})`;
  // attention at scale: above attention's row limit, flash_attention goes on
  const hint = fn === 'attention' && r > maxRows && c <= L.maxCols ? `; flash_attention takes up to ${L.maxFlashRows} rows (it keeps no n_q × n_k matrix)` : '';
  if (b > L.maxBatch || r > maxRows || c > L.maxCols)
    fail(fn, `${is}: the limit is ${shape.length > 2 ? `batch ${L.maxBatch}, ` : ''}${maxRows} rows and ${L.maxCols} columns${hint}`, 'too_large');
  const n = shape.reduce((x, y) => x * y, 1);
  if (n > L.maxValues) fail(fn, `${is}, ${n} values: the limit is ${L.maxValues} values per argument`, 'too_large');
}

/**
 * A typed argument { data: C, rows, cols } (a matrix, a mask) or { data, batch, rows, cols }: every dimension a whole
 * number, data exactly their product long, within the limits. Returns a fresh object around a fresh view of data.
 */
export function shaped<T>(fn: string, arg: string, x: unknown, C: ViewOf<unknown>, want?: string, dims = ['rows', 'cols']): T {
  want ??= `{ data: ${C.name}, ${dims.join(', ')} }${arg === 'mask' ? ' or null' : ''}`;
  if (typeof x !== 'object' || x === null || Array.isArray(x))
    fail(fn, `${arg} must be ${want}, got ${describe(x)}${Array.isArray(x) ? ` (core.typed takes typed arrays, core.${fn} plain ones)` : ''}`, 'not_a_number');
  const o = x as Obj;
  const data = view(o.data, C) ?? fail(fn, `${arg}.data must be a ${C.name}, got ${describe(o.data)}`, 'not_a_number');
  const shape = dims.map((d) => count(fn, `${arg}.${d}`, o[d]));
  const n = shape.reduce((a, b) => a * b, 1);
  const length = lengthOf.call(data) as number;
  if (length !== n) fail(fn, `${arg} is (${shape.join(', ')}) but its data has ${length} values, not ${n}`, 'shape');
  within(fn, arg, shape);
  return Object.fromEntries([['data', data], ...dims.map((d, i) => [d, shape[i]])]) as T;
}

/** A mask of the typed form: { data: Uint8Array, rows, cols } (1 = visible), or none. */
export const maskOf = <T>(fn: string, x: unknown, want?: string): T | null => (x == null ? null : shaped<T>(fn, 'mask', x, Uint8Array, want));

/**
 * A list of numbers: a plain array (each entry a number) or, if `typed`, any typed array but a BigInt one; at most
 * `max` (default maxValues) long, checked before anything is read. Copied into a fresh Float64Array.
 */
export function list(fn: string, arg: string, x: unknown, typed = false, max = lim().maxValues): Float64Array {
  const k = typed ? kindOf(x) : undefined;
  const n: number = Array.isArray(x)
    ? x.length
    : k && !k.startsWith('Big')
      ? lengthOf.call(x)
      : fail(fn, `${arg} must be ${typed ? 'a list of numbers (an array or a typed array)' : 'an array of numbers'}, got ${describe(x)}`, 'not_a_number');
  if (n > max) fail(fn, `${arg} has ${n} values: the limit is ${max}`, 'too_large');
  if (k) return n ? new Float64Array(x as Float64Array) : new Float64Array(0); // copies through the engine's slots, not x's getters (detached: empty)
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = (x as unknown[])[i];
    if (typeof v !== 'number') fail(fn, `${arg}[${i}] is ${describe(v)}, not a number`, 'not_a_number');
    out[i] = v;
  }
  return out;
}

/**
 * `o` with every function wrapped: an error that is not an AttentionError (there should be none: the arguments are
 * checked first) becomes one named after the function, "<fn>: unexpected TypeError: …".
 */
export function guarded<T extends object>(o: T): T {
  const g = { ...o } as Obj;
  for (const [k, f] of Object.entries(o))
    if (typeof f === 'function')
      g[k] = (...a: unknown[]) => {
        try {
          return (f as (...b: unknown[]) => unknown)(...a);
        } catch (e) {
          throw e instanceof AttentionError
            ? e
            : new AttentionError(`${k}: unexpected ${e instanceof Error ? `${e.name}: ${e.message}` : describe(e)}`, 'invalid_argument');
        }
      };
  return g as T;
}
