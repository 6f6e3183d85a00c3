// plain.ts — the benchmark's yardsticks in WebAssembly (tests/bench/plain_kernel.cpp, built by
// scripts/bench.sh into build/bench-wasm/plain_kernel.{mjs,wasm}): the plain causal attention
// kernel on inputs already in its heap, and the SIMD multiply-add peak loop.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The C functions of plain_kernel_exports.cpp (pointers are byte offsets into the heap). */
interface PlainModule {
  HEAPF64: Float64Array;
  _malloc(bytes: number): number;
  _plain_causal_attention(Q: number, K: number, V: number, n: number, d: number, ld: number, out: number, P: number, scratch: number): void;
  _plain_multiply_add_chains(steps: number): number;
  _plain_chains(): number;
  _plain_lanes(): number;
}

/** Causal attention of one (n, ld) Q, K, V held in the plain module's heap, on the columns of one or more heads. */
export interface PlainAttention {
  /** One kernel call on head t's columns [t·d, (t+1)·d): out and P (n, n) in the heap. */
  run(t?: number): void;
  /** A copy of out (n, ld) and of P (n, n) after the last run. */
  out(): Float64Array;
  weights(): Float64Array;
}

export interface Plain {
  /** Q, K, V (n, ld) copied into the heap once; heads of width d. */
  attention(Q: Float64Array, K: Float64Array, V: Float64Array, n: number, d: number, ld?: number): PlainAttention;
  /** Scalar (one-lane) multiply-adds of one call of the peak loop with `steps` steps. */
  multiplyAdds(steps: number): number;
  /** The peak loop itself. */
  peak(steps: number): number;
}

export async function loadPlain(): Promise<Plain> {
  const dir = new URL('../../build/bench-wasm/', import.meta.url);
  const mod = (await import(pathToFileURL(new URL('plain_kernel.mjs', dir).pathname).href)) as {
    default: (o: { wasmBinary: Uint8Array }) => Promise<PlainModule>;
  };
  const m = await mod.default({ wasmBinary: readFileSync(new URL('plain_kernel.wasm', dir)) });
  const heap = () => m.HEAPF64; // a fresh view after any growth of the memory
  const alloc = (values: number) => m._malloc(values * 8);
  return {
    attention(Q, K, V, n, d, ld = d) {
      const [q, k, v, out, P, scratch] = [n * ld, n * ld, n * ld, n * ld, n * n, n * d + 4 * n].map(alloc);
      heap().set(Q, q / 8);
      heap().set(K, k / 8);
      heap().set(V, v / 8);
      return {
        run: (t = 0) => m._plain_causal_attention(q + 8 * t * d, k + 8 * t * d, v + 8 * t * d, n, d, ld, out + 8 * t * d, P, scratch),
        out: () => heap().slice(out / 8, out / 8 + n * ld),
        weights: () => heap().slice(P / 8, P / 8 + n * n),
      };
    },
    multiplyAdds: (steps) => steps * m._plain_chains() * m._plain_lanes(),
    peak: (steps) => m._plain_multiply_add_chains(steps),
  };
}
