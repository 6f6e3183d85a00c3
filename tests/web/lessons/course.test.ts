// course.test.ts — the course built in, on the real WASM core: every lesson reads, there are at least 8 of
// them with at least 3 exercises each, every text is there in English and 中文, and every exercise is decided
// by its check: the step's start state fails it, the start state with the solution laid over passes it (an
// experiment run as the state names it; a typed answer: the right one passes, a wrong one fails).
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { parse, type State } from '../../../web/src/model/state';
import { evaluate, isMeasure, patched, type Check, type CheckContext } from '../../../web/src/lessons/checks';
import { COURSE, courseLesson } from '../../../web/src/lessons/course';
import { readLesson, type Words } from '../../../web/src/lessons/lesson';
import { measure } from '../../../web/src/lessons/measures';
import { resultsFor } from '../../../web/src/lessons/results';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** The context a check is evaluated in for `state`: its outcome and the experiment it names, run. */
function contextOf(state: State, answer?: number): CheckContext {
  return { core, state, outcome: compute(core, state), results: resultsFor(core, state), answer };
}

/** The "answer" checks inside a check. */
function answersIn(check: Check): Extract<Check, { kind: 'answer' }>[] {
  if (check.kind === 'answer') return [check];
  if (check.kind === 'all' || check.kind === 'any') return check.checks.flatMap(answersIn);
  if (check.kind === 'not' || check.kind === 'with') return answersIn(check.check);
  return [];
}

const CJK = /[\u4e00-\u9fff]/;

/** Every { en, zh } text of a lesson. */
function textsOf(x: unknown): Words[] {
  if (Array.isArray(x)) return x.flatMap(textsOf);
  if (typeof x !== 'object' || x === null) return [];
  const o = x as Record<string, unknown>;
  if (typeof o.en === 'string' && typeof o.zh === 'string') return [o as unknown as Words];
  return Object.values(o).flatMap(textsOf);
}

const EXERCISES = COURSE.flatMap((lesson) =>
  lesson.steps.flatMap((step, i) => (step.exercise ? [{ name: `${lesson.id} / ${step.exercise.id}`, lesson, step: i, exercise: step.exercise }] : [])),
);

describe('the course', () => {
  test('has at least 8 lessons, each with at least 3 exercises, with different ids', () => {
    expect(COURSE.length).toBeGreaterThanOrEqual(8);
    for (const lesson of COURSE) expect(lesson.steps.filter((s) => s.exercise).length, lesson.id).toBeGreaterThanOrEqual(3);
    expect(new Set(COURSE.map((l) => l.id)).size).toBe(COURSE.length);
  });

  test.each(COURSE.map((l) => [l.id, l] as const))('%s reads without problems and says everything in English and 中文', (_, lesson) => {
    expect(readLesson(JSON.parse(JSON.stringify(lesson)))).toEqual({ ok: true, lesson });
    const texts = textsOf(lesson);
    expect(texts.length).toBeGreaterThanOrEqual(2 * lesson.steps.length);
    for (const t of texts) {
      expect(t.en.trim(), t.en).not.toBe('');
      expect(t.zh, t.en).toMatch(CJK);
    }
  });

  test('a lesson file that does not read is an error naming the file and each problem', () => {
    expect(() => courseLesson('99-broken.json', { version: 2, id: 'x', title: { en: 'x', zh: '' }, steps: [] })).toThrow(
      /^lesson 99-broken\.json: version: must be 1.*title\.zh: must be a non-empty text.*steps: must be a list/,
    );
  });
});

describe.each(EXERCISES)('exercise $name', ({ lesson, step, exercise }) => {
  const start = () => parse(lesson.steps[step].state);
  const solved = () => patched(start(), exercise.solution);

  test('the start state does not pass its check, the solution does', () => {
    const answers = answersIn(exercise.check);
    const right = (ctx: CheckContext) => {
      const targets = answers.map((a) => (a.of ? measure(a.of, ctx) : a.is));
      expect(new Set(targets).size, 'one number to answer').toBeLessThanOrEqual(1);
      return targets[0] ?? undefined;
    };
    const before = contextOf(start());
    expect(evaluate(exercise.check, before), 'start').toBe(false);
    const after = contextOf(solved());
    const answer = right(after);
    expect(after.outcome.ok, 'the solution computes').toBe(true);
    expect(evaluate(exercise.check, { ...after, answer }), 'solution').toBe(true);
    if (answer !== undefined) {
      const within = Math.max(...answers.map((a) => a.within));
      expect(evaluate(exercise.check, { ...after, answer: answer + 10 * within + 1 }), 'a wrong answer').toBe(false);
      expect(evaluate(exercise.check, { ...after, answer: undefined }), 'no answer').toBe(false);
    }
  });

  test('its check reads a number where it measures one', () => {
    if (isMeasure(exercise.check)) expect(measure(exercise.check, contextOf(solved()))).not.toBeNull();
  });
});
