// session.test.ts — one learner in lesson 1 on the real WASM core: steps clamped, each step's start state from
// its piece of a link, the exercise decided by its check (a first pass announced once, then kept), hints one at
// a time up to their number, "show me" loading the solution and costing the score.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { parse, type State } from '../../../web/src/model/state';
import { COURSE } from '../../../web/src/lessons/course';
import { asksAnswer, LessonSession } from '../../../web/src/lessons/session';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const lesson = COURSE[0];
const exerciseStep = lesson.steps.findIndex((s) => s.exercise) + 1;
const check = (s: LessonSession, state: State) => s.check(core, state, compute(core, state), {});

describe('a lesson session', () => {
  test('goes from step to step within the lesson, each opening with its own state', () => {
    const s = new LessonSession(lesson, lesson.id);
    expect(s.stepNumber).toBe(1);
    expect(s.goTo(0)).toBe(false);
    expect(s.goTo(99)).toBe(true);
    expect(s.stepNumber).toBe(lesson.steps.length);
    expect(s.startState(1)).toEqual(parse(lesson.steps[0].state));
  });

  test('a step without an exercise checks nothing', () => {
    const s = new LessonSession(lesson, lesson.id);
    expect(lesson.steps[0].exercise).toBeUndefined();
    expect(check(s, s.startState())).toBeNull();
  });

  test('the exercise fails at its start, passes once with its solution (announced once), and stays passed', () => {
    const s = new LessonSession(lesson, lesson.id);
    s.goTo(exerciseStep);
    const start = s.startState();
    expect(check(s, start)).toMatchObject({ holds: false, newlyPassed: false, record: { passed: false } });
    const ex = lesson.steps[exerciseStep - 1].exercise!;
    const solved = parse(`${lesson.steps[exerciseStep - 1].state}&${ex.solution}`);
    expect(check(s, solved)).toMatchObject({ holds: true, newlyPassed: true, record: { passed: true, score: ex.score } });
    expect(check(s, solved)?.newlyPassed).toBe(false);
    expect(check(s, start)).toMatchObject({ holds: false, record: { passed: true } });
    expect(s.grade().score).toBe(ex.score);
  });

  test('hints come one at a time up to their number; "show me" gives the solution and the exercise earns nothing', () => {
    const s = new LessonSession(lesson, lesson.id);
    s.goTo(exerciseStep);
    const ex = lesson.steps[exerciseStep - 1].exercise!;
    for (let i = 1; i <= ex.hints.length + 2; i++) expect(s.nextHint()).toBe(Math.min(i, ex.hints.length));
    const solution = s.solutionState();
    expect(solution).not.toBeNull();
    expect(check(s, solution as State)).toMatchObject({ holds: true, record: { passed: true, score: 0, shown: true } });
    expect(s.grade().score).toBe(0);
  });

  test('a state the core refuses fails the check without throwing', () => {
    const s = new LessonSession(lesson, lesson.id);
    s.goTo(exerciseStep);
    const bad = parse(`${lesson.steps[exerciseStep - 1].state}&K=1,2,3`);
    const r = check(s, bad);
    expect(r?.holds).toBe(false);
  });

  test('knows which checks ask for a typed answer', () => {
    expect(asksAnswer({ kind: 'answer', is: 1, within: 0.1 })).toBe(true);
    expect(asksAnswer({ kind: 'all', checks: [{ kind: 'computes' }, { kind: 'not', check: { kind: 'answer', is: 1, within: 0 } }] })).toBe(true);
    expect(asksAnswer({ kind: 'computes' })).toBe(false);
  });
});
