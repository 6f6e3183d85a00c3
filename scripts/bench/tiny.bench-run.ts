// tiny.bench-run.ts — the WASM column of the tiny trainer's table in
// scripts/bench.sh: steps per second of web/src/training/core.ts (the
// tiny_core module) in this Node process, for the default induction run of
// tools/tiny_train.cpp and the page's default run (induction_random, vocab 64).
// Each repeat is a fresh session: 20 steps of warm-up, then 300 steps timed in
// chunks of 50 train() steps, as the training worker calls it. Wall clock
// (performance.now()) like the native tool's own printout, and the CPU time of
// this process (process.cpuUsage). Writes build/bench/tiny.json;
// scripts/bench/tiny-report.mjs prints the table beside the native figures.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'vitest';
import { loadTinyCore } from '../../web/src/training/core';
import type { TinyConfig, TrainSettings } from '../../web/src/training/types';

const WASM = readFileSync(fileURLToPath(new URL('../../web/src/training/wasm/tiny_core.wasm', import.meta.url)));

/** The runs, by the names scripts/bench.sh gives the native ones. */
const RUNS: { name: string; task: TrainSettings['task']; vocab: number }[] = [
  { name: 'induction', task: 'induction', vocab: 16 },
  { name: 'page', task: 'induction_random', vocab: 64 },
];
const WARMUP = 20;
const STEPS = 300;
const CHUNK = 50;
const REPEATS = 5;

const median = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1];

test('tiny trainer steps per second', async () => {
  const core = await loadTinyCore({ wasmBinary: WASM });
  const runs: Record<string, unknown>[] = [];
  for (const r of RUNS) {
    const config: TinyConfig = { layers: 2, heads: 2, dModel: 32, vocab: r.vocab, context: 32, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
    const settings: TrainSettings = { task: r.task, batch: 32, steps: WARMUP + STEPS, seed: 1, lr: 3e-3 };
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      const session = core.createSession(config, settings);
      session.train(WARMUP);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let done = 0; done < STEPS; done += CHUNK) session.train(CHUNK);
      const seconds = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      if (session.step() !== WARMUP + STEPS) throw new Error(`tiny bench: ${session.step()} steps taken, not ${WARMUP + STEPS}`);
      session.dispose();
      wall.push(STEPS / seconds);
      cpu.push(STEPS / ((c.user + c.system) / 1e6));
    }
    runs.push({
      name: r.name,
      task: r.task,
      vocab: r.vocab,
      steps: STEPS,
      warmup: WARMUP,
      chunk: CHUNK,
      wall,
      cpu,
      stepsPerSecond: median(wall),
      cpuStepsPerSecond: median(cpu),
    });
  }
  mkdirSync('build/bench', { recursive: true });
  writeFileSync('build/bench/tiny.json', JSON.stringify({ node: process.version, runs }, null, 1));
});
