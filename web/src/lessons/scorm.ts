// scorm.ts — a playground reporting to a SCORM 1.2 LMS (the page opened with
// `?scorm`, as the package of scripts/build-scorm.mjs launches it). The LMS's
// `API` object is found the standard way (the window, its parents, then the
// opener and its parents); without one nothing happens and the page is a
// plain page. With one: LMSInitialize, the learner's progress taken back from
// cmi.suspend_data once the lesson has opened, then the score, the status,
// the progress and the step written and committed whenever they change (an
// exercise's verdict, a step), and LMSFinish when the page goes away.
//
// The LMS's record is the learner's: without progress in suspend_data the
// lesson starts afresh, whatever this browser kept (it may be another
// learner's, on a shared computer). Only the lesson the SCO opened with is
// reported; another opened from the course menu is not.

import { freshProgress, type Grade, type Progress } from './progress';

/** The SCORM 1.2 runtime an LMS puts on a window as `API` (values cross as strings; "true" / "false"). */
export interface Scorm12Api {
  LMSInitialize(arg: ''): unknown;
  LMSFinish(arg: ''): unknown;
  LMSGetValue(element: string): unknown;
  LMSSetValue(element: string, value: string): unknown;
  LMSCommit(arg: ''): unknown;
  LMSGetLastError(): unknown;
}

/** What findApi walks: a window, or anything shaped like one. */
export interface WindowLike {
  readonly API?: unknown;
  readonly parent?: WindowLike | null;
  readonly opener?: WindowLike | null;
}

/** The playground's lesson API that the connection uses (the <attention-playground> element). */
export interface ScormPlayground extends EventTarget {
  readonly lesson: object | null;
  getGrade(): Grade | null;
  getProgress(): Progress | null;
  setProgress(p: Progress | string): Promise<boolean>;
}

/** How many parents are searched above the window (and above its opener), as ADL's own API finder does. */
export const MAX_PARENTS = 7;

/** SCORM 1.2's limit on cmi.suspend_data, in characters (CMIString4096). */
export const SUSPEND_LIMIT = 4096;

/** SCORM 1.2's scores are numbers from 0 to 100 (CMIDecimal): a lesson worth more is scaled to 100. */
export const SCORE_LIMIT = 100;

const isApi = (x: unknown): x is Scorm12Api =>
  typeof x === 'object' &&
  x !== null &&
  ['LMSInitialize', 'LMSSetValue', 'LMSGetValue', 'LMSCommit', 'LMSFinish'].every((f) => typeof (x as Record<string, unknown>)[f] === 'function');

/** A property of a window of another origin throws: that window holds no API for us. */
function read<K extends keyof WindowLike>(win: WindowLike, key: K): NonNullable<WindowLike[K]> | null {
  try {
    return win[key] ?? null;
  } catch {
    return null;
  }
}

/** What an API call gave, as the string SCORM means (some runtimes answer true / false / numbers). */
const text = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'boolean' || typeof x === 'number' ? String(x) : '');

/** The API on `win` or on one of its first MAX_PARENTS parents, or null. */
function searchUp(win: WindowLike): Scorm12Api | null {
  let w: WindowLike | null = win;
  for (let level = 0; w && level <= MAX_PARENTS; level++) {
    const api = read(w, 'API');
    if (isApi(api)) return api;
    const parent: WindowLike | null = read(w, 'parent');
    if (!parent || parent === w) return null;
    w = parent;
  }
  return null;
}

/** The SCORM 1.2 API an LMS gives `win` (its frames' parents, then its opener's), or null outside an LMS. */
export function findApi(win: WindowLike): Scorm12Api | null {
  const opener = read(win, 'opener');
  return searchUp(win) ?? (opener ? searchUp(opener) : null);
}

/** A number as SCORM writes it: at most two decimals. */
const decimal = (x: number): string => String(Math.round(x * 100) / 100);

/**
 * The score and status to write for a grade: score.raw, .min 0, .max (scaled to 0…100 when the lesson is worth
 * more), and lesson_status "passed" once every exercise passed, else "incomplete". A lesson without exercises
 * has no score: it is "completed" once its last step is reached (`atEnd`).
 */
export function gradeValues(grade: Grade, atEnd = false): [string, string][] {
  if (grade.exercises === 0) return [['cmi.core.lesson_status', atEnd ? 'completed' : 'incomplete']];
  const scale = grade.maxScore > SCORE_LIMIT ? SCORE_LIMIT / grade.maxScore : 1;
  return [
    ['cmi.core.score.raw', decimal(grade.score * scale)],
    ['cmi.core.score.min', '0'],
    ['cmi.core.score.max', decimal(grade.maxScore * scale)],
    ['cmi.core.lesson_status', grade.complete ? 'passed' : 'incomplete'],
  ];
}

/**
 * The progress as cmi.suspend_data: its JSON (about 60 characters an exercise). Over SCORM 1.2's limit, the
 * records of exercises not passed (hints seen) are left out; still over it, null: suspend_data keeps the last
 * progress that fitted, while the score and status are still reported.
 */
export function suspendData(p: Progress, limit = SUSPEND_LIMIT): string | null {
  const full = JSON.stringify(p);
  if (full.length <= limit) return full;
  const passed = Object.fromEntries(Object.entries(p.exercises).filter(([, e]) => e.passed));
  const short = JSON.stringify({ ...p, exercises: passed });
  return short.length <= limit ? short : null;
}

/** A duration as SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
export function sessionTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const s = Math.floor(cs / 100);
  const hours = Math.min(Math.floor(s / 3600), 9999);
  return `${pad(hours, 4)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.${pad(cs % 100)}`;
}

/** Every value to write for a lesson's grade and progress: the score and status, suspend_data, the step. */
export function lessonValues(grade: Grade, progress: Progress, atEnd = false): [string, string][] {
  const suspend = suspendData(progress);
  return [
    ...gradeValues(grade, atEnd),
    ...(suspend === null ? [] : ([['cmi.suspend_data', suspend]] as [string, string][])),
    ['cmi.core.lesson_location', String(progress.step)],
  ];
}

/** A live connection to the LMS. */
export interface ScormConnection {
  readonly api: Scorm12Api;
  /** Write what changed and commit (done on every exercise-checked, step change and when the page goes away). */
  save(): void;
  /** Save, set cmi.core.exit and session_time, commit, LMSFinish; nothing is written after. */
  finish(): void;
}

/** Window events the connection listens to, and where it finds the API. */
export type ScormWindow = WindowLike & Pick<EventTarget, 'addEventListener'>;

/**
 * Connect `el` (an <attention-playground>, upgraded by the time a lesson opens) to the LMS of `win`. Returns
 * null, doing nothing, outside an LMS or when LMSInitialize fails.
 */
export function connectScorm(el: EventTarget, win: ScormWindow = window): ScormConnection | null {
  const api = findApi(win);
  if (!api) return null;
  if (text(api.LMSInitialize('')) !== 'true') {
    console.warn(`SCORM: LMSInitialize failed (error ${text(api.LMSGetLastError())}); the lesson is not reported`);
    return null;
  }
  const link = new ScormLink(api, el as ScormPlayground);
  el.addEventListener('lesson-opened', (e) => void link.opened((e as CustomEvent<{ lesson: string | null; ok: boolean }>).detail));
  el.addEventListener('exercise-checked', () => link.save());
  el.addEventListener('playground-change', () => link.save()); // a new step loads its state: the step is saved
  win.addEventListener('pagehide', () => link.finish());
  win.addEventListener('beforeunload', () => link.finish());
  // the lesson may have opened while this module was loading
  const open = typeof link.pg.getProgress === 'function' ? link.pg.getProgress() : null;
  if (open) void link.opened({ lesson: open.lesson, ok: true });
  return link;
}

/** One SCO's session: the lesson it reports, what was last written, whether it has finished. */
class ScormLink implements ScormConnection {
  /** The lesson reported: the first one opened. */
  private lessonId: string | null = null;
  private ready = false;
  private finished = false;
  /** The last step was reached (in this session, or "completed" in the LMS's record). */
  private atEnd = false;
  /** What the LMS holds, as read or last written (a value is written only when it changes). */
  private readonly known = new Map<string, string>();
  private readonly started = Date.now();

  constructor(
    readonly api: Scorm12Api,
    readonly pg: ScormPlayground,
  ) {}

  /** A lesson opened: the first time, take the learner's progress back from the LMS and report it; again, take back what was saved. */
  async opened(detail: { lesson: string | null; ok: boolean }): Promise<void> {
    if (!detail.ok || !detail.lesson || this.finished) return;
    if (this.lessonId !== null && detail.lesson !== this.lessonId) return; // another lesson, from the course menu: not this SCO's
    this.lessonId = detail.lesson;
    if (!this.ready) for (const key of ['cmi.suspend_data', 'cmi.core.lesson_status']) this.known.set(key, text(this.api.LMSGetValue(key)));
    await this.resume(this.lessonId, this.known.get('cmi.suspend_data') ?? '');
    if (!this.ready) {
      const status = this.known.get('cmi.core.lesson_status');
      if (status === '' || status === 'not attempted') this.set('cmi.core.lesson_status', 'incomplete');
      this.atEnd = status === 'completed';
      this.ready = true;
    }
    this.save();
  }

  /** The progress in `kept` (suspend_data), or a fresh start when it holds none of this lesson. */
  private async resume(lesson: string, kept: string): Promise<void> {
    if (kept !== '' && (await this.pg.setProgress(kept))) return;
    if (kept !== '') console.warn('SCORM: cmi.suspend_data holds no progress of this lesson; it starts afresh');
    const fresh = freshProgress(lesson);
    if (JSON.stringify(this.pg.getProgress()) !== JSON.stringify(fresh)) await this.pg.setProgress(fresh);
  }

  save(): void {
    if (!this.ready || this.finished) return;
    const grade = this.pg.getGrade();
    const progress = this.pg.getProgress();
    if (!grade || !progress || grade.lesson !== this.lessonId || progress.lesson !== this.lessonId) return;
    const steps = (this.pg.lesson as { steps?: unknown[] } | null)?.steps?.length ?? Infinity;
    this.atEnd ||= progress.step >= steps;
    let changed = false;
    for (const [key, value] of lessonValues(grade, progress, this.atEnd)) changed = this.set(key, value) || changed;
    if (changed) this.commit();
  }

  finish(): void {
    if (this.finished) return;
    this.save();
    this.finished = true;
    // "suspend" asks the LMS to keep suspend_data for the next launch; a lesson passed or completed is done
    const done = ['passed', 'completed'].includes(this.known.get('cmi.core.lesson_status') ?? '');
    this.set('cmi.core.exit', done ? '' : 'suspend');
    this.set('cmi.core.session_time', sessionTime(Date.now() - this.started));
    this.commit();
    this.api.LMSFinish('');
  }

  /** Write one value unless it is already there; true when it was written. */
  private set(key: string, value: string): boolean {
    if (this.known.get(key) === value) return false;
    if (text(this.api.LMSSetValue(key, value)) !== 'true') console.warn(`SCORM: LMSSetValue("${key}") failed (error ${text(this.api.LMSGetLastError())})`);
    this.known.set(key, value);
    return true;
  }

  private commit(): void {
    if (text(this.api.LMSCommit('')) !== 'true') console.warn(`SCORM: LMSCommit failed (error ${text(this.api.LMSGetLastError())})`);
  }
}
