// scorm.test.ts — the SCORM 1.2 connection on a fake LMS: the API found above the window (its parents up to
// seven levels, then the opener's), never through a window of another origin nor past the limit; the values a
// grade writes (scaled to 0…100 when a lesson is worth more); suspend_data within 4096 characters; and a whole
// session on a playground stand-in that keeps the first lesson's progress with the page's own readProgress and
// gradeOf: LMSInitialize, the progress taken back from suspend_data (or a fresh start, whatever the browser
// kept), the score and step written and committed only when they change, another lesson not reported, and
// LMSFinish with cmi.core.exit when the page goes away.
import { describe, expect, test, vi } from 'vitest';
import {
  connectScorm,
  findApi,
  gradeValues,
  lessonValues,
  MAX_PARENTS,
  sessionTime,
  suspendData,
  SUSPEND_LIMIT,
  type Scorm12Api,
  type ScormWindow,
  type WindowLike,
} from '../../../web/src/lessons/scorm';
import { courseLessonById } from '../../../web/src/lessons/load';
import { freshProgress, gradeOf, readProgress, type Grade, type Progress } from '../../../web/src/lessons/progress';
import type { Lesson } from '../../../web/src/lessons/lesson';

const LESSON = courseLessonById('dot-product-softmax') as Lesson;

/** An LMS's SCORM 1.2 runtime in memory: its data model, and every call made. */
class FakeApi implements Scorm12Api {
  readonly calls: string[] = [];
  readonly cmi = new Map<string, string>([
    ['cmi.core.lesson_status', 'not attempted'],
    ['cmi.suspend_data', ''],
  ]);
  commits = 0;
  LMSInitialize(): string {
    this.calls.push('LMSInitialize');
    return 'true';
  }
  LMSFinish(): string {
    this.calls.push('LMSFinish');
    return 'true';
  }
  LMSGetValue(element: string): string {
    return this.cmi.get(element) ?? '';
  }
  LMSSetValue(element: string, value: string): string {
    this.calls.push(`set ${element}`);
    this.cmi.set(element, value);
    return 'true';
  }
  LMSCommit(): string {
    this.calls.push('LMSCommit');
    this.commits += 1;
    return 'true';
  }
  LMSGetLastError(): string {
    return '0';
  }
}

/** A chain of windows: `depth` parents above the frame, the top one its own parent; the API on the one at `at`. */
function frames(depth: number, at: number | null, api: unknown): WindowLike[] {
  const chain: { API?: unknown; parent?: WindowLike }[] = Array.from({ length: depth + 1 }, () => ({}));
  chain.forEach((w, i) => (w.parent = chain[Math.min(i + 1, depth)]));
  if (at !== null) chain[at].API = api;
  return chain;
}

/** A window of another origin: reading any of its properties throws, as a browser's does. */
const foreign = (): WindowLike =>
  new Proxy(
    {},
    {
      get() {
        throw new DOMException('Blocked a frame with origin "x" from accessing a cross-origin frame.', 'SecurityError');
      },
    },
  );

describe('findApi', () => {
  const api = new FakeApi();

  test('on the window itself, on a parent, and as far as MAX_PARENTS levels up', () => {
    expect(findApi(frames(0, 0, api)[0])).toBe(api);
    expect(findApi(frames(3, 2, api)[0])).toBe(api);
    expect(findApi(frames(MAX_PARENTS, MAX_PARENTS, api)[0])).toBe(api);
  });

  test('not above MAX_PARENTS levels, and not on a top window that has none', () => {
    expect(findApi(frames(MAX_PARENTS + 1, MAX_PARENTS + 1, api)[0])).toBeNull();
    expect(findApi(frames(4, null, api)[0])).toBeNull();
  });

  test("then the opener's windows (a course player's pop-up)", () => {
    const opener = frames(2, 2, api);
    expect(findApi({ parent: null, opener: opener[0] })).toBe(api);
    expect(findApi({ opener: frames(1, null, api)[0] })).toBeNull();
  });

  test('an `API` that is not the runtime (an element named API, a stub) is passed over', () => {
    const chain = frames(2, 2, api);
    (chain[0] as { API?: unknown }).API = { LMSInitialize: () => 'true' };
    expect(findApi(chain[0])).toBe(api);
  });

  test('a parent of another origin holds no API for us, and breaks nothing', () => {
    expect(findApi({ parent: foreign() })).toBeNull();
    expect(findApi({ parent: foreign(), opener: frames(0, 0, api)[0] })).toBe(api);
  });
});

const grade = (over: Partial<Grade> = {}): Grade => ({ lesson: 'l', score: 2, maxScore: 4, passed: 2, exercises: 4, complete: false, ...over });

describe('the values written', () => {
  test("a grade: the raw score, 0, the lesson's maximum, and passed only when every exercise passed", () => {
    expect(gradeValues(grade())).toEqual([
      ['cmi.core.score.raw', '2'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '4'],
      ['cmi.core.lesson_status', 'incomplete'],
    ]);
    expect(gradeValues(grade({ score: 4, passed: 4, complete: true }))).toContainEqual(['cmi.core.lesson_status', 'passed']);
  });

  test('a lesson worth more than 100 is scaled to 0…100 (SCORM 1.2 refuses a larger score)', () => {
    expect(new Map(gradeValues(grade({ score: 50, maxScore: 300 })))).toEqual(
      new Map([
        ['cmi.core.score.raw', '16.67'],
        ['cmi.core.score.min', '0'],
        ['cmi.core.score.max', '100'],
        ['cmi.core.lesson_status', 'incomplete'],
      ]),
    );
  });

  test('a lesson without exercises has no score: completed at its last step', () => {
    const none = grade({ score: 0, maxScore: 0, passed: 0, exercises: 0, complete: true });
    expect(gradeValues(none)).toEqual([['cmi.core.lesson_status', 'incomplete']]);
    expect(gradeValues(none, true)).toEqual([['cmi.core.lesson_status', 'completed']]);
  });

  test('the progress: suspend_data is its JSON, which the page reads back as it was; the step is lesson_location', () => {
    const p: Progress = { ...freshProgress(LESSON.id), step: 3, exercises: { 'cat-mat': { passed: true, score: 1, hints: 1, shown: false } } };
    const values = new Map(lessonValues(gradeOf(LESSON, p), p));
    expect(readProgress(values.get('cmi.suspend_data') ?? '', LESSON)).toEqual(p);
    expect(values.get('cmi.core.lesson_location')).toBe('3');
    expect(values.get('cmi.core.score.raw')).toBe('1');
  });

  test('over 4096 characters, the exercises not passed are left out; still over, nothing is written', () => {
    const many = (n: number, passed: (i: number) => boolean): Progress => ({
      ...freshProgress('big'),
      exercises: Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`exercise-${i}`, { passed: passed(i), score: passed(i) ? 1 : 0, hints: 2, shown: false }]),
      ),
    });
    const mixed = many(80, (i) => i % 4 === 0);
    expect(JSON.stringify(mixed).length).toBeGreaterThan(SUSPEND_LIMIT);
    const short = suspendData(mixed);
    expect(short?.length).toBeLessThanOrEqual(SUSPEND_LIMIT);
    expect(Object.keys((JSON.parse(short ?? '{}') as Progress).exercises)).toHaveLength(20);
    expect(suspendData(many(100, () => true))).toBeNull();
    expect(
      new Map(
        lessonValues(
          grade(),
          many(100, () => true),
        ),
      ).has('cmi.suspend_data'),
    ).toBe(false);
  });

  test("session_time is SCORM 1.2's HHHH:MM:SS.SS", () => {
    expect(sessionTime(0)).toBe('0000:00:00.00');
    expect(sessionTime(3_723_456)).toBe('0001:02:03.46');
  });
});

/** Let every pending promise of the connection run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A stand-in for <attention-playground> in the first lesson: its progress kept and read as the page does. */
class FakePlayground extends EventTarget {
  progress: Progress;
  readonly lesson = LESSON;
  constructor(kept: Progress | null = null) {
    super();
    this.progress = kept ?? freshProgress(LESSON.id);
  }
  getGrade(): Grade {
    return gradeOf(LESSON, this.progress);
  }
  getProgress(): Progress {
    return structuredClone(this.progress);
  }
  setProgress(p: Progress | string): Promise<boolean> {
    const read = readProgress(typeof p === 'string' ? p : JSON.stringify(p), LESSON);
    if (read) this.progress = read;
    return Promise.resolve(read !== null);
  }
  /** The learner passes an exercise: the page fires exercise-checked. */
  pass(id: string, step: number): void {
    this.progress = { ...this.progress, step, exercises: { ...this.progress.exercises, [id]: { passed: true, score: 1, hints: 0, shown: false } } };
    this.fire('exercise-checked', { lesson: LESSON.id, exercise: id, passed: true, score: 1, maxScore: 1, state: '' });
  }
  fire(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
  /** The page opened a lesson; resolves once the connection's resume (which awaits setProgress) is done. */
  opened(lesson = LESSON.id): Promise<void> {
    this.fire('lesson-opened', { lesson, ok: true, message: '' });
    return settle();
  }
}

/** A frame in the LMS's window (the API on its parent). */
function lmsWindow(api: unknown): ScormWindow & EventTarget {
  const win = new EventTarget() as EventTarget & { API?: unknown; parent?: WindowLike };
  win.parent = { API: api };
  return win;
}

describe('connectScorm', () => {
  test('outside an LMS it does nothing: null, and the page is a plain page', () => {
    const pg = new FakePlayground();
    expect(connectScorm(pg, lmsWindow(undefined))).toBeNull();
  });

  test('an LMS that refuses LMSInitialize is not written to', () => {
    const api = new FakeApi();
    api.LMSInitialize = () => 'false';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(connectScorm(new FakePlayground(), lmsWindow(api))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(api.calls).toEqual([]);
  });

  test('a first launch: initialised, incomplete, the score and progress of each pass written and committed, finished on pagehide', async () => {
    const api = new FakeApi();
    const win = lmsWindow(api);
    const kept = { ...freshProgress(LESSON.id), step: 4, exercises: { 'cat-mat': { passed: true, score: 1, hints: 0, shown: false } } };
    const pg = new FakePlayground(kept); // this browser's progress, maybe another learner's
    expect(connectScorm(pg, win)).not.toBeNull();
    expect(api.calls).toEqual(['LMSInitialize']);
    await pg.opened();
    expect(pg.progress).toEqual(freshProgress(LESSON.id)); // the LMS holds none: a fresh start
    expect(api.cmi.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(api.cmi.get('cmi.core.score.raw')).toBe('0');
    expect(api.commits).toBe(1);

    pg.pass('cat-mat', 2);
    pg.pass('on-mat-half', 3);
    expect(api.cmi.get('cmi.core.score.raw')).toBe('2');
    expect(api.cmi.get('cmi.core.score.min')).toBe('0');
    expect(api.cmi.get('cmi.core.score.max')).toBe('4');
    expect(api.cmi.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(api.cmi.get('cmi.core.lesson_location')).toBe('3');
    expect(readProgress(api.cmi.get('cmi.suspend_data') ?? '', LESSON)).toEqual(pg.progress);
    expect(api.commits).toBe(3);

    // the same verdict again, or a recompute of the same state: nothing new to write, no commit
    pg.fire('exercise-checked', { lesson: LESSON.id, exercise: 'on-mat-half', passed: true });
    pg.fire('playground-change', {});
    expect(api.commits).toBe(3);
    // a step change (its state loaded: playground-change) is saved
    pg.progress = { ...pg.progress, step: 4 };
    pg.fire('playground-change', {});
    expect(api.cmi.get('cmi.core.lesson_location')).toBe('4');
    expect(api.commits).toBe(4);

    win.dispatchEvent(new Event('pagehide'));
    win.dispatchEvent(new Event('beforeunload'));
    expect(api.cmi.get('cmi.core.exit')).toBe('suspend');
    expect(api.cmi.get('cmi.core.session_time')).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
    expect(api.calls.slice(-2)).toEqual(['LMSCommit', 'LMSFinish']);
    expect(api.calls.filter((c) => c === 'LMSFinish')).toHaveLength(1);
    pg.pass('flat-the', 4);
    expect(api.calls.at(-1)).toBe('LMSFinish'); // nothing after LMSFinish
  });

  test('a launch that resumes: suspend_data taken back, the status left as the LMS has it; passed at the last exercise', async () => {
    const api = new FakeApi();
    const before: Progress = { ...freshProgress(LESSON.id), step: 3, exercises: { 'cat-mat': { passed: true, score: 1, hints: 2, shown: false } } };
    api.cmi.set('cmi.suspend_data', JSON.stringify(before));
    api.cmi.set('cmi.core.lesson_status', 'incomplete');
    const pg = new FakePlayground();
    const win = lmsWindow(api);
    connectScorm(pg, win);
    await pg.opened();
    expect(pg.progress).toEqual(before);
    expect(api.calls).not.toContain('set cmi.core.lesson_status');
    for (const [id, step] of [
      ['on-mat-half', 3],
      ['flat-the', 4],
      ['sharp-sat', 5],
    ] as const)
      pg.pass(id, step);
    expect(api.cmi.get('cmi.core.score.raw')).toBe('4');
    expect(api.cmi.get('cmi.core.lesson_status')).toBe('passed');
    win.dispatchEvent(new Event('pagehide'));
    expect(api.cmi.get('cmi.core.exit')).toBe(''); // done: nothing to resume
  });

  test("another lesson opened from the course menu is not reported; back in the SCO's lesson, its progress is taken back", async () => {
    const api = new FakeApi();
    const pg = new FakePlayground();
    connectScorm(pg, lmsWindow(api));
    await pg.opened();
    pg.pass('cat-mat', 2);
    const saved = api.cmi.get('cmi.suspend_data');
    const commits = api.commits;
    await pg.opened('scaling');
    pg.fire('exercise-checked', { lesson: 'scaling', exercise: 'x', passed: true });
    expect(api.commits).toBe(commits);
    pg.progress = freshProgress(LESSON.id); // the page reopened the lesson without its progress
    await pg.opened();
    expect(JSON.stringify(pg.progress)).toBe(saved);
  });

  test('a lesson already open when the connection is made (the module arrived late) is reported at once', async () => {
    const api = new FakeApi();
    const pg = new FakePlayground();
    connectScorm(pg, lmsWindow(api));
    await settle();
    expect(api.cmi.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(api.cmi.get('cmi.core.lesson_location')).toBe('1');
  });
});
