// compose.ts — the step form's contents and the lesson step they make: the
// words, the panels shown, what the step points at, its exercise (a task, a
// check form, hints, a solution, a score), as typed; buildStep() turns them
// and the state shown into a step of the lesson file, with every problem that
// readLesson would name, at the place the step will have; formOfStep() is the
// way back (a step to edit). No DOM.

import { PANELS } from '../../panels/registry';
import { readLesson, type Exercise, type Pointer, type Problem, type Step, type Words } from '../lesson';
import { buildCheck, emptyCheckForm, formOfCheck, type CheckForm } from './check-spec';

/** What a step may point at. */
export const POINT_KINDS = ['none', 'panel', 'weight', 'row', 'cell', 'arrow'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** The pointer form: a kind and the texts of every kind's fields (those of other kinds are kept while the teacher switches). */
export interface PointForm {
  kind: PointKind;
  panel: string;
  /** The weight's query i, or the row's or the arrow's row. */
  i: string;
  /** The weight's key j. */
  j: string;
  matrix: string;
  arrow: 'q' | 'k';
}

/** The exercise form, as typed. */
export interface ExerciseForm {
  id: string;
  task: Words;
  check: CheckForm;
  hints: Words[];
  solution: string;
  score: string;
}

/** The step form, as typed. */
export interface StepForm {
  title: Words;
  text: Words;
  /** The panels checked (none: all). */
  panels: string[];
  point: PointForm;
  exercise: ExerciseForm | null;
}

export const emptyWords = (): Words => ({ en: '', zh: '' });
export const emptyPoint = (): PointForm => ({ kind: 'none', panel: PANELS[0], i: '0', j: '0', matrix: 'Q', arrow: 'q' });
export const emptyExercise = (): ExerciseForm => ({ id: '', task: emptyWords(), check: emptyCheckForm(), hints: [], solution: '', score: '1' });
export const emptyStepForm = (): StepForm => ({ title: emptyWords(), text: emptyWords(), panels: [], point: emptyPoint(), exercise: null });

const trimmed = (w: Words): Words => ({ en: w.en.trim(), zh: w.zh.trim() });
/** A whole number's text as a number, or the text (so that the file's reader names it). */
const wholeOf = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim());

/** The pointer a form describes (undefined: none). */
export function pointerOf(p: PointForm): Pointer | undefined {
  switch (p.kind) {
    case 'none':
      return undefined;
    case 'panel':
      return { panel: p.panel };
    case 'weight':
      return { weight: [wholeOf(p.i), wholeOf(p.j)] } as Pointer;
    case 'row':
      return { row: { matrix: p.matrix.trim(), i: wholeOf(p.i) } } as Pointer;
    case 'cell':
      return { cell: { matrix: p.matrix.trim(), i: wholeOf(p.i), j: wholeOf(p.j) } } as Pointer;
    case 'arrow':
      return { arrow: { kind: p.arrow, row: wholeOf(p.i) } } as Pointer;
  }
}

/** The form of a pointer. */
export function pointForm(p: Pointer | undefined): PointForm {
  const f = emptyPoint();
  if (!p) return f;
  if ('panel' in p) return { ...f, kind: 'panel', panel: p.panel };
  if ('weight' in p) return { ...f, kind: 'weight', i: String(p.weight[0]), j: String(p.weight[1]) };
  if ('row' in p) return { ...f, kind: 'row', matrix: p.row.matrix, i: String(p.row.i) };
  if ('cell' in p) return { ...f, kind: 'cell', matrix: p.cell.matrix, i: String(p.cell.i), j: String(p.cell.j) };
  return { ...f, kind: 'arrow', arrow: p.arrow.kind, i: String(p.arrow.row) };
}

/** The exercise a form describes, as built (it may not read: buildStep says why). */
function exerciseOf(e: ExerciseForm): Exercise {
  return {
    id: e.id.trim(),
    task: trimmed(e.task),
    check: buildCheck(e.check).value as Exercise['check'],
    hints: e.hints.map(trimmed),
    solution: e.solution.trim(),
    score: wholeOf(e.score) as number,
  };
}

/** The step a form makes with `state` (a piece of a link), as built. */
export function stepOf(form: StepForm, state: string): Step {
  const step: Step = { title: trimmed(form.title), text: trimmed(form.text), state };
  const panels = form.panels.filter((p, i) => (PANELS as readonly string[]).includes(p) && form.panels.indexOf(p) === i); // in the form's order (a file's own)
  if (panels.length) step.panels = panels.join(',');
  const point = pointerOf(form.point);
  if (point) step.point = point;
  if (form.exercise) step.exercise = exerciseOf(form.exercise);
  return step;
}

/** `steps` with `step` at index `at` (replacing the one there, or added at the end when `at` is the length). */
export function withStep(steps: readonly Step[], at: number, step: Step): Step[] {
  const out = [...steps];
  out.splice(at, at < steps.length ? 1 : 0, step);
  return out;
}

/**
 * The step a form makes with `state`, to be step `at` of `steps` (a new one at the end, or one edited), and
 * every problem readLesson names in it ("steps[2].exercise.check.row: …"), an exercise id that another step
 * has included; step is null when there is one.
 */
export function buildStep(form: StepForm, state: string, steps: readonly Step[], at: number): { step: Step | null; problems: Problem[] } {
  const step = stepOf(form, state);
  const others = steps.filter((_, i) => i !== at);
  // the step is read last, so that an exercise id it shares with another is its problem
  const read = readLesson({ version: 1, id: 'draft', title: { en: '-', zh: '-' }, steps: [...others, step] });
  const last = `steps[${others.length}]`;
  const problems = read.ok
    ? []
    : read.problems.filter((p) => p.where.startsWith(last)).map((p) => ({ where: `steps[${at}]${p.where.slice(last.length)}`, message: p.message }));
  return { step: problems.length ? null : step, problems };
}

/** The form that edits `step`. */
export function formOfStep(step: Step): StepForm {
  const e = step.exercise;
  return {
    title: { ...step.title },
    text: { ...step.text },
    panels: step.panels ? step.panels.split(',').map((p) => p.trim()) : [],
    point: pointForm(step.point),
    exercise: e
      ? { id: e.id, task: { ...e.task }, check: formOfCheck(e.check), hints: e.hints.map((h) => ({ ...h })), solution: e.solution, score: String(e.score) }
      : null,
  };
}
