// jsinput.ts — the page as an Open edX JSInput problem. With `?jsinput` in
// the query (with ?embed and a lesson: `…/?embed&jsinput&lesson=dot-product-softmax`),
// the page defines on `window` the three functions JSInput calls in its iframe:
//
//   getState()      → JSON text { version: 1, state, progress }: the playground's state as a share
//                     link's hash (without '#') and the lesson's progress (null outside a lesson)
//   setState(text)  restores both (the progress moves to its step; the state shown is then laid over);
//                     text that does not read is ignored; a bare link hash is taken as a state
//   getGrade()      → JSON text { grade, progress }: grade is { lesson, score, maxScore, passed,
//                     exercises, complete } (null outside a lesson), as the `get-grade` message answers
//
// Studio's problem: <jsinput gradefn="getGrade" get_statefn="getState" set_statefn="setState" html_file="…"/>;
// its Python checker reads JSInput's answer, { "answer": getGrade()'s text, "state": … }:
//   grade = json.loads(json.loads(ans)["answer"])["grade"]
//   return grade is not None and grade["complete"]
//
// JSInput calls the functions synchronously: a setState that arrives before the playground (and
// its lesson) is ready is applied once it is, and getState meanwhile answers the text it was given.

import type { AttentionPlayground } from './attention-playground.component';
import type { Grade, Progress } from '../lessons/progress';
import { parse, parseStored, serialize, type State } from '../model/state';

/** The functions JSInput calls, as they are put on `window`. */
export interface JsInputApi {
  getState(): string;
  setState(text: string): void;
  getGrade(): string;
}

/** What getState's text holds, read back (either part may be missing). */
export interface JsInputSaved {
  /** The state to show, or null to keep the one shown. */
  state: State | null;
  /** The progress to take (checked by the element against its lesson), or null. */
  progress: object | null;
}

/** The longest text setState reads, in characters (a state is stored by the course platform: untrusted). */
export const MAX_JSINPUT_CHARS = 4_000_000;

const ON = new Set(['', '1', 'true', 'yes']);

/** Does the query ask for the JSInput functions (`?jsinput`, `?jsinput=1`)? (pure) */
export function jsinputAsked(search: string): boolean {
  const value = new URLSearchParams(search).get('jsinput');
  return value !== null && ON.has(value.toLowerCase());
}

/** getState's text for a state and a progress (pure). */
export function stateText(state: State, progress: Progress | null): string {
  return JSON.stringify({ version: 1, state: serialize(state), progress });
}

/** getGrade's text (pure). */
export function gradeText(grade: Grade | null, progress: Progress | null): string {
  return JSON.stringify({ grade, progress });
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** setState's text read: getState's JSON, or a bare link hash; anything else gives nothing to restore (pure, never throws). */
export function readStateText(text: unknown): JsInputSaved {
  const none: JsInputSaved = { state: null, progress: null };
  if (typeof text !== 'string' || text.length > MAX_JSINPUT_CHARS) return none;
  const trimmed = text.trim();
  if (trimmed === '') return none;
  // a bare link hash is read strictly (as the stored copy is): words that are not one restore nothing
  if (!trimmed.startsWith('{')) return { state: parseStored(`#${trimmed.replace(/^#/, '')}`), progress: null };
  let x: unknown;
  try {
    x = JSON.parse(trimmed);
  } catch {
    return none;
  }
  if (!isObject(x)) return none;
  return {
    state: typeof x.state === 'string' && x.state !== '' ? parse(x.state) : null,
    progress: isObject(x.progress) ? x.progress : null,
  };
}

/** The JSInput functions of `host`; `settled` resolves once it computed and opened the lesson the page asked for. */
export function jsinputApi(host: AttentionPlayground, settled: Promise<void>): JsInputApi {
  const upgraded = () => typeof host.getState === 'function';
  /** The text of a setState not applied yet (what getState answers meanwhile). */
  let pending: string | null = null;
  let restoring: Promise<void> = settled;
  return {
    getState: () => pending ?? (upgraded() ? stateText(host.getState(), host.getProgress()) : stateText(parse(''), null)),
    setState: (text) => {
      const saved = readStateText(text);
      if (!saved.state && !saved.progress) return;
      const mine = (pending = String(text));
      restoring = restoring
        .then(async () => {
          // the progress goes to its step, whose start state it loads: the state that was shown comes after it.
          // And before it too: taking the progress checks the state shown before its step's start is loaded,
          // and a state that passes that step's exercise would pass it again, whatever the progress says
          if (saved.state && saved.progress) host.setState(saved.state);
          if (saved.progress) await host.setProgress(JSON.stringify(saved.progress));
          if (saved.state) host.setState(saved.state);
        })
        // a restore that fails leaves the page as it is, and the next one still runs
        .catch((err: unknown) => console.warn('attention-playground: JSInput setState:', err))
        .finally(() => {
          if (pending === mine) pending = null;
        });
    },
    getGrade: () => (upgraded() ? gradeText(host.getGrade(), host.getProgress()) : gradeText(null, null)),
  };
}

/** Put the JSInput functions of `host` on `win`. */
export function installJsInput(host: AttentionPlayground, settled: Promise<void>, win: Window = window): void {
  Object.assign(win, jsinputApi(host, settled));
}
