// builds.test.ts — the core's two builds, side by side: with WebAssembly SIMD128 (attention_core.wasm)
// and without (attention_core_nosimd.wasm). The same calls on the same inputs give the same numbers
// within 1e-12, masked weights exactly 0 in both; loadCore keeps one instance per build; and the
// feature check (simd.ts) picks the build without SIMD where an engine refuses a SIMD module.
// (The test command also runs every core test on the build without SIMD: AP_SIMD=0.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore, SIMD, WASM_URL, WASM_URLS, type Core, type TypedMatrix } from '../../../web/src/core/core';
import { simdSupported } from '../../../web/src/core/simd';

const bytes = (name: string) => readFileSync(fileURLToPath(new URL(`../../../web/src/core/wasm/${name}.wasm`, import.meta.url)));
const CLOSE = 1e-12;

let simd: Core;
let plain: Core;
beforeAll(async () => {
  [simd, plain] = await Promise.all([
    loadCore({ simd: true, wasmBinary: bytes('attention_core') }),
    loadCore({ simd: false, wasmBinary: bytes('attention_core_nosimd') }),
  ]);
});

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Random (rows, cols) from the core's own generator: the same in both builds (checked below). */
const random = (core: Core, rows: number, cols: number, seed: number): TypedMatrix => core.typed.random_normal(rows, cols, seed);

describe('the two builds give the same numbers', () => {
  test('random_normal draws the same values', () => {
    expect(maxDiff(random(simd, 7, 5, 3).data, random(plain, 7, 5, 3).data)).toBe(0);
  });

  for (const [n, d] of [
    [1, 1],
    [5, 3],
    [33, 17],
    [130, 64],
  ])
    test(`attention, causal, n = ${n}, d = ${d}: out and weights`, () => {
      const run = (core: Core) => {
        const [Q, K, V] = [1, 2, 3].map((seed) => random(core, n, d, seed));
        return core.typed.attention(Q, K, V, core.typed.causal_mask(n));
      };
      const a = run(simd);
      const b = run(plain);
      expect(maxDiff(a.out.data, b.out.data)).toBeLessThan(CLOSE);
      expect(maxDiff(a.weights.data, b.weights.data)).toBeLessThan(CLOSE);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) expect(b.weights.data[i * n + j]).toBe(0);
    });

  test('multi_head, 4 heads, and the block', () => {
    const [Q, K, V] = [4, 5, 6].map((seed) => random(simd, 40, 32, seed));
    const a = simd.typed.multi_head(Q, K, V, 4, simd.typed.causal_mask(40));
    const b = plain.typed.multi_head(Q, K, V, 4, plain.typed.causal_mask(40));
    expect(maxDiff(a.out.data, b.out.data)).toBeLessThan(CLOSE);
    const X = random(simd, 12, 16, 7);
    expect(maxDiff(simd.typed.block(X, 2).out.data, plain.typed.block(X, 2).out.data)).toBeLessThan(CLOSE);
  });

  test('flash_attention, causal, n = 300, d = 64, tiles of 64', () => {
    const [Q, K, V] = [8, 9, 10].map((seed) => random(simd, 300, 64, seed));
    const opts = { causal: true, block_q: 64, block_k: 64 };
    const a = simd.typed.flash_attention(Q, K, V, null, opts);
    const b = plain.typed.flash_attention(Q, K, V, null, opts);
    expect(maxDiff(a.out.data, b.out.data)).toBeLessThan(CLOSE);
    expect(maxDiff(a.lse, b.lse)).toBeLessThan(CLOSE);
  });

  test("the same error from the C++ checks, word for word (the raw call, past the façade's own checks)", () => {
    const message = (core: Core) => {
      const Q = random(core, 3, 4, 1);
      const K = random(core, 3, 5, 2);
      const r = core.raw.attention(Q, K, K, null, true, 1, null, null);
      return r.ok ? 'no error' : `${r.code}: ${r.message}`;
    };
    expect(message(plain)).toBe(message(simd));
    expect(message(plain)).toMatch(/^shape: attention: Q is \(3, 4\) but K is \(3, 5\)/);
  });
});

describe('which build loads', () => {
  test('one instance per build: asking again gives the same one', async () => {
    expect(await loadCore({ simd: false })).toBe(plain);
    expect(await loadCore({ simd: true })).toBe(simd);
    expect(plain).not.toBe(simd);
  });

  test('Node has SIMD128, so the page would load attention_core.wasm', () => {
    expect(SIMD).toBe(true);
    expect(WASM_URL).toBe(WASM_URLS.simd);
    expect(WASM_URLS.nosimd).toMatch(/attention_core_nosimd\.wasm$/);
  });

  test('the feature check: an engine that refuses (or throws on) a SIMD module gets the build without SIMD', () => {
    const seen: Uint8Array<ArrayBuffer>[] = [];
    expect(
      simdSupported((b) => {
        seen.push(b);
        return WebAssembly.validate(b);
      }),
    ).toBe(true);
    expect(Array.from(seen[0].subarray(0, 4))).toEqual([0, 97, 115, 109]); // "\0asm"
    expect(simdSupported(() => false)).toBe(false);
    expect(
      simdSupported(() => {
        throw new Error('no WebAssembly');
      }),
    ).toBe(false);
  });
});
