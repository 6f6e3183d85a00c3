// client.test.ts — the page's side of a training run, over a loopback
// worker: a fake Worker whose other end is serveTraining (run-loop.ts) in
// this thread, with a fake core, and every message structured-cloned as
// postMessage does. All the snapshots kept and resolved, progress reported,
// the core's AttentionError passed on, pause/resume, cancel terminating the
// worker with TrainingCancelled, initial parameters, a worker that fails.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadTinyCore } from '../../../web/src/training/core';
import { describe, expect, test, vi } from 'vitest';
import { AttentionError } from '../../../web/src/core/errors';
import { startTraining, TrainingCancelled, type TrainingWorker } from '../../../web/src/training/client';
import { serveTraining, type TrainingPort } from '../../../web/src/training/run-loop';
import type { CurvePoint, Snapshot, TinyConfig, TinyCore, TinySession, TrainProgress, TrainSettings } from '../../../web/src/training/types';

// the real start (start.ts: Vite's ?worker&url, a Worker) is the browser's; here it says it was called
vi.mock('../../../web/src/training/start', () => ({
  startTrainingWorker: () => {
    throw new Error('startTrainingWorker: no Worker in Node');
  },
}));

const CONFIG: TinyConfig = { layers: 1, heads: 2, dModel: 8, vocab: 4, context: 4, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
const settingsOf = (steps: number): TrainSettings => ({ task: 'copy', batch: 2, steps, seed: 1, lr: 0.01 });

/** A deterministic stand-in for the core's session: the parameters count the steps. */
class FakeSession implements TinySession {
  readonly views = [{ name: 'E', offset: 0, rows: 4, cols: 2 }];
  taken = 0;
  params = new Float64Array(8);
  constructor(
    readonly config: TinyConfig,
    readonly settings: TrainSettings,
  ) {}
  step(): number {
    return this.taken;
  }
  train(count: number): CurvePoint[] {
    const points: CurvePoint[] = [];
    for (let k = 0; k < count && this.taken < this.settings.steps; k++) {
      const until = performance.now() + 0.2; // a step takes time, as a real one does: a run spans several chunks
      while (performance.now() < until);
      points.push({ step: this.taken, loss: 1 / (1 + this.taken), accuracy: 0.5 });
      this.taken++;
      this.params = this.params.map((x) => x + 1);
    }
    return points;
  }
  snapshot(): Snapshot {
    return {
      step: this.taken,
      params: this.params.slice(),
      scores: { previousToken: [0, 0], induction: [0, 0] },
      attention: [new Float64Array(16), new Float64Array(16)],
    };
  }
  heldOut(): number[] {
    return [0, 1, 2, 3];
  }
  setParams(params: Float64Array): void {
    if (params.length !== 8) throw new AttentionError(`tiny_set_params: ${params.length} parameters; this model has 8`, 'shape');
    this.params = params.slice();
  }
  headInputs(): never {
    throw new Error('not in this fake');
  }
  dispose(): void {}
}

const fakeCore: TinyCore = {
  paramViews: () => [{ name: 'E', offset: 0, rows: 4, cols: 2 }],
  threads: () => 1,
  createSession(config, settings) {
    if (config.dModel % config.heads !== 0)
      throw new AttentionError(`tiny_transformer: heads = ${config.heads} does not divide d_model = ${config.dModel}`, 'divisibility');
    return new FakeSession(config, settings);
  },
};

/** A Worker whose other side is serveTraining in this thread (messages cloned and delivered on later turns). */
class LoopbackWorker implements TrainingWorker {
  onmessage: ((e: MessageEvent) => unknown) | null = null;
  onerror: ((e: ErrorEvent) => unknown) | null = null;
  terminated = false;
  posted: string[] = [];
  private readonly inside: TrainingPort = {
    onmessage: null,
    postMessage: (m) => {
      const copy = structuredClone(m);
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.({ data: copy } as MessageEvent);
      }, 0);
    },
  };
  constructor(core: TinyCore = fakeCore) {
    serveTraining(this.inside, () => Promise.resolve(core));
  }
  postMessage(m: unknown, transfer: Transferable[] = []): void {
    this.posted.push((m as { type: string }).type);
    const copy = structuredClone(m, { transfer });
    setTimeout(() => {
      if (!this.terminated) this.inside.onmessage?.({ data: copy } as MessageEvent);
    }, 0);
  }
  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.inside.onmessage?.({ data: { type: 'cancel' } } as MessageEvent); // stop the loop, as terminating a worker would
  }
}

/** A run over a loopback worker, with its reports. */
function run(steps: number, config = CONFIG, initialParams?: Float64Array) {
  const worker = new LoopbackWorker();
  const reports: TrainProgress[] = [];
  const r = startTraining(config, settingsOf(steps), (p) => reports.push(p), { worker: () => worker, ...(initialParams ? { initialParams } : {}) });
  return { worker, reports, run: r };
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 1));
};

describe('startTraining', () => {
  test('resolves with every snapshot (step 0 … the last, ≥ 50), reports the curve, ends its worker', async () => {
    const { worker, reports, run: r } = run(80);
    const snapshots = await r.done;
    expect(snapshots.map((s) => s.step)).toEqual(Array.from({ length: 81 }, (_, k) => k));
    expect(snapshots[80].params).toEqual(new Float64Array(8).fill(80));
    expect(r.snapshots).toEqual(snapshots);
    expect(reports.flatMap((p) => p.curve.map((c) => c.step))).toEqual(Array.from({ length: 80 }, (_, k) => k));
    expect(reports[reports.length - 1]).toMatchObject({ step: 80, total: 80 });
    expect(worker.terminated).toBe(true);
  });

  test("a config the core refuses rejects with the core's AttentionError", async () => {
    const { run: r, worker } = run(10, { ...CONFIG, heads: 3 });
    const e = await r.done.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AttentionError);
    expect(e).toMatchObject({ message: 'tiny_transformer: heads = 3 does not divide d_model = 8', code: 'divisibility' });
    expect(worker.terminated).toBe(true);
  });

  test('initial parameters: the run starts from them; the caller keeps its array', async () => {
    const initial = new Float64Array(8).fill(100);
    const { run: r } = run(5, CONFIG, initial);
    const snapshots = await r.done;
    expect(snapshots[0].params).toEqual(initial);
    expect(snapshots[5].params).toEqual(new Float64Array(8).fill(105));
    expect(initial.length).toBe(8); // not transferred away
    const wrong = run(5, CONFIG, new Float64Array(3));
    await expect(wrong.run.done).rejects.toThrow(new AttentionError('tiny_set_params: 3 parameters; this model has 8', 'shape'));
  });

  test('pause stops the progress, resume continues it', async () => {
    const { worker, reports, run: r } = run(400);
    await until(() => r.snapshots.length >= 3);
    r.pause();
    r.pause(); // once is enough
    expect(r.paused).toBe(true);
    await new Promise((res) => setTimeout(res, 30));
    const seen = reports.length;
    await new Promise((res) => setTimeout(res, 30));
    expect(reports.length).toBe(seen);
    r.resume();
    expect(r.paused).toBe(false);
    const snapshots = await r.done;
    expect(snapshots[snapshots.length - 1].step).toBe(400);
    expect(worker.posted).toEqual(['start', 'pause', 'resume']);
  });

  test('cancel terminates the worker and rejects with TrainingCancelled; later calls do nothing', async () => {
    const { worker, run: r } = run(20000);
    await until(() => r.snapshots.length >= 2);
    r.cancel();
    expect(worker.terminated).toBe(true);
    await expect(r.done).rejects.toBeInstanceOf(TrainingCancelled);
    await expect(r.done).rejects.toThrow('training: cancelled');
    r.pause();
    r.resume();
    r.cancel();
    expect(worker.posted).toEqual(['start']);
  });

  test('a worker that fails to start rejects the run', async () => {
    const failing = new LoopbackWorker();
    const r = startTraining(CONFIG, settingsOf(5), () => {}, { worker: () => failing });
    failing.onerror?.({ message: 'worker.js: 404' } as ErrorEvent);
    await expect(r.done).rejects.toThrow('training worker failed: worker.js: 404');
    const thrown = startTraining(CONFIG, settingsOf(5), () => {}, {
      worker: () => {
        throw new Error('no Worker here');
      },
    });
    await expect(thrown.done).rejects.toThrow('no Worker here');
    const byDefault = startTraining(CONFIG, settingsOf(5), () => {});
    await expect(byDefault.done).rejects.toThrow('startTrainingWorker: no Worker in Node');
  });
});

// ---------------------------------------------------------------- with the real tiny core

const TINY_WASM = fileURLToPath(new URL('../../../web/src/training/wasm/tiny_core.wasm', import.meta.url));

/** The real tiny core in Node. */
const realCore = (): Promise<TinyCore> => loadTinyCore({ wasmBinary: readFileSync(TINY_WASM) });

describe('startTraining with the real tiny core', () => {
  test('a short induction run: every snapshot, finite losses, the model of each step', async () => {
    const core = await realCore();
    const config: TinyConfig = { layers: 2, heads: 2, dModel: 16, vocab: 8, context: 8, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
    const settings: TrainSettings = { task: 'induction', batch: 4, steps: 60, seed: 2, lr: 0.01 };
    const reports: TrainProgress[] = [];
    const r = startTraining(config, settings, (p) => reports.push(p), { worker: () => new LoopbackWorker(core) });
    const snapshots = await r.done;
    expect(snapshots.map((s) => s.step)).toEqual(Array.from({ length: 61 }, (_, k) => k));
    const n = core.paramViews(config).reduce((m, v) => m + v.rows * v.cols, 0);
    for (const s of snapshots) {
      expect(s.params.length).toBe(n);
      expect(s.attention.length).toBe(4);
      expect(s.attention[0].length).toBe(64);
    }
    expect(snapshots[0].params).not.toEqual(snapshots[60].params);
    const curve = reports.flatMap((p) => p.curve);
    expect(curve.map((c) => c.step)).toEqual(Array.from({ length: 60 }, (_, k) => k));
    expect(curve.every((c) => Number.isFinite(c.loss) && c.accuracy >= 0 && c.accuracy <= 1)).toBe(true);
  });

  test("bad settings reject with the core's AttentionError", async () => {
    const core = await realCore();
    const r = startTraining({ ...CONFIG, heads: 3 }, settingsOf(10), () => {}, { worker: () => new LoopbackWorker(core) });
    const e = await r.done.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AttentionError);
    expect((e as AttentionError).code).toBe('divisibility');
  });
});
