// schema.test.ts — web/src/lessons/lesson.schema.json (JSON Schema, draft 2020-12) against readLesson, the
// reader it describes. The schema compiles in ajv's strict mode and its lists are the code's (the panels, the
// controls, the link's keys, the pointer shapes, each check kind's fields and required fields, the names and
// bounds a check may use); every course file, the README's example and the files the author mode exports
// validate; a course file broken one field at a time is refused by both, at the same place; the fields
// readLesson ignores the schema ignores too; and seeded random mutations of the course files are accepted by
// both or refused by both, save the two rules a schema cannot state (distinct exercise ids, atLeast ≤ atMost),
// which readLesson alone refuses.
import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { describe, expect, test } from 'vitest';
import { FIELDS } from '../../../web/src/model/state';
import { checkProblems } from '../../../web/src/lessons/checks';
import { CONTROLS, MAX_STEPS, PANELS, readLesson, type Lesson, type Problem } from '../../../web/src/lessons/lesson';
import { buildStep, emptyStepForm, formOfStep, POINT_KINDS } from '../../../web/src/lessons/author/compose';
import { draftOf, emptyDraft, lessonOf } from '../../../web/src/lessons/author/draft';
import { fileText } from '../../../web/src/lessons/author/lesson-file';

/** A node of the schema, as far as this test walks it. */
interface Node {
  [keyword: string]: unknown;
  properties?: Record<string, Node>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  oneOf?: { $ref: string }[];
  if?: Node;
  else?: Node | false;
}

const SCHEMA_URL = new URL('../../../web/src/lessons/lesson.schema.json', import.meta.url);
const COURSE_DIR = new URL('../../../web/src/lessons/course/', import.meta.url);
const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as Node & { $defs: Record<string, Node> };
const def = (name: string): Node => schema.$defs[name];

// strict mode (unknown keywords, types, tuples); `discriminator` is the OpenAPI keyword ajv reads on `kind`
const ajv = new Ajv2020({ allErrors: true, discriminator: true, strictTypes: true, strictTuples: true });
const validate = ajv.compile(schema);

/** The schema's errors for `x` (none: it validates). */
function schemaErrors(x: unknown): ErrorObject[] {
  return validate(x) ? [] : [...(validate.errors ?? [])];
}

/** readLesson's problems for `x` (none: it reads). */
function problemsOf(x: unknown): Problem[] {
  const r = readLesson(x);
  return r.ok ? [] : r.problems;
}

const say = (problems: Problem[]) => problems.map((p) => `${p.where}: ${p.message}`).join('; ');
const sayErrors = (errors: ErrorObject[]) => ajv.errorsText(errors, { separator: '; ' });

/** The course files, by name, as JSON. */
const COURSE_FILES: [string, unknown][] = readdirSync(COURSE_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(new URL(f, COURSE_DIR), 'utf8')) as unknown]);

/** A course file, as JSON to break. */
const course = (file: string): LessonFile => structuredClone(COURSE_FILES.find(([f]) => f === file)![1]) as LessonFile;

/** A lesson file as JSON, its containers typed so that a test can break any field. */
interface LessonFile {
  [key: string]: unknown;
  title: Record<string, unknown>;
  steps: Record<string, unknown>[];
}

/** The first exercise of a lesson file and its step's index. */
function firstExercise(x: LessonFile): { at: number; exercise: Record<string, unknown> } {
  const at = x.steps.findIndex((s) => s.exercise !== undefined);
  return { at, exercise: x.steps[at].exercise as Record<string, unknown> };
}

/** readLesson's place ("steps[2].exercise.check.row") as a JSON pointer ("/steps/2/exercise/check/row"). */
const jsonPointer = (where: string): string => `/${where.replace(/\[(\d+)\]/g, '.$1').replaceAll('.', '/')}`;

// ---------------------------------------------------------------- the schema itself

describe('the schema', () => {
  test('is a draft 2020-12 schema with an $id, a title and descriptions, valid against its meta-schema', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/^https:\/\/.*lesson\.schema\.json$/);
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
    expect(ajv.validateSchema(schema), sayErrors(ajv.errors ?? [])).toBe(true);
    for (const [name, node] of Object.entries(schema.$defs)) expect(typeof node.description, `$defs/${name}`).toBe('string');
  });

  const names = (pattern: string) => /\(\?:([^()]*)\)/.exec(pattern)![1].split('|');
  const check = (kind: string) => def(`${kind}Check`).properties!;
  const step = () => def('step').properties!;
  /** The state's keys: the alternatives before the prefix of an experiment setting (x.…). */
  const stateKeys = (pattern: string) => pattern.slice('^(?:(?:'.length, pattern.indexOf('|x\\.')).split('|');
  /** The pointer shapes, in the order of the schema's if / else chain. */
  function shapes(): string[] {
    const out: string[] = [];
    let node: Node | false | undefined = def('pointer');
    for (; node && node.if; node = node.else) out.push(node.if.required![0]);
    return node === false ? out : [...out, 'no final else: false'];
  }
  /** The shapes readLesson names for a pointer that names none. */
  function shapesNamed(): string[] {
    const x = course('01-softmax.json');
    const [problem] = problemsOf({ ...x, steps: [{ ...x.steps[0], point: {} }] });
    return [...problem.message.matchAll(/\ban? (\w+)/g)].map((m) => m[1]);
  }
  // a list changed in the code is a list to change in lesson.schema.json: each is named where it is
  test.each<[string, () => unknown, () => unknown]>([
    ['properties/steps maxItems (MAX_STEPS)', () => schema.properties!.steps.maxItems, () => MAX_STEPS],
    ['$defs/step panels pattern (PANELS)', () => names(step().panels.pattern!), () => PANELS],
    ['$defs/pointer then panel enum (PANELS)', () => (def('pointer').then as Node).properties!.panel.enum, () => PANELS],
    ['$defs/step hide pattern (CONTROLS)', () => names(step().hide.pattern!), () => CONTROLS],
    [
      '$defs/state pattern (the keys the link reads)',
      () => stateKeys(def('state').pattern!),
      () => FIELDS.flatMap((f) => f.link?.keys ?? []).filter((k) => k !== 'x.'),
    ],
    ['$defs/pointer if / else chain (the pointer shapes)', shapes, shapesNamed],
  ])('its list %s is the code’s', (_, inSchema, inCode) => {
    expect(inSchema()).toEqual(inCode());
  });

  // each field of a check that checkProblems reads as one of a list (a name, a model, a unit …) has that list
  // as its enum: the list its message gives for a value none holds
  const CHECK_FIELDS = (def('check').properties!.kind.enum as string[]).flatMap((kind) =>
    Object.keys(def(`${kind}Check`).properties!)
      .filter((field) => field !== 'kind')
      .map((field): [string, string] => [kind, field]),
  );
  test.each(CHECK_FIELDS)('its %s check’s field %s is one of a list exactly where checkProblems says so, the same list', (kind, field) => {
    const [problem] = checkProblems({ kind, [field]: '\u0000' }, 'check').filter((p) => p.where === `check.${field}`);
    const listed = problem && /one of (.*), got/.exec(problem.message);
    const node = check(kind)[field];
    const inSchema = node.$ref === '#/$defs/matrix' ? def('matrix').enum : node.enum;
    expect(inSchema, problem?.message).toEqual(listed ? listed[1].split(', ') : undefined);
  });

  test('its bounds of a cache check are checkProblems’: tokens and bytes a value', () => {
    const bounds = (field: string) => {
      const [problem] = checkProblems({ kind: 'kvCache', model: 'gpt2', tokens: 1, width: 1, [field]: 0 }, 'check');
      return /must be (\d+) … (\d+)/.exec(problem.message)!.slice(1).map(Number);
    };
    for (const field of ['tokens', 'width']) expect([check('kvCache')[field].minimum, check('kvCache')[field].maximum], field).toEqual(bounds(field));
  });

  test('its check kinds are checkProblems’ kinds, each with its fields and required fields', () => {
    const [unknown] = checkProblems({ kind: 'largestQuery' }, 'check');
    const kinds = /must be one of (.*), got/.exec(unknown.message)![1].split(', ');
    expect(def('check').properties!.kind.enum).toEqual(kinds);
    expect(def('check').oneOf!.map((r) => r.$ref)).toEqual(kinds.map((k) => `#/$defs/${k}Check`));
    for (const kind of kinds) {
      const branch = def(`${kind}Check`);
      expect(branch.properties!.kind, kind).toEqual({ const: kind });
      expect(branch.additionalProperties, kind).toBe(false);
      // the fields: those checkProblems lists for a field it does not know
      const [extra] = checkProblems({ kind, zzz: 1 }, 'check').filter((p) => p.where === 'check.zzz');
      const fields = /\(it has (.*)\)$/.exec(extra.message)![1];
      expect(
        Object.keys(branch.properties!).filter((k) => k !== 'kind'),
        kind,
      ).toEqual(fields === 'none' ? [] : fields.split(', '));
      // the required fields: those it says are missing from a check of the kind alone
      const missing = checkProblems({ kind }, 'check')
        .filter((p) => p.message === `is missing (a "${kind}" check needs it)`)
        .map((p) => p.where.slice('check.'.length));
      expect(branch.required, kind).toEqual(['kind', ...missing]);
    }
  });
});

// ---------------------------------------------------------------- files that read validate

describe('the lesson files that read validate', () => {
  test('there are course files', () => expect(COURSE_FILES.length).toBeGreaterThanOrEqual(8));

  test.each(COURSE_FILES)('the course file %s', (_, x) => {
    expect(say(problemsOf(x))).toBe('');
    expect(sayErrors(schemaErrors(x))).toBe('No errors');
  });

  test('the README’s example lesson (the first json block under ## Lessons)', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const block = /```json\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Lessons')));
    expect(block, 'a json block under ## Lessons').not.toBeNull();
    const x = JSON.parse(block![1]) as unknown;
    expect(say(problemsOf(x))).toBe('');
    expect(sayErrors(schemaErrors(x))).toBe('No errors');
  });

  test('every course lesson opened in the author mode, each step rebuilt from its form, as the file it exports', () => {
    for (const [file, x] of COURSE_FILES) {
      const d = draftOf(x as Lesson);
      d.steps = d.steps.map((step, i) => buildStep(formOfStep(step), step.state, d.steps, i).step!);
      const exported = JSON.parse(fileText(lessonOf(d))) as unknown;
      expect(say(problemsOf(exported)), file).toBe('');
      expect(sayErrors(schemaErrors(exported)), file).toBe('No errors');
    }
  });

  test('a lesson recorded in the author mode with a step pointing each way the form offers', () => {
    const d = { ...emptyDraft(), id: 'recorded', title: { en: 'Recorded', zh: '录制的' } };
    for (const kind of POINT_KINDS) {
      const form = { ...emptyStepForm(), title: { en: kind, zh: '指' }, text: { en: 'Look.', zh: '看。' }, point: { ...emptyStepForm().point, kind } };
      const built = buildStep(form, 'op=attention&K=1,0;0,1', d.steps, d.steps.length);
      expect(say(built.problems), kind).toBe('');
      d.steps.push(built.step!);
    }
    const exported = JSON.parse(fileText(lessonOf(d))) as LessonFile;
    expect(exported.steps.map((s) => (s.point ? Object.keys(s.point)[0] : 'none'))).toEqual([...POINT_KINDS]);
    expect(say(problemsOf(exported))).toBe('');
    expect(sayErrors(schemaErrors(exported))).toBe('No errors');
  });
});

// ---------------------------------------------------------------- broken one field at a time

/** A change that breaks a course file, and the place readLesson names. */
type Break = [name: string, file: string, change: (x: LessonFile) => void, where: (x: LessonFile) => string];

const atExercise = (path: string) => (x: LessonFile) => `steps[${firstExercise(x).at}].exercise${path}`;
const setCheck = (check: unknown) => (x: LessonFile) => void (firstExercise(x).exercise.check = check);
const setPoint = (point: unknown) => (x: LessonFile) => void (x.steps[0].point = point);
const fixed = (where: string) => () => where;

const BREAKS: Break[] = [
  ['a version other than 1', '01-softmax.json', (x) => (x.version = 2), fixed('version')],
  ['a version as text', '01-softmax.json', (x) => (x.version = '1'), fixed('version')],
  ['an id with capitals', '01-softmax.json', (x) => (x.id = 'Softmax'), fixed('id')],
  ['an id of 41 characters', '01-softmax.json', (x) => (x.id = 'x'.repeat(41)), fixed('id')],
  ['a title without 中文', '01-softmax.json', (x) => delete x.title.zh, fixed('title.zh')],
  ['a step text of white space', '02-scaling.json', (x) => ((x.steps[1].text as Record<string, unknown>).en = ' \n'), fixed('steps[1].text.en')],
  [
    '61 steps',
    '03-masks.json',
    (x) => (x.steps = Array.from({ length: MAX_STEPS + 1 }, (_, i) => ({ ...x.steps[0], exercise: undefined, n: i }))),
    fixed('steps'),
  ],
  ['no steps', '03-masks.json', (x) => (x.steps = []), fixed('steps')],
  ['a step without its state', '04-multi-head.json', (x) => delete x.steps[2].state, fixed('steps[2].state')],
  ['a state with a key the link does not read', '04-multi-head.json', (x) => (x.steps[0].state = 'op=attention&nope=1'), fixed('steps[0].state')],
  ['a solution with a space', '01-softmax.json', (x) => (firstExercise(x).exercise.solution = 'Q=1, 0'), atExercise('.solution')],
  ['panels with an unknown name', '05-positions.json', (x) => (x.steps[0].panels = 'plane,chart'), fixed('steps[0].panels')],
  ['panels with an empty name', '05-positions.json', (x) => (x.steps[0].panels = 'plane,'), fixed('steps[0].panels')],
  ['hidden controls with an unknown name', '05-positions.json', (x) => (x.steps[0].hide = 'op,wings'), fixed('steps[0].hide')],
  ['a pointer at an unknown panel', '07-flash.json', setPoint({ panel: 'chart' }), fixed('steps[0].point.panel')],
  ['an unknown pointer', '07-flash.json', setPoint({ column: 1 }), fixed('steps[0].point')],
  ['a weight pointer of one number', '07-flash.json', setPoint({ weight: [0] }), fixed('steps[0].point.weight')],
  ['a cell pointer without j', '07-flash.json', setPoint({ cell: { matrix: 'K', i: 0 } }), fixed('steps[0].point.cell')],
  ['an arrow of a value', '07-flash.json', setPoint({ arrow: { kind: 'v', row: 0 } }), fixed('steps[0].point.arrow')],
  ['a score of 0', '01-softmax.json', (x) => (firstExercise(x).exercise.score = 0), atExercise('.score')],
  ['a score of 101', '01-softmax.json', (x) => (firstExercise(x).exercise.score = 101), atExercise('.score')],
  ['a score of 1.5', '01-softmax.json', (x) => (firstExercise(x).exercise.score = 1.5), atExercise('.score')],
  ['an exercise id with a space', '01-softmax.json', (x) => (firstExercise(x).exercise.id = 'my id'), atExercise('.id')],
  ['hints that are not a list', '01-softmax.json', (x) => (firstExercise(x).exercise.hints = { en: 'a', zh: '一' }), atExercise('.hints')],
  ['an exercise without its solution', '01-softmax.json', (x) => delete firstExercise(x).exercise.solution, atExercise('.solution')],
  ['an unknown check kind', '01-softmax.json', setCheck({ kind: 'largestQuery' }), atExercise('.check.kind')],
  ['a check row as text', '01-softmax.json', setCheck({ kind: 'weight', row: '1', col: 0 }), atExercise('.check.row')],
  ['a check row below 0', '01-softmax.json', setCheck({ kind: 'weight', row: -1, col: 0 }), atExercise('.check.row')],
  ['an unknown field of a check', '01-softmax.json', setCheck({ kind: 'largestKey', row: 0, is: 1, colour: 'red' }), atExercise('.check.colour')],
  ['a field of another kind', '03-masks.json', setCheck({ kind: 'visibleKeys', head: 0 }), atExercise('.check.head')],
  ['a check without a field its kind needs', '01-softmax.json', setCheck({ kind: 'weight', row: 0 }), atExercise('.check.col')],
  [
    'an answer with both is and of',
    '06-block.json',
    setCheck({ kind: 'answer', is: 1, of: { kind: 'weight', row: 0, col: 0 }, within: 0.1 }),
    atExercise('.check'),
  ],
  ['an answer with neither is nor of', '06-block.json', setCheck({ kind: 'answer', within: 0.1 }), atExercise('.check')],
  [
    'an answer of a check that measures nothing',
    '06-block.json',
    setCheck({ kind: 'answer', of: { kind: 'futureHidden' }, within: 0.1 }),
    atExercise('.check.of.kind'),
  ],
  [
    'an answer of a measure with a range',
    '06-block.json',
    setCheck({ kind: 'answer', of: { kind: 'entropy', row: 0, atLeast: 1 }, within: 0.1 }),
    atExercise('.check.of.atLeast'),
  ],
  ['a cache of 0 tokens', '08-kv-cache.json', setCheck({ kind: 'kvCache', model: 'gpt2', tokens: 0, width: 2 }), atExercise('.check.tokens')],
  ['a cache of 17 bytes a value', '08-kv-cache.json', setCheck({ kind: 'kvCache', model: 'gpt2', tokens: 10, width: 17 }), atExercise('.check.width')],
  [
    'a cache of a model the calculator does not know',
    '08-kv-cache.json',
    setCheck({ kind: 'kvCache', model: 'gpt-5', tokens: 10, width: 2 }),
    atExercise('.check.model'),
  ],
  ['a tile check of m without its step', '07-flash.json', setCheck({ kind: 'tile', value: 'm', row: 0 }), atExercise('.check.step')],
  ['all of no checks', '02-scaling.json', setCheck({ kind: 'all', checks: [] }), atExercise('.check.checks')],
  ['a bad check inside not', '02-scaling.json', setCheck({ kind: 'not', check: { kind: 'weight', row: 0, col: 1.5 } }), atExercise('.check.check.col')],
  ['a with whose patch has no =', '02-scaling.json', setCheck({ kind: 'with', set: 'scale', check: { kind: 'computes' } }), atExercise('.check.set')],
  [
    'equal values of one cell',
    '05-positions.json',
    setCheck({ kind: 'sameValues', matrix: 'step.weights', cells: [[0, 0]], within: 0.1 }),
    atExercise('.check.cells'),
  ],
  ['a state check of an operation the page has not', '04-multi-head.json', setCheck({ kind: 'state', op: 'multihead' }), atExercise('.check.op')],
  ['a state check of scale as text', '04-multi-head.json', setCheck({ kind: 'state', scale: 'true' }), atExercise('.check.scale')],
  ['an experiment the page has not', '05-positions.json', setCheck({ kind: 'experiment', name: 'scale', path: 'at64.d' }), atExercise('.check.name')],
  [
    'a row statistic of a matrix that is not a result',
    '06-block.json',
    setCheck({ kind: 'rowStat', matrix: 'LN', row: 0, stat: 'mean' }),
    atExercise('.check.matrix'),
  ],
];

describe('a course file broken one field at a time is refused by readLesson and by the schema, at the same place', () => {
  test.each(BREAKS)('%s (%s)', (_, file, change, where) => {
    const x = course(file);
    change(x);
    const json = JSON.parse(JSON.stringify(x)) as LessonFile;
    const problems = problemsOf(json);
    expect(problems.map((p) => p.where)).toEqual([where(json)]);
    const errors = schemaErrors(json);
    expect(errors.length, 'the schema refuses it').toBeGreaterThan(0);
    const place = jsonPointer(problems[0].where);
    const at = errors.map((e) => e.instancePath).filter((p) => p !== '' && (place === p || place.startsWith(`${p}/`)));
    expect(at.length, `an error at ${place} or above it (the schema says: ${sayErrors(errors)})`).toBeGreaterThan(0);
  });
});

describe('what a schema cannot say, and what readLesson ignores', () => {
  test('two rules beyond a schema: readLesson alone refuses two exercises with one id, and atLeast above atMost', () => {
    const twice = course('01-softmax.json');
    const { at, exercise } = firstExercise(twice);
    twice.steps[at + 1].exercise = structuredClone(exercise);
    expect(problemsOf(twice).map((p) => p.message)).toEqual([expect.stringMatching(/is the id of another exercise/) as unknown]);
    expect(schemaErrors(twice)).toEqual([]);
    const range = course('01-softmax.json');
    setCheck({ kind: 'weight', row: 0, col: 1, atLeast: 0.9, atMost: 0.1 })(range);
    expect(problemsOf(range).map((p) => p.message)).toEqual([expect.stringMatching(/is above atMost/) as unknown]);
    expect(schemaErrors(range)).toEqual([]);
  });

  test('fields readLesson does not know, outside a check, both ignore: $schema, a note, a third language, a pointer’s other fields', () => {
    const x = course('01-softmax.json');
    x.$schema = '../lesson.schema.json';
    x.steps[0].note = 'for the teacher';
    (x.steps[0].title as Record<string, unknown>).fr = 'Bonjour';
    x.steps[0].point = { panel: 'plane', weight: 'ignored' };
    firstExercise(x).exercise.author = 'me';
    expect(say(problemsOf(x))).toBe('');
    expect(sayErrors(schemaErrors(x))).toBe('No errors');
  });
});

// ---------------------------------------------------------------- random mutations

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

/** A good check of every kind. */
const CHECKS: unknown[] = [
  { kind: 'weight', row: 0, col: 1, head: 0, atLeast: 0.1, atMost: 0.9 },
  { kind: 'largestKey', row: 1, is: 0 },
  { kind: 'largestWeight', atMost: 0.5 },
  { kind: 'entropy', row: 0, atLeast: 0.5 },
  { kind: 'futureHidden' },
  { kind: 'visibleKeys', row: 2, atMost: 3 },
  { kind: 'sameOutput', as: 'scale=0', within: 1e-9 },
  {
    kind: 'sameValues',
    matrix: 'step.weights',
    cells: [
      [0, 0],
      [1, 1],
    ],
    within: 0.001,
  },
  { kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'variance', atLeast: 0.99, atMost: 1.01 },
  { kind: 'tile', value: 'tiles', atLeast: 2 },
  { kind: 'tile', value: 'l', step: 1, row: 0 },
  { kind: 'kvCache', model: 'llama3-8b', tokens: 4096, width: 2, unit: 'GiB', atMost: 1 },
  { kind: 'computes' },
  { kind: 'state', op: 'gqa', H: 8, G: 2, positions: 'rope', mask: 'causal', scale: true },
  { kind: 'experiment', name: 'scaling', path: 'at64.max_unscaled_mean', atLeast: 1 },
  { kind: 'answer', is: 0.25, within: 0.01 },
  { kind: 'answer', of: { kind: 'tile', value: 'm', step: 2, row: 0 }, within: 0.01 },
  { kind: 'with', set: 'scale=0', check: { kind: 'largestWeight', atLeast: 0.9 } },
  { kind: 'all', checks: [{ kind: 'computes' }, { kind: 'not', check: { kind: 'futureHidden' } }] },
  { kind: 'any', checks: [{ kind: 'state', h: 2 }] },
  { kind: 'not', check: { kind: 'computes' } },
];
const KINDS = def('check').properties!.kind.enum as string[];
/** The values the schema lists for a field of a check (the same as checkProblems': tested above). */
const enumOf = (kind: string, field: string) => def(`${kind}Check`).properties![field].enum as string[];
const LINKS = [
  '',
  'op=attention',
  'h=2&op=multi_head',
  'x.depth=3',
  'x.=1',
  'Q=1,0;0,1',
  'op==x',
  'nope=1',
  'op',
  '=1',
  'op=a b',
  'op=attention&',
  'h=1&&op=x',
];
const INDEX = [0, 1, 3, -1, 2.5, '1', null, 1e9, 1e9 + 1];
const NUMBER = [0, 0.5, 1, -2, 1e9, '0.5', null, true];
const WORDS = [{ en: 'a', zh: '一' }, { en: 'a' }, { en: 'a', zh: ' ' }, 'a', null];

/** Values a field of that name may plausibly hold: good ones, and the near misses a teacher types. */
const POOL: Record<string, unknown[]> = {
  version: [1, 2, '1', 0],
  id: ['a', 'my-lesson-2', 'x'.repeat(40), 'x'.repeat(41), 'A', '', 'a_b', 'abc\n'],
  en: ['Text', '', ' ', '\t\n', 'é', 5],
  zh: ['文字', '', '\u3000', 0],
  title: WORDS,
  text: WORDS,
  task: WORDS,
  state: LINKS,
  solution: LINKS,
  as: LINKS,
  set: LINKS,
  panels: ['plane', 'plane, results', ' tiles ', 'kvcache,experiments', 'plane,chart', '', ',', 'Plane', 'plane,,results', 3],
  hide: ['op', 'op, preset', 'positions,views', 'wings', '', 'OP'],
  point: [
    { panel: 'plane' },
    { weight: [0, 1] },
    { row: { matrix: 'Q', i: 0 } },
    { cell: { matrix: 'K', i: 0, j: 1 } },
    { arrow: { kind: 'k', row: 1 } },
    {},
    'plane',
  ],
  panel: ['plane', 'tiles', 'kvcache', 'chart', 1],
  weight: [[0, 1], [2, 2], [0], [0, -1], [1.5, 0], '0,1'],
  cell: [{ matrix: 'K', i: 0, j: 1 }, { matrix: 'K', i: 0 }, { matrix: 1, i: 0, j: 0 }, [0, 1]],
  arrow: [{ kind: 'q', row: 0 }, { kind: 'k', row: 2 }, { kind: 'v', row: 0 }, { kind: 'q' }],
  row: [...INDEX, { matrix: 'Q', i: 1 }, { matrix: 'Q' }],
  kind: [...KINDS, 'q', 'k', 'largestQuery', 3],
  exercise: [null, {}, 'exercise'],
  hints: [[], [{ en: 'a', zh: '一' }], [{ en: 'a' }], 'hint'],
  score: [1, 2, 100, 0, 101, 1.5, '1'],
  check: CHECKS,
  checks: [[], [{ kind: 'computes' }], [{ kind: 'computes' }, { kind: 'futureHidden' }], { kind: 'computes' }, [{ kind: 'nope' }]],
  of: [...CHECKS.slice(0, 5), { kind: 'weight', row: 0, col: 1 }, { kind: 'futureHidden' }, { kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'mean' }],
  cells: [
    [
      [0, 0],
      [1, 1],
    ],
    [[0, 0]],
    [
      [0, 0],
      [1, -1],
    ],
    [
      [0, 0, 0],
      [1, 1],
    ],
    Array.from({ length: 65 }, () => [0, 0]),
  ],
  matrix: ['Q', 'K', 'step.weights', 'step.ln', 'step.alibi', 'LN', 3],
  stat: ['mean', 'variance', 'median'],
  value: ['m', 'l', 'rescale', 'tiles', 'x'],
  model: [...enumOf('kvCache', 'model'), 'gpt-5'],
  unit: [...enumOf('kvCache', 'unit'), 'KB'],
  op: [...enumOf('state', 'op'), 'multihead'],
  positions: [...enumOf('state', 'positions'), 'learned'],
  mask: [...enumOf('state', 'mask'), 'future'],
  scale: [true, false, 'true', 0, 'scale=0'],
  name: [...enumOf('experiment', 'name'), 'scale'],
  path: ['at64.max_unscaled_mean', '', 3],
  tokens: [1, 4096, 1e9, 0, 1e9 + 1, 1.5],
  width: [1, 2, 16, 0, 17],
  i: INDEX,
  j: INDEX,
  col: INDEX,
  head: INDEX,
  is: [...INDEX, ...NUMBER],
  step: INDEX,
  h: INDEX,
  H: INDEX,
  G: INDEX,
  atLeast: NUMBER,
  atMost: NUMBER,
  within: NUMBER,
};
const ODD: unknown[] = [null, 0, -1, 1.5, '', 'x', true, [], {}, [1, 2], { kind: 'all' }, { en: 'a', zh: '一' }];
const ADDED = [...Object.keys(POOL), 'extra', '$schema', 'note'];
/** The pool of an item of a list, by the list's name. */
const ITEM: Record<string, string> = { hints: 'task', checks: 'check', weight: 'i', cells: 'weight' };

/** Every container (object or array) of `x` with its place ("steps[2].exercise"), depth first. */
function containers(x: unknown, where = '', out: [string, Record<string, unknown> | unknown[]][] = []): [string, Record<string, unknown> | unknown[]][] {
  if (typeof x === 'object' && x !== null) {
    out.push([where, x as Record<string, unknown>]);
    for (const [k, v] of Object.entries(x)) containers(v, Array.isArray(x) ? `${where}[${k}]` : where ? `${where}.${k}` : k, out);
  }
  return out;
}

/** `x` changed in one place: a field given a plausible value (or an odd one), a field removed, a field added, a list doubled. What was done. */
function mutate(x: unknown, next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const valueFor = (key: string): unknown => structuredClone(POOL[key] && next() < 0.85 ? pick(POOL[key]) : pick(ODD));
  const [where, c] = pick(containers(x));
  const at = c as Record<string, unknown>;
  const key = pick(Object.keys(c));
  const place = (k: string) => (Array.isArray(c) ? `${where}[${k}]` : where ? `${where}.${k}` : k);
  const what = next();
  if (what < 0.55 && key !== undefined) {
    at[key] = valueFor(Array.isArray(c) ? (ITEM[/\w*$/.exec(where)![0]] ?? 'item') : key);
    return `${place(key)} = ${JSON.stringify(at[key])}`;
  }
  if (what < 0.7 && key !== undefined) {
    if (Array.isArray(c)) c.splice(Number(key), 1);
    else delete at[key];
    return `${place(key)} removed`;
  }
  if (what < 0.9 && !Array.isArray(c)) {
    const added = pick(ADDED);
    at[added] = valueFor(added);
    return `${place(added)} = ${JSON.stringify(at[added])}`;
  }
  if (Array.isArray(c)) {
    c.push(...structuredClone(c));
    return `${where} doubled`;
  }
  return 'nothing';
}

/** A problem that a schema cannot state: a second exercise with an id, atLeast above atMost. */
const beyondSchema = (p: Problem) => /is the id of another exercise of this lesson$/.test(p.message) || /is above atMost/.test(p.message);

describe('random mutations of the course files', () => {
  test('readLesson and the schema agree on each: both accept, or both refuse (save what a schema cannot say)', () => {
    const next = random(20260501);
    const counts = { accepted: 0, refused: 0, beyond: 0 };
    const disagreements: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const [file, original] = COURSE_FILES[k % COURSE_FILES.length];
      const x = structuredClone(original);
      const done = Array.from({ length: 1 + Math.floor(next() * 2) }, () => mutate(x, next));
      const json = JSON.parse(JSON.stringify(x)) as unknown;
      const problems = problemsOf(json);
      const errors = schemaErrors(json);
      const onlyBeyond = problems.length > 0 && problems.every(beyondSchema);
      if (problems.length === 0) counts.accepted++;
      else if (onlyBeyond) counts.beyond++;
      else counts.refused++;
      const schemaShould = problems.length === 0 || onlyBeyond;
      if (schemaShould !== (errors.length === 0) && disagreements.length < 10)
        disagreements.push(`${file}, ${done.join(', ')}: readLesson says ${say(problems) || 'ok'}; the schema says ${sayErrors(errors)}`);
    }
    expect(disagreements).toEqual([]);
    // both sides exercised: many mutations read, many do not
    expect(counts.accepted).toBeGreaterThan(600);
    expect(counts.refused).toBeGreaterThan(600);
    console.log(`random mutations: ${counts.accepted} read, ${counts.refused} refused, ${counts.beyond} refused only for what a schema cannot say`);
  });
});
