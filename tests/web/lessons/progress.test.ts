// progress.test.ts — a learner's progress: read back from its text only when it is this lesson's (a broken,
// foreign or old entry is refused, and the store removes it and says so), scores capped, grades summed, a pass
// kept, "show me" before a pass earning nothing; the link's lesson entries; a lesson found by what names it.
import { describe, expect, test } from 'vitest';
import { COURSE } from '../../../web/src/lessons/course';
import { hasState, lessonPlace, placeEntries, stateHash, withoutQueryLesson } from '../../../web/src/lessons/link';
import { allowedLessonUrl, LessonLoadError, lessonFrom, loadLesson } from '../../../web/src/lessons/load';
import { freshProgress, gradeOf, passed, progressKey, readProgress, storageStore, withExercise } from '../../../web/src/lessons/progress';
import { FIRST_LESSON } from '../../../web/src/component/lesson-host';

const lesson = COURSE[0];
const ids = lesson.steps.flatMap((s) => (s.exercise ? [s.exercise.id] : []));

/** A Storage in memory. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('progress', () => {
  test('round-trips through its text, and the grade sums the scores of the exercises passed', () => {
    let p = freshProgress(lesson.id);
    p = passed(p, ids[0], 1);
    p = { ...p, step: 3 };
    const back = readProgress(JSON.stringify(p), lesson);
    expect(back).toEqual(p);
    const g = gradeOf(lesson, p);
    expect(g).toMatchObject({ lesson: lesson.id, score: 1, passed: 1, exercises: ids.length, complete: false });
    expect(g.maxScore).toBe(lesson.steps.reduce((s, x) => s + (x.exercise?.score ?? 0), 0));
    const all = ids.reduce((q, id) => passed(q, id, 1), freshProgress(lesson.id));
    expect(gradeOf(lesson, all).complete).toBe(true);
  });

  test('a pass is kept; "show me" before a pass earns no score, after one it takes nothing away', () => {
    const shown = withExercise(freshProgress(lesson.id), ids[0], { shown: true });
    expect(passed(shown, ids[0], 1).exercises[ids[0]]).toMatchObject({ passed: true, score: 0 });
    const first = passed(freshProgress(lesson.id), ids[0], 1);
    expect(passed(first, ids[0], 1)).toBe(first);
    expect(first.exercises[ids[0]].score).toBe(1);
  });

  test.each([
    ['not JSON', '{'],
    ['another version', JSON.stringify({ ...freshProgress(lesson.id), version: 2 })],
    ['another lesson', JSON.stringify(freshProgress('masks'))],
    ['a step that is not a whole number', JSON.stringify({ ...freshProgress(lesson.id), step: 1.5 })],
    ['a broken exercise record', JSON.stringify({ ...freshProgress(lesson.id), exercises: { [ids[0]]: { passed: 'yes' } } })],
    ['a negative score', JSON.stringify({ ...freshProgress(lesson.id), exercises: { [ids[0]]: { passed: true, score: -1, hints: 0, shown: false } } })],
  ])('%s is refused', (_, text) => {
    expect(readProgress(text, lesson)).toBeNull();
  });

  test('a step beyond the lesson is brought within it, a score above the exercise’s capped, an unknown exercise dropped', () => {
    const text = JSON.stringify({
      version: 1,
      lesson: lesson.id,
      step: 99,
      exercises: { [ids[0]]: { passed: true, score: 50, hints: 1, shown: false }, gone: { passed: true, score: 1, hints: 0, shown: false } },
    });
    const p = readProgress(text, lesson);
    expect(p?.step).toBe(lesson.steps.length);
    expect(p?.exercises).toEqual({ [ids[0]]: { passed: true, score: 1, hints: 1, shown: false } });
  });

  test('the store keeps one entry a lesson, and removes one it cannot read, saying so', () => {
    const storage = memoryStorage();
    const store = storageStore(() => storage);
    expect(store.load(lesson)).toEqual({ progress: null, discarded: false });
    store.save({ ...freshProgress(lesson.id), step: 2 });
    expect(store.load(lesson).progress?.step).toBe(2);
    storage.setItem(progressKey(lesson.id), 'garbage');
    expect(store.load(lesson)).toEqual({ progress: null, discarded: true });
    expect(storage.getItem(progressKey(lesson.id))).toBeNull();
  });

  test('a store whose storage throws (blocked) loads nothing and saves silently', () => {
    const store = storageStore(() => {
      throw new Error('SecurityError');
    });
    expect(store.load(lesson)).toEqual({ progress: null, discarded: false });
    expect(() => store.save(freshProgress(lesson.id))).not.toThrow();
  });
});

describe('the link', () => {
  test('reads the lesson and step beside the state, and the state without them', () => {
    expect(lessonPlace('#lesson=masks&step=3&op=attention&Q=1,0')).toEqual({ ref: 'masks', step: 3 });
    expect(lessonPlace('#op=attention')).toBeNull();
    expect(lessonPlace('#step=2&op=attention', 'masks')).toEqual({ ref: 'masks', step: 2 });
    expect(lessonPlace('#lesson=masks&step=zero')).toEqual({ ref: 'masks', step: 1 });
    expect(stateHash('#lesson=masks&step=3&op=attention&Q=1,0')).toBe('#op=attention&Q=1,0');
    expect(hasState('#lesson=masks&step=3')).toBe(false);
    expect(hasState('#lesson=masks&step=3&op=block')).toBe(true);
  });

  test('writes an address encoded, and only the step when the query names the lesson', () => {
    const ref = 'data:application/json,{"a":"b&c"}';
    const entries = placeEntries({ ref, step: 2 });
    expect(lessonPlace(`#${entries}&op=attention`)).toEqual({ ref, step: 2 });
    expect(placeEntries({ ref: 'masks', step: 4 }, 'masks')).toBe('step=4');
    expect(placeEntries(null)).toBe('');
  });

  test('the course button opens the course’s first lesson', () => {
    expect(FIRST_LESSON).toBe(COURSE[0].id);
  });
});

describe('loading a lesson', () => {
  const base = 'https://teacher.example/course/page.html';

  test('a course lesson by its id, a file of the same site or a data: URL; nothing from another site', async () => {
    expect(await loadLesson(lesson.id, base)).toBe(lesson);
    expect(allowedLessonUrl('lessons/a.json', base)?.href).toBe('https://teacher.example/course/lessons/a.json');
    expect(allowedLessonUrl('data:application/json,{}', base)).not.toBeNull();
    expect(allowedLessonUrl('https://elsewhere.example/a.json', base)).toBeNull();
    await expect(loadLesson('https://elsewhere.example/a.json', base)).rejects.toThrow(/neither a lesson of the course .* nor a lesson file of this site/);
    const fetched: string[] = [];
    const text = JSON.stringify(lesson);
    expect(await loadLesson('mine.json', base, (url) => (fetched.push(url), Promise.resolve(text)))).toEqual(lesson);
    expect(fetched).toEqual(['https://teacher.example/course/mine.json']);
  });

  test('a file that cannot be fetched, is not JSON, or does not read is an error saying so', async () => {
    await expect(loadLesson('gone.json', base, () => Promise.reject(new Error('HTTP 404')))).rejects.toThrow(
      'the lesson file gone.json could not be read: HTTP 404',
    );
    await expect(loadLesson('bad.json', base, () => Promise.resolve('{ nope'))).rejects.toThrow(/the lesson bad\.json is not JSON/);
    const broken = { ...lesson, steps: [{ ...lesson.steps[0], title: { en: 'x' } }] };
    const err = await loadLesson('broken.json', base, () => Promise.resolve(JSON.stringify(broken))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LessonLoadError);
    expect((err as LessonLoadError).message).toMatch(/the lesson broken\.json has 1 problem: steps\[0\]\.title\.zh: must be a non-empty text/);
    expect((err as LessonLoadError).problems).toEqual([{ where: 'steps[0].title.zh', message: 'must be a non-empty text' }]);
  });

  test('a text over the size limit is refused before it is parsed', () => {
    expect(() => lessonFrom(' '.repeat(1_000_001), 'big')).toThrow(/over the limit/);
  });
});

describe('leaving a lesson the query named', () => {
  test('the address loses only its lesson entry', () => {
    expect(withoutQueryLesson('https://x.example/p/?lang=zh&lesson=masks#step=2&op=attention')).toBe('https://x.example/p/?lang=zh#step=2&op=attention');
    expect(withoutQueryLesson('https://x.example/?lesson=a.json')).toBe('https://x.example/');
  });
});
