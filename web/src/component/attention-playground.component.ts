// attention-playground.component.ts — the <attention-playground> element.
//
// One instance = one independent playground: its own state, its own panels in
// its own shadow root, no shared globals. It writes the URL hash only when
// the `sync-hash` attribute is present (the main page sets it; embeds don't).
//
// Attributes (all optional):
//   preset    a preset id (see presets.ts), applied before the other attributes
//   state     the whole state in its URL-hash form (as a share link's #…), then refined by the others
//   every field of the state with an attribute in the schema's table (model/schema.ts), with the link's bounds: op, matrices (JSON {"Q": [[1,0],[0,1]], …}),
//   h, causal, mask, positions, rope-base, rope-pairing, scale, temperature, q-length, query, view, eps, num-heads, num-kv-heads, seed, head, tile-size, tokens
//   panels    comma list of panels to show: plane,operation,inputs,results,explain,steps,export,tiles,kvcache,experiments
//   hide-controls  comma list of controls to hide: op,preset,lang,mask,scale,tokens,options,sliders,views,positions
//   lang      en | zh;  sync-hash  keep the state in the page's URL hash (history, share links);  theme  auto | light | dark (theme.ts; a field too)
//   lesson    a course lesson's id, a lesson file's address (same origin or data:) or its JSON; author: the author mode;
//             single-lesson: no course menu (a packaged lesson)
// Events (bubbling, composed): `playground-change` with { state, ok, message, pending }; `exercise-checked` { lesson, exercise, passed, score, maxScore,
// state }; `lesson-opened` { lesson, ok, message }; `lesson-progress` (the progress, whenever it changes); `experiment-done` { name, result }. A large state
// is computed in a Web Worker (worker/computation.ts): the event fires with pending: true (getOutcome(): the pending note), then with the latest one's outcome.

import type { Outcome, View } from '../model/compute';
import { Computation, PENDING } from '../worker/computation';
import { loadCore, type Core } from '../core/core';
import { el, replaceChildren } from '../widgets/dom';
import { pickLanguage, registerWords, rememberLanguage, t, type Lang } from '../i18n/i18n';
import type { HistoryMode, PanelContext } from '../panels/context';
import { PANELS, type PanelName } from '../panels/registry';
import { lazyExperimentClient, PanelHost, runIn } from './panel-host';
import { Pointing } from './pointing';
import { styleSheets } from './stylesheets';
import { setUrl, UrlSync } from './url-sync';
import type { ExperimentName, ResultMap } from '../experiments/index';
import { MiniWeights } from '../panels/mini-weights';
import type { ResultsPanel } from '../panels/results-panel';
import { ensureInputs, withMissingInputs } from '../model/presets';
import { checkedPatch } from '../model/patch';
import { cloneState, defaultState, parse, serialize, type State } from '../model/state';
import { FIELD_ATTRIBUTES, stateFromAttributes } from './attributes';
import { FIRST_LESSON, LessonHost } from './lesson-host';
import { lessonPlace } from '../lessons/link';
import { queryLesson, type LessonAsk } from './opening';
import { controlsNamed, panelsNamed, topbar } from './topbar';
import type { PlaygroundChangeDetail } from './events';
import type { Grade, Progress } from '../lessons/progress';
import { keepingTheme, themedOpening, ThemeFollower } from './theme';

export { PANELS, type PanelName } from '../panels/registry';
export type { PlaygroundChangeDetail } from './events';

/** The <attention-playground> custom element. */
export class AttentionPlayground extends HTMLElement {
  static readonly observedAttributes = ['state', 'preset', 'panels', 'lang', 'hide-controls', 'lesson', 'author', ...FIELD_ATTRIBUTES.keys()];

  /** Register the element under `tag` (once). */
  static define(tag = 'attention-playground'): void {
    if (!customElements.get(tag)) customElements.define(tag, this);
  }

  private readonly root: ShadowRoot;
  /** Set once the element has been in a document: a later connection keeps the state. */
  private connectedBefore = false;
  /** An attribute changed after the first connection, before the core was loaded: applied once it is. */
  private attributesChanged = false;
  private core: Core | null = null;
  private current: State = defaultState();
  private outcome: Outcome | null = null;
  /** The state `outcome` belongs to (states are never changed in place: a new state is a new object). */
  private outcomeOf: State | null = null;
  private computation: Computation | null = null;
  private good: View | null = null;
  /** The panels of the current build (panel-host.ts), and the compact weights of a narrow screen. */
  private host: PanelHost | null = null;
  private mini: MiniWeights | null = null;
  private language: Lang = 'en';
  private results: ResultsPanel | null = null;
  private readonly standaloneClient = lazyExperimentClient();
  private readonly onHashChange = () => this.fromHash();
  private readonly url = new UrlSync(
    () => `#${this.lessons.linkEntries()}${serialize(this.current)}`,
    () => `#${serialize(this.current)}`,
  );
  private readonly lessons: LessonHost;
  /** The lesson to open once the core is loaded (the link's, the attribute's, or one given before). */
  private lessonAsked: LessonAsk | null = null;
  /** What the learner points at, told to the panels up to date (PanelHost.upToDate) and the compact weights. */
  private readonly pointing = new Pointing(() => [...(this.host?.upToDate() ?? []), ...(this.mini ? [this.mini] : [])]);
  private readonly theme = new ThemeFollower(this, () => this.current.theme);
  /** True while panels render: an update they cause then (a focused field's blur as it is removed) is dropped. */
  private rendering = false;
  /** True while an update in 'live' history mode (a drag, typing) is being computed and shown. */
  private liveRender = false;
  /** A one-line notice shown above the panels (an i18n key), e.g. that an unreadable stored state was discarded. */
  private notice: string | null = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = styleSheets();
    this.lessons = new LessonHost({
      core: () => this.core,
      t: (key, vars) => t(this.language, key, vars),
      lang: () => this.language,
      host: this,
      root: this.root,
      state: () => this.current,
      load: (state) => this.update((s) => void ensureInputs(Object.assign(s, cloneState(state), { theme: s.theme })), 'push'), // the reader's theme kept
      rebuild: () => this.build(),
      placeChanged: (history) => this.hasAttribute('sync-hash') && this.url.write(history),
      recheck: () => this.outcome && this.lessons.afterShow(this.current, this.outcome),
      panel: (name) => this.host?.elementOf(name as PanelName) ?? null,
      point: (p) => this.pointing.get() === null && this.pointing.point(p),
      queryRef: () => queryLesson(this),
      outcome: () => this.outcome,
      single: () => this.hasAttribute('single-lesson'),
      authorAsked: () => this.hasAttribute('author') || (this.hasAttribute('sync-hash') && new URLSearchParams(location.search).has('author')),
    });
  }

  connectedCallback(): void {
    const urlLang = this.hasAttribute('sync-hash') ? new URLSearchParams(location.search).get('lang') : null;
    this.language = pickLanguage(this.getAttribute('lang') ?? urlLang);
    // moved in the page (reveal.js moves slides between its views; a notes site re-parents content): the
    // element keeps what the reader did instead of starting again from its attributes
    if (!this.connectedBefore) {
      const open = themedOpening(this);
      this.current = open.state;
      this.lessonAsked ??= open.lesson;
      this.notice = open.notice;
    }
    this.connectedBefore = true;
    this.theme.connect();
    replaceChildren(this.root, el('p', { class: 'loading', role: 'status' }, t(this.language, 'app.loading')));
    if (this.hasAttribute('sync-hash')) window.addEventListener('popstate', this.onHashChange);
    // the first history entry carries its state, so Back can return to it
    if (this.hasAttribute('sync-hash') && !this.lessonAsked) setUrl(`#${serialize(this.current)}`, false);
    loadCore()
      .then((core) => {
        this.core = core;
        // attributes set while the core was loading (a notebook's widget, a script right after appending)
        if (this.attributesChanged) {
          this.attributesChanged = false;
          this.language = pickLanguage(this.getAttribute('lang') ?? urlLang);
          this.current = stateFromAttributes(this, this.current);
        }
        const asked = this.lessonAsked;
        this.lessonAsked = null;
        if (asked) void this.lessons.open(asked.what, asked.step, asked.keepState);
        else this.build();
      })
      .catch((err: unknown) => {
        replaceChildren(this.root, el('p', { class: 'load-error', role: 'alert' }, t(this.language, 'app.loadFailed', { message: String(err) })));
      });
  }

  disconnectedCallback(): void {
    window.removeEventListener('popstate', this.onHashChange);
    this.theme.disconnect();
    this.url.dispose();
    this.host?.dispose();
    this.computation?.dispose();
    this.computation = null;
    this.outcomeOf = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (!this.core) {
      if (name === 'lesson' && this.connectedBefore) this.lessonAsked = value ? { what: value, step: null, keepState: false } : null;
      this.attributesChanged = this.connectedBefore; // before the first connection, opening() reads them
      return;
    }
    if (name === 'lang') this.setLanguage(pickLanguage(value));
    else if (name === 'lesson') void (value ? this.lessons.open(value) : this.lessons.leave());
    else if (name === 'panels' || name === 'hide-controls' || name === 'author') this.build();
    else this.update((s) => Object.assign(s, stateFromAttributes(this, s)), 'none');
  }

  // ------------------------------------------------------------ public API

  /** A copy of the current state. */
  getState(): State {
    return JSON.parse(JSON.stringify(this.current)) as State;
  }

  /** Replace (part of) the state; recomputes. Fields as the schema's table reads them (a matrix may be rows); a bad one throws, nothing changed. */
  setState(patch: Partial<State>): void {
    const checked = checkedPatch(patch);
    this.update((s) => {
      Object.assign(s, checked);
      ensureInputs(s);
    }, 'push');
  }

  /** The current outcome (ok + view, or the error; code 'pending' while computed in the background). */
  getOutcome(): Outcome | null {
    return this.outcome;
  }

  /** The language in use. */
  currentLanguage(): Lang {
    return this.language;
  }

  /** Switch the language (remembered for next time). */
  setLanguage(lang: Lang): void {
    if (lang === this.language) return;
    this.language = lang;
    rememberLanguage(lang);
    this.build();
    this.dispatchEvent(new CustomEvent('playground-lang', { detail: { lang }, bubbles: true, composed: true }));
  }

  /** Run an experiment in the background worker, showing it in the experiments panel when there is one. */
  runExperiment<E extends ExperimentName>(name: E, settings?: Record<string, unknown>): Promise<ResultMap[E]> {
    return runIn(this.host, this.standaloneClient, name, settings);
  }

  /** The lesson shown (null outside one). Set a lesson object, its JSON, a course lesson's id or a file's address; null leaves it. */
  get lesson(): object | null {
    return this.lessons.lesson();
  }

  set lesson(what: object | string | null) {
    void this.openLesson(what);
  }

  /** Open a lesson (as the property does; null leaves it); resolves once it is shown, or its error is. */
  openLesson(what: object | string | null, step: number | null = null): Promise<void> {
    if (this.core) return what ? this.lessons.open(what, step) : Promise.resolve(this.lessons.leave());
    this.lessonAsked = what ? { what, step, keepState: false } : null;
    return what ? new Promise((done) => this.addEventListener('lesson-opened', () => done(), { once: true })) : Promise.resolve();
  }

  /** The grade of the lesson shown: { lesson, score, maxScore, passed, exercises, complete }, or null outside a lesson. */
  getGrade(): Grade | null {
    return this.lessons.grade();
  }

  /** The learner's progress in the lesson shown (what a course platform keeps), or null. */
  getProgress(): Progress | null {
    return this.lessons.progress();
  }

  /** Take back progress kept elsewhere (its object or JSON text); false when it is not the lesson shown's. */
  setProgress(p: Progress | string): Promise<boolean> {
    return this.lessons.restore(p);
  }

  /** The core (once loaded). */
  getCore(): Core | null {
    return this.core;
  }

  // ------------------------------------------------------------ state

  private fromHash(): void {
    this.url.restored();
    this.current = withMissingInputs(parse(location.hash));
    void this.lessons.follow(lessonPlace(location.hash, queryLesson(this)));
    this.recompute();
  }

  private context(): PanelContext {
    return {
      core: this.core as Core,
      lang: this.language,
      host: this,
      state: () => this.current,
      update: (mutate, history) => this.update(keepingTheme(mutate), history),
      t: (key, vars) => t(this.language, key, vars),
      lastGood: () => this.good,
      cancelCompute: () => this.computation?.cancel(),
      shareLink: () => `${location.href.split('#')[0]}#${serialize(this.current)}`,
      point: (p) => this.pointing.point(p),
      pointed: () => this.pointing.get(),
      live: () => this.liveRender,
    };
  }

  private update(mutate: (s: State) => void, history: HistoryMode = 'push'): void {
    // a field that loses focus while the panels re-render (Back, Forward, a new operation) must not write
    // its text into the state being shown, nor re-render the panels in the middle of their rendering
    if (this.rendering) return;
    const next = cloneState(this.current);
    mutate(next);
    this.current = next;
    if (this.hasAttribute('sync-hash')) this.url.write(history);
    this.liveRender = history === 'live';
    try {
      this.recompute();
    } finally {
      this.liveRender = false;
    }
  }

  /** Compute the current state (unless its outcome is known: a rebuild only redraws), show it and announce it. */
  private recompute(): void {
    this.theme.apply();
    if (!this.core) return;
    if (this.outcomeOf !== this.current || !this.outcome) {
      this.computation ??= new Computation(this.core, (state, outcome, final) => {
        if (state === this.current) this.show(outcome, final, final && outcome.ok);
      });
      this.outcomeOf = this.current;
      this.outcome = this.computation.run(this.current);
    }
    this.show(this.outcome, true);
  }

  /** Show `outcome` in every panel (the worker's `inFrames`: frames.ts), then (`announce`) fire `playground-change`. */
  private show(outcome: Outcome, announce: boolean, inFrames = false): void {
    this.outcome = outcome;
    if (outcome.ok) this.good = outcome.view;
    const current = () => this.outcome === outcome;
    this.rendering = true;
    try {
      this.host?.render(this.current, outcome, inFrames, current, () => announce && this.announce(outcome), this.liveRender);
      this.mini?.render(this.current, outcome);
      this.pointing.show();
      if (announce) this.lessons.afterShow(this.current, outcome);
    } finally {
      this.rendering = false;
    }
  }

  private announce(outcome: Outcome): void {
    const pending = !outcome.ok && outcome.code === PENDING;
    const detail: PlaygroundChangeDetail = { state: this.getState(), ok: outcome.ok, message: outcome.ok ? '' : outcome.message, pending };
    this.dispatchEvent(new CustomEvent('playground-change', { detail, bubbles: true, composed: true }));
  }

  // ------------------------------------------------------------ layout

  private build(): void {
    if (!this.core) return;
    const ctx = this.context();
    const show = panelsNamed(this.lessons.panels() ?? this.getAttribute('panels'), PANELS);
    this.host?.dispose();
    const host = new PanelHost(ctx, show, {
      current: () => ({ state: this.current, outcome: this.outcome }),
      rendering: (f) => this.asRender(f),
      changed: () => this.pointAgain(),
      register: (words) => registerWords(...words),
      adopt: (sheets) => (this.root.adoptedStyleSheets = [...this.root.adoptedStyleSheets, ...sheets.filter((s) => !this.root.adoptedStyleSheets.includes(s))]),
    });
    this.host = host;
    this.results = host.results;
    // the compact weights at the bottom of a narrow screen, while the inputs are in sight and the results are not
    const inputs = host.elementOf('inputs');
    const mini = show.has('results') && inputs ? new MiniWeights(ctx, host.results.element, inputs) : null;
    this.mini = mini;
    this.pointAgain();
    // "Start the course" on the main page, outside a lesson
    const course = this.hasAttribute('sync-hash') && !this.lessons.lesson() ? () => void this.lessons.open(FIRST_LESSON, null, false, true) : null;
    replaceChildren(
      this.root,
      el(
        'div',
        {
          class: ['playground', ...controlsNamed(this.lessons.hidden() ?? this.getAttribute('hide-controls')).map((c) => `hide-${c}`)].join(' '),
          lang: this.language === 'zh' ? 'zh-Hans' : 'en',
        },
        this.notice ? el('p', { class: 'stale-note', role: 'status', 'data-testid': 'notice' }, t(this.language, this.notice)) : null,
        topbar(this.language, (l) => this.setLanguage(l), course),
        this.lessons.element(),
        el('div', { class: 'columns' }, el('div', { class: 'col col-left' }, host.column('left')), el('div', { class: 'col col-right' }, host.column('right'))),
        host.column('wide'),
        mini?.element,
      ),
    );
    this.recompute();
    // the panels below the first screen: once it is painted (or soon, where no frame comes: a frame out of view)
    let loaded = false;
    const rest = () => void (loaded || ((loaded = true), host.loadRest()));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(rest, 0));
    setTimeout(rest, 300);
  }

  /** Run `f` as a render: an update a panel causes meanwhile (a field's blur as it is removed) is dropped. */
  private asRender(f: () => void): void {
    const was = this.rendering;
    this.rendering = true;
    try {
      f();
    } finally {
      this.rendering = was;
    }
  }

  /** The panels that highlight what the learner points at, told again. */
  private pointAgain(): void {
    this.pointing.show();
    this.lessons.pointAgain();
  }

  /** The results panel (export and tests use its heatmaps). */
  resultsPanel(): ResultsPanel | null {
    return this.results;
  }
}
