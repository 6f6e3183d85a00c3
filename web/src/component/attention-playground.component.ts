// attention-playground.component.ts — the <attention-playground> element.
//
// One instance = one independent playground: its own state, its own panels in
// its own shadow root, no shared globals. It writes the URL hash only when
// the `sync-hash` attribute is present (the main page sets it; embeds don't).
//
// Attributes (all optional):
//   preset    a preset id (see presets.ts), applied before the other attributes
//   state     the whole state in its URL-hash form (as a share link's #…), then refined by the others
//   every field of the state that has an attribute in the schema's table (model/schema.ts), e.g.
//   op        attention | multi_head | block | single_head | gqa
//   matrices  JSON object of matrices, e.g. {"Q": [[1,0],[0,1]], "K": …}
//   h         heads for multi_head / block (1 … 256)
//   causal    "true" / "false"
//   mask, positions, rope-base, rope-pairing, scale, temperature, q-length, query, view, eps,
//   num-heads, num-kv-heads, seed, head, tile-size, tokens — each with the link's bounds
//   panels    comma list of panels to show: plane,operation,inputs,results,explain,steps,export,tiles,kvcache,experiments
//   hide-controls  comma list of controls to hide: op,preset,lang,mask,scale,tokens,options,sliders,views,positions
//   lang      en | zh
//   sync-hash keep the state in the page's URL hash (history, share links)
//   lesson    a lesson: a course lesson's id, a lesson file's address (same origin or data:) or its JSON
//             (also the `lesson` property, which takes a lesson object); lesson-host.ts
// Events (bubbling, composed): `playground-change` with { state, ok, message, pending };
// `exercise-checked` with { lesson, exercise, passed, score, maxScore, state }; `experiment-done` with { name, result }.
// A large state is computed in a Web Worker (worker/computation.ts): the
// event fires with pending: true (getOutcome() is then the pending note), then
// with the outcome; only the latest state's outcome is ever shown.

import type { Outcome, View } from '../model/compute';
import { Computation, PENDING } from '../worker/computation';
import { loadCore, type Core } from '../core/core';
import { el, replaceChildren } from '../widgets/dom';
import { LANGS, pickLanguage, registerWords, rememberLanguage, t, type Lang } from '../i18n/i18n';
import type { HistoryMode, PanelContext } from '../panels/context';
import { PANELS, type PanelName } from '../panels/registry';
import { PanelHost } from './panel-host';
import { Pointing } from './pointing';
import { styleSheets } from './stylesheets';
import { setUrl, STORAGE_KEY, UrlSync } from './url-sync';
import { ExperimentClient } from '../worker/client';
import type { ExperimentName, ResultMap } from '../experiments/index';
import { MiniWeights } from '../panels/mini-weights';
import type { ResultsPanel } from '../panels/results-panel';
import { ensureInputs, firstState, presetById } from '../model/presets';
import { cloneState, defaultState, parse, parseStored, serialize, type State } from '../model/state';
import { FIELD_ATTRIBUTES, stateFromAttributes } from './attributes';
import { FIRST_LESSON, LessonHost } from './lesson-host';
import { hasState, lessonPlace, type LessonPlace } from '../lessons/link';
import type { Grade, Progress } from '../lessons/progress';

export { PANELS, type PanelName } from '../panels/registry';

/** Detail of the `playground-change` event. */
export interface PlaygroundChangeDetail {
  state: State;
  ok: boolean;
  message: string;
  /** True while the state is computed in the background (another event follows with its outcome). */
  pending: boolean;
}

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
  private standaloneClient: ExperimentClient | null = null;
  private readonly onHashChange = () => this.fromHash();
  private readonly url = new UrlSync(
    () => `#${this.lessons.linkEntries()}${serialize(this.current)}`,
    () => `#${serialize(this.current)}`,
  );
  private readonly lessons: LessonHost;
  /** The lesson to open once the core is loaded (the link's, the attribute's, or one given before). */
  private lessonAsked: { what: string | object; step: number | null; keepState: boolean } | null = null;
  private readonly pointing = new Pointing();
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
      load: (state) => this.update((s) => void ensureInputs(Object.assign(s, cloneState(state))), 'push'),
      rebuild: () => this.build(),
      recheck: () => this.outcome && this.lessons.afterShow(this.current, this.outcome),
      panel: (name) => this.host?.elementOf(name as PanelName) ?? null,
      point: (p) => this.pointing.get() === null && this.pointing.point(p),
      queryRef: () => this.lessonsQuery(),
      outcome: () => this.outcome,
      authorAsked: () => this.hasAttribute('author') || (this.hasAttribute('sync-hash') && new URLSearchParams(location.search).has('author')),
    });
  }

  connectedCallback(): void {
    const urlLang = this.hasAttribute('sync-hash') ? new URLSearchParams(location.search).get('lang') : null;
    this.language = pickLanguage(this.getAttribute('lang') ?? urlLang);
    // moved in the page (reveal.js moves slides between its views; a notes site re-parents content): the
    // element keeps what the reader did instead of starting again from its attributes
    if (!this.connectedBefore) {
      this.current = this.initialState();
      this.lessonAsked ??= this.initialLesson();
    }
    this.connectedBefore = true;
    replaceChildren(this.root, el('p', { class: 'loading', role: 'status' }, t(this.language, 'app.loading')));
    if (this.hasAttribute('sync-hash')) window.addEventListener('popstate', this.onHashChange);
    // the first history entry carries its state, so Back can return to it
    if (this.hasAttribute('sync-hash')) setUrl(`#${serialize(this.current)}`, false);
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
    this.url.dispose();
    this.host?.dispose();
    this.computation?.dispose();
    this.computation = null;
    this.outcomeOf = null;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (!this.core) {
      this.attributesChanged = this.connectedBefore; // before the first connection, initialState() reads them
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

  /** Replace (part of) the state; recomputes. */
  setState(patch: Partial<State>): void {
    this.update((s) => {
      Object.assign(s, patch);
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
    return (this.host?.experiments() ?? Promise.resolve(null)).then((panel) => {
      if (panel) return panel.run(name, settings);
      this.standaloneClient ??= new ExperimentClient();
      return this.standaloneClient.run(name, settings ?? {});
    });
  }

  /** The lesson shown (null outside one). Set a lesson object, its JSON, a course lesson's id or a file's address; null leaves it. */
  get lesson(): object | null {
    return this.lessons.lesson();
  }

  set lesson(what: object | string | null) {
    if (!what) this.lessonAsked = null;
    if (!this.core) this.lessonAsked = what ? { what, step: null, keepState: false } : null;
    else if (what) void this.lessons.open(what);
    else this.lessons.leave();
  }

  /** Open a lesson (as the property does); resolves once it is shown, or its error is. */
  openLesson(what: object | string, step: number | null = null): Promise<void> {
    return this.lessons.open(what, step);
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

  /** The lesson the page opens with: the link's (its step, and its state when it has one), else the attribute's. */
  private initialLesson(): { what: string; step: number | null; keepState: boolean } | null {
    const place: LessonPlace | null = this.hasAttribute('sync-hash') ? lessonPlace(location.hash, this.lessonsQuery()) : null;
    if (place) return { what: place.ref, step: /(^|[#&])step=/.test(location.hash) ? place.step : null, keepState: hasState(location.hash) };
    const attr = this.getAttribute('lesson');
    return attr ? { what: attr, step: null, keepState: false } : null;
  }

  private lessonsQuery(): string | null {
    return this.hasAttribute('sync-hash') ? new URLSearchParams(location.search).get('lesson') : null;
  }

  private initialState(): State {
    if (this.hasAttribute('sync-hash')) {
      const stored = this.storedState(); // read (and checked) first, so a damaged copy is discarded even when the URL has a state
      if (location.hash.length > 1) return parse(location.hash);
      if (stored) return stored;
    }
    // no link, no stored state: the first screen ("the cat sat on the mat"), unless the attributes give matrices
    const own = ['state', 'matrices', 'op'].some((a) => this.hasAttribute(a));
    const base = presetById(this.getAttribute('preset') ?? '')?.build() ?? (own ? defaultState() : firstState());
    return Object.assign(base, stateFromAttributes(this, base));
  }

  /** The state kept in localStorage, or null. One that cannot be read is removed, and a notice says so. */
  private storedState(): State | null {
    try {
      const saved = localStorage.getItem(STORAGE_KEY);
      if (!saved) return null;
      const state = parseStored(saved);
      if (state) return state;
      this.notice = 'app.storedStateDiscarded';
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // storage blocked: start from the URL or the attributes
    }
    return null;
  }

  private fromHash(): void {
    this.url.restored();
    this.current = parse(location.hash);
    void this.lessons.follow(lessonPlace(location.hash, this.lessonsQuery()));
    this.recompute();
  }

  private context(): PanelContext {
    return {
      core: this.core as Core,
      lang: this.language,
      host: this,
      state: () => this.current,
      update: (mutate, history) => this.update(mutate, history),
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

  private visiblePanels(): Set<PanelName> {
    const attr = this.lessons.panels() ?? this.getAttribute('panels');
    if (!attr) return new Set(PANELS);
    return new Set(attr.split(',').map((p) => p.trim()) as PanelName[]);
  }

  /** The controls named by `hide-controls` (the stylesheet hides each `.hide-<name>`). */
  private hiddenControls(): string[] {
    return (this.getAttribute('hide-controls') ?? '').split(/[\s,]+/).filter((c) => /^[a-z]+$/.test(c));
  }

  private build(): void {
    if (!this.core) return;
    const ctx = this.context();
    const show = this.visiblePanels();
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
    const langId = `lang-${Math.random().toString(36).slice(2, 8)}`;
    const langSelect = el(
      'select',
      { id: langId, class: 'lang-select', 'data-testid': 'lang' },
      LANGS.map((l) => el('option', { value: l, selected: l === this.language }, l === 'en' ? 'English' : '简体中文')),
    );
    langSelect.addEventListener('change', () => this.setLanguage(langSelect.value as Lang));
    replaceChildren(
      this.root,
      el(
        'div',
        { class: ['playground', ...this.hiddenControls().map((c) => `hide-${c}`)].join(' '), lang: this.language === 'zh' ? 'zh-Hans' : 'en' },
        this.notice ? el('p', { class: 'stale-note', role: 'status', 'data-testid': 'notice' }, t(this.language, this.notice)) : null,
        el('div', { class: 'topbar' }, this.courseButton(), el('label', { for: langId, class: 'lang-label' }, t(this.language, 'lang.label')), langSelect),
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
    this.pointing.setPanels([...(this.host?.built() ?? []), ...(this.mini ? [this.mini] : [])]);
    this.pointing.show();
    this.lessons.pointAgain();
  }

  /** "Start the course" on the main page, outside a lesson. */
  private courseButton(): HTMLElement | null {
    if (!this.hasAttribute('sync-hash') || this.lessons.lesson()) return null;
    const start = () => void this.lessons.open(FIRST_LESSON);
    return el(
      'button',
      { type: 'button', class: 'btn btn-primary course-start', 'data-testid': 'start-course', onclick: start },
      t(this.language, 'lesson.startCourse'),
    );
  }

  /** The results panel (export and tests use its heatmaps). */
  resultsPanel(): ResultsPanel | null {
    return this.results;
  }
}
