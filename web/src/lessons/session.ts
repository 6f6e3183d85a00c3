// session.ts — one learner in one lesson: the step they are on and their
// progress, the state each step opens with, the check of the step's exercise
// evaluated on the core's own numbers, hints one at a time, "show me". No
// DOM: the player (player.ts) shows it, the element keeps the state.

import type { Core } from '../core/core';
import type { Outcome } from '../model/compute';
import { parse, type State } from '../model/state';
import { evaluate, patched, type Check } from './checks';
import type { Exercise, Lesson, Step } from './lesson';
import { exerciseProgress, freshProgress, gradeOf, passed, withExercise, type ExerciseProgress, type Grade, type Progress } from './progress';

/** What a check of the current step came to. */
export interface CheckResult {
  exercise: Exercise;
  /** The check holds for the state shown. */
  holds: boolean;
  /** It passed now for the first time. */
  newlyPassed: boolean;
  record: ExerciseProgress;
}

/** Does the check ask for a typed answer? */
export function asksAnswer(check: Check): boolean {
  if (check.kind === 'answer') return true;
  if (check.kind === 'all' || check.kind === 'any') return check.checks.some(asksAnswer);
  if (check.kind === 'not' || check.kind === 'with') return asksAnswer(check.check);
  return false;
}

/** One lesson being followed. */
export class LessonSession {
  private progressNow: Progress;

  constructor(
    readonly lesson: Lesson,
    /** What names the lesson in the link (a course id, an address). */
    readonly ref: string,
    progress: Progress | null = null,
  ) {
    this.progressNow = progress ?? freshProgress(lesson.id);
  }

  get progress(): Progress {
    return this.progressNow;
  }

  /** Replace the progress (a course platform's copy); the step follows it. */
  restore(p: Progress): void {
    this.progressNow = p;
  }

  /** The step number shown, from 1. */
  get stepNumber(): number {
    return this.progressNow.step;
  }

  get step(): Step {
    return this.lesson.steps[this.progressNow.step - 1];
  }

  get count(): number {
    return this.lesson.steps.length;
  }

  /** Go to step `n` (clamped to the lesson); true when it is another step. */
  goTo(n: number): boolean {
    const step = Math.min(Math.max(1, Math.round(n) || 1), this.count);
    if (step === this.progressNow.step) return false;
    this.progressNow = { ...this.progressNow, step };
    return true;
  }

  /** The state step `n` opens with: its piece of a link over the initial state. */
  startState(n = this.progressNow.step): State {
    return parse(this.lesson.steps[n - 1].state);
  }

  /** The state "show me" loads: the step's start with the exercise's solution laid over. */
  solutionState(): State | null {
    const ex = this.step.exercise;
    if (!ex) return null;
    const rec = exerciseProgress(this.progressNow, ex.id);
    this.progressNow = withExercise(this.progressNow, ex.id, { shown: rec.passed ? rec.shown : true });
    return patched(this.startState(), ex.solution);
  }

  /** Show one more hint of the step's exercise; how many are shown now. */
  nextHint(): number {
    const ex = this.step.exercise;
    if (!ex) return 0;
    const hints = Math.min(exerciseProgress(this.progressNow, ex.id).hints + 1, ex.hints.length);
    this.progressNow = withExercise(this.progressNow, ex.id, { hints });
    return hints;
  }

  /** The record of the step's exercise, or null when the step has none. */
  record(): ExerciseProgress | null {
    const ex = this.step.exercise;
    return ex ? exerciseProgress(this.progressNow, ex.id) : null;
  }

  /** Evaluate the step's exercise on a state and its outcome (results: the experiments' last results); null without one. */
  check(core: Core, state: State, outcome: Outcome, results: Readonly<Record<string, unknown>>, answer?: number): CheckResult | null {
    const ex = this.step.exercise;
    if (!ex) return null;
    let holds = false;
    try {
      holds = evaluate(ex.check, { core, state, outcome, results, answer });
    } catch {
      holds = false; // a check never breaks the page: what the core refuses, the panels say
    }
    const before = exerciseProgress(this.progressNow, ex.id).passed;
    if (holds && !before) this.progressNow = passed(this.progressNow, ex.id, ex.score);
    return { exercise: ex, holds, newlyPassed: holds && !before, record: exerciseProgress(this.progressNow, ex.id) };
  }

  grade(): Grade {
    return gradeOf(this.lesson, this.progressNow);
  }
}
