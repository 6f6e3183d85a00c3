// fuzz.test.ts — a seeded property / fuzz test of the whole façade.
//
// 30,000 calls across every function of both forms and core.experiments, with
// arguments from a seeded generator: valid shapes, most then mutated (one off
// in a shape, wrong types, null / undefined, NaN / ±Infinity / −0, huge
// lengths and fake array-likes, strings, booleans, nested arrays, typed arrays
// of the wrong kind or lying about their length, option objects with junk).
// Every outcome must be
//   (a) a result that passes the invariants: the right shapes, finite values,
//       weight rows summing to 1 within 1e-12 (all 0 where every key is
//       hidden), hidden weights exactly 0; or
//   (b) an AttentionError with a known code and a message "<function>: …".
// Anything else — a TypeError, a RangeError, a RuntimeError, a thrown number,
// NaN in a result — fails, printing the seed and the call. To reproduce one:
//   FUZZ_SEED=13 FUZZ_ONLY=<call> npx vitest run --project node tests/web/core/fuzz.test.ts
/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   a fuzzer's arguments and results are any value at all, and its checkers read them as such */
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type ErrorCode } from '../../../web/src/core/core';
import { loadCoreForNode } from '../support/load-core';

const SEED = Number(process.env.FUZZ_SEED ?? 13);
const CALLS = Number(process.env.FUZZ_CALLS ?? 30_000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const CODES: ErrorCode[] = ['shape', 'ragged', 'not_a_number', 'non_finite', 'non_finite_result', 'empty', 'divisibility', 'too_large', 'invalid_argument'];

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

// ---------------------------------------------------------------- seeded random numbers

/** mulberry32: one independent stream per (seed, call), so any call reproduces alone. */
class Rng {
  private s: number;
  constructor(seed: number, call: number) {
    this.s = (seed * 0x9e3779b1) ^ Math.imul(call + 1, 0x85ebca6b);
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
}

// ---------------------------------------------------------------- valid arguments

type Form = 'friendly' | 'typed';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const numbers = (r: Rng, n: number) => Float64Array.from({ length: n }, () => Math.round((r.next() * 6 - 3) * 1e4) / 1e4);
const rowsOf = (d: ArrayLike<number>, rows: number, cols: number) => Array.from({ length: rows }, (_, i) => Array.from(d).slice(i * cols, (i + 1) * cols));
function matrix(r: Rng, rows: number, cols: number, form: Form): unknown {
  const data = numbers(r, rows * cols);
  return form === 'typed' ? { data, rows, cols } : rowsOf(data, rows, cols);
}
const tensor = (r: Rng, batch: number, rows: number, cols: number, form: Form) =>
  form === 'typed' ? { data: numbers(r, batch * rows * cols), batch, rows, cols } : Array.from({ length: batch }, () => matrix(r, rows, cols, form));
/** null, undefined, or a mask (7 in 10 visible; sometimes a row that hides every key). */
function mask(r: Rng, rows: number, cols: number, form: Form): unknown {
  if (r.next() < 0.3) return r.pick([null, undefined]);
  const hidden = r.next() < 0.3 ? r.int(0, rows - 1) : -1;
  const data = Uint8Array.from({ length: rows * cols }, (_, k) => (Math.floor(k / cols) !== hidden && r.next() < 0.7 ? 1 : 0));
  return form === 'typed' ? { data, rows, cols } : rowsOf(data, rows, cols).map((row) => row.map((x) => x === 1));
}
const vector = (r: Rng, n: number) => Array.from(numbers(r, n));
/** A list of numbers as an array, a Float64Array or a Uint32Array. */
const list = (r: Rng, xs: number[]) => r.pick([xs, Float64Array.from(xs), Uint32Array.from(xs.map(Math.abs))]);
const perm = (r: Rng, n: number) => Array.from({ length: n }, (_, i) => i).sort(() => r.next() - 0.5);

// ---------------------------------------------------------------- mutations

/** A typed array's true length (its own `length` may lie). */
// eslint-disable-next-line @typescript-eslint/unbound-method -- called as TA_LENGTH.call(x)
const TA_LENGTH = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), 'length')!.get!;
/** A typed array whose own `length` says 1e9. */
function lying<T extends object>(t: T): T {
  return Object.defineProperty(t, 'length', { value: 1e9 });
}
const JUNK: Array<() => unknown> = [
  ...[null, undefined, NaN, Infinity, -Infinity, -0, 0, 1, -1, 2.5, 1e20, 2 ** 32 + 1, '', 'x', '3', 'causal', true, false, 10n].map((x) => () => x),
  () => ({}),
  () => [],
  () => [[]],
  () => [[[]]],
  () => [1, 2, 3],
  () => [[true, false]],
  () => ({ length: 1e9 }),
  () => ({ length: 3e8, 0: 1 }),
  () => new Array(2 ** 32 - 1),
  () => [new Array(2 ** 32 - 1)],
  () => new Float32Array(4),
  () => new Int8Array(4),
  () => new Uint8Array(4),
  () => new Float64Array(0),
  () => new Float64Array(4),
  () => new BigInt64Array(2),
  () => new Uint32Array(3),
  () => lying(new Float64Array(4)),
  () => Symbol('s'),
  () => () => 1,
  () => new Map(),
  () => Object.create(null),
  () => ({ data: null, rows: 2, cols: 2 }),
  () => ({ data: { length: 1e9 }, rows: 2, cols: 2 }),
  () => ({ data: new Float64Array(4), rows: 2.5, cols: 1.6 }),
  () => ({ data: new Float64Array(4), rows: -2, cols: -2 }),
  () => ({ data: new Float64Array(0), rows: 1e9, cols: 0 }),
  () => ({ data: new Uint8Array(4), rows: 2, cols: 2 }),
  () => ({ data: new Float64Array(8), batch: 2, rows: 2, cols: 2 }),
  () => ({ scale: 'yes', causal: 1, eps: -1, weightsInto: { length: 4 }, num_heads: '2', num_kv_heads: null, mask: 'causal' }),
  ...[0, -1, NaN, Infinity, '2', true, 5e-324, 1e308].map((temperature) => () => ({ temperature })),
];
const junk = (r: Rng) => r.pick(JUNK)();
const NUMBER: Array<(x: number) => unknown> = [
  (x: number) => x + 1,
  (x: number) => x - 1,
  (x: number) => x + 0.5,
  (x: number) => 2 ** 32 + x,
  (x: number) => String(x),
  (x: number) => [x],
  ...[0, -1, NaN, Infinity, -Infinity, 1e20, -0, 5e-324, 1e6, null, undefined, true, 10n].map((v) => () => v),
];

/** An array small enough to copy and flatten here (new Array(2 ** 32 - 1), also nested, is not). */
const small = (x: unknown, depth = 0): boolean => !Array.isArray(x) || (x.length <= 64 && (depth > 3 || x.every((y) => small(y, depth + 1))));

function mutateArray(r: Rng, a: unknown[]): unknown {
  if (!small(a)) return junk(r);
  const b = [...a];
  const i = r.int(0, Math.max(0, a.length - 1));
  switch (r.int(0, 8)) {
    case 0:
      return a.slice(0, -1); // one shorter
    case 1:
      return [...a, a[a.length - 1]]; // one longer
    case 2:
    case 3:
      b[i] = mutate(r, a[i]); // one row or value
      return b;
    case 4:
      Reflect.deleteProperty(b, i); // a hole
      return b;
    case 5:
      return r.pick([[a], a[0]]); // one level deeper or shallower
    case 6:
      return Float64Array.from(a.flat(3).filter((x) => typeof x === 'number')); // a typed array instead
    case 7:
      return { ...a }; // an array-like object without a length
    default:
      return junk(r);
  }
}

function mutateTyped(r: Rng, t: Any): unknown {
  const n = TA_LENGTH.call(t) as number;
  const i = r.int(0, Math.max(0, n - 1));
  if (t instanceof BigInt64Array || t instanceof BigUint64Array) return junk(r);
  switch (r.int(0, 7)) {
    case 0:
      return new Float32Array(t); // the wrong kind
    case 1:
      return t.subarray(1); // one shorter, a view at an offset
    case 2:
      return Object.assign(new t.constructor(n + 1), { 0: 1 }); // one longer
    case 3:
      return lying(t.slice());
    case 4: {
      const b = t.slice();
      b[i] = r.pick([NaN, Infinity, -Infinity, -0, 1e6, 2]);
      return b;
    }
    case 5:
      return Array.from(t.slice()); // a plain array
    case 6:
      return Object.assign({ length: n }, Array.from(t.slice())); // an array-like
    default:
      return junk(r);
  }
}

function mutateObject(r: Rng, o: Record<string, unknown>): unknown {
  const b = { ...o };
  const keys = Object.keys(o);
  const k = r.pick(keys.length ? keys : ['rows']);
  switch (r.int(0, 4)) {
    case 0:
      delete b[k];
      return b;
    case 1:
    case 2:
      b[k] = mutate(r, o[k]);
      return b;
    case 3:
      b[r.pick(['extra', 'rows', 'cols', 'data', 'scale', 'temperature', 'mask', 'length', 'weightsInto'])] = junk(r);
      return b;
    default:
      return junk(r);
  }
}

/** x changed a little or a lot; never in place. */
function mutate(r: Rng, x: unknown): unknown {
  if (typeof x === 'number') return r.pick(NUMBER)(x);
  if (typeof x === 'boolean') return r.pick([!x, String(x), Number(x), null, undefined]);
  if (Array.isArray(x)) return mutateArray(r, x);
  if (ArrayBuffer.isView(x)) return mutateTyped(r, x);
  if (typeof x === 'object' && x !== null) return mutateObject(r, x as Record<string, unknown>);
  return junk(r);
}

/** One or two mutations, of an argument or of the argument list (one more, one fewer). */
function mutateArgs(r: Rng, args: unknown[]): unknown[] {
  const a = [...args];
  for (let t = r.int(1, 2); t > 0; t--) {
    const i = r.int(0, a.length);
    if (i < a.length) a[i] = mutate(r, a[i]);
    else if (r.next() < 0.5) a.push(junk(r));
    else a.pop();
  }
  return a;
}

// ---------------------------------------------------------------- invariants

class Broken extends Error {}
function must(ok: boolean, what: string): void {
  if (!ok) throw new Broken(what);
}
const dims = (m: Any): [number, number] => (Array.isArray(m) ? [m.length, m[0].length] : [m.rows, m.cols]);
const sees = (mask: Any, i: number, j: number): boolean =>
  mask == null ? true : Array.isArray(mask) ? mask[i][j] === true : mask.data[i * mask.cols + j] !== 0;

/** m (plain or typed) as rows, checked to be (rows, cols) and finite. */
function rows(m: Any, r: number, c: number, what: string, finite = true): number[][] {
  if (!Array.isArray(m))
    must(m.rows === r && m.cols === c && m.data instanceof Float64Array && TA_LENGTH.call(m.data) === r * c, `${what} is not a (${r}, ${c}) matrix`);
  const R: number[][] = Array.isArray(m) ? m : rowsOf(m.data, r, c);
  must(R.length === r && R.every((row) => Array.isArray(row) && row.length === c), `${what} is not (${r}, ${c})`);
  if (finite)
    must(
      R.every((row) => row.every(Number.isFinite)),
      `${what} has a value that is not finite`,
    );
  return R;
}

/** Attention weights: (n_q, n_k), hidden weights exactly 0, rows summing to 1 (all 0 where every key is hidden). */
function weights(W: Any, nq: number, nk: number, mask: Any, what: string): void {
  rows(W, nq, nk, what).forEach((row, i) => {
    const anySeen = row.some((_, j) => sees(mask, i, j));
    must(
      row.every((w, j) => (sees(mask, i, j) ? w >= 0 && w <= 1 : w === 0)),
      `${what}[${i}]: a hidden weight is not exactly 0, or a weight is outside [0, 1]`,
    );
    const sum = row.reduce((a, b) => a + b, 0);
    must(anySeen ? Math.abs(sum - 1) <= 1e-12 : sum === 0, `${what}[${i}] sums to ${sum}`);
  });
}
const finiteFields = (o: Any, what: string) =>
  must(
    Object.values(o).every((v) => typeof v !== 'number' || Number.isFinite(v)),
    `${what}: a field is not finite`,
  );

// ---------------------------------------------------------------- the functions

interface Spec {
  fn: string;
  form: Form | 'experiments';
  gen: (r: Rng) => unknown[];
  call: (a: Any[]) => Any;
  check: (res: Any, a: Any[]) => void;
  /** which arguments hold real numbers (for the near-overflow case) */
  floats: number[];
}

type Add = (fn: string, floats: number[], gen: Spec['gen'], check: Spec['check']) => void;

/** Every function of the friendly form and of core.typed. */
function pairs(): Spec[] {
  const specs: Spec[] = [];
  for (const form of ['friendly', 'typed'] as const) {
    const C: Any = form === 'typed' ? core.typed : core;
    const add: Add = (fn, floats, gen, check) => specs.push({ fn, form, gen, check, floats, call: (a) => C[fn](...a) });
    attentionSpecs(form, add);
    modelSpecs(form, add);
  }
  return specs;
}

/** attention, attention_steps, multi_head. */
function attentionSpecs(form: Form, add: Add): void {
  const M = (r: Rng, a: number, b: number) => matrix(r, a, b, form);
  const qkv = (r: Rng, dk = r.int(1, 4), dv = r.int(1, 4)) => {
    const [nq, nk] = [r.int(1, 5), r.int(1, 5)];
    return [M(r, nq, dk), M(r, nk, dk), M(r, nk, dv), mask(r, nq, nk, form)];
  };
  // softmax temperatures from the page's range (0.05 … 20) to the extremes (1/τ beyond float64 at 5e-324)
  const tau = (r: Rng) => r.pick([0.05, 0.3, 1, 2, 20, 1e-3, 1e-300, 5e-324, 1e300]);
  const opts = (r: Rng, extra: object) =>
    r.pick([undefined, null, {}, { scale: r.next() < 0.5 }, { scale: r.next() < 0.5, temperature: tau(r) }, { ...extra, temperature: tau(r) }, extra]);
  add(
    'attention',
    [0, 1, 2],
    (r) => {
      const a = qkv(r);
      const [nq, nk] = [dims(a[0])[0], dims(a[1])[0]];
      return [...a, opts(r, form === 'typed' ? { weightsInto: new Float64Array(nq * nk) } : {})];
    },
    (res, a) => {
      const [nq, nk, dv] = [dims(a[0])[0], dims(a[1])[0], dims(a[2])[1]];
      rows(res.out, nq, dv, 'out');
      weights(res.weights, nq, nk, a[3], 'weights');
      if (form === 'typed' && a[4]?.weightsInto instanceof Float64Array) must(res.weights.data === a[4].weightsInto, 'weightsInto is not the weights');
    },
  );
  add(
    'attention_steps',
    [0, 1, 2],
    (r) => [...qkv(r), opts(r, {})],
    (res, a) => {
      const [nq, nk, dv] = [dims(a[0])[0], dims(a[1])[0], dims(a[2])[1]];
      const scaled = rows(res.scaled, nq, nk, 'scaled');
      rows(res.scores, nq, nk, 'scores');
      rows(res.masked, nq, nk, 'masked', false).forEach((row, i) =>
        must(
          row.every((x, j) => Object.is(x, sees(a[3], i, j) ? scaled[i][j] : -Infinity)),
          `masked[${i}] is not scaled with −∞ where hidden`,
        ),
      );
      weights(res.weights, nq, nk, a[3], 'weights');
      rows(res.out, nq, dv, 'out');
    },
  );
  add(
    'multi_head',
    [0, 1, 2],
    (r) => {
      const h = r.int(1, 3);
      const [Q, K, V, m] = qkv(r, h * r.int(1, 2), h * r.int(1, 2));
      return [Q, K, V, h, m, r.pick([undefined, null, {}, { temperature: tau(r) }])];
    },
    (res, a) => {
      const [nq, nk, dv] = [dims(a[0])[0], dims(a[1])[0], dims(a[2])[1]];
      rows(res.out, nq, dv, 'out');
      must(res.weights.length === a[3], 'one weight matrix per head');
      res.weights.forEach((w: Any, t: number) => weights(w, nq, nk, a[4], `weights[${t}]`));
    },
  );
}

/** block, single_head, grouped_query_attention, causal_mask, pos_encoding, random_normal. */
function modelSpecs(form: Form, add: Add): void {
  const M = (r: Rng, a: number, b: number) => matrix(r, a, b, form);
  add(
    'block',
    [0],
    (r) => {
      const [n, h] = [r.int(1, 5), r.int(1, 3)];
      const eps = r.pick([undefined, 1e-5, 0.1]);
      return [M(r, n, h * r.int(1, 2)), h, mask(r, n, n, form), form === 'typed' ? eps : r.pick([undefined, { eps }])];
    },
    (res, a) => {
      const [n, d] = dims(a[0]);
      for (const k of ['normed', 'attended', 'out']) rows(res[k], n, d, k);
      must(res.weights.length === a[1], 'one weight matrix per head');
      res.weights.forEach((w: Any, t: number) => weights(w, n, n, a[2], `weights[${t}]`));
    },
  );
  add(
    'single_head',
    [0, 1, 2, 3],
    (r) => {
      const [n, dm] = [r.int(1, 5), r.int(1, 4)];
      const dk = r.int(1, 3);
      return [M(r, n, dm), M(r, dm, dk), M(r, dm, dk), M(r, dm, r.int(1, 3)), r.pick([undefined, {}, { causal: r.next() < 0.5 }])];
    },
    (res, a) => {
      const [n, dk, dv] = [dims(a[0])[0], dims(a[1])[1], dims(a[3])[1]];
      rows(res.q, n, dk, 'q');
      rows(res.k, n, dk, 'k');
      rows(res.v, n, dv, 'v');
      rows(res.out, n, dv, 'out');
      const causal = a[4]?.causal !== false ? { data: Uint8Array.from({ length: n * n }, (_, k) => +(k % n <= Math.floor(k / n))), cols: n } : null;
      weights(res.weights, n, n, causal, 'weights');
    },
  );
  add(
    'grouped_query_attention',
    [0, 1, 2, 3],
    (r) => gqaArgs(r, form),
    (res, a) => checkGqa(res, a, form),
  );
  add(
    'causal_mask',
    [],
    (r) => (form === 'typed' && r.next() < 0.5 ? [r.int(1, 6), r.int(1, 6)] : [r.int(1, 6)]),
    (res, a) => {
      const [nq, nk] = [a[0], form === 'typed' ? (a[1] ?? a[0]) : a[0]];
      const R: boolean[][] = Array.isArray(res)
        ? res
        : rowsOf(res.data as Uint8Array, res.rows as number, res.cols as number).map((row) => row.map((x) => x === 1));
      must(R.length === nq && R.every((row, i) => row.length === nk && row.every((x, j) => x === j <= i)), 'not j ≤ i');
    },
  );
  add(
    'pos_encoding',
    [],
    (r) => [r.int(1, 6), r.int(1, 6)],
    (res, a) => {
      must(
        rows(res, a[0], a[1], 'out').every((row) => row.every((x) => Math.abs(x) <= 1)),
        'a value outside [−1, 1]',
      );
    },
  );
  add(
    'random_normal',
    [3],
    (r) => [r.int(1, 5), r.int(1, 5), r.int(0, 1e6), r.pick([undefined, 1, 0.5])],
    (res, a) => void rows(res, a[0], a[1], 'out'),
  );
}

function gqaArgs(r: Rng, form: Form): unknown[] {
  const [b, nq, nk, kv, g, dk, dv] = [r.int(1, 2), r.int(1, 4), r.int(1, 4), r.int(1, 2), r.int(1, 2), r.int(1, 2), r.int(1, 2)];
  const [dq_in, dk_in, dv_in, d_o, H] = [r.int(1, 3), r.int(1, 3), r.int(1, 3), r.int(1, 3), kv * g];
  const bias = (n: number) => (r.next() < 0.5 ? r.pick([null, undefined]) : form === 'typed' ? numbers(r, n) : vector(r, n));
  const M = (a: number, c: number) => matrix(r, a, c, form);
  const params = {
    Wq: M(dq_in, H * dk),
    bq: bias(H * dk),
    Wk: M(dk_in, kv * dk),
    bk: bias(kv * dk),
    Wv: M(dv_in, kv * dv),
    bv: bias(kv * dv),
    Wo: M(H * dv, d_o),
    bo: bias(d_o),
  };
  const T = (rows: number, cols: number) => tensor(r, b, rows, cols, form);
  return [T(nq, dq_in), T(nk, dk_in), T(nk, dv_in), params, { num_heads: H, num_kv_heads: kv, mask: mask(r, nq, nk, form) }];
}

function checkGqa(res: Any, a: Any[], form: Form): void {
  const [b, nq, nk] = form === 'typed' ? [a[0].batch, a[0].rows, a[1].rows] : [a[0].length, a[0][0].length, a[1][0].length];
  const [d_o, H] = [dims(a[3].Wo)[1], a[4].num_heads];
  const out = form === 'typed' ? Array.from({ length: b }, (_, i) => rowsOf(res.out.data.subarray(i * nq * d_o), nq, d_o)) : res.out;
  if (form === 'typed') must(res.out.batch === b && res.out.rows === nq && res.out.cols === d_o && res.out.data.length === b * nq * d_o, 'out shape');
  must(out.length === b, 'out batch');
  out.forEach((o: Any, i: number) => rows(o, nq, d_o, `out[${i}]`));
  const W = form === 'typed' ? res.weights : res.weights.flat(3);
  must(W.length === b * H * nq * nk && (form === 'friendly' || res.num_heads === H), 'weights shape');
  for (let k = 0; k < b * H; k++)
    weights(rowsOf(W.slice(k * nq * nk, (k + 1) * nq * nk), nq, nk), nq, nk, a[4].mask, `weights[${Math.floor(k / H)}][${k % H}]`);
}

/** softmax, layer_norm (friendly only) and core.experiments. */
function others(): Spec[] {
  const E: Any = core.experiments;
  const form = (r: Rng): Form => r.pick(['friendly', 'typed']);
  const spec = (fn: string, floats: number[], gen: Spec['gen'], check: Spec['check'], form: Spec['form'] = 'experiments'): Spec => ({
    fn,
    form,
    gen,
    check,
    floats,
    call: (a) => (form === 'experiments' ? E : (core as Any))[fn](...a),
  });
  return [
    spec(
      'softmax',
      [0],
      (r) => [vector(r, r.int(1, 8))],
      (res, a) => {
        must(res.length === a[0].length && res.every((x: number) => x >= 0 && x <= 1), 'shape or range');
        must(Math.abs(res.reduce((s: number, x: number) => s + x, 0) - 1) <= 1e-12, 'does not sum to 1');
      },
      'friendly',
    ),
    spec(
      'layer_norm',
      [0],
      (r) => [vector(r, r.int(1, 8)), r.pick([undefined, 1e-5, 0.5])],
      (res, a) => {
        must(res.length === a[0].length && res.every(Number.isFinite), 'shape or a value not finite');
        must(Math.abs(res.reduce((s: number, x: number) => s + x, 0) / res.length) <= 1e-9, 'mean not 0');
      },
      'friendly',
    ),
    spec(
      'scaling_point',
      [],
      (r) => [r.int(1, 8), r.int(1, 8), r.int(1, 5), r.int(0, 1e6)],
      (res, a) => {
        must(res.d === a[0] && res.n === a[1] && res.trials === a[2], 'echo');
        finiteFields(res, 'point');
      },
    ),
    spec(
      'scaling_experiment',
      [],
      (r) => [
        list(
          r,
          Array.from({ length: r.int(1, 3) }, () => r.int(1, 8)),
        ),
        r.int(1, 8),
        r.int(1, 4),
        r.int(0, 1e6),
      ],
      (res, a) => {
        const n = ArrayBuffer.isView(a[0]) ? TA_LENGTH.call(a[0]) : a[0].length; // a typed array's own length may lie
        must(res.length === n && res.every((p: Any, i: number) => p.d === a[0][i]), 'one point per d');
        res.forEach((p: Any) => finiteFields(p, 'point'));
      },
    ),
    ...moreExperiments(spec, form),
  ];
}

/** permutation_experiment, seeded_permutation, quadratic_point, fit_loglog_slope, h1_check. */
function moreExperiments(spec: (fn: string, floats: number[], gen: Spec['gen'], check: Spec['check']) => Spec, form: (r: Rng) => Form): Spec[] {
  return [
    spec(
      'permutation_experiment',
      [0],
      (r) => {
        const [n, d] = [r.int(1, 5), r.int(1, 4)];
        return [matrix(r, n, d, form(r)), list(r, perm(r, n)), r.next() < 0.5];
      },
      (res, a) => {
        const [n, d] = dims(a[0]);
        for (const k of ['permuted_input', 'out', 'out_permuted', 'permuted_out']) rows(res[k], n, d, k);
        weights(res.weights, n, n, null, 'weights');
        weights(res.weights_permuted, n, n, null, 'weights_permuted');
        must(Number.isFinite(res.max_abs_diff) && res.max_abs_diff >= 0, 'max_abs_diff');
      },
    ),
    spec(
      'seeded_permutation',
      [],
      (r) => [r.int(1, 10), r.int(0, 1e6)],
      (res, a) => must([...res].sort((x, y) => x - y).every((x, i) => x === i) && res.length === a[0], 'not a permutation'),
    ),
    spec(
      'quadratic_point',
      [],
      (r) => [r.int(1, 16), r.int(1, 4), r.int(0, 1e6)],
      (res, a) => must(res.entries === a[0] ** 2 && res.bytes === 8 * a[0] ** 2 && Number.isFinite(res.checksum), 'entries, bytes or checksum'),
    ),
    spec(
      'fit_loglog_slope',
      [0, 1],
      (r) => {
        const n = r.int(2, 5);
        return [
          list(
            r,
            Array.from({ length: n }, (_, i) => i + 1),
          ),
          list(
            r,
            Array.from({ length: n }, () => r.int(1, 100)),
          ),
        ];
      },
      (res) => finiteFields(res, 'fit'),
    ),
    spec(
      'h1_check',
      [0, 1, 2],
      (r) => {
        const [nq, nk, d, dv, f] = [r.int(1, 4), r.int(1, 4), r.int(1, 4), r.int(1, 4), form(r)];
        return [matrix(r, nq, d, f), matrix(r, nk, d, form(r)), matrix(r, nk, dv, f), mask(r, nq, nk, form(r))];
      },
      (res) => must(res.max_out_diff === 0 && res.max_weight_diff === 0, 'h = 1 differs from attention'),
    ),
  ];
}

// ---------------------------------------------------------------- running

interface Tally {
  calls: number;
  valid: number;
  errors: Record<string, number>;
  failures: string[];
  byFn: Record<string, [number, number]>;
}

/** A call's argument, short enough to print and exact enough to rebuild. */
function show(x: unknown, depth = 0): string {
  if (typeof x === 'number') return Object.is(x, -0) ? '-0' : String(x);
  if (typeof x === 'string') return JSON.stringify(x);
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x !== 'object' || x === null) return typeof x === 'function' ? 'function' : String(x);
  if (ArrayBuffer.isView(x)) {
    const n = TA_LENGTH.call(x) as number;
    const t = x as unknown as ArrayLike<unknown>;
    return `${x.constructor.name}(${n})[${Array.from({ length: Math.min(n, 8) }, (_, i) => show(t[i])).join(', ')}${n > 8 ? ', …' : ''}]${Object.hasOwn(x, 'length') ? ` with own length ${t.length}` : ''}`;
  }
  if (Array.isArray(x))
    return x.length > 16 ? `Array(${x.length})` : `[${Array.from({ length: x.length }, (_, i) => (i in x ? show(x[i], depth + 1) : '<hole>')).join(', ')}]`;
  if (depth > 5) return '…';
  return `{ ${Object.keys(x)
    .map((k) => `${k}: ${show((x as Record<string, unknown>)[k], depth + 1)}`)
    .join(', ')} }`;
}

/** Make and classify call number i. */
function runOne(specs: Spec[], i: number, tally: Tally, make: (r: Rng, s: Spec) => unknown[]): void {
  const r = new Rng(SEED, i);
  const s = specs[i % specs.length];
  const args = make(r, s);
  const where = `seed ${SEED}, call ${i}: ${s.form === 'typed' ? 'core.typed.' : s.form === 'experiments' ? 'core.experiments.' : 'core.'}${s.fn}(${args.map((a) => show(a)).join(', ')})`;
  const count = (k: 0 | 1) => ((tally.byFn[`${s.form} ${s.fn}`] ??= [0, 0])[k] += 1);
  tally.calls++;
  let res: unknown;
  try {
    res = s.call(args);
  } catch (e) {
    if (e instanceof AttentionError && CODES.includes(e.code) && e.message.startsWith(`${s.fn}: `) && !e.message.includes(': unexpected ')) {
      tally.errors[e.code] = (tally.errors[e.code] ?? 0) + 1;
      return void count(1);
    }
    const what =
      e instanceof AttentionError
        ? `an AttentionError (${e.code}) "${e.message}"`
        : e instanceof Error
          ? `${e.name}: ${e.message}`
          : `${typeof e} ${String(e)}`;
    return void tally.failures.push(`${where} threw ${what}`);
  }
  try {
    s.check(res, args);
    tally.valid++;
    count(0);
  } catch (e) {
    tally.failures.push(`${where} returned a result that breaks an invariant: ${(e as Error).message}`);
  }
}

function fuzz(calls: number, make: (r: Rng, s: Spec) => unknown[], specs: Spec[]): Tally {
  const tally: Tally = { calls: 0, valid: 0, errors: {}, failures: [], byFn: {} };
  if (ONLY !== undefined) runOne(specs, ONLY, tally, make);
  else for (let i = 0; i < calls; i++) runOne(specs, i, tally, make);
  return tally;
}

const summary = (name: string, t: Tally, ms: number) =>
  `${name} (seed ${SEED}): ${t.calls} calls in ${(ms / 1000).toFixed(1)} s: ${t.valid} valid and checked, ${t.calls - t.valid - t.failures.length} AttentionErrors ${JSON.stringify(t.errors)}, ${t.failures.length} failures`;

// ---------------------------------------------------------------- finite inputs near the float64 limit

const HUGE = [1e154, -1e154, 1e200, -1e200, 1e300, -1e300, 1.7e308, -1.7e308];

/** x with one real number set to v: a number itself, an entry of a typed array (as a Float64Array) or of (nested) rows, or of a field of an object. */
function poke(r: Rng, x: unknown, v: number): unknown {
  if (typeof x === 'number') return v;
  if (ArrayBuffer.isView(x)) return Object.assign(Float64Array.from(x as Float64Array), { [r.int(0, (x as Float64Array).length - 1)]: v });
  if (Array.isArray(x)) {
    const i = r.int(0, x.length - 1);
    return Object.assign([...x], { [i]: poke(r, x[i], v) });
  }
  if (typeof x !== 'object' || x === null) return x;
  const keys = Object.keys(x).filter((k) => (x as Record<string, unknown>)[k] instanceof Float64Array || Array.isArray((x as Record<string, unknown>)[k]));
  const k = r.pick(keys);
  return { ...x, [k]: poke(r, (x as Record<string, unknown>)[k], v) };
}

/** Valid arguments with one to three real numbers replaced by values of magnitude 1e154 … 1.7e308. */
function nearOverflow(r: Rng, s: Spec): unknown[] {
  const a = s.gen(r);
  for (let t = r.int(1, 3); t > 0; t--) {
    const i = r.pick(s.floats);
    a[i] = poke(r, a[i], r.pick(HUGE));
  }
  return a;
}

describe('fuzz: every call gives a checked result or an AttentionError', () => {
  test(`${CALLS} seeded calls across both forms and core.experiments`, () => {
    const specs = [...pairs(), ...others()];
    const t0 = performance.now();
    const t = fuzz(CALLS, (r, s) => (r.next() < 0.3 ? s.gen(r) : mutateArgs(r, s.gen(r))), specs);
    console.log(summary('fuzz', t, performance.now() - t0));
    expect(t.failures.length, `${t.failures.length} failures; the first:\n${t.failures.slice(0, 10).join('\n')}`).toBe(0);
    // every function was reached both ways: with a valid call and with a rejected one
    if (ONLY === undefined)
      for (const s of specs) expect(t.byFn[`${s.form} ${s.fn}`], `${s.form} ${s.fn}: [valid, errors]`).toEqual([expect.any(Number), expect.any(Number)]);
    if (ONLY === undefined) for (const [k, [v, e]] of Object.entries(t.byFn)) expect(v > 0 && e > 0, `${k}: ${v} valid, ${e} errors`).toBe(true);
  });

  test(`${Math.round(CALLS / 6)} calls with finite values near the float64 limit (1e154 … 1.7e308): finite results or an AttentionError`, () => {
    const specs = [...pairs(), ...others()].filter((s) => s.floats.length > 0);
    const t0 = performance.now();
    const t = fuzz(Math.round(CALLS / 6), nearOverflow, specs);
    console.log(summary('near overflow', t, performance.now() - t0));
    expect(t.failures.length, `${t.failures.length} failures; the first:\n${t.failures.slice(0, 10).join('\n')}`).toBe(0);
  });
});
