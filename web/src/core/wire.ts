// wire.ts — the raw core (RawCore: one function per C++ binding, as the .d.mts describes) over the
// module's C exports (cpp/bindings/wire.h). No embind: a call writes its numbers and copies each
// array into the WASM memory once, runs the binding, and copies each array of the result out once.
//
// The table of bindings comes from the module itself (ap_table: "name/kinds,…"), one letter per
// JS argument (Kind below); a name listed twice is an overload by argument count.
// Nothing here checks values: the façade validated them (validate.ts); the C++ adapters check
// counts, shapes and sizes again and answer { ok: false, code, message }.

import type { CoreModule, RawCore } from './wasm/attention_core.mjs';

/**
 * The argument kinds (wire.h's Args reads them in this order):
 * n number, b flag, m matrix { data, rows, cols }, M mask or null, o matrix or null,
 * t batch { data, batch, rows, cols }, T batch or null, v list of numbers, V list or null,
 * g Float64Array (anything else: left out, and the adapter says so), w weightsInto (a
 * Float64Array the result's weights are copied into, or null; with its argument number), s string,
 * p projection parameters { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? }, L depth layers [{ Wq, Wk, Wv }].
 */
type Kind = 'n' | 'b' | 'm' | 'M' | 'o' | 't' | 'T' | 'v' | 'V' | 'g' | 'w' | 's' | 'p' | 'L';

/** The result tokens (wire.h Token; its Null, 10, is the decoder's default). */
const Token = { End: 0, Object: 1, Array: 2, Number: 3, Bool: 4, String: 5, F64: 6, U8: 7, U32: 8, Into: 9 } as const;

/** An argument as JS passed it: an object's fields are read with `field`. */
type Arg = unknown;
/** Field `key` of `x` (undefined when x is not an object). */
const field = (x: Arg, key: string): Arg => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[key] : undefined);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A call's inputs: its numbers, and its arrays in order (each copied into a buffer of its own). */
class Call {
  readonly numbers: number[] = [];
  readonly arrays: { bytes: boolean; values: ArrayLike<number>; length: number }[] = [];
  constructor(private readonly maxValues: number) {}

  number(x: unknown): void {
    this.numbers.push(typeof x === 'number' ? x : typeof x === 'boolean' ? +x : NaN);
  }
  flag(x: unknown): void {
    this.numbers.push(x ? 1 : 0);
  }
  /** A shape field: 0 when it is not a number (the C++ reads any other as a size or rejects it). */
  size(x: unknown): void {
    this.numbers.push(typeof x === 'number' ? x : 0);
  }
  /**
   * An array's length, then the array: copied only when its length is a whole number 0 … maxValues
   * (the adapter names any other: too large, or not a length), as wire.h's Args::length reads it.
   */
  array(values: unknown, bytes = false): void {
    const length = values != null && typeof (values as ArrayLike<number>).length === 'number' ? (values as ArrayLike<number>).length : 0;
    this.numbers.push(length);
    if (Number.isInteger(length) && length >= 0 && length <= this.maxValues)
      this.arrays.push({ bytes, values: length ? (values as ArrayLike<number>) : [], length });
  }
  matrix(m: Arg): void {
    this.size(field(m, 'rows'));
    this.size(field(m, 'cols'));
    this.array(field(m, 'data'));
  }
  tensor(t: Arg): void {
    this.size(field(t, 'batch'));
    this.matrix(t);
  }
  /** Whether an optional argument is there; the caller writes it after when it is. */
  present(x: unknown): boolean {
    this.flag(x != null);
    return x != null;
  }

  /** Argument `x`, the call's argument number `index`, as `kind` says. */
  write(kind: Kind, x: Arg, index: number): void {
    switch (kind) {
      case 'n':
        return this.number(x);
      case 'b':
        return this.flag(x);
      case 'm':
        return this.matrix(x);
      case 't':
        return this.tensor(x);
      case 'v':
        return this.array(x);
      case 's':
        return this.array(encoder.encode(String(x)), true);
      case 'M':
        if (this.present(x)) {
          this.size(field(x, 'rows'));
          this.size(field(x, 'cols'));
          this.array(field(x, 'data'), true);
        }
        return;
      case 'o':
        if (this.present(x)) this.matrix(x);
        return;
      case 'T':
        if (this.present(x)) this.tensor(x);
        return;
      case 'V':
        if (this.present(x)) this.array(x);
        return;
      case 'g':
        this.flag(x instanceof Float64Array);
        if (x instanceof Float64Array) this.array(x);
        return;
      case 'w':
        this.present(x);
        this.numbers.push(x instanceof Float64Array ? x.length : -1, index); // its length, and which argument the result fills
        return;
      case 'p':
        for (const w of ['Wq', 'Wk', 'Wv', 'Wo']) this.matrix(field(x, w));
        for (const b of ['bq', 'bk', 'bv', 'bo']) if (this.present(field(x, b))) this.array(field(x, b));
        return;
      case 'L': {
        const layers: Arg[] = Array.isArray(x) ? x : [];
        this.number(layers.length);
        for (const l of layers) for (const w of ['Wq', 'Wk', 'Wv']) this.matrix(field(l, w));
        return;
      }
    }
  }
}

// slice, not subarray: a TextDecoder does not read a shared memory (the build with threads)
const text = (u8: Uint8Array, at: number, length: number): string => decoder.decode(u8.slice(at, at + length));

/** The result whose tokens start at byte `at` of `memory`, copied out (an Into token fills the argument it names). */
function result(memory: WebAssembly.Memory, at: number, args: Arg[]): unknown {
  const f64 = new Float64Array(memory.buffer);
  const u8 = new Uint8Array(memory.buffer);
  let i = at / 8;
  const chars = (): string => {
    const length = f64[i++];
    const s = text(u8, i * 8, length);
    i += Math.ceil(length / 8);
    return s;
  };
  const value = (): unknown => {
    switch (f64[i++]) {
      case Token.Object: {
        const o: Record<string, unknown> = {};
        while (f64[i] !== Token.End) {
          const key = chars();
          o[key] = value();
        }
        i++;
        return o;
      }
      case Token.Array: {
        const a: unknown[] = [];
        while (f64[i] !== Token.End) a.push(value());
        i++;
        return a;
      }
      case Token.Number:
        return f64[i++];
      case Token.Bool:
        return f64[i++] !== 0;
      case Token.String:
        return chars();
      case Token.F64: {
        const [p, n] = [f64[i] / 8, f64[i + 1]];
        i += 2;
        return f64.slice(p, p + n);
      }
      case Token.U8: {
        const [p, n] = [f64[i], f64[i + 1]];
        i += 2;
        return u8.slice(p, p + n);
      }
      case Token.U32: {
        const [p, n] = [f64[i], f64[i + 1]];
        i += 2;
        return new Uint32Array(memory.buffer, p, n).slice();
      }
      case Token.Into: {
        const [arg, p, n] = [f64[i], f64[i + 1] / 8, f64[i + 2]];
        i += 3;
        const into = args[arg] as Float64Array;
        into.set(f64.subarray(p, p + n));
        return into;
      }
      default:
        return null;
    }
  };
  return value();
}

/**
 * The raw core over `module` (the attention core's by default, or the trainer's): one function per
 * binding of its table, and HEAP8 (the memory, for the tests).
 */
export function wireCore<Raw = RawCore>(module: CoreModule): Raw {
  const exported = Object.values(module.asm ?? {}).find((x): x is WebAssembly.Memory => x instanceof WebAssembly.Memory);
  const found = module.wasmMemory ?? exported;
  if (!found) throw new Error('wireCore: the module has no memory (neither exported nor shared)');
  const memory: WebAssembly.Memory = found;

  // the table: "name/kinds,…"
  const u8 = new Uint8Array(memory.buffer);
  const tableAt = module._ap_table() >>> 0;
  const table = text(u8, tableAt, u8.indexOf(0, tableAt) - tableAt)
    .split(',')
    .map((entry, id) => {
      const [name, kinds] = entry.split('/');
      return { id, name, kinds: kinds.split('') as Kind[] };
    });

  const maxValues = module._ap_max_values(); // a longer array is not copied in (wire.h Args::length)

  /** Runs binding `id` on `args`; its result, copied out. */
  function run(id: number, kinds: Kind[], args: Arg[]): unknown {
    const call = new Call(maxValues);
    kinds.forEach((kind, i) => call.write(kind, args[i], i));
    const numbersAt = module._ap_args(call.numbers.length) >>> 0;
    const at = call.arrays.map((a) => (a.bytes ? module._ap_u8(a.length) : module._ap_f64(a.length)) >>> 0); // the lengths read once
    // after every allocation (each may grow the memory): fresh views
    const f64 = new Float64Array(memory.buffer);
    const bytes = new Uint8Array(memory.buffer);
    f64.set(call.numbers, numbersAt / 8);
    call.arrays.forEach((a, i) => (a.bytes ? bytes : f64).set(a.values, a.bytes ? at[i] : at[i] / 8));
    try {
      return result(memory, module._ap_call(id) >>> 0, args); // fresh views again: the call may have grown the memory
    } finally {
      module._ap_done();
    }
  }

  const raw: Record<string, unknown> = {};
  for (const name of new Set(table.map((b) => b.name))) {
    const overloads = table.filter((b) => b.name === name);
    raw[name] = (...args: Arg[]) => {
      const b = overloads.find((o) => o.kinds.length === args.length);
      if (!b) throw new TypeError(`${name} called with ${args.length} arguments, expected ${overloads.map((o) => o.kinds.length).join(' or ')}`);
      return run(b.id, b.kinds, args);
    };
  }
  Object.defineProperty(raw, 'HEAP8', { get: () => new Int8Array(memory.buffer) });
  raw._malloc = (n: number) => module._malloc(n);
  raw._free = (p: number) => module._free(p);
  return raw as unknown as Raw;
}
