// lesson.ts — a lesson file: a sequence of steps, each setting a state (a
// piece of a share link), choosing the panels shown, pointing at what to look
// at and saying what to do, in English and 简体中文; a step may hold an
// exercise (a task, a check in the language of checks.ts, hints, the
// solution's state, a score). readLesson() checks a file and names every bad
// field by where it is ("steps[2].exercise.check.row: …"), so that a teacher's
// typo is an error message, never a blank page.
//
//   { "version": 1, "id": "softmax", "title": { "en": "…", "zh": "…" },
//     "steps": [ { "title": {…}, "text": {…}, "state": "op=attention&…",
//                  "panels": "plane,results", "hide": "op,preset", "point": { "weight": [1, 3] },
//                  "exercise": { "id": "cat-mat", "task": {…}, "check": {…},
//                                "hints": [{…}], "solution": "Q=…", "score": 1 } } ] }

import { parseStored } from '../model/state';
import { checkProblems, type Check, type Problem } from './checks';

export type { Problem } from './checks';

/** A text in both languages. */
export interface Words {
  en: string;
  zh: string;
}

/** What a step points at: a panel, a weight (i, j), a row or a cell of a matrix, or an arrow of the plane. */
export type Pointer =
  | { panel: string }
  | { weight: [number, number] }
  | { row: { matrix: string; i: number } }
  | { cell: { matrix: string; i: number; j: number } }
  | { arrow: { kind: 'q' | 'k'; row: number } };

/** An exercise: a task the check decides, hints shown one at a time, the state that solves it, and its score. */
export interface Exercise {
  id: string;
  task: Words;
  check: Check;
  hints: Words[];
  /** A piece of a share link laid over the step's state that passes the check ("show me"). */
  solution: string;
  score: number;
}

/** One step of a lesson. */
export interface Step {
  title: Words;
  text: Words;
  /** A piece of a share link: the state the step opens with. */
  state: string;
  /** The panels shown (the `panels` attribute's list), or all. */
  panels?: string;
  /** The controls hidden (the `hide-controls` attribute's list), or none. */
  hide?: string;
  point?: Pointer;
  exercise?: Exercise;
}

/** A lesson. */
export interface Lesson {
  version: 1;
  id: string;
  title: Words;
  steps: Step[];
}

/** The largest lesson a file may hold (steps), so that a file cannot make the page do unbounded work. */
export const MAX_STEPS = 60;
/** The panels a step may show. */
export const PANELS = ['plane', 'operation', 'inputs', 'results', 'explain', 'steps', 'export', 'tiles', 'kvcache', 'training', 'experiments'];
/** The controls a step may hide (the `hide-controls` attribute's). */
export const CONTROLS = ['op', 'preset', 'lang', 'mask', 'scale', 'tokens', 'options', 'sliders', 'views', 'positions'];

/** A problem reporter bound to a list. */
type Report = (where: string, message: string) => void;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `x` must be { en, zh } with two non-empty texts. */
function words(x: unknown, where: string, bad: Report): void {
  if (!isObject(x)) return bad(where, 'must be { "en": "…", "zh": "…" }');
  for (const lang of ['en', 'zh'] as const) if (typeof x[lang] !== 'string' || x[lang].trim() === '') bad(`${where}.${lang}`, 'must be a non-empty text');
}

/** `x` must be a state the link can hold (key=value pieces with keys the link reads). */
function statePiece(x: unknown, where: string, bad: Report): void {
  if (typeof x !== 'string' || (x !== '' && parseStored(`#${x}`) === null))
    bad(where, `must be a piece of a share link such as "op=attention&Q=1,0;0,1" (keys the link reads), got ${JSON.stringify(x)}`);
}

function pointer(x: unknown, where: string, bad: Report): void {
  const index = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  if (!isObject(x))
    return bad(
      where,
      'must be an object: { "panel" }, { "weight": [i, j] }, { "row": { "matrix", "i" } }, { "cell": { "matrix", "i", "j" } } or { "arrow": { "kind", "row" } }',
    );
  if ('panel' in x) {
    if (!PANELS.includes(x.panel as string)) bad(`${where}.panel`, `must be one of ${PANELS.join(', ')}`);
  } else if ('weight' in x) {
    if (!(Array.isArray(x.weight) && x.weight.length === 2 && x.weight.every(index))) bad(`${where}.weight`, 'must be [i, j], two whole numbers ≥ 0');
  } else if ('row' in x) {
    const r = x.row as Record<string, unknown>;
    if (!isObject(r) || typeof r.matrix !== 'string' || !index(r.i)) bad(`${where}.row`, 'must be { "matrix": "Q", "i": 0 }');
  } else if ('cell' in x) {
    const c = x.cell as Record<string, unknown>;
    if (!isObject(c) || typeof c.matrix !== 'string' || !index(c.i) || !index(c.j)) bad(`${where}.cell`, 'must be { "matrix": "Q", "i": 0, "j": 1 }');
  } else if ('arrow' in x) {
    const a = x.arrow as Record<string, unknown>;
    if (!isObject(a) || (a.kind !== 'q' && a.kind !== 'k') || !index(a.row)) bad(`${where}.arrow`, 'must be { "kind": "q" or "k", "row": 0 }');
  } else bad(where, 'must name a panel, a weight, a row, a cell or an arrow');
}

function exercise(x: unknown, where: string, bad: Report, out: Problem[], ids: Set<string>): void {
  if (!isObject(x)) return bad(where, 'must be an object with id, task, check, hints, solution and score');
  if (typeof x.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(x.id)) bad(`${where}.id`, 'must be 1–40 characters a–z, 0–9 and -');
  else if (ids.has(x.id)) bad(`${where}.id`, `"${x.id}" is the id of another exercise of this lesson`);
  else ids.add(x.id);
  words(x.task, `${where}.task`, bad);
  checkProblems(x.check, `${where}.check`, out);
  if (!Array.isArray(x.hints)) bad(`${where}.hints`, 'must be a list of texts (it may be empty)');
  else x.hints.forEach((h, i) => words(h, `${where}.hints[${i}]`, bad));
  statePiece(x.solution, `${where}.solution`, bad);
  if (!(Number.isInteger(x.score) && (x.score as number) >= 1 && (x.score as number) <= 100)) bad(`${where}.score`, 'must be a whole number from 1 to 100');
}

/** A lesson file checked: the lesson, or every problem with where it is. */
export function readLesson(x: unknown): { ok: true; lesson: Lesson } | { ok: false; problems: Problem[] } {
  const out: Problem[] = [];
  const bad: Report = (where, message) => void out.push({ where, message });
  if (!isObject(x)) bad('lesson', 'must be a JSON object with version, id, title and steps');
  else {
    if (x.version !== 1) bad('version', `must be 1, got ${JSON.stringify(x.version)}`);
    if (typeof x.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(x.id)) bad('id', 'must be 1–40 characters a–z, 0–9 and -');
    words(x.title, 'title', bad);
    if (!Array.isArray(x.steps) || x.steps.length === 0) bad('steps', 'must be a list of at least one step');
    else if (x.steps.length > MAX_STEPS) bad('steps', `${x.steps.length} steps are over the limit of ${MAX_STEPS}`);
    else {
      const ids = new Set<string>();
      x.steps.forEach((s: unknown, i: number) => {
        const where = `steps[${i}]`;
        if (!isObject(s)) return bad(where, 'must be an object with title, text and state');
        words(s.title, `${where}.title`, bad);
        words(s.text, `${where}.text`, bad);
        statePiece(s.state, `${where}.state`, bad);
        if (s.panels !== undefined && (typeof s.panels !== 'string' || !s.panels.split(',').every((p) => PANELS.includes(p.trim()))))
          bad(`${where}.panels`, `must be a comma-separated list of ${PANELS.join(', ')}`);
        if (s.hide !== undefined && (typeof s.hide !== 'string' || !s.hide.split(',').every((c) => CONTROLS.includes(c.trim()))))
          bad(`${where}.hide`, `must be a comma-separated list of ${CONTROLS.join(', ')}`);
        if (s.point !== undefined) pointer(s.point, `${where}.point`, bad);
        if (s.exercise !== undefined) exercise(s.exercise, `${where}.exercise`, bad, out, ids);
      });
    }
  }
  return out.length ? { ok: false, problems: out } : { ok: true, lesson: x as Lesson };
}

/** The total score of a lesson's exercises. */
export function maxScore(lesson: Lesson): number {
  return lesson.steps.reduce((sum, s) => sum + (s.exercise?.score ?? 0), 0);
}
