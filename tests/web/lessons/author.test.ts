// author.test.ts — the author mode's pure parts: the check form's builder (each kind's fields → the check
// object checkProblems accepts, and back; a bad field named where it is), a check tried on a computed state;
// the draft kept in storage (read back, a broken entry discarded and removed, a refusing storage); and a
// lesson recorded step by step that reads with readLesson, every step of the course edited and rebuilt as it was.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { parse, serialize } from '../../../web/src/model/state';
import { checkProblems, type Check } from '../../../web/src/lessons/checks';
import { COURSE } from '../../../web/src/lessons/course';
import { readLesson } from '../../../web/src/lessons/lesson';
import {
  buildCheck,
  emptyCheckForm,
  FORM_KINDS,
  formOfCheck,
  KIND_FIELDS,
  numberPaths,
  stateFields,
  tryCheck,
  withKind,
  type CheckForm,
  type FormKind,
} from '../../../web/src/lessons/author/check-spec';
import { buildStep, emptyExercise, emptyStepForm, formOfStep, pointerOf, stepOf, type StepForm } from '../../../web/src/lessons/author/compose';
import {
  DRAFT_KEY,
  draftOf,
  emptyDraft,
  lessonOf,
  loadDraft,
  readDraft,
  saveDraft,
  writeDraft,
  type DraftStorage,
} from '../../../web/src/lessons/author/draft';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** Each kind of the form: the texts a teacher types, and the check they make. */
const EXAMPLES: Record<FormKind, [Record<string, string>, Check]> = {
  weight: [
    { row: '1', col: ' 5 ', atLeast: '0.5', atMost: '' },
    { kind: 'weight', row: 1, col: 5, atLeast: 0.5 },
  ],
  largestKey: [
    { row: '1', head: '0', is: '5' },
    { kind: 'largestKey', row: 1, head: 0, is: 5 },
  ],
  largestWeight: [{ atMost: '0.4' }, { kind: 'largestWeight', atMost: 0.4 }],
  entropy: [
    { row: '0', atLeast: '1.7' },
    { kind: 'entropy', row: 0, atLeast: 1.7 },
  ],
  futureHidden: [{}, { kind: 'futureHidden' }],
  visibleKeys: [
    { row: '2', atMost: '3' },
    { kind: 'visibleKeys', row: 2, atMost: 3 },
  ],
  computes: [{}, { kind: 'computes' }],
  state: [
    { op: 'multi_head', h: '2', positions: 'rope', mask: 'causal', scale: 'false' },
    { kind: 'state', op: 'multi_head', h: 2, positions: 'rope', mask: 'causal', scale: false },
  ],
  sameOutput: [
    { as: 'scale=0', within: '1e-9' },
    { kind: 'sameOutput', as: 'scale=0', within: 1e-9 },
  ],
  sameValues: [
    { matrix: 'step.weights', cells: '0,0; 1,1;', within: '0.001' },
    {
      kind: 'sameValues',
      matrix: 'step.weights',
      cells: [
        [0, 0],
        [1, 1],
      ],
      within: 0.001,
    },
  ],
  rowStat: [
    { matrix: 'step.ln', row: '0', stat: 'variance', atLeast: '0.99', atMost: '1.01' },
    { kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'variance', atLeast: 0.99, atMost: 1.01 },
  ],
  tile: [
    { value: 'm', step: '1', row: '0', atLeast: '0' },
    { kind: 'tile', value: 'm', step: 1, row: 0, atLeast: 0 },
  ],
  kvCache: [
    { model: 'gpt2', tokens: '4096', width: '2', unit: 'MiB', atMost: '200' },
    { kind: 'kvCache', model: 'gpt2', tokens: 4096, width: 2, unit: 'MiB', atMost: 200 },
  ],
  experiment: [
    { name: 'scaling', path: 'at64.max_unscaled_mean', atLeast: '1' },
    { kind: 'experiment', name: 'scaling', path: 'at64.max_unscaled_mean', atLeast: 1 },
  ],
  answer: [
    { is: '0.25', within: '0.01' },
    { kind: 'answer', is: 0.25, within: 0.01 },
  ],
  json: [
    { json: '{"kind": "all", "checks": [{"kind": "computes"}, {"kind": "not", "check": {"kind": "futureHidden"}}]}' },
    { kind: 'all', checks: [{ kind: 'computes' }, { kind: 'not', check: { kind: 'futureHidden' } }] },
  ],
};

describe('the check form', () => {
  test('every kind the form offers has its fields, and an example here', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...FORM_KINDS].sort());
    for (const kind of FORM_KINDS) expect(KIND_FIELDS[kind], kind).toBeDefined();
  });

  test.each(FORM_KINDS.map((k) => [k]))('%s: the fields typed → the check, which checkProblems accepts, and back', (kind) => {
    const [fields, want] = EXAMPLES[kind];
    const built = buildCheck({ kind, fields });
    expect(built.problems, 'no problem').toEqual([]);
    expect(built.check).toEqual(want);
    expect(checkProblems(built.check, 'check')).toEqual([]);
    // the form that shows the check builds it again
    expect(buildCheck(formOfCheck(want)).check).toEqual(want);
  });

  test('a field that is not what its kind needs is named where it is; a missing one too', () => {
    const where = (form: CheckForm) => buildCheck(form).problems.map((p) => p.where);
    expect(where({ kind: 'weight', fields: { row: 'one', col: '1.5' } })).toEqual(['check.row', 'check.col']);
    expect(where({ kind: 'weight', fields: { col: '1' } })).toEqual(['check.row']);
    expect(where({ kind: 'weight', fields: { row: '0', col: '0', atLeast: '0.9', atMost: '0.1' } })).toEqual(['check.atLeast']);
    expect(where({ kind: 'sameValues', fields: { matrix: 'step.nope', cells: '0,0', within: '0' } })).toEqual(['check.matrix', 'check.cells']);
    expect(where({ kind: 'json', fields: { json: '{"kind": ' } })).toEqual(['check']);
    expect(where({ kind: 'json', fields: { json: '{"kind": "any", "checks": []}' } })).toEqual(['check.checks']);
    expect(buildCheck({ kind: 'weight', fields: { row: 'one', col: '0' } }).problems[0].message).toContain('"one"');
    expect(buildCheck(emptyCheckForm('computes')).check).toEqual({ kind: 'computes' });
  });

  test('a check the fields cannot show is shown as its JSON; switching kinds keeps the fields both have', () => {
    const nested: Check = { kind: 'answer', of: { kind: 'entropy', row: 0 }, within: 0.01 };
    expect(formOfCheck(nested).kind).toBe('json');
    expect(buildCheck(formOfCheck(nested)).check).toEqual(nested);
    const weight: CheckForm = { kind: 'weight', fields: { row: '1', col: '2', atLeast: '0.5' } };
    expect(withKind(weight, 'entropy').fields).toEqual({ row: '1', atLeast: '0.5' });
    expect(JSON.parse(withKind(weight, 'json').fields.json)).toEqual({ kind: 'weight', row: 1, col: 2, atLeast: 0.5 });
  });

  test('a "state" check filled from a state holds for it; the numbers of a result are listed by path', () => {
    const state = parse('op=multi_head&h=2&mask=causal&X=1,0,0,1;0,1,1,0');
    const built = buildCheck({ kind: 'state', fields: stateFields(state) });
    expect(built.check).toMatchObject({ kind: 'state', op: 'multi_head', h: 2, mask: 'causal' });
    const ctx = { core, state, outcome: compute(core, state) };
    expect(tryCheck(built.check!, ctx).holds).toBe(true);
    expect(tryCheck(built.check!, { ...ctx, state: parse('op=attention') }).holds).toBe(false);
    expect(numberPaths({ at64: { max: 2, name: 'x' }, points: [{ d: 1 }] })).toEqual(['at64.max', 'points.0.d']);
  });

  test('tried on a computed state: whether it holds, and the number it measures', () => {
    const state = parse('op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4');
    const ctx = { core, state, outcome: compute(core, state) };
    const w = 1 / (1 + Math.exp(-1 / Math.SQRT2)); // row 0's weight on key 0
    const weight = tryCheck({ kind: 'weight', row: 0, col: 0, atLeast: 0.6 }, ctx);
    expect(weight.holds).toBe(true);
    expect(weight.measured).toBeCloseTo(w, 12);
    expect(tryCheck({ kind: 'weight', row: 0, col: 0, atLeast: 0.7 }, ctx).holds).toBe(false);
    expect(tryCheck({ kind: 'futureHidden' }, ctx)).toEqual({ holds: false, measured: null, asksAnswer: false });
    const answer = tryCheck({ kind: 'answer', of: { kind: 'weight', row: 0, col: 0 }, within: 0.01 }, ctx);
    expect(answer.holds && answer.asksAnswer).toBe(true);
    expect(answer.measured).toBeCloseTo(w, 12);
  });
});

/** A Storage kept in a Map. */
function memory(entries: Record<string, string> = {}): DraftStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A step form with its words filled in. */
function form(title: string, exercise = false): StepForm {
  const f: StepForm = { ...emptyStepForm(), title: { en: title, zh: `${title}（中文）` }, text: { en: `About ${title}.`, zh: `关于 ${title}。` } };
  if (exercise)
    f.exercise = {
      ...emptyExercise(),
      id: 'two-heads',
      task: { en: 'Use two heads.', zh: '使用两个头。' },
      check: { kind: 'state', fields: { op: 'multi_head', h: '2' } },
      hints: [{ en: 'The operation menu.', zh: '运算菜单。' }],
      solution: 'op=multi_head&h=2',
    };
  return f;
}

describe('the draft', () => {
  test('written and read back as it was', () => {
    const d = { ...emptyDraft(), id: 'my-lesson', title: { en: 'Mine', zh: '我的' }, form: form('Next', true) };
    d.steps = [buildStep(form('First'), 'op=attention', [], 0).step!];
    const store = memory();
    expect(saveDraft(store, d)).toBe(true);
    expect(store.map.has(DRAFT_KEY)).toBe(true);
    expect(loadDraft(store)).toEqual({ draft: d, discarded: false });
    expect(readDraft(writeDraft({ ...d, editing: 0 }))?.editing).toBe(0);
  });

  test('no draft: an empty one, nothing discarded; storage that throws: nothing read, and saving says false', () => {
    expect(loadDraft(memory())).toEqual({ draft: emptyDraft(), discarded: false });
    expect(loadDraft(null)).toEqual({ draft: emptyDraft(), discarded: false });
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(loadDraft(refusing).discarded).toBe(false);
    expect(saveDraft(refusing, emptyDraft())).toBe(false);
    expect(saveDraft(null, emptyDraft())).toBe(false);
  });

  const good = JSON.parse(writeDraft({ ...emptyDraft(), steps: [buildStep(form('First'), 'op=attention', [], 0).step!] })) as Record<string, unknown>;
  const broken: [string, string][] = [
    ['not JSON', '{"version": 1, '],
    ['another version', JSON.stringify({ ...good, version: 2 })],
    ['an id that is not text', JSON.stringify({ ...good, id: 7 })],
    ['a recorded step with a bad state', JSON.stringify({ ...good, steps: [{ ...(good.steps as object[])[0], state: 'nope' }] })],
    ['a form of the wrong shape', JSON.stringify({ ...good, form: { title: 'x' } })],
    [
      'a check kind the form does not have',
      JSON.stringify({ ...good, form: { ...form('x', true), exercise: { ...emptyExercise(), check: { kind: 'eval', fields: {} } } } }),
    ],
    ['editing a step that is not there', JSON.stringify({ ...good, editing: 3 })],
    ['null', 'null'],
  ];
  test.each(broken)('a broken entry (%s) is discarded, and removed from the storage', (_, text) => {
    const store = memory({ [DRAFT_KEY]: text, other: 'kept' });
    expect(loadDraft(store)).toEqual({ draft: emptyDraft(), discarded: true });
    expect(store.map.has(DRAFT_KEY)).toBe(false);
    expect(store.map.get('other')).toBe('kept');
  });
});

describe('a recorded lesson', () => {
  test('two steps recorded (the second with an exercise) read with readLesson, and play back the states recorded', () => {
    const d = { ...emptyDraft(), id: 'recorded', title: { en: 'Recorded', zh: '录制的' } };
    const first = serialize(parse('op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4'));
    const second = serialize(parse('op=multi_head&h=2&X=1,0,0,1;0,1,1,0'));
    const one = buildStep(
      { ...form('One'), panels: ['results', 'plane'], point: { ...emptyStepForm().point, kind: 'weight', i: '1', j: '0' } },
      first,
      d.steps,
      0,
    );
    expect(one.problems).toEqual([]);
    d.steps = [one.step!];
    const two = buildStep(form('Two', true), second, d.steps, 1);
    expect(two.problems).toEqual([]);
    d.steps.push(two.step!);
    const read = readLesson(JSON.parse(JSON.stringify(lessonOf(d))));
    expect(read.ok && read.lesson.steps.map((s) => s.state)).toEqual([first, second]);
    expect(read.ok && read.lesson.steps[0]).toMatchObject({ panels: 'results,plane', point: { weight: [1, 0] } });
    expect(read.ok && read.lesson.steps[1].exercise).toMatchObject({ id: 'two-heads', check: { kind: 'state', op: 'multi_head', h: 2 }, score: 1 });
  });

  test('a step that would not read is not recorded: each problem at the place the step would have', () => {
    const first = buildStep(form('One', true), 'op=attention', [], 0).step!;
    const bad = { ...form('', true), point: { ...emptyStepForm().point, kind: 'row' as const, i: 'x' } };
    bad.exercise!.score = '0';
    const r = buildStep(bad, 'op=attention', [first], 1);
    expect(r.step).toBeNull();
    expect(r.problems.map((p) => p.where)).toEqual(['steps[1].title.en', 'steps[1].point.row', 'steps[1].exercise.id', 'steps[1].exercise.score']);
    expect(r.problems[2].message).toContain('another exercise');
    // editing step 0 itself: its own id is no problem
    expect(buildStep(form('One again', true), 'op=attention', [first], 0).problems).toEqual([]);
    expect(pointerOf({ ...emptyStepForm().point, kind: 'none' })).toBeUndefined();
  });

  test('the lesson readLesson refuses (an empty id, no steps) is named, not exported', () => {
    const read = readLesson(JSON.parse(JSON.stringify(lessonOf(emptyDraft()))));
    expect(!read.ok && read.problems.map((p) => p.where)).toEqual(['id', 'title.en', 'title.zh', 'steps']);
  });

  test('every step of the course, opened in the form, is rebuilt as it was', () => {
    for (const lesson of COURSE) {
      const d = draftOf(lesson);
      d.steps.forEach((step, i) => {
        const rebuilt = buildStep(formOfStep(step), step.state, d.steps, i);
        expect(rebuilt.problems, `${lesson.id} step ${i + 1}`).toEqual([]);
        expect(rebuilt.step, `${lesson.id} step ${i + 1}`).toEqual(stepOf(formOfStep(step), step.state));
        expect(rebuilt.step, `${lesson.id} step ${i + 1}`).toEqual(step);
      });
      expect(readLesson(JSON.parse(JSON.stringify(lessonOf(d)))).ok, lesson.id).toBe(true);
    }
  });
});

describe('a step pointing at a cell of a matrix', () => {
  test('goes into the form and back as it was', () => {
    const step = { title: { en: 'a', zh: '一' }, text: { en: 'b', zh: '二' }, state: 'op=attention', point: { cell: { matrix: 'K', i: 2, j: 1 } } };
    expect(stepOf(formOfStep(step), step.state)).toEqual(step);
  });
});
