// run.mjs — npm run bench:peers: the project's core against two WebAssembly peers on npm, side by side in
// one Node process, one thread each: onnxruntime-web (its wasm execution provider; the graph written in
// JavaScript with onnx-proto, onnx-graph.mjs; float64 and float32) and TensorFlow.js's wasm backend
// (float32 only). Causal attention, d = 64, returning the output and the weights; multi_head: 8 heads of
// d = 512 over the columns of Q, K and V (no projections), n = 1024. Median ms over alternating runs,
// each peer's ratio to the project's `attention` (or `multi_head`), and the largest difference of its
// output from the project's. The project's core is the npm package's (dist-package/, npm run build:package).
// Printed, never asserted; not part of the test command (bash run.sh installs the peers apart).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import * as tf from '@tensorflow/tfjs-core';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { attentionModel } from './onnx-graph.mjs';

const PACKAGE = new URL('../../../dist-package/', import.meta.url);
const { loadCore } = await import(new URL('core.js', PACKAGE).href);
const core = await loadCore({ wasmBinary: readFileSync(new URL('attention_core.wasm', PACKAGE)) });

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
setThreadsCount(1);
setWasmPaths(fileURLToPath(new URL('node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url)));
await tf.setBackend('wasm');
await tf.ready();

/** Median ms of each of `fns` (async or not), run in turn until `budget` ms have passed (at least 5 rounds, one warm-up). */
async function alternating(fns, budget) {
  for (const f of fns) await f();
  const samples = fns.map(() => []);
  const end = performance.now() + budget;
  while (samples[0].length < 5 || (performance.now() < end && samples[0].length < 100)) {
    for (const [i, f] of fns.entries()) {
      const t0 = performance.now();
      await f();
      samples[i].push(performance.now() - t0);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b)[s.length >> 1]);
}

function maxDiff(a, b) {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** An onnxruntime-web session of the attention graph; run() returns { out, weights } as typed arrays. */
async function ortRunner(n, d, h, type, Q, K, V) {
  const session = await ort.InferenceSession.create(attentionModel({ n, d, h, type }), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const Arr = type === 'float64' ? Float64Array : Float32Array;
  const feeds = Object.fromEntries(Object.entries({ Q, K, V }).map(([name, x]) => [name, new ort.Tensor(type, Arr.from(x.data), [n, d])]));
  return async () => {
    const r = await session.run(feeds);
    return { out: r.out.data, weights: r.weights.data };
  };
}

/** TensorFlow.js (wasm backend, float32): the same computation, read back. */
function tfRunner(n, d, h, Q, K, V) {
  const dk = d / h;
  const mask = tf.tensor2d(
    Float32Array.from({ length: n * n }, (_, k) => (k % n > Math.floor(k / n) ? -Infinity : 0)),
    [n, n],
  );
  const [q, k, v] = [Q, K, V].map((x) => tf.tensor2d(Float32Array.from(x.data), [n, d]));
  const heads = (x) => (h > 1 ? tf.transpose(tf.reshape(x, [n, h, dk]), [1, 0, 2]) : x);
  return () => {
    const [out, weights] = tf.tidy(() => {
      const scores = tf.add(tf.mul(tf.matMul(heads(q), heads(k), false, true), 1 / Math.sqrt(dk)), mask);
      const w = tf.softmax(scores);
      const o = tf.matMul(w, heads(v));
      return [h > 1 ? tf.reshape(tf.transpose(o, [1, 0, 2]), [n, d]) : o, w];
    });
    const r = { out: out.dataSync(), weights: weights.dataSync() };
    tf.dispose([out, weights]);
    return r;
  };
}

const cases = [...[256, 1024, 2048].map((n) => ({ label: `n = ${n}`, n, d: 64, h: 1 })), { label: '8 heads, d = 512, n = 1024', n: 1024, d: 512, h: 8 }];
const rows = [];
for (const { label, n, d, h } of cases) {
  const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
  const mask = core.typed.causal_mask(n);
  const ours = h > 1 ? () => core.typed.multi_head(Q, K, V, h, mask) : () => core.typed.attention(Q, K, V, mask);
  const flash = h > 1 ? null : () => core.typed.flash_attention(Q, K, V, null, { causal: true });
  const peers = [
    ['onnxruntime-web, float64', await ortRunner(n, d, h, 'float64', Q, K, V)],
    ['onnxruntime-web, float32', await ortRunner(n, d, h, 'float32', Q, K, V)],
    ['tfjs-backend-wasm, float32', tfRunner(n, d, h, Q, K, V)],
  ];
  const fns = [ours, ...(flash ? [flash] : []), ...peers.map(([, f]) => f)];
  const ms = await alternating(fns, n >= 2048 || h > 1 ? 8000 : 3000);
  const reference = ours().out.data;
  const name = h > 1 ? 'multi_head' : 'attention, with its weights';
  rows.push({ label, name: `this project: ${name}`, ms: ms[0], diff: 0 });
  if (flash) rows.push({ label, name: 'this project: flash_attention (no weights)', ms: ms[1], diff: maxDiff(flash().out.data, reference) });
  for (const [i, [peer, f]] of peers.entries()) rows.push({ label, name: peer, ms: ms[i + (flash ? 2 : 1)], diff: maxDiff((await f()).out, reference) });
}

console.log(`bench:peers — one thread each, causal, median ms (ratio to this project's call; > 1: slower than it), Node ${process.version}`);
console.log(`onnxruntime-web ${ort.env.versions?.web ?? '?'}, tfjs-backend-wasm ${tf.version_core}`);
let base = 0;
for (const [i, r] of rows.entries()) {
  if (i === 0 || r.label !== rows[i - 1].label) {
    base = r.ms;
    console.log(`\n${r.label}`);
  }
  console.log(`  ${r.name.padEnd(46)} ${r.ms.toFixed(2).padStart(9)} ms  ${(r.ms / base).toFixed(2).padStart(6)}×   max |Δ out| ${r.diff.toExponential(1)}`);
}
