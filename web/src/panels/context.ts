// context.ts — what every panel receives from the playground that owns it.
//
// Panels never hold the state themselves: they read it through `state()` and
// change it through `update()`, which recomputes and re-renders every panel.

import type { Core } from '../core/core';
import type { Outcome, View } from '../model/compute';
import type { Lang } from '../base/lang';
import type { Words } from '../base/words';
import type { State } from '../model/state';

/**
 * How an update enters the browser history (when the playground syncs the URL hash):
 * 'push' a committed edit (new entry), 'live' typing in progress (the first keystroke
 * after a commit makes a new entry, later ones update it), 'replace' update the current
 * entry, 'none' leave the URL alone.
 */
export type HistoryMode = 'push' | 'live' | 'replace' | 'none';

/**
 * What the learner points at (hover or keyboard focus), shared by every panel so that each can highlight its
 * part: weight (i, j) of a head (its Q row i, K row j, the (i, j) cell of every step, the written-out
 * computation), or output row i (the weights row that made it). Not part of the state: never in the URL.
 */
export type Pointed = { kind: 'weight'; head: number; i: number; j: number } | { kind: 'output'; i: number } | null;

/** The playground, as panels see it. */
export interface PanelContext {
  readonly core: Core;
  readonly lang: Lang;
  /** The current state (treat as read-only). */
  state(): State;
  /** Change the state through a mutator on a copy; recompute and re-render. */
  update(mutate: (s: State) => void, history?: HistoryMode): void;
  /** The host element, for events and for sizing. */
  readonly host: HTMLElement;
  /** Translate a key in the current language. */
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** The last result computed without error (shown dimmed while the input is invalid, or while a large one is computed). */
  lastGood(): View | null;
  /** Stop the computation running in the background (its outcome becomes 'cancelled'). */
  cancelCompute(): void;
  /** A share link to this exact state. */
  shareLink(): string;
  /** Say what the learner points at now (null: nothing); every panel's showPointed() is called. */
  point(p: Pointed): void;
  /** What the learner points at now. */
  pointed(): Pointed;
  /** True while the render in progress is one of many a second (a drag, typing): work nobody sees may wait. */
  live(): boolean;
}

/** A panel: owns one part of the page. */
export interface Panel {
  readonly element: HTMLElement;
  /** Called after every recompute. */
  render(state: State, outcome: Outcome): void;
  /**
   * The same render as steps, each run in order (a large outcome's are spread across frames: frames.ts); a panel
   * without it renders in one step.
   */
  stages?(state: State, outcome: Outcome): (() => void)[];
  /** Highlight what the learner points at (called when it changes, and after every render). */
  showPointed?(p: Pointed): void;
}

/**
 * A panel's module, arrived: how to make the panel, the stylesheets (CSS text) it brings, adopted by the
 * playground's shadow root, and the words it brings (a panel loaded later), both registered before make() runs,
 * since its constructor may translate.
 */
export interface BuiltPanel {
  make(): Panel;
  styles?: readonly string[];
  words?: readonly Words<Readonly<Record<string, string>>>[];
}
