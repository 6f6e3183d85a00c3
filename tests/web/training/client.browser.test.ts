// client.browser.test.ts — a training run in the real training worker
// (start.ts, worker.ts: a module worker loading the tiny core's WASM) in
// Chromium: the snapshots, pause and resume, cancel, the core's errors.

import { describe, expect, test } from 'vitest';
import type { TinyConfig, TrainProgress, TrainSettings } from '../../../web/src/training/types';

// found by glob, so this file loads without them
const wasm = import.meta.glob('../../../web/src/training/wasm/tiny_core.wasm', { query: '?url', import: 'default' });
const core = import.meta.glob('../../../web/src/training/core.ts');
const clients = import.meta.glob<typeof import('../../../web/src/training/client')>('../../../web/src/training/client.ts');
const ready = Object.keys(wasm).length > 0 && Object.keys(core).length > 0;

const CONFIG: TinyConfig = { layers: 2, heads: 2, dModel: 16, vocab: 8, context: 8, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
const SETTINGS: TrainSettings = { task: 'induction', batch: 4, steps: 120, seed: 2, lr: 0.01 };

const client = () => Object.values(clients)[0]();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!ready)('the training worker', () => {
  test('trains to the end: every snapshot, the curve, pause and resume on the way', async () => {
    const { startTraining } = await client();
    const reports: TrainProgress[] = [];
    const run = startTraining(CONFIG, SETTINGS, (p) => reports.push(p));
    while (run.snapshots.length < 3) await sleep(5);
    run.pause();
    await sleep(100); // a chunk under way may still report
    const seen = reports.length;
    await sleep(100);
    expect(reports.length).toBe(seen);
    run.resume();
    const snapshots = await run.done;
    expect(snapshots[0].step).toBe(0);
    expect(snapshots[snapshots.length - 1].step).toBe(120);
    expect(snapshots.length).toBe(61); // every 2 steps
    expect(snapshots[0].attention.length).toBe(4);
    expect(reports.flatMap((p) => p.curve.map((c) => c.step))).toEqual(Array.from({ length: 120 }, (_, k) => k));
    expect(reports[reports.length - 1].stepsPerSecond).toBeGreaterThan(0);
  });

  test('cancel rejects with TrainingCancelled', async () => {
    const { startTraining, TrainingCancelled } = await client();
    const run = startTraining(CONFIG, { ...SETTINGS, steps: 20000 }, () => {});
    while (run.snapshots.length < 1) await sleep(5);
    run.cancel();
    await expect(run.done).rejects.toBeInstanceOf(TrainingCancelled);
  });

  test("bad config rejects with the core's AttentionError", async () => {
    const { startTraining } = await client();
    const run = startTraining({ ...CONFIG, heads: 3 }, SETTINGS, () => {});
    await expect(run.done).rejects.toMatchObject({ name: 'AttentionError', code: 'divisibility' });
  });
});
