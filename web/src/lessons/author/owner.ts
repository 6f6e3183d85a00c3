// owner.ts — what the author mode (author.ts) is given by the playground it
// writes lessons in, and what it gives back. Types only.

import type { Lang } from '../../base/lang';
import type { Core } from '../../core/core';
import type { Outcome } from '../../model/compute';
import type { State } from '../../model/state';
import type { Lesson } from '../lesson';

/** The playground, as the author mode sees it. */
export interface AuthorOwner {
  readonly core: Core;
  t(key: string, vars?: Record<string, string | number>): string;
  lang(): Lang;
  /** The state shown now. */
  state(): State;
  /** Its outcome (null before the first computation). */
  outcome(): Outcome | null;
  /** The experiments' last results, by name (what an "experiment" check reads). */
  results(): Readonly<Record<string, unknown>>;
  /** Show a state (a recorded step's) in the page, as a new history entry. */
  load(state: State): void;
  /** Play a lesson in this playground (the lesson player opens it at its first step). */
  play(lesson: Lesson): void;
  /** The lesson being played, if any (the author may start from it). */
  lesson(): Lesson | null;
  /** Add a stylesheet (CSS text) to the playground's shadow root. */
  adopt(css: string): void;
}

/** The author mode's panel. */
export interface AuthorPanel {
  readonly element: HTMLElement;
  /** Called after every recompute with its final outcome. */
  render(state: State, outcome: Outcome): void;
}
