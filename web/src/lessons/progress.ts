// progress.ts — a learner's progress in one lesson: the step they are on, and
// for each exercise whether it passed, its score, the hints seen and whether
// the solution was shown. Kept in the browser's storage (one versioned entry a
// lesson; an entry that cannot be read is discarded and the page says so),
// and as text for a course platform (SCORM's cmi.suspend_data, JSInput's
// state). The grade of a lesson is computed from it.

import { maxScore, type Lesson } from './lesson';

/** One exercise's record. */
export interface ExerciseProgress {
  passed: boolean;
  /** The score it earned: its score when passed without "show me" first, else 0. */
  score: number;
  /** How many hints were shown. */
  hints: number;
  /** The solution was shown before it passed (it then earns no score). */
  shown: boolean;
}

/** A learner's progress in one lesson. */
export interface Progress {
  version: 1;
  lesson: string;
  /** The step they are on, from 1. */
  step: number;
  exercises: Record<string, ExerciseProgress>;
}

/** The grade of a lesson, as a course platform records it. */
export interface Grade {
  lesson: string;
  score: number;
  maxScore: number;
  /** How many exercises passed, of how many. */
  passed: number;
  exercises: number;
  /** Every exercise passed. */
  complete: boolean;
}

/** The storage key of a lesson's progress. */
export const progressKey = (lesson: string): string => `attention-playground.lesson.${lesson}`;

/** The progress of a lesson not yet started. */
export const freshProgress = (lesson: string): Progress => ({ version: 1, lesson, step: 1, exercises: {} });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** One exercise's record read, or null when it is not one. */
function exerciseOf(x: unknown): ExerciseProgress | null {
  if (!isObject(x)) return null;
  const { passed, score, hints, shown } = x;
  if (typeof passed !== 'boolean' || typeof shown !== 'boolean') return null;
  if (!Number.isInteger(score) || (score as number) < 0 || !Number.isInteger(hints) || (hints as number) < 0) return null;
  return { passed, score: score as number, hints: hints as number, shown };
}

/**
 * Progress read from its text (storage, suspend_data), checked against the lesson: null when it is not the
 * progress of this lesson (another version, another lesson, a broken entry). Exercises the lesson no longer has
 * are dropped, a score is capped at the exercise's, the step kept within the lesson.
 */
export function readProgress(text: string, lesson: Lesson): Progress | null {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(x) || x.version !== 1 || x.lesson !== lesson.id || !Number.isInteger(x.step) || !isObject(x.exercises)) return null;
  const out = freshProgress(lesson.id);
  out.step = Math.min(Math.max(1, x.step as number), lesson.steps.length);
  for (const step of lesson.steps) {
    const ex = step.exercise;
    if (!ex || !(ex.id in x.exercises)) continue;
    const record = exerciseOf(x.exercises[ex.id]);
    if (!record) return null;
    out.exercises[ex.id] = { ...record, score: Math.min(record.score, record.passed ? ex.score : 0) };
  }
  return out;
}

/** The grade of `progress` in `lesson`. */
export function gradeOf(lesson: Lesson, progress: Progress): Grade {
  const exercises = lesson.steps.flatMap((s) => (s.exercise ? [s.exercise] : []));
  const passed = exercises.filter((e) => progress.exercises[e.id]?.passed).length;
  const score = exercises.reduce((sum, e) => sum + (progress.exercises[e.id]?.score ?? 0), 0);
  return { lesson: lesson.id, score, maxScore: maxScore(lesson), passed, exercises: exercises.length, complete: passed === exercises.length };
}

/** The record of exercise `id` (a fresh one when it has none). */
export const exerciseProgress = (p: Progress, id: string): ExerciseProgress => p.exercises[id] ?? { passed: false, score: 0, hints: 0, shown: false };

/** `p` with exercise `id`'s record changed by `change` (a new object: progress is never changed in place). */
export function withExercise(p: Progress, id: string, change: Partial<ExerciseProgress>): Progress {
  return { ...p, exercises: { ...p.exercises, [id]: { ...exerciseProgress(p, id), ...change } } };
}

/** `p` with the exercise `id` passed: its full score unless the solution was shown first. A pass is kept. */
export function passed(p: Progress, id: string, score: number): Progress {
  const before = exerciseProgress(p, id);
  return before.passed ? p : withExercise(p, id, { passed: true, score: before.shown ? 0 : score });
}

/** Where progress is kept: the browser's storage (or nothing, where it is blocked). */
export interface ProgressStore {
  /** The lesson's stored progress; `discarded` when an entry was there but could not be read (it is removed). */
  load(lesson: Lesson): { progress: Progress | null; discarded: boolean };
  save(p: Progress): void;
}

/** The progress kept in `storage` (localStorage), one entry a lesson. */
export function storageStore(storage: () => Storage | null): ProgressStore {
  const safe = <T>(f: (s: Storage) => T, fallback: T): T => {
    try {
      const s = storage();
      return s ? f(s) : fallback;
    } catch {
      return fallback; // storage blocked or full: progress lives as long as the page
    }
  };
  return {
    load: (lesson) =>
      safe(
        (s) => {
          const text = s.getItem(progressKey(lesson.id));
          if (text === null) return { progress: null, discarded: false };
          const progress = readProgress(text, lesson);
          if (!progress) s.removeItem(progressKey(lesson.id));
          return { progress, discarded: !progress };
        },
        { progress: null, discarded: false },
      ),
    save: (p) => safe((s) => s.setItem(progressKey(p.lesson), JSON.stringify(p)), undefined),
  };
}
