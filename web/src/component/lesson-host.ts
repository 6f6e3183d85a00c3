// lesson-host.ts — a playground's lesson, if it has one: which lesson and
// step (from the link, the `lesson` attribute or property, the embed API),
// the player above the panels, the learner's progress kept in the browser's
// storage, the check after every recompute, and the `exercise-checked`
// event. The player's module and the course are loaded only when a lesson is
// opened, so a page without one loads nothing more and is exactly as before.

import type { Core } from '../core/core';
import type { Outcome } from '../model/compute';
import { serialize, type State } from '../model/state';
import type { Pointed } from '../panels/context';
import { el } from '../widgets/dom';
import { placeEntries, withoutQueryLesson, type LessonPlace } from '../lessons/link';
import { setUrl } from './url-sync';
import type { Lesson } from '../lessons/lesson';
import type { LessonPlayer } from '../lessons/player';
import type { Grade, Progress } from '../lessons/progress';
import type { AuthorPanel } from '../lessons/author/owner';
import { sheetsOf } from './stylesheets';

/** The first lesson of the course (the "Start the course" button opens it). */
export const FIRST_LESSON = 'dot-product-softmax';

/** What the lesson host asks of its playground. */
export interface LessonOwner {
  core(): Core | null;
  t(key: string, vars?: Record<string, string | number>): string;
  lang(): 'en' | 'zh';
  /** The playground's element (events, the experiments' results). */
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  state(): State;
  /** Show this state, as a new history entry. */
  load(state: State): void;
  /** Build the page again (the panels a step shows, the player). */
  rebuild(): void;
  /** Check the current state again (the typed answer changed). */
  recheck(): void;
  /** The lesson's place changed without a new state (left, or opened on the link's state): write the link ('push' or 'replace'). */
  placeChanged(history: 'push' | 'replace'): void;
  panel(name: string): HTMLElement | null;
  point(p: Pointed): void;
  /** The query's lesson (`?lesson=` on the main page), whose hash then carries only the step. */
  queryRef(): string | null;
  /** The state's outcome now (null before the first computation). */
  outcome(): Outcome | null;
  /** Is the author mode asked for (the `author` attribute, `?author` on the main page)? */
  authorAsked(): boolean;
  /** Only the lesson opened: no course menu, no next lesson (the `single-lesson` attribute). */
  single(): boolean;
}

/** A playground's lesson. */
export class LessonHost {
  private player: LessonPlayer | null = null;
  /** Why the last lesson asked for could not be opened (shown above the panels until another opens). */
  private error: string | null = null;
  private notice: string | null = null;
  private ref: string | null = null;
  private loading: Promise<void> | null = null;
  /** The experiments' last results, by name (what an "experiment" check reads). */
  private readonly results: Record<string, unknown> = {};
  /** The author mode's panel, once loaded (lessons/author/author.ts). */
  private author: AuthorPanel | null = null;
  private authorLoading = false;

  constructor(private readonly owner: LessonOwner) {
    owner.host.addEventListener('experiment-done', (e) => {
      const { name, result } = (e as CustomEvent<{ name: string; result: unknown }>).detail;
      this.results[name] = result;
      if (this.player) owner.recheck();
    });
  }

  /** The lesson shown, or null. */
  lesson(): Lesson | null {
    return this.player?.lesson ?? null;
  }

  /** The lesson and step, as the link holds them; null outside a lesson. */
  place(): LessonPlace | null {
    return this.player && this.ref ? { ref: this.ref, step: this.player.session.stepNumber } : null;
  }

  /** The hash's lesson entries ('lesson=…&step=…&'), or ''. */
  linkEntries(): string {
    const entries = placeEntries(this.place(), this.owner.queryRef());
    return entries ? `${entries}&` : '';
  }

  /** The panels the step shows (the `panels` attribute's form), or null for the page's own choice. */
  panels(): string | null {
    return this.player?.session.step.panels ?? null;
  }

  /** The controls the step hides (the `hide-controls` attribute's form), or null for the page's own choice. */
  hidden(): string | null {
    return this.player?.session.step.hide ?? null;
  }

  /** What goes above the panels: a notice, the player or why a lesson could not be opened, and the author mode. */
  element(): HTMLElement | null {
    const notice = this.notice ? el('p', { class: 'stale-note', role: 'status', 'data-testid': 'lesson-notice' }, this.owner.t(this.notice)) : null;
    const error = this.error
      ? el('p', { class: 'lesson-error', role: 'alert', 'data-testid': 'lesson-error' }, this.owner.t('lesson.loadFailed', { message: this.error }))
      : null;
    const author = this.authorPanel();
    if (!notice && !error && !author) return this.player?.element ?? null;
    return el('div', { class: 'lesson-stack' }, notice, error ?? this.player?.element, author?.element);
  }

  /** The author mode's panel when it is asked for (loaded on the first call; the page is built again once it is). */
  private authorPanel(): AuthorPanel | null {
    if (!this.owner.authorAsked()) return null;
    if (!this.author && !this.authorLoading) {
      this.authorLoading = true;
      void Promise.all([LessonHost.module(), import('../lessons/author/author')]).then(async ([m, a]) => {
        m.adopt(this.owner.root);
        this.author = await Promise.resolve(a.makeAuthor(this.authorOwner()));
        this.owner.rebuild();
      });
    }
    return this.author;
  }

  /** The lesson module once loaded (a player exists only then): its progress store is written at once, not after an import() settles. */
  private static loaded: typeof import('./lesson-module') | null = null;

  /** The player's words and styles are registered and adopted by the playground once loaded. */
  static async module(): Promise<typeof import('./lesson-module')> {
    return (LessonHost.loaded ??= await import('./lesson-module'));
  }

  /**
   * Open a lesson (a course id, a file's address, a lesson object or its JSON) at `step` (the saved step when
   * none), its step's state loaded unless `keepState` (a link brings its own). Resolves once it is shown.
   */
  open(what: string | object, step: number | null = null, keepState = false, focus = false): Promise<void> {
    const run = async () => {
      const m = await LessonHost.module();
      m.adopt(this.owner.root);
      try {
        const { lesson, ref } = await m.resolve(what, location.href);
        const { progress, discarded } = m.STORE.load(lesson);
        this.notice = discarded ? 'lesson.progressDiscarded' : null;
        this.error = null;
        this.ref = ref;
        this.player = m.makePlayer(lesson, ref, progress, this.playerOwner(), step);
        m.STORE.save(this.player.session.progress);
        if (!keepState) this.owner.load(this.player.session.startState());
        else this.owner.placeChanged('replace');
      } catch (err) {
        this.player = null;
        this.ref = null;
        this.error = (err as Error).message ?? String(err);
      }
      this.owner.rebuild();
      if (focus) this.player?.focusTitle();
      const detail = { lesson: this.player?.lesson.id ?? null, ok: !this.error, message: this.error ?? '' };
      this.owner.host.dispatchEvent(new CustomEvent('lesson-opened', { detail, bubbles: true, composed: true }));
    };
    this.loading = (this.loading ?? Promise.resolve()).then(run, run);
    return this.loading;
  }

  /** Leave the lesson: the page as it is without one (`write`: a new history entry without the lesson). */
  leave(write = true): void {
    this.player = null;
    this.ref = null;
    this.error = null;
    this.notice = null;
    // a lesson the query named (?lesson=…) is left for good: the address no longer names it
    if (write && this.owner.queryRef()) setUrl(withoutQueryLesson(location.href), false);
    if (write) this.owner.placeChanged('push');
    this.owner.rebuild();
  }

  /** The link changed (Back, Forward, a new hash): follow its lesson and step, keeping the state it brings. */
  follow(place: LessonPlace | null): Promise<void> | void {
    if (!place) return this.player || this.error ? this.leave(false) : undefined;
    if (this.player && place.ref === this.ref) return this.player.goTo(place.step, true);
    return this.open(place.ref, place.step, true);
  }

  /** After every recompute with its final outcome: the step's check, and what it points at. */
  afterShow(state: State, outcome: Outcome): void {
    this.player?.check(state, outcome);
    this.author?.render(state, outcome);
  }

  /** After a render: outline again what the step points at (the panels drew new elements). */
  pointAgain(): void {
    this.player?.pointAt();
  }

  grade(): Grade | null {
    return this.player?.grade() ?? null;
  }

  progress(): Progress | null {
    return this.player ? structuredClone(this.player.session.progress) : null;
  }

  /** Take the progress a course platform kept (its text, or the object); false when it is not this lesson's. */
  async restore(p: Progress | string): Promise<boolean> {
    const player = this.player;
    if (!player) return false;
    const m = await LessonHost.module();
    const read = m.readProgress(typeof p === 'string' ? p : JSON.stringify(p), player.lesson);
    if (!read) return false;
    player.session.restore(read);
    m.STORE.save(read);
    player.goTo(read.step, false);
    return true;
  }

  private authorOwner(): import('../lessons/author/owner').AuthorOwner {
    const o = this.owner;
    return {
      core: o.core() as Core,
      t: (key, vars) => o.t(key, vars),
      lang: () => o.lang(),
      state: () => o.state(),
      outcome: () => o.outcome(),
      results: () => this.results,
      load: (state) => o.load(state),
      play: (lesson) => void this.open(lesson, null, false, true),
      lesson: () => this.lesson(),
      adopt: (css) => {
        const [sheet] = sheetsOf([css]);
        if (!o.root.adoptedStyleSheets.includes(sheet)) o.root.adoptedStyleSheets = [...o.root.adoptedStyleSheets, sheet];
      },
    };
  }

  private playerOwner(): import('../lessons/player').PlayerOwner {
    const o = this.owner;
    return {
      core: o.core() as Core,
      t: (key, vars) => o.t(key, vars),
      lang: () => o.lang(),
      load: (state) => o.load(state),
      stepChanged: () => {
        // a step's experiment checks read the runs made on that step (its own state re-runs it when it names one)
        for (const name of Object.keys(this.results)) delete this.results[name];
        o.rebuild();
      },
      saved: (p) => {
        // at once: a step changed just before the reader leaves the page is still the one resumed
        if (LessonHost.loaded) LessonHost.loaded.STORE.save(p);
        else void LessonHost.module().then((m) => m.STORE.save(p));
        o.host.dispatchEvent(new CustomEvent('lesson-progress', { detail: structuredClone(p), bubbles: true, composed: true }));
      },
      single: () => o.single(),
      checked: (detail) => o.host.dispatchEvent(new CustomEvent('exercise-checked', { detail, bubbles: true, composed: true })),
      recheck: () => o.recheck(),
      results: () => this.results,
      open: (ref) => void this.open(ref, null, false, true),
      leave: () => this.leave(),
      point: (p) => o.point(p),
      page: () => ({ root: o.root, panel: (name) => o.panel(name) }),
      link: (state) => serialize(state),
    };
  }
}
