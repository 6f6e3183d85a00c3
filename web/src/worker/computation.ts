// computation.ts — the page's side of computing a state: where (route.ts), and
// which outcome is shown. run(state) answers at once:
//
//   * a small state: compute()'s outcome, computed now (as always);
//   * a state the core would refuse as too large: that failure, with nothing built;
//   * a large state: a pending outcome (code 'pending', with the size of its
//     weights and the stage reached); the worker's outcome follows through
//     `report`, and each stage as it starts.
//
// Only the latest state is ever computed: a newer state cancels an older run
// (terminating its worker), and cancel() stops the running one, whose outcome
// becomes 'cancelled'. The page keeps showing the last good view meanwhile.

import type { Core } from '../core/core';
import { fill } from '../base/fill';
import { compute, type Outcome } from '../model/compute';
import { routeOf } from '../model/route';
import type { State } from '../model/state';
import type { Work } from '../model/work';
import { ComputeCancelled, ComputeClient } from './client';
import type { WorkerStage } from './protocol';
import { WORK_WORDS } from './words';

/** The code of the outcome shown while the worker computes. */
export const PENDING = 'pending';
/** The code of the outcome of a run stopped by Cancel. */
export const CANCELLED = 'cancelled';
/** Results above which the worker is stopped after its run, to give back the memory it grew (64 MiB). */
export const RELEASE_BYTES = 2 ** 26;

/** Hears the worker's outcome of `state` (`final`), or a new stage of its pending one. */
export type Report = (state: State, outcome: Outcome, final: boolean) => void;

/** A failure of the page's own words: the i18n key, its variables, and the English text. */
function note(code: string, key: string, vars: Record<string, string | number>): Outcome {
  const english = (WORK_WORDS.en as Readonly<Record<string, string>>)[key] ?? key;
  return { ok: false, cellErrors: [], code, key, vars, message: fill(english, vars) };
}

/** The outcome shown while `work` is computed in the worker, at `stage`. */
export function pendingOutcome(work: Work, stage: WorkerStage): Outcome {
  const { heads, rows, cols } = work.weights;
  return note(PENDING, heads > 1 ? 'work.pendingHeads' : 'work.pending', { heads, rows, cols, stage });
}

/** Is `outcome` the pending or cancelled note of a run in the worker (not a problem with the input)? */
export function isWorkNote(outcome: Outcome): boolean {
  return !outcome.ok && (outcome.code === PENDING || outcome.code === CANCELLED);
}

/** A client when this page can start workers (not in jsdom). */
const defaultClient = (): ComputeClient | null => (typeof Worker === 'undefined' ? null : new ComputeClient());

/** Computes each state where its size says, the latest one only. */
export class Computation {
  private client: ComputeClient | null | undefined;
  private running: State | null = null;

  constructor(
    private readonly core: Core,
    private readonly report: Report,
    private readonly makeClient: () => ComputeClient | null = defaultClient,
  ) {}

  /** The outcome of `state` now: computed, refused, or pending (then the worker's follows through `report`). */
  run(state: State): Outcome {
    const route = routeOf(this.core, state);
    this.client ??= route.kind === 'worker' ? this.makeClient() : undefined;
    if (route.kind !== 'worker' || !this.client) {
      this.stop();
      return route.kind === 'refused' ? { ok: false, ...route.failure } : compute(this.core, state);
    }
    const client = this.client;
    this.running = state;
    client
      .run(state, (stage) => this.report(state, pendingOutcome(route.work, stage), false))
      .then((outcome) => {
        this.running = null;
        if (route.work.resultBytes > RELEASE_BYTES) client.release();
        this.report(state, outcome, true);
      })
      .catch((err: unknown) => {
        if (err instanceof ComputeCancelled) return; // a newer state, or cancel(): reported there
        this.running = null;
        this.report(state, note('internal', 'work.failed', { message: err instanceof Error ? err.message : String(err) }), true);
      });
    return pendingOutcome(route.work, 'start');
  }

  /** True while a state is computed in the worker. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Stop the running computation (the Cancel button): its outcome becomes 'cancelled'. */
  cancel(): void {
    const state = this.running;
    if (!state) return;
    this.stop();
    this.report(state, note(CANCELLED, 'work.cancelled', {}), true);
  }

  /** Stop the worker for good. */
  dispose(): void {
    this.stop();
    this.client?.dispose();
  }

  private stop(): void {
    this.running = null;
    this.client?.cancel();
  }
}
