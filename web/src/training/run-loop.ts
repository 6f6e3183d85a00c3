// run-loop.ts — the training worker's driver over a TinySession: it trains in
// chunks of about 30 ms of work (measured as it goes), gives the event loop a
// turn between chunks so pause, resume and cancel are handled at once, takes
// the snapshots and reports each chunk's curve points (TrainProgress).
//
//   const loop = new RunLoop(session, (p) => post(p));
//   const end = await loop.run();   // 'done' after settings.steps steps, 'cancelled' after cancel()
//   loop.pause(); loop.resume(); loop.cancel();
//
// Snapshots: at the step the run starts from (0 for a new session), at every
// multiple of snapshotEvery(steps) = max(1, floor(steps / 60)) and at the last
// step, so a run of ≥ 50 steps has ≥ 50 of them. A chunk never runs past the
// next snapshot's step.
//
// serveTraining() is the worker's side of protocol.ts over any port (the
// worker's global scope, or a test's fake): one run per worker.

import type { TinyCore, TinySession, TrainProgress } from './types';
import { transfersOf, type TrainingReply, type TrainingRequest } from './protocol';

/** The work a chunk aims at, in milliseconds. */
export const CHUNK_MS = 30;

/** The most steps one chunk runs (the first chunk is 1 step, to measure). */
export const MAX_CHUNK = 1000;

/** Steps between snapshots for a run of `steps` steps. */
export function snapshotEvery(steps: number): number {
  return Math.max(1, Math.floor(steps / 60));
}

/** The first step after `step` at which a snapshot is taken (every `snapshotEvery`, and the last). */
export function nextSnapshotStep(step: number, steps: number): number {
  const every = snapshotEvery(steps);
  return Math.min(steps, (Math.floor(step / every) + 1) * every);
}

/** Give the event loop a turn: a MessageChannel message (no 4 ms clamp of nested timeouts), else a timeout. */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export interface RunLoopOptions {
  /** The work one chunk aims at, ms (default CHUNK_MS). */
  chunkMs?: number;
  /** The clock, ms (default performance.now). */
  now?: () => number;
  /** Between chunks (default yieldToEvents). */
  yieldFn?: () => Promise<void>;
}

/** How a run ended. */
export type RunEnd = 'done' | 'cancelled';

/** Trains a session to settings.steps in chunks, with pause, resume and cancel. */
export class RunLoop {
  private pausedNow = false;
  private cancelledNow = false;
  private wake: (() => void) | null = null;
  private msPerStep = 0; // measured, smoothed
  private trainedSteps = 0; // by this loop
  private trainedMs = 0; // the time they took with their snapshots (pauses and yields left out)
  private readonly chunkMs: number;
  private readonly now: () => number;
  private readonly yieldFn: () => Promise<void>;

  constructor(
    private readonly session: TinySession,
    private readonly onProgress: (p: TrainProgress) => void,
    options: RunLoopOptions = {},
  ) {
    this.chunkMs = options.chunkMs ?? CHUNK_MS;
    this.now = options.now ?? (() => performance.now());
    this.yieldFn = options.yieldFn ?? yieldToEvents;
  }

  get paused(): boolean {
    return this.pausedNow;
  }

  /** Stop after the current chunk until resume(). */
  pause(): void {
    this.pausedNow = true;
  }

  resume(): void {
    this.pausedNow = false;
    this.wakeUp();
  }

  /** End the run after the current chunk; run() resolves with 'cancelled'. */
  cancel(): void {
    this.cancelledNow = true;
    this.wakeUp();
  }

  /** The steps per second so far (0 before the first chunk). */
  get stepsPerSecond(): number {
    return this.trainedMs > 0 ? (1000 * this.trainedSteps) / this.trainedMs : 0;
  }

  /** Train to the end (or cancel); reports the first snapshot, then every chunk. Errors of the session reject. */
  async run(): Promise<RunEnd> {
    const total = this.session.settings.steps;
    this.onProgress({ step: this.session.step(), total, curve: [], snapshot: this.session.snapshot(), stepsPerSecond: 0 });
    while (this.session.step() < total) {
      await this.yieldFn();
      while (this.pausedNow && !this.cancelledNow) await new Promise<void>((resolve) => (this.wake = resolve));
      if (this.cancelledNow) return 'cancelled';
      this.chunk(total);
    }
    return 'done';
  }

  /** The steps of the next chunk: about chunkMs of work, never past the next snapshot. */
  chunkSize(step: number, total: number): number {
    const aim = this.msPerStep > 0 ? Math.floor(this.chunkMs / this.msPerStep) : 1;
    return Math.max(1, Math.min(aim, MAX_CHUNK, nextSnapshotStep(step, total) - step));
  }

  private chunk(total: number): void {
    const before = this.session.step();
    const count = this.chunkSize(before, total);
    const t0 = this.now();
    const curve = this.session.train(count);
    const ms = Math.max(0, this.now() - t0);
    const step = this.session.step();
    const taken = step - before;
    if (taken > 0) {
      const per = ms / taken;
      this.msPerStep = this.msPerStep > 0 ? 0.5 * this.msPerStep + 0.5 * per : per;
    }
    const snapshot = step === total || step % snapshotEvery(total) === 0 ? this.session.snapshot() : undefined;
    // the rate counts the snapshots' time too: what the run really gets done
    this.trainedSteps += Math.max(0, taken);
    this.trainedMs += Math.max(0, this.now() - t0);
    this.onProgress({ step, total, curve, ...(snapshot ? { snapshot } : {}), stepsPerSecond: this.stepsPerSecond });
    if (taken <= 0 && step < total) throw new Error(`training: train(${count}) took no step at step ${step} of ${total}`);
  }

  private wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

/** The part of a worker's scope serveTraining uses. */
export interface TrainingPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((e: MessageEvent) => unknown) | null;
}

/** An error as the reply's message and code (an AttentionError's code, when it has one). */
function errorReply(e: unknown): TrainingReply {
  const code = typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : undefined;
  const name = e instanceof Error ? e.name : 'Error';
  return { type: 'error', message: e instanceof Error ? e.message : String(e), name, ...(code ? { code } : {}) };
}

/** Answer protocol.ts's requests on `port`: a start runs one RunLoop over a session of `load()`'s core. */
export function serveTraining(port: TrainingPort, load: () => Promise<TinyCore>, options: RunLoopOptions = {}): void {
  let loop: RunLoop | null = null;
  let started = false;
  const post = (m: TrainingReply) => {
    try {
      port.postMessage(m, transfersOf(m));
    } catch {
      port.postMessage(m, []); // a buffer that cannot move (e.g. a view of the WASM memory) is copied instead
    }
  };
  const start = async (m: Extract<TrainingRequest, { type: 'start' }>) => {
    let session: TinySession | null = null;
    try {
      const core = await load();
      session = core.createSession(m.config, m.settings);
      if (m.initialParams) session.setParams(m.initialParams);
      const threads = core.threads();
      loop = new RunLoop(session, (progress) => post({ type: 'progress', progress: { ...progress, threads } }), options);
      if (pendingPause) loop.pause();
      if (pendingCancel) loop.cancel();
      const end = await loop.run();
      post(end === 'done' ? { type: 'done', step: session.step() } : { type: 'cancelled', step: session.step() });
    } catch (e) {
      post(errorReply(e));
    } finally {
      session?.dispose();
    }
  };
  // a pause or cancel that arrives while the core loads applies once the loop exists
  let pendingPause = false;
  let pendingCancel = false;
  port.onmessage = (e: MessageEvent) => {
    const m = e.data as TrainingRequest;
    if (m.type === 'start') {
      if (started) post({ type: 'error', name: 'Error', message: 'training: this worker has already started a run' });
      else {
        started = true;
        void start(m);
      }
    } else if (m.type === 'pause') {
      pendingPause = true;
      loop?.pause();
    } else if (m.type === 'resume') {
      pendingPause = false;
      loop?.resume();
    } else if (m.type === 'cancel') {
      pendingCancel = true;
      loop?.cancel();
    }
  };
}
