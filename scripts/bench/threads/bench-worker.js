// bench-worker.js — in a worker of a cross-origin isolated page: the npm package's core in its three
// builds — without SIMD (loadCore({ simd: false })), with SIMD128 on one thread (loadCore()) and on
// two (loadCore({ threads: 2 })), and that build held to one thread (raw.set_threads(1): what the
// threads build itself costs) — timed alternately on the same inputs
// (causal, d = 64, seeds 1, 2, 3): flash_attention at n = 1024 and 4096, attention at n = 2048 and
// 4096, multi_head with 8 heads, d = 512 at n = 1024; and the trainer (its Emscripten glue from
// web/src/training/wasm/, built by scripts/build_wasm.sh) on one thread and two: 20 steps of the
// page's default run at a time. Posts the medians and checks the outputs are bit for bit the same.
/* global postMessage, self */
import { loadCore } from '/dist-package/core.js';
import createTiny from '/web/src/training/wasm/tiny_core.mjs';
import createTinyMt from '/web/src/training/wasm/tiny_core_mt.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function alternate(fns, runs) {
  fns.forEach((f) => f());
  const samples = fns.map(() => []);
  for (let r = 0; r < runs; r++)
    fns.forEach((f, i) => {
      const t0 = performance.now();
      f();
      samples[i].push(performance.now() - t0);
    });
  return samples.map(median);
}

const same = (a, b) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

try {
  const plain = await loadCore({ simd: false });
  const one = await loadCore();
  const two = await loadCore({ threads: 2 });
  // the same module as `two` (loadCore keeps one per build), switched to one thread for its calls
  const held = (call) => () => {
    two.raw.set_threads(1);
    try {
      return call();
    } finally {
      two.raw.set_threads(2);
    }
  };
  const rows = [];
  const inputs = (core, n, d) => [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
  for (const n of [1024, 4096]) {
    const [Q, K, V] = inputs(one, n, 64);
    const call = (core) => () => core.typed.flash_attention(Q, K, V, null, { causal: true });
    const [t0, t1, t2, t3] = alternate([call(plain), call(one), call(two), held(call(two))], 7);
    rows.push({ name: 'flash_attention', n, plain: t0, one: t1, two: t2, mtOne: t3, same: same(call(one)().out.data, call(two)().out.data) });
  }
  for (const n of [2048, 4096]) {
    const [Q, K, V] = inputs(one, n, 64);
    const mask = one.typed.causal_mask(n);
    const call = (core) => () => core.typed.attention(Q, K, V, mask);
    const [t0, t1, t2, t3] = alternate([call(plain), call(one), call(two), held(call(two))], 3);
    rows.push({ name: 'attention', n, plain: t0, one: t1, two: t2, mtOne: t3, same: same(call(one)().weights.data, call(two)().weights.data) });
  }
  {
    const n = 1024;
    const [Q, K, V] = inputs(one, n, 512);
    const mask = one.typed.causal_mask(n);
    const call = (core) => () => core.typed.multi_head(Q, K, V, 8, mask);
    const [t0, t1, t2, t3] = alternate([call(plain), call(one), call(two), held(call(two))], 3);
    rows.push({ name: 'multi_head h=8 d=512', n, plain: t0, one: t1, two: t2, mtOne: t3, same: same(call(one)().out.data, call(two)().out.data) });
  }
  {
    // the training panel's default run: 2 layers × 2 heads, d_model 32, vocab 64, context 32, batch 32
    const tinyOne = await createTiny();
    const tinyTwo = await createTinyMt({ mainScriptUrlOrBlob: '/web/src/training/wasm/tiny_core_mt.mjs' });
    tinyTwo.set_threads(2);
    const config = { layers: 2, heads: 2, dModel: 32, vocab: 64, context: 32, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
    const settings = { task: 'induction_random', batch: 32, steps: 5000, seed: 1, lr: 3e-3 };
    const [h1, h2] = [tinyOne, tinyTwo].map((t) => t.tiny_session_create(config, settings).handle);
    const losses = [[], []];
    const chunk = (t, h, k) => () => losses[k].push(...t.tiny_session_train(h, 20).loss);
    const [t1, t2] = alternate([chunk(tinyOne, h1, 0), chunk(tinyTwo, h2, 1)], 5);
    rows.push({ name: 'training, 20 steps (default run)', n: 32, plain: NaN, one: t1, two: t2, mtOne: NaN, same: same(losses[0], losses[1]) });
  }
  postMessage({ threads: [plain.threads(), one.threads(), two.threads()], isolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency, rows });
} catch (e) {
  postMessage({ error: String(e && e.stack ? e.stack : e) });
}
