// draft.ts — the author's draft: the lesson being written (its id, title and
// recorded steps), the step form as typed and which step it edits; kept in
// the browser's storage under one versioned key so that a reload loses
// nothing. Stored text is untrusted: a draft that does not read (not JSON,
// another version, a field of the wrong type, a recorded step the lesson
// reader refuses) is discarded, and the caller says so. Pure, but for the
// Storage it is given.

import { MAX_STEPS, readLesson, type Lesson, type Step, type Words } from '../lesson';
import { isFormKind } from './check-spec';
import { emptyStepForm, POINT_KINDS, type ExerciseForm, type PointForm, type StepForm } from './compose';

/** The key of the draft in localStorage. */
export const DRAFT_KEY = 'attention-playground.author-draft';

/** The author's draft. */
export interface Draft {
  version: 1;
  id: string;
  title: Words;
  steps: Step[];
  form: StepForm;
  /** The recorded step the form edits, or null for a new step. */
  editing: number | null;
}

/** Where the draft is kept (localStorage, or a test's map). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A draft with nothing in it. */
export const emptyDraft = (): Draft => ({ version: 1, id: '', title: { en: '', zh: '' }, steps: [], form: emptyStepForm(), editing: null });

// ---------------------------------------------------------------- reading

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWords = (x: unknown): x is Words => isObject(x) && typeof x.en === 'string' && typeof x.zh === 'string';
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
const allStrings = (o: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => typeof o[k] === 'string');

function isPointForm(x: unknown): x is PointForm {
  return (
    isObject(x) && (POINT_KINDS as readonly unknown[]).includes(x.kind) && allStrings(x, ['panel', 'i', 'j', 'matrix']) && (x.arrow === 'q' || x.arrow === 'k')
  );
}

function isExerciseForm(x: unknown): x is ExerciseForm {
  if (!isObject(x) || !allStrings(x, ['id', 'solution', 'score']) || !isWords(x.task)) return false;
  const c = x.check;
  return (
    isObject(c) &&
    isFormKind(c.kind) &&
    isObject(c.fields) &&
    Object.values(c.fields).every((v) => typeof v === 'string') &&
    Array.isArray(x.hints) &&
    x.hints.every(isWords)
  );
}

function isStepForm(x: unknown): x is StepForm {
  return (
    isObject(x) && isWords(x.title) && isWords(x.text) && isStrings(x.panels) && isPointForm(x.point) && (x.exercise === null || isExerciseForm(x.exercise))
  );
}

/** Does each step read as a lesson's step (each on its own: two sharing an exercise id are left for the export to name)? */
const stepsRead = (steps: unknown[]) => steps.every((s) => readLesson({ version: 1, id: 'draft', title: { en: '-', zh: '-' }, steps: [s] }).ok);

/** The draft a stored text holds, or null when it does not read. */
export function readDraft(text: string): Draft | null {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(x) || x.version !== 1 || typeof x.id !== 'string' || !isWords(x.title) || !isStepForm(x.form)) return null;
  if (!Array.isArray(x.steps) || x.steps.length > MAX_STEPS || !stepsRead(x.steps)) return null;
  const editing = x.editing;
  if (editing !== null && !(Number.isInteger(editing) && (editing as number) >= 0 && (editing as number) < x.steps.length)) return null;
  return { version: 1, id: x.id, title: { en: x.title.en, zh: x.title.zh }, steps: x.steps as Step[], form: x.form, editing: editing as number | null };
}

/** The text a draft is stored as. */
export const writeDraft = (d: Draft): string => JSON.stringify(d);

/** The stored draft (an empty one when there is none); `discarded` when one was there but did not read (it is removed). */
export function loadDraft(storage: DraftStorage | null): { draft: Draft; discarded: boolean } {
  let text: string | null = null;
  try {
    text = storage?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return { draft: emptyDraft(), discarded: false }; // storage blocked: nothing to read
  }
  if (text === null) return { draft: emptyDraft(), discarded: false };
  const draft = readDraft(text);
  if (draft) return { draft, discarded: false };
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // as above
  }
  return { draft: emptyDraft(), discarded: true };
}

/** Keep the draft; false when the storage refused it (blocked, or full). */
export function saveDraft(storage: DraftStorage | null, d: Draft): boolean {
  try {
    storage?.setItem(DRAFT_KEY, writeDraft(d));
    return storage !== null;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the lesson

/** The lesson file the draft makes (readLesson says whether it reads). */
export function lessonOf(d: Draft): Lesson {
  return { version: 1, id: d.id.trim(), title: { en: d.title.en.trim(), zh: d.title.zh.trim() }, steps: d.steps };
}

/** A draft that edits `lesson` (its steps recorded, the form empty). */
export function draftOf(lesson: Lesson): Draft {
  return { ...emptyDraft(), id: lesson.id, title: { ...lesson.title }, steps: structuredClone(lesson.steps) };
}
