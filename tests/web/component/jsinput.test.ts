// jsinput.test.ts — the Open edX JSInput functions (web/src/component/jsinput.ts):
// the ?jsinput flag, getState's text read back by setState (the state as a link
// hash, the lesson's progress), text that does not read, getGrade's text, and the
// functions on a stand-in playground: a setState before the page is ready waits
// for it (getState meanwhile answers what it was given), the saved state laid over the progress.
import { describe, expect, test, vi } from 'vitest';
import { gradeText, jsinputApi, jsinputAsked, MAX_JSINPUT_CHARS, readStateText, stateText } from '../../../web/src/component/jsinput';
import type { AttentionPlayground } from '../../../web/src/component/attention-playground.component';
import type { Grade, Progress } from '../../../web/src/lessons/progress';
import { parse, serialize, type State } from '../../../web/src/model/state';

const HASH =
  'op=attention&tokens=the,cat,sat,on,the,mat&Q=1.5,0;1.5,-1;2,0.3;1,-1;1.5,0;-1,1&K=0.2,-0.2;2,0;0,2;-1,1.5;0.2,-0.2;1.5,-1&V=0,0.1;1,0;0,1;-0.5,0.5;0,0.1;1,-0.5';
const PROGRESS: Progress = {
  version: 1,
  lesson: 'dot-product-softmax',
  step: 2,
  exercises: { 'cat-mat': { passed: true, score: 1, hints: 1, shown: false } },
};
const GRADE: Grade = { lesson: 'dot-product-softmax', score: 1, maxScore: 4, passed: 1, exercises: 4, complete: false };

describe('jsinputAsked', () => {
  test('?jsinput, =1, =true turn it on; =0, absent do not', () => {
    expect(['?jsinput', '?embed&jsinput=1', '?jsinput=true', '?jsinput=YES'].map(jsinputAsked)).toEqual([true, true, true, true]);
    expect(['', '?embed', '?jsinput=0', '?jsinput=false', '?notjsinput'].map(jsinputAsked)).toEqual([false, false, false, false, false]);
  });
});

describe('stateText / readStateText', () => {
  test('getState’s text reads back to the same state and progress', () => {
    const text = stateText(parse(HASH), PROGRESS);
    expect(JSON.parse(text)).toEqual({ version: 1, state: serialize(parse(HASH)), progress: PROGRESS });
    const back = readStateText(text);
    expect(serialize(back.state as State)).toBe(serialize(parse(HASH)));
    expect(back.progress).toEqual(PROGRESS);
  });

  test('outside a lesson the progress is null, and reads back as nothing to restore', () => {
    const back = readStateText(stateText(parse(HASH), null));
    expect(back.progress).toBeNull();
    expect(serialize(back.state as State)).toBe(serialize(parse(HASH)));
  });

  test('a bare link hash (with or without #) is a state', () => {
    for (const text of [HASH, `#${HASH}`, `  ${HASH}\n`]) expect(serialize(readStateText(text).state as State)).toBe(serialize(parse(HASH)));
  });

  test('text that does not read restores nothing and never throws', () => {
    const none = { state: null, progress: null };
    for (const text of ['', '   ', '{', '{"state": 3, "progress": [1]}', '[1, 2]', 'null', '{"state": ""}', '{"progress": "x"}'])
      expect(readStateText(text), JSON.stringify(text)).toEqual(none);
    for (const x of [undefined, null, 42, { state: HASH }]) expect(readStateText(x)).toEqual(none);
    expect(readStateText(`{"state": "${'a'.repeat(MAX_JSINPUT_CHARS)}"}`)).toEqual(none);
  });

  test('only the parts that read are kept', () => {
    expect(readStateText(JSON.stringify({ state: 42, progress: PROGRESS }))).toEqual({ state: null, progress: PROGRESS });
    const onlyState = readStateText(JSON.stringify({ state: HASH, progress: 'broken' }));
    expect([onlyState.progress, serialize(onlyState.state as State)]).toEqual([null, serialize(parse(HASH))]);
  });
});

test('gradeText: the grade and the progress, as the get-grade message answers', () => {
  expect(JSON.parse(gradeText(GRADE, PROGRESS))).toEqual({ grade: GRADE, progress: PROGRESS });
  expect(JSON.parse(gradeText(null, null))).toEqual({ grade: null, progress: null });
});

/** A playground as far as the JSInput functions use it, recording the calls. */
function standIn(progressOk = true) {
  const calls: string[] = [];
  let state = parse('');
  let progress: Progress | null = null;
  const host = {
    getState: () => state,
    setState: (s: State) => {
      calls.push(`setState ${serialize(s)}`);
      state = s;
    },
    getProgress: () => progress,
    getGrade: () => (progress ? GRADE : null),
    setProgress: (text: string) => {
      calls.push(`setProgress ${(JSON.parse(text) as Progress).step}`);
      if (!progressOk) return Promise.reject(new Error('refused'));
      progress = JSON.parse(text) as Progress;
      return Promise.resolve(true);
    },
  };
  return { calls, host: host as unknown as AttentionPlayground };
}

describe('jsinputApi', () => {
  test('a setState before the page is ready waits for it, the state laid over the progress; getState answers its text meanwhile', async () => {
    const { calls, host } = standIn();
    let ready = () => {};
    const api = jsinputApi(host, new Promise<void>((r) => (ready = r)));
    const text = stateText(parse(HASH), PROGRESS);
    api.setState(text);
    await Promise.resolve();
    expect(calls, 'restored before the page was ready').toEqual([]);
    expect(api.getState(), 'getState while the restore waits').toBe(text);
    ready();
    const shown = `setState ${serialize(parse(HASH))}`;
    await vi.waitFor(() => expect(calls).toEqual([shown, 'setProgress 2', shown]));
    await vi.waitFor(() => expect(JSON.parse(api.getState())).toEqual({ version: 1, state: serialize(parse(HASH)), progress: PROGRESS }));
    expect(JSON.parse(api.getGrade())).toEqual({ grade: GRADE, progress: PROGRESS });
  });

  test('text that does not read changes nothing; a restore that fails does not stop the next', async () => {
    const { calls, host } = standIn(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = jsinputApi(host, Promise.resolve());
    api.setState('{ not json');
    api.setState(stateText(parse(HASH), PROGRESS));
    api.setState(HASH);
    const shown = `setState ${serialize(parse(HASH))}`;
    await vi.waitFor(() => expect(calls).toEqual([shown, 'setProgress 2', shown]));
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect((JSON.parse(api.getState()) as { state: string }).state).toBe(serialize(parse(HASH)));
    expect(JSON.parse(api.getGrade())).toEqual({ grade: null, progress: null });
  });

  test('before the element is upgraded the functions still answer', () => {
    const api = jsinputApi({} as AttentionPlayground, new Promise(() => {}));
    expect(JSON.parse(api.getState())).toEqual({ version: 1, state: serialize(parse('')), progress: null });
    expect(JSON.parse(api.getGrade())).toEqual({ grade: null, progress: null });
  });
});
