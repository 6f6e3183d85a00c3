// lesson.test.ts — readLesson on good and bad lesson files: a good file reads as itself; each bad field is
// its own problem, named by where it is (version, id, title.zh, a step's state, a check's row, an unknown
// check kind or field, atLeast above atMost, two exercises with one id, too many steps, a file that is not an
// object); and a few hundred random mutations of a course file never throw: each reads, or gives problems
// that each say where and what.
import { describe, expect, test } from 'vitest';
import { MAX_STEPS, maxScore, readLesson, type Problem } from '../../../web/src/lessons/lesson';
import positions from '../../../web/src/lessons/course/05-positions.json';

/** A lesson file as JSON, its containers typed so that a test can break any field. */
interface ExerciseFile {
  id: unknown;
  task: unknown;
  check: Record<string, unknown>;
  hints: Record<string, unknown>[];
  solution: unknown;
  score: unknown;
}
interface StepFile {
  title: unknown;
  text: unknown;
  state: unknown;
  panels?: unknown;
  point?: unknown;
  exercise?: ExerciseFile;
}
interface LessonFile {
  version: unknown;
  id: unknown;
  title: Record<string, unknown>;
  steps: StepFile[];
}

/** A small good lesson: an introduction and one exercise. */
function good(): LessonFile {
  return {
    version: 1,
    id: 'tiny',
    title: { en: 'Tiny', zh: '小课' },
    steps: [
      {
        title: { en: 'Look', zh: '看' },
        text: { en: 'Two keys.', zh: '两个键。' },
        state: 'op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,0;0,1',
        panels: 'plane,results',
        point: { weight: [0, 1] },
        exercise: {
          id: 'first',
          task: { en: 'Make row 0 prefer key 1.', zh: '让第 0 行偏向键 1。' },
          check: { kind: 'largestKey', row: 0, is: 1 },
          hints: [{ en: 'Turn q_0.', zh: '转动 q_0。' }],
          solution: 'Q=0,1;0,1',
          score: 1,
        },
      },
      { title: { en: 'Done', zh: '完成' }, text: { en: 'Well done.', zh: '做得好。' }, state: '' },
    ],
  };
}

/** The problems of `x` (none when it reads). */
function problemsOf(x: unknown): Problem[] {
  const r = readLesson(x);
  return r.ok ? [] : r.problems;
}

/** The lesson `good()` changed by `change`, read: its problems. */
function withChange(change: (x: LessonFile) => void): Problem[] {
  const x = good();
  change(x);
  return problemsOf(x);
}

describe('readLesson', () => {
  test('a good lesson reads as itself, with its score', () => {
    const r = readLesson(good());
    expect(r).toEqual({ ok: true, lesson: good() });
    if (r.ok) expect(maxScore(r.lesson)).toBe(1);
  });

  test.each<[string, (x: LessonFile) => void, string, RegExp]>([
    ['a version other than 1', (x) => (x.version = 2), 'version', /must be 1, got 2/],
    ['an id with capitals', (x) => (x.id = 'Tiny'), 'id', /a–z, 0–9 and -/],
    ['an empty 中文 title', (x) => (x.title.zh = ' '), 'title.zh', /non-empty text/],
    ['a step state with a key the link does not read', (x) => (x.steps[1].state = 'op=attention&nope=1'), 'steps[1].state', /piece of a share link/],
    ['a check row that is not a whole number', (x) => (x.steps[0].exercise!.check.row = 1.5), 'steps[0].exercise.check.row', /whole number ≥ 0, got 1.5/],
    ['an unknown check kind', (x) => (x.steps[0].exercise!.check = { kind: 'largestQuery' }), 'steps[0].exercise.check.kind', /must be one of .*largestKey/],
    [
      'an unknown field of a check',
      (x) => (x.steps[0].exercise!.check.colour = 'red'),
      'steps[0].exercise.check.colour',
      /not a field of a "largestKey" check/,
    ],
    [
      'atLeast above atMost',
      (x) => (x.steps[0].exercise!.check = { kind: 'weight', row: 0, col: 1, atLeast: 0.9, atMost: 0.1 }),
      'steps[0].exercise.check.atLeast',
      /0.9 is above atMost 0.1/,
    ],
    [
      'two exercises with one id',
      (x) => (x.steps[1].exercise = structuredClone(x.steps[0].exercise!)),
      'steps[1].exercise.id',
      /"first" is the id of another exercise/,
    ],
    [
      'too many steps',
      (x) => (x.steps = Array.from({ length: MAX_STEPS + 1 }, () => structuredClone(x.steps[1]))),
      'steps',
      /61 steps are over the limit of 60/,
    ],
    ['a step that is not an object', (x) => ((x.steps as unknown[])[1] = 'step'), 'steps[1]', /must be an object/],
    ['an unknown panel', (x) => (x.steps[0].panels = 'plane,chart'), 'steps[0].panels', /comma-separated list/],
    ['a weight pointer of one number', (x) => (x.steps[0].point = { weight: [0] }), 'steps[0].point.weight', /\[i, j\]/],
    ['a score of 0', (x) => (x.steps[0].exercise!.score = 0), 'steps[0].exercise.score', /1 to 100/],
    ['a solution that is not a link', (x) => (x.steps[0].exercise!.solution = 'Q is 1'), 'steps[0].exercise.solution', /piece of a share link/],
    ['a hint without 中文', (x) => (x.steps[0].exercise!.hints[0] = { en: 'Turn q_0.' }), 'steps[0].exercise.hints[0].zh', /non-empty text/],
    [
      'an answer with both is and of',
      (x) => (x.steps[0].exercise!.check = { kind: 'answer', is: 2, of: { kind: 'weight', row: 0, col: 1 }, within: 0.1 }),
      'steps[0].exercise.check',
      /either "is".*not both/,
    ],
    [
      'an answer of a check that measures nothing',
      (x) => (x.steps[0].exercise!.check = { kind: 'answer', of: { kind: 'futureHidden' }, within: 0.1 }),
      'steps[0].exercise.check.of.kind',
      /measures a number/,
    ],
    [
      'a cache of a model the calculator does not know',
      (x) => (x.steps[0].exercise!.check = { kind: 'kvCache', model: 'gpt-5', tokens: 10, width: 2 }),
      'steps[0].exercise.check.model',
      /one of gpt2, llama2-7b/,
    ],
    [
      'a tile check of m without its step',
      (x) => (x.steps[0].exercise!.check = { kind: 'tile', value: 'm', row: 0 }),
      'steps[0].exercise.check.step',
      /is missing/,
    ],
    [
      'a row statistic of a matrix that is not a result',
      (x) => (x.steps[0].exercise!.check = { kind: 'rowStat', matrix: 'LN', row: 0, stat: 'mean' }),
      'steps[0].exercise.check.matrix',
      /step\.ln/,
    ],
    [
      'a state check of an operation the page has not',
      (x) => (x.steps[0].exercise!.check = { kind: 'state', op: 'multihead' }),
      'steps[0].exercise.check.op',
      /one of attention, linear, multi_head/,
    ],
    [
      'an experiment the page has not',
      (x) => (x.steps[0].exercise!.check = { kind: 'experiment', name: 'scale', path: 'at64.d' }),
      'steps[0].exercise.check.name',
      /one of scaling, permutation/,
    ],
    [
      'a check inside all with a missing field',
      (x) => (x.steps[0].exercise!.check = { kind: 'all', checks: [{ kind: 'futureHidden' }, { kind: 'weight', row: 0 }] }),
      'steps[0].exercise.check.checks[1].col',
      /is missing/,
    ],
  ])('%s is one problem at its place', (_, change, where, message) => {
    const problems = withChange(change);
    expect(problems).toHaveLength(1);
    expect(problems[0].where).toBe(where);
    expect(problems[0].message).toMatch(message);
  });

  test('every bad field of a file is named, each once', () => {
    const problems = withChange((x) => {
      x.version = 0;
      x.title.zh = '';
      x.steps[0].exercise!.check.row = -1;
      x.steps[1].state = 5;
    });
    expect(problems.map((p) => p.where)).toEqual(['version', 'title.zh', 'steps[0].exercise.check.row', 'steps[1].state']);
  });

  test.each([null, 3, 'lesson', [good()]])('a file that is not an object (%j) is one problem: the lesson', (x) => {
    expect(problemsOf(x)).toEqual([{ where: 'lesson', message: expect.stringMatching(/JSON object/) as unknown }]);
  });

  test('a lesson without steps, or with an empty list of them, is a problem of steps', () => {
    expect(withChange((x) => Reflect.deleteProperty(x, 'steps')).map((p) => p.where)).toEqual(['steps']);
    expect(withChange((x) => (x.steps = [])).map((p) => p.where)).toEqual(['steps']);
  });
});

// ---------------------------------------------------------------- fuzz

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every container (object or array) of `x` with its keys, depth first. */
function containers(x: unknown, out: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (typeof x === 'object' && x !== null) {
    out.push(x as Record<string, unknown>);
    for (const v of Object.values(x)) containers(v, out);
  }
  return out;
}

const ODD_VALUES: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  1e308,
  NaN,
  '',
  'x',
  'op=attention',
  '#',
  '=&=',
  true,
  [],
  {},
  [1, 2],
  { kind: 'all' },
  { en: 'a' },
];

/** `x` changed in one place: a value replaced, a key deleted or added, a list emptied or doubled. */
function mutate(x: unknown, next: () => number): void {
  const all = containers(x);
  const c = all[Math.floor(next() * all.length)];
  const keys = Object.keys(c);
  const key = keys[Math.floor(next() * keys.length)];
  const odd = ODD_VALUES[Math.floor(next() * ODD_VALUES.length)];
  const what = next();
  const at = c as Record<string, unknown>;
  if (what < 0.5 && key !== undefined) at[key] = structuredClone(odd);
  else if (what < 0.7 && key !== undefined) {
    if (Array.isArray(c)) c.splice(Number(key), 1);
    else delete at[key];
  } else if (what < 0.85 && !Array.isArray(c)) at[`extra${Math.floor(next() * 3)}`] = structuredClone(odd);
  else if (Array.isArray(c)) c.push(...structuredClone(c));
  else if (key !== undefined) at[key] = structuredClone(at[key]);
}

describe('readLesson on mutated course files', () => {
  test('never throws: each mutation reads, or gives problems that each say where and what', () => {
    const next = random(20240501);
    let bad = 0;
    for (let k = 0; k < 400; k++) {
      const x = structuredClone(positions) as unknown;
      const times = 1 + Math.floor(next() * 3);
      for (let t = 0; t < times; t++) mutate(x, next);
      const r = readLesson(x);
      if (r.ok) continue;
      bad++;
      expect(r.problems.length).toBeGreaterThan(0);
      for (const p of r.problems) {
        expect(typeof p.where === 'string' && p.where !== '', JSON.stringify(p)).toBe(true);
        expect(typeof p.message === 'string' && p.message !== '', JSON.stringify(p)).toBe(true);
      }
    }
    expect(bad).toBeGreaterThan(200); // most mutations break something
  });
});

describe('the panels and controls a step names', () => {
  test('a control that is not one is named with its step', () => {
    const lesson = {
      version: 1,
      id: 'x',
      title: { en: 'x', zh: '题' },
      steps: [{ title: { en: 'a', zh: '一' }, text: { en: 'b', zh: '二' }, state: '', hide: 'op,wings' }],
    };
    const r = readLesson(lesson);
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems;
    expect(problems.map((p) => p.where)).toEqual(['steps[0].hide']);
    expect(problems[0].message).toContain('must be a comma-separated list of op, preset');
    expect(readLesson({ ...lesson, steps: [{ ...lesson.steps[0], hide: 'op, preset' }] }).ok).toBe(true);
  });
});

describe('what a step points at', () => {
  const withPoint = (point: unknown) => ({
    version: 1,
    id: 'x',
    title: { en: 'x', zh: '题' },
    steps: [{ title: { en: 'a', zh: '一' }, text: { en: 'b', zh: '二' }, state: '', point }],
  });
  test.each([
    [{ panel: 'tiles' }],
    [{ weight: [1, 2] }],
    [{ row: { matrix: 'Q', i: 1 } }],
    [{ cell: { matrix: 'K', i: 0, j: 1 } }],
    [{ arrow: { kind: 'k', row: 2 } }],
  ])('%j reads', (point) => expect(readLesson(withPoint(point)).ok).toBe(true));
  test.each([
    [{ cell: { matrix: 'K', i: 0 } }, 'steps[0].point.cell'],
    [{ cell: { matrix: 'K', i: -1, j: 0 } }, 'steps[0].point.cell'],
    [{ spot: 1 }, 'steps[0].point'],
  ])('%j is named with its place', (point, where) => {
    const r = readLesson(withPoint(point));
    expect(r.ok ? [] : r.problems.map((p) => p.where)).toEqual([where]);
  });
});
