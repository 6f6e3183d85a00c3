// run-loop.test.ts — the training worker's driver over a fake TinySession (a
// deterministic stand-in whose steps cost a set time on a fake clock):
// chunks sized to ~30 ms and never past a snapshot, the snapshot schedule
// (≥ 50, step 0 and the last), pause stopping progress and resume continuing
// it, cancel, a failing session; and serveTraining's replies over a fake port.
import { describe, expect, test } from 'vitest';
import { AttentionError } from '../../../web/src/core/errors';
import { MAX_CHUNK, nextSnapshotStep, RunLoop, serveTraining, snapshotEvery, type TrainingPort } from '../../../web/src/training/run-loop';
import type { TrainingReply, TrainingRequest } from '../../../web/src/training/protocol';
import type { CurvePoint, Snapshot, TinyConfig, TinyCore, TinySession, TrainProgress, TrainSettings } from '../../../web/src/training/types';

const CONFIG: TinyConfig = { layers: 2, heads: 2, dModel: 8, vocab: 4, context: 4, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 };
const settingsOf = (steps: number): TrainSettings => ({ task: 'induction', batch: 2, steps, seed: 1, lr: 0.01 });

/** A fake clock: each step of a FakeSession advances it by `msPerStep`. */
class Clock {
  t = 0;
  now = () => this.t;
}

/** A deterministic stand-in for the core's session. */
class FakeSession implements TinySession {
  readonly views = [{ name: 'E', offset: 0, rows: 4, cols: 2 }];
  taken = 0;
  chunks: number[] = [];
  params = new Float64Array(8);
  disposed = false;
  failAt = -1;
  constructor(
    readonly config: TinyConfig,
    readonly settings: TrainSettings,
    private readonly clock = new Clock(),
    private readonly msPerStep = 1,
  ) {}
  step(): number {
    return this.taken;
  }
  train(count: number): CurvePoint[] {
    this.chunks.push(count);
    const points: CurvePoint[] = [];
    for (let k = 0; k < count && this.taken < this.settings.steps; k++) {
      if (this.taken === this.failAt) throw new AttentionError('tiny_train: the loss is not finite', 'non_finite_result');
      points.push({ step: this.taken, loss: 4 / (1 + this.taken), accuracy: this.taken / this.settings.steps });
      this.taken++;
      this.params = this.params.map((x) => x + 1);
      this.clock.t += this.msPerStep;
    }
    return points;
  }
  snapshot(): Snapshot {
    return {
      step: this.taken,
      params: this.params.slice(),
      scores: { previousToken: [0, 0, 0, 0], induction: [0, 0, 0, 0] },
      attention: [new Float64Array(16)],
    };
  }
  heldOut(): number[] {
    return [0, 1, 2, 3];
  }
  setParams(params: Float64Array): void {
    this.params = params.slice();
  }
  headInputs(): never {
    throw new Error('not in this fake');
  }
  dispose(): void {
    this.disposed = true;
  }
}

/** Run a loop to its end, collecting its reports. */
async function runAll(steps: number, msPerStep = 1): Promise<{ session: FakeSession; reports: TrainProgress[]; end: string }> {
  const clock = new Clock();
  const session = new FakeSession(CONFIG, settingsOf(steps), clock, msPerStep);
  const reports: TrainProgress[] = [];
  const end = await new RunLoop(session, (p) => reports.push(p), { now: clock.now }).run();
  return { session, reports, end };
}

const snapshotSteps = (reports: TrainProgress[]) => reports.flatMap((r) => (r.snapshot ? [r.snapshot.step] : []));

describe('the snapshot schedule', () => {
  test('every max(1, floor(steps / 60)) steps, and the last', () => {
    expect(snapshotEvery(50)).toBe(1);
    expect(snapshotEvery(119)).toBe(1);
    expect(snapshotEvery(120)).toBe(2);
    expect(snapshotEvery(20000)).toBe(333);
    expect(nextSnapshotStep(0, 20000)).toBe(333);
    expect(nextSnapshotStep(333, 20000)).toBe(666);
    expect(nextSnapshotStep(19980, 20000)).toBe(20000);
  });

  test.each([1, 7, 50, 61, 179, 1000, 20000])('a run of %i steps: step 0, the last, every curve point once, ≥ 50 snapshots from 50 steps', async (steps) => {
    const { reports, end, session } = await runAll(steps, 0.05);
    expect(end).toBe('done');
    const at = snapshotSteps(reports);
    expect(at[0]).toBe(0);
    expect(at[at.length - 1]).toBe(steps);
    expect(new Set(at).size).toBe(at.length);
    if (steps >= 50) expect(at.length).toBeGreaterThanOrEqual(50);
    for (const s of at.slice(1, -1)) expect(s % snapshotEvery(steps)).toBe(0);
    expect(reports.flatMap((r) => r.curve.map((p) => p.step))).toEqual(Array.from({ length: steps }, (_, k) => k));
    expect(reports.every((r) => r.total === steps)).toBe(true);
    expect(reports[reports.length - 1].step).toBe(steps);
    expect(session.chunks.every((c) => c >= 1 && c <= MAX_CHUNK)).toBe(true);
  });

  test('a snapshot holds the model of its step', async () => {
    const { reports } = await runAll(120);
    for (const r of reports) if (r.snapshot) expect(Array.from(r.snapshot.params)).toEqual(new Array(8).fill(r.snapshot.step));
  });
});

describe('chunks', () => {
  test('sized to ~30 ms of measured work, first one step, never past the next snapshot', async () => {
    const { session } = await runAll(20000, 0.1); // 300 steps in 30 ms, snapshots every 333
    expect(session.chunks[0]).toBe(1);
    expect(Math.max(...session.chunks)).toBe(300);
    let step = 0;
    for (const c of session.chunks) {
      expect(step + c).toBeLessThanOrEqual(nextSnapshotStep(step, 20000));
      step += c;
    }
  });

  test('slow steps: one step a chunk', async () => {
    const { session } = await runAll(200, 50);
    expect(new Set(session.chunks)).toEqual(new Set([1]));
  });

  test('steps per second from the measured time', async () => {
    const { reports } = await runAll(2000, 0.5);
    expect(reports[0].stepsPerSecond).toBe(0);
    expect(reports[reports.length - 1].stepsPerSecond).toBeCloseTo(2000, 6);
  });
});

/** A loop whose yields the test releases one at a time. */
function steppedLoop(steps: number) {
  const session = new FakeSession(CONFIG, settingsOf(steps));
  const reports: TrainProgress[] = [];
  const turns: (() => void)[] = [];
  const loop = new RunLoop(session, (p) => reports.push(p), { yieldFn: () => new Promise<void>((r) => turns.push(r)) });
  const run = loop.run();
  const turn = async (n = 1) => {
    for (let k = 0; k < n; k++) {
      await Promise.resolve();
      turns.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { session, reports, loop, run, turn };
}

describe('pause, resume, cancel', () => {
  test('pause stops the progress, resume continues it to the end', async () => {
    const { session, reports, loop, run, turn } = steppedLoop(100);
    await turn(5);
    const before = session.step();
    expect(before).toBeGreaterThan(0);
    loop.pause();
    expect(loop.paused).toBe(true);
    await turn(5);
    await new Promise((r) => setTimeout(r, 20));
    expect(session.step()).toBeLessThanOrEqual(before + 1); // at most the chunk under way
    const paused = session.step();
    const count = reports.length;
    await turn(3);
    expect(session.step()).toBe(paused);
    expect(reports.length).toBe(count);
    loop.resume();
    expect(loop.paused).toBe(false);
    while (session.step() < 100) await turn();
    await expect(run).resolves.toBe('done');
    expect(snapshotSteps(reports)).toContain(100);
  });

  test('cancel ends the run early with "cancelled"', async () => {
    const { session, loop, run, turn } = steppedLoop(100);
    await turn(3);
    loop.cancel();
    await turn(2);
    await expect(run).resolves.toBe('cancelled');
    expect(session.step()).toBeLessThan(100);
  });

  test('cancel while paused ends it', async () => {
    const { loop, run, turn } = steppedLoop(100);
    await turn(2);
    loop.pause();
    await turn(2);
    loop.cancel();
    await expect(run).resolves.toBe('cancelled');
  });

  test("a session's error rejects the run", async () => {
    const session = new FakeSession(CONFIG, settingsOf(100));
    session.failAt = 40;
    await expect(new RunLoop(session, () => {}).run()).rejects.toThrow('tiny_train: the loss is not finite');
  });
});

/** A worker's scope the test talks to: what the page would post, and the replies (structured-cloned, as postMessage does). */
function fakePort() {
  const replies: TrainingReply[] = [];
  const transfers: Transferable[][] = [];
  const port: TrainingPort = {
    onmessage: null,
    postMessage: (m, transfer) => {
      replies.push(structuredClone(m) as TrainingReply);
      transfers.push(transfer);
    },
  };
  const send = (m: TrainingRequest) => port.onmessage?.({ data: m } as MessageEvent);
  const ended = async () => {
    while (!replies.some((r) => r.type !== 'progress')) await new Promise((r) => setTimeout(r, 1));
    return replies[replies.length - 1];
  };
  return { port, replies, transfers, send, ended };
}

/** A fake core: its sessions are FakeSessions; a config with 3 heads is refused as the real one would. */
function fakeCore(sessions: FakeSession[] = []): TinyCore {
  return {
    paramViews: () => [{ name: 'E', offset: 0, rows: 4, cols: 2 }],
    threads: () => 1,
    createSession(config, settings) {
      if (config.dModel % config.heads !== 0)
        throw new AttentionError(`tiny_transformer: heads = ${config.heads} does not divide d_model = ${config.dModel}`, 'divisibility');
      const s = new FakeSession(config, settings);
      sessions.push(s);
      return s;
    },
  };
}

describe('serveTraining', () => {
  test('start: progress with snapshots (their buffers transferred), then done; the session is disposed', async () => {
    const sessions: FakeSession[] = [];
    const { port, replies, transfers, send, ended } = fakePort();
    serveTraining(port, () => Promise.resolve(fakeCore(sessions)));
    send({ type: 'start', config: CONFIG, settings: settingsOf(60) });
    expect(await ended()).toEqual({ type: 'done', step: 60 });
    const progress = replies.flatMap((r) => (r.type === 'progress' ? [r.progress] : []));
    expect(snapshotSteps(progress).length).toBe(61);
    replies.forEach((r, k) => expect(transfers[k].length).toBe(r.type === 'progress' && r.progress.snapshot ? 2 : 0));
    expect(sessions[0].disposed).toBe(true);
  });

  test('initial parameters replace the seeded ones', async () => {
    const sessions: FakeSession[] = [];
    const { port, replies, send, ended } = fakePort();
    serveTraining(port, () => Promise.resolve(fakeCore(sessions)));
    send({ type: 'start', config: CONFIG, settings: settingsOf(3), initialParams: new Float64Array(8).fill(10) });
    await ended();
    const first = replies[0];
    expect(first.type === 'progress' && Array.from(first.progress.snapshot!.params)).toEqual(new Array(8).fill(10));
  });

  test('a config the core refuses: an error with its message and code', async () => {
    const { port, send, ended } = fakePort();
    serveTraining(port, () => Promise.resolve(fakeCore()));
    send({ type: 'start', config: { ...CONFIG, heads: 3 }, settings: settingsOf(10) });
    expect(await ended()).toEqual({
      type: 'error',
      name: 'AttentionError',
      code: 'divisibility',
      message: 'tiny_transformer: heads = 3 does not divide d_model = 8',
    });
  });

  test('a core that does not load: an error', async () => {
    const { port, send, ended } = fakePort();
    serveTraining(port, () => Promise.reject(new Error('tiny core: could not fetch tiny_core.wasm')));
    send({ type: 'start', config: CONFIG, settings: settingsOf(10) });
    expect(await ended()).toEqual({ type: 'error', name: 'Error', message: 'tiny core: could not fetch tiny_core.wasm' });
  });

  test('a cancel sent while the core loads ends the run at once', async () => {
    const { port, replies, send, ended } = fakePort();
    let load: (c: TinyCore) => void = () => {};
    serveTraining(port, () => new Promise<TinyCore>((r) => (load = r)));
    send({ type: 'start', config: CONFIG, settings: settingsOf(1000) });
    send({ type: 'pause' });
    send({ type: 'cancel' });
    load(fakeCore());
    expect(await ended()).toEqual({ type: 'cancelled', step: 0 });
    expect(replies.filter((r) => r.type === 'progress').length).toBe(1); // the first snapshot only
  });

  test('a second start is refused; the first run goes on', async () => {
    const { port, replies, send, ended } = fakePort();
    serveTraining(port, () => Promise.resolve(fakeCore()));
    send({ type: 'start', config: CONFIG, settings: settingsOf(5) });
    send({ type: 'start', config: CONFIG, settings: settingsOf(5) });
    expect(replies[0]).toEqual({ type: 'error', name: 'Error', message: 'training: this worker has already started a run' });
    await ended();
    while (!replies.some((r) => r.type === 'done')) await new Promise((r) => setTimeout(r, 1));
    expect(replies[replies.length - 1]).toEqual({ type: 'done', step: 5 }); // the first run goes on
  });
});
