// lesson-embeds.spec.ts — a lesson played wherever the playground is embedded: the script + element
// embed (the `lesson` attribute, the host hears `exercise-checked`, getGrade()), the iframe driven by
// postMessage (`?embed&lesson=`, the lesson / get-grade / set-progress commands, exercise-checked
// posted to the parent), Open edX's JSInput functions (`?jsinput`: getState / setState / getGrade
// round-trip), the offline one-file page given a lesson as `?lesson=<data: URL>`, and the npm package
// from a CDN (the element's attribute, the anywidget front-end's `lesson` and `grade` traits).
//
// Each test passes exercise cat-mat of lesson 1 (step 2) with the solution the lesson file gives.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Frame, Locator, Page } from '@playwright/test';
import type { AttentionPlayground } from '../../web/src/component/attention-playground.component';
import type { JsInputApi } from '../../web/src/component/jsinput';
import type { ExerciseCheckedDetail } from '../../web/src/lessons/player';
import type { Grade, Progress } from '../../web/src/lessons/progress';
import type { WidgetModel } from '../../web/src/package/widget';
import { expect, test } from './fixtures';
import { CDN_PREFIXES, routeCdn } from './cdn';
import { componentPage, converse, MSG, type Answer, type Command } from './embedding';

/** Lesson 1 as its file holds it (the parts these tests read). */
interface LessonFile {
  id: string;
  title: Record<string, string>;
  steps: { state: string; exercise?: { id: string; solution: string } }[];
}

const LESSON = JSON.parse(readFileSync(fileURLToPath(new URL('../../web/src/lessons/course/01-softmax.json', import.meta.url)), 'utf8')) as LessonFile;
const STEP_2 = LESSON.steps[1];

/** The rows of matrix `name` in a piece of a link ("Q=1,0;0,1&K=…"), as cell texts. */
const rowsOf = (link: string, name: string): string[][] =>
  link
    .split('&')
    .find((part) => part.startsWith(`${name}=`))!
    .slice(name.length + 1)
    .split(';')
    .map((row) => row.split(','));

/** Step 2's matrices with its exercise's solution: the query of "cat" turned towards "mat". */
const SOLVED = { Q: rowsOf(STEP_2.exercise!.solution, 'Q'), K: rowsOf(STEP_2.state, 'K'), V: rowsOf(STEP_2.state, 'V') };
const MAX_SCORE = LESSON.steps.filter((s) => s.exercise).length;

/** What a page recorded (an init script): the exercise-checked events it heard, the messages its frames posted. */
interface Recorder {
  __checked: ExerciseCheckedDetail[];
  __got: { type: string; [key: string]: unknown }[];
}

/** Record the exercise-checked events of the document and the messages from other windows, from the start. */
function record(): void {
  const w = window as unknown as Recorder;
  w.__checked = [];
  w.__got = [];
  document.addEventListener('exercise-checked', (e) => w.__checked.push((e as CustomEvent<ExerciseCheckedDetail>).detail));
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== window) w.__got.push(e.data as Recorder['__got'][number]);
  });
}

const checkedOf = (page: Page) => page.evaluate(() => (window as unknown as Recorder).__checked);
const postedOf = (page: Page, type: string) => page.evaluate((t) => (window as unknown as Recorder).__got.filter((m) => m.type === t), type);

const count = (scope: Locator | Page) => scope.locator('[data-testid=lesson-count]');
const status = (scope: Locator | Page) => scope.locator('[data-testid=lesson-status]');

/** Pass cat-mat in the element `selector` of `where` with its own setState (its other matrices kept). */
const solveCatMat = (where: Page | Frame, selector = 'attention-playground') =>
  where.evaluate(
    ([sel, Q]) => {
      const el = document.querySelector(sel) as AttentionPlayground;
      el.setState({ matrices: { ...el.getState().matrices, Q: { kind: 'cells', cells: Q } } });
    },
    [selector, SOLVED.Q] as const,
  );

/** Call a method of the element `selector` in the page; its result. */
const callOn = <T>(page: Page, selector: string, method: 'getGrade' | 'getProgress') =>
  page.evaluate(([sel, m]) => (document.querySelector(sel) as AttentionPlayground)[m]() as unknown, [selector, method] as const) as Promise<T>;

/** An answer of the embedded page to a lesson command. */
type LessonAnswer = Answer & { grade?: Grade | null; progress?: Progress | null; lesson?: string | null };

/** Post lesson commands to the host page's iframe; every answer. */
const talk = (page: Page, messages: Command[]) => converse(page, messages) as Promise<LessonAnswer[]>;

/** A grade of lesson 1 with `score` points (one exercise passed a point). */
const lesson1Grade = (score: number): Grade => ({
  lesson: LESSON.id,
  score,
  maxScore: MAX_SCORE,
  passed: score,
  exercises: MAX_SCORE,
  complete: false,
});

test('script embed: the lesson attribute plays lesson 1; the host hears exercise-checked and getGrade() scores the exercise', async ({ page, url }) => {
  await page.addInitScript(record);
  await page.route(`${url}course/lesson.html`, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: componentPage(`${url}attention-playground.js`, `<attention-playground id="lesson-1" lesson="${LESSON.id}"></attention-playground>`),
    }),
  );
  await page.goto(`${url}course/lesson.html`);
  const el = page.locator('#lesson-1');
  await expect(count(el), 'the lesson attribute plays the lesson').toHaveText(`Step 1 of ${LESSON.steps.length}`);
  expect(await callOn<Grade>(page, '#lesson-1', 'getGrade'), 'the grade before any exercise').toEqual(lesson1Grade(0));
  await el.locator('[data-testid=lesson-next]').click();
  await expect(count(el)).toHaveText(`Step 2 of ${LESSON.steps.length}`);
  await expect(status(el)).toHaveText(/Not yet/);
  await solveCatMat(page, '#lesson-1');
  await expect(status(el)).toHaveText('Passed ✓ — 1 of 1');

  const checked = await checkedOf(page);
  const last = checked.at(-1);
  expect(last && { ...last, state: '' }, `the host heard: ${JSON.stringify(checked)}`).toEqual({
    lesson: LESSON.id,
    exercise: 'cat-mat',
    passed: true,
    score: 1,
    maxScore: 1,
    state: '',
  });
  expect(last?.state, 'the state checked, as a link').toContain(`Q=${SOLVED.Q.map((r) => r.join(',')).join(';')}`);
  expect(
    checked.some((d) => d.exercise === 'cat-mat' && !d.passed),
    'the first verdict of step 2 ("not yet") was heard too',
  ).toBe(true);
  expect(await callOn<Grade>(page, '#lesson-1', 'getGrade'), 'getGrade() after passing cat-mat').toEqual(lesson1Grade(1));
  const progress = await callOn<Progress>(page, '#lesson-1', 'getProgress');
  expect([progress.step, progress.exercises['cat-mat']?.passed], 'getProgress()').toEqual([2, true]);
  expect(await page.evaluate(() => location.hash), 'the element wrote the host page’s hash').toBe('');
});

test('iframe: ?embed&lesson= plays the lesson; the host opens one, passes an exercise, hears exercise-checked, reads and sets the grade', async ({
  page,
  url,
}) => {
  await page.addInitScript(record);
  await page.route(`${url}course/iframe-lesson.html`, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: componentPage('unused.js', `<iframe id="frame" src="../index.html?embed&amp;lesson=${LESSON.id}" title="Lesson"></iframe>`).replace(
        '<script type="module" src="unused.js"></script>',
        '',
      ),
    }),
  );
  await page.goto(`${url}course/iframe-lesson.html`);
  const frame = page.frameLocator('#frame').locator('attention-playground');
  await expect(count(frame), '?embed&lesson= plays the lesson in the iframe').toHaveText(`Step 1 of ${LESSON.steps.length}`);

  const [g0] = await talk(page, [{ type: MSG.getGrade, id: 'g0' }]);
  expect([g0.type, g0.ok, g0.grade, g0.progress?.step], `get-grade: ${JSON.stringify(g0)}`).toEqual([MSG.grade, true, lesson1Grade(0), 1]);

  // open it at step 2, pass cat-mat with the `set` command, hear the verdict
  const [opened] = await talk(page, [{ type: MSG.lesson, id: 'l1', lesson: LESSON.id, step: 2 }]);
  expect([opened.type, opened.ok, opened.message, opened.lesson], `lesson: ${JSON.stringify(opened)}`).toEqual([MSG.lessonOpened, true, '', LESSON.id]);
  await expect(count(frame)).toHaveText(`Step 2 of ${LESSON.steps.length}`);
  const [set] = await converse(page, [{ type: MSG.set, id: 's1', state: { matrices: SOLVED } }]);
  expect(set.ok, `set: ${JSON.stringify(set)}`).toBe(true);
  await expect(status(frame)).toHaveText('Passed ✓ — 1 of 1');
  await expect
    .poll(async () => (await postedOf(page, MSG.exerciseChecked)).map((m) => [m.exercise, m.passed, m.score, m.maxScore]), {
      message: 'the exercise-checked messages the host received',
    })
    .toContainEqual(['cat-mat', true, 1, 1]);
  const [g1] = await talk(page, [{ type: MSG.getGrade, id: 'g1' }]);
  expect(g1.grade, 'get-grade after passing cat-mat').toEqual(lesson1Grade(1));
  const passedProgress = g1.progress;

  // set-progress: back to a fresh start on step 3, then the passed progress again
  const fresh: Progress = { version: 1, lesson: LESSON.id, step: 3, exercises: {} };
  const [p1] = await talk(page, [{ type: MSG.setProgress, id: 'p1', progress: fresh }]);
  expect([p1.type, p1.ok, p1.grade, p1.progress], `set-progress: ${JSON.stringify(p1)}`).toEqual([MSG.grade, true, lesson1Grade(0), fresh]);
  await expect(count(frame), 'set-progress moves to its step').toHaveText(`Step 3 of ${LESSON.steps.length}`);
  const [p2] = await talk(page, [{ type: MSG.setProgress, id: 'p2', progress: JSON.stringify(passedProgress) }]);
  expect([p2.ok, p2.grade], 'set-progress with the JSON text of the passed progress').toEqual([true, lesson1Grade(1)]);

  // what is refused, with its reason; nothing else changes
  const refused = await talk(page, [
    { type: MSG.setProgress, id: 'p3', progress: { ...fresh, lesson: 'masks' } },
    { type: MSG.setProgress, id: 'p4', progress: 42 },
    { type: MSG.lesson, id: 'l2', lesson: LESSON.id, step: 0 },
    { type: MSG.lesson, id: 'l3', lesson: 7 },
  ]);
  const byId = Object.fromEntries(refused.map((a) => [a.id, a]));
  expect(
    ['p3', 'p4', 'l2', 'l3'].map((id) => byId[id]?.ok),
    JSON.stringify(refused),
  ).toEqual([false, false, false, false]);
  expect(byId.p3.message).toMatch(/not the progress of the lesson shown/);
  expect(byId.l2.message).toMatch(/step must be a whole number from 1/);
  const [g2] = await talk(page, [{ type: MSG.getGrade, id: 'g2' }]);
  expect(g2.grade, 'the grade after the refused commands').toEqual(lesson1Grade(1));

  // a lesson object; then a file of another site: ok false with the reason, and no lesson open
  const own = { ...LESSON, id: 'own-lesson', steps: [STEP_2] };
  const [l4] = await talk(page, [{ type: MSG.lesson, id: 'l4', lesson: own }]);
  expect([l4.ok, l4.lesson, l4.grade?.maxScore], `a lesson object: ${JSON.stringify(l4)}`).toEqual([true, 'own-lesson', 1]);
  await expect(count(frame)).toHaveText('Step 1 of 1');
  const elsewhere = 'https://elsewhere.example/lesson.json';
  const [l5] = await talk(page, [{ type: MSG.lesson, id: 'l5', lesson: elsewhere }]);
  expect([l5.ok, l5.lesson], `a lesson file of another site: ${JSON.stringify(l5)}`).toEqual([false, null]);
  expect(l5.message).toMatch(/neither a lesson of the course .* nor a lesson file of this site/);
  const [g3] = await talk(page, [{ type: MSG.getGrade, id: 'g3' }]);
  expect([g3.ok, g3.grade, g3.message], 'get-grade with no lesson open').toEqual([false, null, 'no lesson is open']);
});

/** Call one of the page's JSInput functions. */
const jsinput = (page: Page, name: keyof JsInputApi, arg = '') =>
  page.evaluate(([n, a]) => String((window as unknown as JsInputApi)[n](a) ?? ''), [name, arg] as const);

/** getGrade()'s text, read. */
const jsinputGrade = async (page: Page) => JSON.parse(await jsinput(page, 'getGrade')) as { grade: Grade | null; progress: Progress | null };

test('?jsinput: getState, setState and getGrade on window; the state and the progress round-trip, on the page and on a new one', async ({ newPage, url }) => {
  const address = `${url}?embed&jsinput&lesson=${LESSON.id}`;
  const page = await newPage({ url: address, wait: false });
  await expect(count(page)).toHaveText(`Step 1 of ${LESSON.steps.length}`);
  expect(await page.evaluate(() => ['getState', 'setState', 'getGrade'].map((n) => typeof (window as unknown as Record<string, unknown>)[n]))).toEqual([
    'function',
    'function',
    'function',
  ]);
  const g0 = await jsinputGrade(page);
  expect([g0.grade, g0.progress?.step], 'getGrade() at the start').toEqual([lesson1Grade(0), 1]);

  await page.locator('[data-testid=lesson-next]').click();
  await expect(status(page)).toHaveText(/Not yet/);
  const before = await jsinput(page, 'getState');
  const read = JSON.parse(before) as { version: number; state: string; progress: Progress };
  expect([read.version, read.progress.step, read.state], 'getState() on step 2').toEqual([
    1,
    2,
    expect.stringContaining(`Q=${rowsOf(STEP_2.state, 'Q').join(';')}`),
  ]);
  await solveCatMat(page);
  await expect(status(page)).toHaveText('Passed ✓ — 1 of 1');
  expect((await jsinputGrade(page)).grade, 'getGrade() after passing cat-mat').toEqual(lesson1Grade(1));
  const after = await jsinput(page, 'getState');

  // back to the state before, then forward again
  await jsinput(page, 'setState', before);
  await expect.poll(async () => (await jsinputGrade(page)).grade, { message: 'the grade after setState(before)' }).toEqual(lesson1Grade(0));
  await expect.poll(() => jsinput(page, 'getState').then((t) => JSON.parse(t) as unknown)).toEqual(read);
  await expect(status(page)).toHaveText(/Not yet/);
  await jsinput(page, 'setState', after);
  await expect.poll(() => jsinput(page, 'getState').then((t) => JSON.parse(t) as unknown)).toEqual(JSON.parse(after));
  expect((await jsinputGrade(page)).grade).toEqual(lesson1Grade(1));
  // text that does not read changes nothing
  await jsinput(page, 'setState', 'not a state {');
  await page.waitForTimeout(200);
  expect(JSON.parse(await jsinput(page, 'getState')), 'the state after setState of text that does not read').toEqual(JSON.parse(after));

  // a new visit (nothing in storage), restored as JSInput does: setState as soon as the page has loaded
  const again = await newPage({ wait: false });
  await again.goto(address);
  await jsinput(again, 'setState', after);
  expect(JSON.parse(await jsinput(again, 'getState')), 'getState() while the restore waits for the lesson').toEqual(JSON.parse(after));
  await expect(count(again)).toHaveText(`Step 2 of ${LESSON.steps.length}`);
  await expect(status(again)).toHaveText('Passed ✓ — 1 of 1');
  await expect.poll(async () => (await jsinputGrade(again)).grade).toEqual(lesson1Grade(1));
  expect(JSON.parse(await jsinput(again, 'getState')), 'getState() on the new visit').toEqual(JSON.parse(after));
});

const SINGLE = fileURLToPath(new URL('../../dist-single/attention-playground.html', import.meta.url));

test('single file: the offline page plays a lesson given as ?lesson=<data: URL> and grades it, with no network', async ({ newPage }) => {
  expect(existsSync(SINGLE), 'dist-single/attention-playground.html is missing: run `npm run build:single`').toBe(true);
  const own = { ...LESSON, id: 'offline-cat-mat', steps: [STEP_2] };
  const dataUrl = `data:application/json,${encodeURIComponent(JSON.stringify(own))}`;
  const page = await newPage({ wait: false });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${pathToFileURL(SINGLE).href}?lesson=${encodeURIComponent(dataUrl)}`);
  await expect(count(page), 'the lesson of the data: URL').toHaveText('Step 1 of 1');
  await expect(status(page)).toHaveText(/Not yet/);
  await solveCatMat(page);
  await expect(status(page)).toHaveText('Passed ✓ — 1 of 1');
  expect(await callOn<Grade>(page, 'attention-playground', 'getGrade')).toEqual({
    lesson: 'offline-cat-mat',
    score: 1,
    maxScore: 1,
    passed: 1,
    exercises: 1,
    complete: true,
  });
  expect(
    requests.filter((u) => !/^(file|data|blob):/.test(u)),
    'requests to a network',
  ).toEqual([]);
});

const [JSDELIVR] = CDN_PREFIXES;
const SCHOOL = 'https://school.example/lesson.html';

/** A page of another site that loads the package from the CDN, with `body` in it. */
async function schoolPage(page: Page, body: string): Promise<void> {
  await routeCdn(page);
  await page.route(SCHOOL, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title><script type="module" src="${JSDELIVR}dist-package/index.js"></script></head><body><main>${body}</main></body></html>`,
    }),
  );
  await page.goto(SCHOOL);
}

test('package: the element from the CDN plays a lesson; the anywidget front-end’s lesson trait plays one and its grade trait follows', async ({
  page,
  newPage,
}) => {
  await schoolPage(page, `<h1>Attention</h1><attention-playground lesson="${LESSON.id}"></attention-playground>`);
  const el = page.locator('attention-playground');
  await expect(count(el), 'the package’s element plays the lesson').toHaveText(`Step 1 of ${LESSON.steps.length}`);
  await el.locator('[data-testid=lesson-next]').click();
  await solveCatMat(page);
  await expect(status(el)).toHaveText('Passed ✓ — 1 of 1');
  expect(await callOn<Grade>(page, 'attention-playground', 'getGrade')).toEqual(lesson1Grade(1));

  // the widget, in a new visit (nothing in storage): a model with a lesson trait, and one that changes it later
  const notebook = await newPage({ wait: false });
  await schoolPage(notebook, '<h1>Notebook</h1><div id="widget"></div>');
  await notebook.evaluate(
    async ([module, lesson]) => {
      const widget = ((await import(module)) as typeof import('../../web/src/package/widget')).default;
      const traits: Record<string, unknown> = { state: '', lesson };
      const listeners = new Map<string, () => void>();
      const model: WidgetModel & { traits: typeof traits; change(name: string, value: unknown): void } = {
        traits,
        get: (name) => traits[name],
        set: (name, value) => void (traits[name] = value),
        save_changes: () => {},
        on: (event, cb) => void listeners.set(event, cb),
        off: (event) => void listeners.delete(event),
        change: (name, value) => {
          traits[name] = value;
          listeners.get(`change:${name}`)?.();
        },
      };
      (window as unknown as { model: typeof model }).model = model;
      widget.render({ model, el: document.querySelector('#widget') as HTMLElement });
    },
    [`${JSDELIVR}dist-package/widget.js`, LESSON.id] as const,
  );
  type Traits = { traits: { grade?: Grade; state: string } };
  const grade = () => notebook.evaluate(() => (window as unknown as { model: Traits }).model.traits.grade ?? null);
  const widgetEl = notebook.locator('#widget attention-playground');
  await expect(count(widgetEl), 'the lesson trait plays the lesson').toHaveText(`Step 1 of ${LESSON.steps.length}`);
  await expect.poll(grade, { message: 'the grade trait once the lesson opened' }).toEqual(lesson1Grade(0));
  await widgetEl.locator('[data-testid=lesson-next]').click();
  await solveCatMat(notebook, '#widget attention-playground');
  await expect(status(widgetEl)).toHaveText('Passed ✓ — 1 of 1');
  await expect.poll(grade, { message: 'the grade trait after passing cat-mat' }).toEqual(lesson1Grade(1));
  expect(await notebook.evaluate(() => (window as unknown as { model: Traits }).model.traits.state), 'the state trait follows').toContain(
    `Q=${SOLVED.Q.map((r) => r.join(',')).join(';')}`,
  );
  // the kernel changes the lesson: the playground follows, the grade trait with it
  await notebook.evaluate(() => (window as unknown as { model: { change(n: string, v: unknown): void } }).model.change('lesson', 'scaling'));
  await expect.poll(async () => (await grade())?.lesson, { message: 'the grade trait of the new lesson' }).toBe('scaling');
  expect((await grade())?.score).toBe(0);
  await expect(count(widgetEl)).toHaveText(/^Step 1 of /);
});
