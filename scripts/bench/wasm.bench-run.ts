// wasm.bench-run.ts — the WASM and plain-JS columns of scripts/bench.sh.
// Times, in this Node process and side by side: the façade's typed-array form
// (core.typed.*), the raw call (core.raw.*), the typed form reusing one
// weights array (attention's weightsInto), and the JS baseline, on
// the same inputs the native benchmark uses (random_normal seeds 1, 2, 3).
// The engine at the limit (limitRows): the project's calls against the plain kernel
// (tests/bench/plain_kernel.cpp, inputs already in its heap) and the multiply-add peak.
// Writes build/bench/wasm.json; scripts/bench/report.mjs prints the tables.

import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'vitest';
import { loadCoreForNode } from '../../tests/web/support/load-core';
import { attentionJs, multiHeadJs } from './js-baseline';
import { loadPlain, type Plain } from './plain';
import type { Core } from '../../web/src/core/core';

/** Median ms of `fn`, repeated until ~`budget` ms have passed (at least 3 runs, after one warm-up). */
function time(fn: () => unknown, budget = 600): number {
  fn();
  const samples: number[] = [];
  const end = performance.now() + budget;
  while (samples.length < 3 || (performance.now() < end && samples.length < 200)) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Median ms of each of `fns`, run in turn so that load on the machine hits them alike. */
function timeAlternating(fns: (() => unknown)[], budget = 1200): number[] {
  for (const f of fns) f();
  const samples: number[][] = fns.map(() => []);
  const end = performance.now() + budget;
  while (samples[0].length < 5 || (performance.now() < end && samples[0].length < 200)) {
    fns.forEach((f, i) => {
      const t0 = performance.now();
      f();
      samples[i].push(performance.now() - t0);
    });
  }
  const median = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1];
  return samples.map(median);
}

/**
 * Like timeAlternating, and also the median CPU time of this process (process.cpuUsage: user + system) of
 * each call: on a machine shared with other work the wall clock also counts the time the process waited for a core.
 */
function timeAlternatingCpu(fns: (() => unknown)[], budget: number): { wall: number[]; cpu: number[] } {
  for (const f of fns) f();
  const wall: number[][] = fns.map(() => []);
  const cpu: number[][] = fns.map(() => []);
  const end = performance.now() + budget;
  while (wall[0].length < 5 || (performance.now() < end && wall[0].length < 200)) {
    fns.forEach((f, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      f();
      wall[i].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[i].push((c.user + c.system) / 1000);
    });
  }
  const median = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1];
  return { wall: wall.map(median), cpu: cpu.map(median) };
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

test('bench', async () => {
  const core = await loadCoreForNode();
  const rows: Record<string, unknown>[] = [];
  for (const n of [64, 256, 1024, 2048]) {
    const d = 64;
    const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
    const mask = core.typed.causal_mask(n);
    const weightsInto = new Float64Array(n * n);
    const [facade, raw, reuse] = timeAlternating([
      () => core.typed.attention(Q, K, V, mask),
      () => core.raw.attention(Q, K, V, mask, true, 1, null, null),
      () => core.typed.attention(Q, K, V, mask, { weightsInto }),
    ]);
    const js = time(() => attentionJs(Q.data, K.data, V.data, n, n, d, d, mask.data), n >= 2048 ? 2000 : 600);
    const check = maxDiff(core.typed.attention(Q, K, V, mask).out.data, attentionJs(Q.data, K.data, V.data, n, n, d, d, mask.data).out);
    rows.push({ name: 'causal_d64', n, facade, raw, reuse, js, check });
  }
  for (const n of [256, 1024]) {
    const d = 512;
    const h = 8;
    const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
    const mask = core.typed.causal_mask(n);
    const [facade, raw] = timeAlternating([() => core.typed.multi_head(Q, K, V, h, mask), () => core.raw.multi_head(Q, K, V, h, mask, 1, null)]);
    const js = time(() => multiHeadJs(Q.data, K.data, V.data, n, d, h, mask.data), 2000);
    const check = maxDiff(core.typed.multi_head(Q, K, V, h, mask).out.data, multiHeadJs(Q.data, K.data, V.data, n, d, h, mask.data));
    rows.push({ name: 'multi_head_d512_h8', n, facade, raw, js, check });
  }
  // attention at scale: flash_attention against attention, causal, d = 64, side by side
  const flash: Record<string, unknown>[] = [];
  for (const n of [1024, 4096]) {
    const d = 64;
    const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
    const mask = core.typed.causal_mask(n);
    const { wall, cpu } = timeAlternatingCpu(
      [() => core.typed.flash_attention(Q, K, V, null, { causal: true }), () => core.typed.attention(Q, K, V, mask)],
      n >= 4096 ? 8000 : 3000,
    );
    const check = maxDiff(core.typed.flash_attention(Q, K, V, null, { causal: true }).out.data, core.typed.attention(Q, K, V, mask).out.data);
    flash.push({ n, flash: wall[0], attention: wall[1], flashCpu: cpu[0], attentionCpu: cpu[1], check });
  }
  const limit = limitRows(core, await loadPlain());
  mkdirSync('build/bench', { recursive: true });
  writeFileSync('build/bench/wasm.json', JSON.stringify({ node: process.version, rows, flash, limit }, null, 1));
});

/** Scalar multiply-adds per second of the plain module's peak loop, from the median CPU time of ~5 ms calls. */
function peakRate(plain: Plain): number {
  const steps = 2_000_000;
  const { cpu } = timeAlternatingCpu([() => plain.peak(steps)], 1500);
  return plain.multiplyAdds(steps) / (cpu[0] / 1000);
}

/**
 * The engine at the limit: each of the project's calls alternating with the plain kernel on the same inputs
 * (causal, d = 64; multi_head: 8 heads of d = 512 against 8 plain calls on the heads' columns), CPU time and wall
 * clock; a fresh n × n Float64Array filled by .set (what handing JS new weights costs at least); the peak.
 */
function limitRows(core: Core, plain: Plain) {
  const peak = peakRate(plain);
  const rows: Record<string, unknown>[] = [];
  for (const n of [256, 1024, 2048, 4096]) {
    const d = 64;
    const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
    const flash = () => core.typed.flash_attention(Q, K, V, null, { causal: true });
    if (n === 4096) {
      const { wall, cpu } = timeAlternatingCpu([flash], 8000);
      rows.push({ name: 'flash', n, d, cpu, wall });
      continue;
    }
    const mask = core.typed.causal_mask(n);
    const p = plain.attention(Q.data, K.data, V.data, n, d);
    const weightsInto = new Float64Array(n * n);
    const source = new Float64Array(n * n).fill(0.5);
    const { wall, cpu } = timeAlternatingCpu(
      [
        () => p.run(),
        () => core.typed.attention(Q, K, V, mask),
        () => core.typed.attention(Q, K, V, mask, { weightsInto }),
        flash,
        () => new Float64Array(n * n).set(source),
      ],
      n >= 2048 ? 8000 : 3000,
    );
    p.run();
    const r = core.typed.attention(Q, K, V, mask);
    const check = Math.max(maxDiff(p.out(), r.out.data), maxDiff(p.weights(), r.weights.data), maxDiff(flash().out.data, r.out.data));
    rows.push({ name: 'attention', n, d, cpu, wall, check });
  }
  {
    const [n, d, h] = [1024, 512, 8];
    const [Q, K, V] = [1, 2, 3].map((seed) => core.typed.random_normal(n, d, seed));
    const mask = core.typed.causal_mask(n);
    const p = plain.attention(Q.data, K.data, V.data, n, d / h, d);
    const heads = () => {
      for (let t = 0; t < h; t++) p.run(t);
    };
    const { wall, cpu } = timeAlternatingCpu([heads, () => core.typed.multi_head(Q, K, V, h, mask)], 10000);
    heads();
    const check = maxDiff(p.out(), core.typed.multi_head(Q, K, V, h, mask).out.data);
    rows.push({ name: 'multi_head', n, d, h, cpu, wall, check });
  }
  return { peak, rows };
}
