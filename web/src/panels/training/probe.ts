// probe.ts — the page's own tiny core (loaded on the main thread when first
// needed: it is small) and one session of it, kept for the model shown: it
// gives the held-out sequence a run is measured on, a head's q, k, v at any
// snapshot's parameters, and the snapshot of given weights (a trained or a
// loaded checkpoint). Training itself goes on in the worker (client.ts).

import { loadTinyCore } from '../../training/core';
import type { Checkpoint } from '../../training/checkpoint';
import type { CurvePoint, ScorePoint, Snapshot, TinyConfig, TinyCore, TinySession, TrainSettings } from '../../training/types';

/** A model the views show: its config and settings, its curve, its snapshots (in step order), its held-out sequence. */
export interface Shown {
  config: TinyConfig;
  settings: TrainSettings;
  curve: CurvePoint[];
  snapshots: Snapshot[];
  tokens: number[];
  /** The scores over training when the snapshots do not hold them (a checkpoint's history); else empty. */
  history: ScorePoint[];
}

/** The main thread's tiny core and the session of the model shown. */
export class Probe {
  private core: Promise<TinyCore> | null = null;
  private session: TinySession | null = null;
  private key = '';

  /** The tiny core (loaded on the first call). */
  loaded(): Promise<TinyCore> {
    this.core ??= loadTinyCore();
    // a failed load is tried again next time
    this.core.catch(() => (this.core = null));
    return this.core;
  }

  /** A session of `config` and `settings` (the last one again when they are the same). */
  async sessionFor(config: TinyConfig, settings: TrainSettings): Promise<TinySession> {
    const core = await this.loaded();
    const key = JSON.stringify([config, settings]);
    if (this.session && this.key === key) return this.session;
    this.session?.dispose();
    this.session = null;
    this.session = core.createSession(config, settings);
    this.key = key;
    return this.session;
  }

  /** The held-out sequence of a run of `config` with `settings`. */
  async heldOut(config: TinyConfig, settings: TrainSettings): Promise<number[]> {
    return (await this.sessionFor(config, settings)).heldOut();
  }

  /** A checkpoint as a model to show: its curve and one snapshot, its weights (at its step). */
  async shownOf(c: Checkpoint): Promise<Shown> {
    const session = await this.sessionFor(c.config, c.settings);
    session.setParams(c.params);
    const snapshot: Snapshot = { ...session.snapshot(), step: c.step };
    return { config: c.config, settings: c.settings, curve: c.curve, snapshots: [snapshot], tokens: session.heldOut(), history: c.history };
  }

  /** Free the session. */
  dispose(): void {
    this.session?.dispose();
    this.session = null;
    this.key = '';
  }
}
