// bench-worker.js — in a worker of a cross-origin isolated page: the npm package's core in its three
// builds — without SIMD (loadCore({ simd: false })), with SIMD128 on one thread (loadCore()) and on
// two (loadCore({ threads: 2 })), and that build held to one thread (raw.set_threads(1): what the
// threads build itself costs) — timed alternately on the same inputs
// (causal, d = 64, seeds 1, 2, 3): flash_attention at n = 1024 and 4096 (9 and 15 rounds),
// attention at n = 2048 and 4096, multi_head with 8 heads, d = 512 at n = 1024; and the trainer (its
// Emscripten glue from web/src/training/wasm/, built by scripts/build_wasm.sh) on one thread and
// two: 20 steps of the page's default run at a time. Posts the medians and the speed-ups (row) and
// checks the outputs are bit for bit the same.
/* global postMessage, self */
import { loadCore } from '/dist-package/core.js';
import createTiny from '/web/src/training/wasm/tiny_core.mjs';
import createTinyMt from '/web/src/training/wasm/tiny_core_mt.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Each of `fns` timed `runs` times, in turn within each round: the samples, one array per function. */
function alternate(fns, runs) {
  fns.forEach((f) => f());
  const samples = fns.map(() => []);
  for (let r = 0; r < runs; r++)
    fns.forEach((f, i) => {
      const t0 = performance.now();
      f();
      samples[i].push(performance.now() - t0);
    });
  return samples;
}

/**
 * A row of the table from the samples of [no SIMD, SIMD on one thread, on two, the threads build held to
 * one] (or [one, two]): their medians, and the two-thread speed-ups as the median of each round's own
 * ratio (a round's calls run back to back, so a slow spell of the machine slows both sides of it).
 */
function row(name, n, samples, same) {
  const [plain, one, two, mtOne] = samples.length === 4 ? samples : [null, ...samples, null];
  const paired = (a) => (a ? median(a.map((x, r) => x / two[r])) : NaN);
  const med = (a) => (a ? median(a) : NaN);
  return { name, n, plain: med(plain), one: med(one), two: med(two), mtOne: med(mtOne), speedup: paired(one), mtSpeedup: paired(mtOne), same };
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
    const samples = alternate([call(plain), call(one), call(two), held(call(two))], n >= 4096 ? 15 : 9);
    rows.push(row('flash_attention', n, samples, same(call(one)().out.data, call(two)().out.data)));
  }
  for (const n of [2048, 4096]) {
    const [Q, K, V] = inputs(one, n, 64);
    const mask = one.typed.causal_mask(n);
    const call = (core) => () => core.typed.attention(Q, K, V, mask);
    const samples = alternate([call(plain), call(one), call(two), held(call(two))], 3);
    rows.push(row('attention', n, samples, same(call(one)().weights.data, call(two)().weights.data)));
  }
  {
    const n = 1024;
    const [Q, K, V] = inputs(one, n, 512);
    const mask = one.typed.causal_mask(n);
    const call = (core) => () => core.typed.multi_head(Q, K, V, 8, mask);
    const samples = alternate([call(plain), call(one), call(two), held(call(two))], 3);
    rows.push(row('multi_head h=8 d=512', n, samples, same(call(one)().out.data, call(two)().out.data)));
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
    const samples = alternate([chunk(tinyOne, h1, 0), chunk(tinyTwo, h2, 1)], 5);
    rows.push(row('training, 20 steps (default run)', 32, samples, same(losses[0], losses[1])));
  }
  postMessage({ threads: [plain.threads(), one.threads(), two.threads()], isolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency, rows });
} catch (e) {
  postMessage({ error: String(e && e.stack ? e.stack : e) });
}
