// embed.ts — the stand-alone page inside an iframe (course notes, a blog):
// URL flags for a compact view, the page's height posted to the parent, and
// commands from the parent by postMessage. main.ts calls initEmbed() once;
// it works whether or not the tag is registered yet.
//
// URL flags (read once, at load):
//   ?embed                compact view: no page header/footer; the #state is read
//                         once and never written back (no history entries in the host)
//   ?hide=steps,export,op hide panels (operation,inputs,results,steps,export,experiments)
//                         and controls (op,preset,lang,mask,scale,tokens,options)
//   ?steps_hide=1         the same for one name, as TensorFlow Playground's *_hide flags
//   ?panels=results,steps show only these panels
//   ?lang=zh              the language
//   ?lesson=<ref>         play a lesson: a course lesson's id, or a lesson file's address (same origin or
//                         data:); the compact view gives it to the element as its `lesson` attribute
//   ?jsinput              define Open edX JSInput's getState / setState / getGrade on window (jsinput.ts)
//
// Messages, accepted from the parent window only; every answer carries the request's `id`:
//   → { type: 'attention-playground:set', state?: {…partial State…}, preset?: 'seed000', id? }
//   → { type: 'attention-playground:get', id? }
//       both answered by ← { type: 'attention-playground:result', ok, message, weights, out, state, id }
//   → { type: 'attention-playground:run-experiment', experiment, settings, id? }
//       ← { type: 'attention-playground:progress', step, total, label, id }   zero or more
//       ← { type: 'attention-playground:experiment', ok, message, experiment, result, errors?, id }
//   → { type: 'attention-playground:lesson', lesson: 'dot-product-softmax' | address | {…lesson…} | null, step?, id? }
//       ← { type: 'attention-playground:lesson-opened', ok, message, lesson, grade, progress, id }
//         once it is shown, or why it could not be (lesson: its id; null leaves the lesson)
//   → { type: 'attention-playground:get-grade', id? }
//       ← { type: 'attention-playground:grade', ok, message, grade, progress, id }   ok: false outside a lesson
//         grade: { lesson, score, maxScore, passed, exercises, complete }; progress: { version, lesson, step, exercises }
//   → { type: 'attention-playground:set-progress', progress: {…} | its JSON text, id? }
//       ← the same `grade` once it is taken (the learner is then on its step); ok: false when it is not
//         the progress of the lesson shown
//   (lesson commands wait until the page has computed and opened the lesson its URL names)
//   ← { type: 'attention-playground:exercise-checked', lesson, exercise, passed, score, maxScore, state }
//         whenever the element fires `exercise-checked` (an exercise's verdict changed)
//   ← { type: 'attention-playground:ready' }            once the first result is computed
//   ← { type: 'attention-playground:height', height }   whenever the page's height changes

import type { AttentionPlayground } from './attention-playground.component';
import { PANELS, type PanelName } from './attention-playground.component';
import { fromTyped, type Matrix } from '../core/core';
import type { ExperimentName } from '../experiments/index';
import { statePatch } from '../model/patch';
import { parse, type State } from '../model/state';
import type { Progress } from '../lessons/progress';
import { lessonPlace } from '../lessons/link';
import { lazyExperimentClient } from './panel-host';
import { installJsInput, jsinputAsked } from './jsinput';

export { statePatch } from '../model/patch';
import { MSG } from './embed-protocol';

/** The controls `hide-controls` (and the URL's hide flags) can hide. */
export const CONTROLS = ['op', 'preset', 'lang', 'mask', 'scale', 'tokens', 'options', 'sliders', 'views', 'positions'] as const;
/** A hideable control. */
export type ControlName = (typeof CONTROLS)[number];

export { MSG };

/** What the URL asks of the page. */
export interface EmbedFlags {
  /** ?embed: the compact view. */
  embed: boolean;
  /** The panels to show, or null for the element's own choice. */
  panels: PanelName[] | null;
  /** The controls to hide. */
  hideControls: ControlName[];
  /** ?lang=…, or null. */
  lang: string | null;
}

const isPanel = (x: string): x is PanelName => (PANELS as readonly string[]).includes(x);
const isControl = (x: string): x is ControlName => (CONTROLS as readonly string[]).includes(x);
const ON = new Set(['', '1', 'true', 'yes']);

/** Read the flags from a query string (pure). */
export function embedFlags(search: string): EmbedFlags {
  const q = new URLSearchParams(search);
  const hidden = new Set<string>();
  for (const name of (q.get('hide') ?? '').split(',')) if (name.trim()) hidden.add(name.trim());
  for (const [key, value] of q) if (key.endsWith('_hide') && ON.has(value.toLowerCase())) hidden.add(key.slice(0, -'_hide'.length));
  const only = q.get('panels');
  const shown = only
    ? only
        .split(',')
        .map((p) => p.trim())
        .filter(isPanel)
    : [...PANELS];
  const anyPanelHidden = [...hidden].some(isPanel);
  return {
    embed: q.has('embed') && q.get('embed') !== '0' && q.get('embed') !== 'false',
    panels: only || anyPanelHidden ? shown.filter((p) => !hidden.has(p)) : null,
    hideControls: CONTROLS.filter((c) => hidden.has(c)),
    lang: q.get('lang'),
  };
}

/** Give the element the flags as attributes (`panels`, `hide-controls`, `lang`); in embed mode it stops writing the URL hash. */
export function applyFlags(host: HTMLElement, flags: EmbedFlags): void {
  if (flags.panels) {
    const own = host.getAttribute('panels');
    const allowed = own ? own.split(',').map((p) => p.trim()) : PANELS;
    host.setAttribute('panels', flags.panels.filter((p) => allowed.includes(p)).join(','));
  }
  if (flags.hideControls.length) {
    const own = (host.getAttribute('hide-controls') ?? '').split(/[\s,]+/).filter(isControl);
    host.setAttribute('hide-controls', [...new Set([...own, ...flags.hideControls])].join(','));
  }
  if (flags.embed) {
    host.removeAttribute('sync-hash');
    if (flags.lang) host.setAttribute('lang', flags.lang);
  }
}

// ---------------------------------------------------------------- state patches from a host page

/** The answer to `get` and `set`: the numbers shown, and the state. */
export interface ResultAnswer {
  type: typeof MSG.result;
  ok: boolean;
  message: string;
  /** Per head, (n_q, n_k); empty while the input is invalid. */
  weights: Matrix[];
  /** (n_q, d_v); empty while the input is invalid. */
  out: Matrix;
  state: State;
  id?: unknown;
}

/** The current result of a playground, as plain arrays. */
export function resultOf(host: AttentionPlayground): ResultAnswer {
  const outcome = host.getOutcome();
  const base = { type: MSG.result, state: host.getState(), weights: [], out: [] };
  if (!outcome) return { ...base, ok: false, message: 'not computed yet' };
  if (!outcome.ok) return { ...base, ok: false, message: outcome.message };
  return { ...base, ok: true, message: '', weights: outcome.view.heads.map((h) => fromTyped(h.weights)), out: fromTyped(outcome.view.out.m) };
}

// ---------------------------------------------------------------- lessons

/** The detail of the element's `lesson-opened` event. */
interface LessonOpened {
  lesson: string | null;
  ok: boolean;
  message: string;
}

/** Resolves once `host` has computed its first result (at once if it has; the element may not be upgraded yet). */
function whenComputed(host: AttentionPlayground): Promise<void> {
  const computed = typeof host.getOutcome === 'function' && host.getOutcome() !== null;
  return new Promise<void>((resolve) => (computed ? resolve() : host.addEventListener('playground-change', () => resolve(), { once: true })));
}

/**
 * Give the element the query's lesson (`?lesson=`) when it will not read the query itself (without `sync-hash`):
 * as its `lesson` attribute before it is registered, which it reads at its first connection, else by openLesson
 * once it has computed. Whether the page asks for a lesson at all.
 */
function askLesson(host: AttentionPlayground, computed: Promise<void>): boolean {
  const ref = new URLSearchParams(location.search).get('lesson');
  if (host.hasAttribute('sync-hash')) return lessonPlace(location.hash, ref) !== null;
  if (!ref) return host.hasAttribute('lesson');
  if (!customElements.get(host.localName)) host.setAttribute('lesson', ref);
  else void computed.then(() => host.openLesson(ref));
  return true;
}

/** Resolves once the page has computed and opened the lesson it asked for (or failed to): lesson commands wait for it. */
function whenSettled(host: AttentionPlayground, computed: Promise<void>, lessonAsked: boolean): Promise<void> {
  const opened = new Promise<void>((resolve) => (lessonAsked ? host.addEventListener('lesson-opened', () => resolve(), { once: true }) : resolve()));
  return Promise.all([computed, opened]).then(() => undefined);
}

const isObject = (x: unknown): x is object => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The lesson's grade and the learner's progress (null outside a lesson). */
const gradeAnswer = (host: AttentionPlayground, ok: boolean, message: string) => ({
  type: MSG.grade,
  ok,
  message,
  grade: host.getGrade(),
  progress: host.getProgress(),
});

/** The answer to a lesson command (`lesson`, `get-grade`, `set-progress`); `opened`: the last `lesson-opened` detail. */
async function lessonAnswer(host: AttentionPlayground, req: Request, opened: () => LessonOpened | null): Promise<object> {
  if (req.type === MSG.getGrade) return host.lesson ? gradeAnswer(host, true, '') : gradeAnswer(host, false, 'no lesson is open');
  if (req.type === MSG.setProgress) {
    if (!host.lesson) return gradeAnswer(host, false, 'no lesson is open');
    if (typeof req.progress !== 'string' && !isObject(req.progress)) return gradeAnswer(host, false, 'progress must be an object or its JSON text');
    const ok = await host.setProgress(req.progress as Progress | string);
    return gradeAnswer(host, ok, ok ? '' : `this progress is not the progress of the lesson shown ("${host.getGrade()?.lesson}")`);
  }
  const reply = (ok: boolean, message: string) => ({ ...gradeAnswer(host, ok, message), type: MSG.lessonOpened, lesson: host.getGrade()?.lesson ?? null });
  const step = req.step ?? null;
  if (step !== null && !(Number.isInteger(step) && (step as number) >= 1))
    return reply(false, `step must be a whole number from 1, not ${JSON.stringify(step)}`);
  if (req.lesson === null) {
    host.lesson = null;
    return reply(true, '');
  }
  if (typeof req.lesson !== 'string' && !isObject(req.lesson))
    return reply(false, "lesson must be a course lesson's id, a lesson file's address, a lesson object or its JSON text");
  await host.openLesson(req.lesson, step as number | null);
  const o = opened();
  return reply(o?.ok ?? false, o?.message ?? 'the lesson did not open');
}

// ---------------------------------------------------------------- the page side

interface Request {
  type?: unknown;
  id?: unknown;
  state?: unknown;
  preset?: unknown;
  experiment?: unknown;
  settings?: unknown;
  lesson?: unknown;
  step?: unknown;
  progress?: unknown;
}

/** Commands about lessons, by type. */
const LESSON_COMMANDS: ReadonlySet<unknown> = new Set([MSG.lesson, MSG.getGrade, MSG.setProgress]);

/** Wire the page's playground to its URL flags and, inside a frame, to the parent window. */
export function initEmbed(host: AttentionPlayground | null = document.querySelector('attention-playground')): void {
  if (!host) return;
  const flags = embedFlags(location.search);
  applyFlags(host, flags);
  if (flags.embed) {
    document.documentElement.classList.add('embed');
    // the element no longer syncs the hash: take the state the link carries, once
    // (and never a state remembered from an earlier visit)
    const state = parse(location.hash);
    void customElements.whenDefined(host.localName).then(() => host.setState(state));
  }
  const ready = whenComputed(host);
  const settled = whenSettled(host, ready, askLesson(host, ready));
  if (jsinputAsked(location.search)) installJsInput(host, settled);
  if (window.parent === window) return;

  const parent = window.parent;
  const post = (message: object) => parent.postMessage(message, '*');
  void ready.then(() => post({ type: MSG.ready }));

  // the height, so the host can size the iframe to fit (no inner scrollbar)
  let last = -1;
  const postHeight = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) post({ type: MSG.height, height: (last = height) });
  };
  new ResizeObserver(postHeight).observe(document.documentElement);

  // a lesson's verdicts, and what the last lesson opened came to (the answer to a `lesson` command)
  let opened: LessonOpened | null = null;
  host.addEventListener('lesson-opened', (e) => (opened = (e as CustomEvent<LessonOpened>).detail));
  host.addEventListener('exercise-checked', (e) => post({ ...(e as CustomEvent<object>).detail, type: MSG.exerciseChecked }));

  const experiments = lazyExperimentClient();
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== parent) return; // commands come from the embedding page only
    const req = (e.data ?? {}) as Request;
    const answer = (message: object) => post(req.id === undefined ? message : { ...message, id: req.id });
    if (req.type === MSG.get) void ready.then(() => answer(resultOf(host)));
    else if (req.type === MSG.set) {
      const p = statePatch(req.state, req.preset);
      void ready.then(() => {
        if (!p.ok) return answer({ ...resultOf(host), ok: false, message: p.message });
        host.setState(p.patch);
        answer(resultOf(host));
      });
    } else if (LESSON_COMMANDS.has(req.type)) {
      const failed = (err: unknown) => ({ type: req.type === MSG.lesson ? MSG.lessonOpened : MSG.grade, ok: false, message: String(err) });
      void settled
        .then(() => lessonAnswer(host, req, () => opened))
        .catch(failed)
        .then(answer);
    } else if (req.type === MSG.runExperiment) {
      const name = String(req.experiment) as ExperimentName;
      const reply = (ok: boolean, message: string, result: unknown = null, errors?: Record<string, string>) =>
        answer({ type: MSG.experiment, ok, message, experiment: name, result, ...(errors ? { errors } : {}) });
      const settings = (req.settings ?? {}) as Record<string, unknown>;
      // the experiments' client and settings load with the first run (not on the first screen)
      void Promise.all([experiments(), import('../experiments/index')])
        .then(([client, { SettingsError, VALIDATORS }]) => {
          if (!(name in VALIDATORS)) return reply(false, `unknown experiment "${name}" (one of ${Object.keys(VALIDATORS).join(', ')})`);
          return client
            .run(name, settings, (step, total, label) => answer({ type: MSG.progress, step, total, label }))
            .then((result) => reply(true, '', result))
            .catch((err: unknown) =>
              reply(false, err instanceof Error ? err.message : String(err), null, err instanceof SettingsError ? err.errors : undefined),
            );
        })
        .catch((err: unknown) => reply(false, err instanceof Error ? err.message : String(err)));
    }
  });
}
