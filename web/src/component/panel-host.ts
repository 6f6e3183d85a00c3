// panel-host.ts — the panels of one playground as they live on its page:
// built from their descriptors (panels/registry.ts), the first screen's at
// once and every other one when it is first needed (import() of its module
// when it comes near the screen, or once the first screen is painted and the
// page is idle). During a drag or while typing (a live update, many a
// second) only the panels in sight (on the screen itself) are rendered: one
// out of sight does no work, is marked stale, and catches up when it comes
// near the screen or when the page has been quiet for a moment, one panel per
// task. Any other update (a
// menu, a link, a result from the worker) renders every panel, so that
// nothing a learner may click next is out of date.

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import type { Panel, PanelContext } from '../panels/context';
import type { ExperimentsPanel } from '../panels/experiments-panel';
import type { ExperimentName, ResultMap } from '../experiments/index';
import type { ExperimentClient } from '../worker/experiment-client';
import { runInSlices, stepsOf } from '../panels/frames';
import { makeResults, PANEL_SPECS, type BuiltPanel, type PanelName, type PanelSpec } from '../panels/registry';
import type { ResultsPanel } from '../panels/results-panel';
import { el } from '../widgets/dom';
import { sheetsOf } from './stylesheets';

/** How far outside the screen a lazy panel is loaded and a stale one catches up (it is not yet in sight: a live update skips it). */
const NEAR = '200px';
/** Quiet time after the last update before the stale panels out of sight catch up, in ms. */
const QUIET_MS = 150;

/** The ::part() names of a panel's element (and of its placeholder): `panel panel-results`, … */
const partOf = (spec: PanelSpec): string => `panel panel-${spec.name}`;

/** One panel's place on the page. */
interface Slot {
  spec: PanelSpec;
  /** The element on the page: the panel's, or a placeholder until it is built. */
  element: HTMLElement;
  panel: Panel | null;
  loading: Promise<Panel> | null;
  /** In sight (or near it): rendered on every update. */
  visible: boolean;
  /** Out of date: the last update skipped it. */
  stale: boolean;
}

/** What the host asks of its playground. */
export interface HostOwner {
  /** The state and outcome to show now (a panel that arrives or catches up renders them). */
  current(): { state: State; outcome: Outcome | null };
  /** Run `f` as a render (updates the panels cause meanwhile are dropped). */
  rendering(f: () => void): void;
  /** The set of built panels changed (a lazy one arrived): for what the learner points at. */
  changed(): void;
  /** Add a panel's stylesheets to the shadow root. */
  adopt(sheets: CSSStyleSheet[]): void;
  /** Add a panel's words to the tables (before it is built: its constructor may translate). */
  register(words: NonNullable<BuiltPanel['words']>): void;
}

/** The panels of one build of a playground. */
export class PanelHost {
  readonly results: ResultsPanel;
  private readonly slots: Slot[];
  /** Whether a panel is near the screen (NEAR): load it, bring it up to date. */
  private readonly near: IntersectionObserver | null = null;
  /** Whether a panel is on the screen: a live update renders it. */
  private readonly sight: IntersectionObserver | null = null;
  private quiet: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly ctx: PanelContext,
    shown: ReadonlySet<string>,
    private readonly owner: HostOwner,
  ) {
    this.results = makeResults(ctx);
    const win = ctx.host.ownerDocument.defaultView;
    if (win && 'IntersectionObserver' in win) {
      this.near = new win.IntersectionObserver((entries) => this.cameNear(entries), { rootMargin: `${NEAR} 0px` });
      this.sight = new win.IntersectionObserver((entries) => this.seen(entries));
    }
    this.slots = PANEL_SPECS.filter((spec) => shown.has(spec.name)).map((spec) => {
      // in sight until the observer says otherwise (its first answer comes after the first layout)
      const slot: Slot = { spec, element: el('section'), panel: null, loading: null, visible: true, stale: false };
      const built = spec.eager ? spec.build({ ctx, results: this.results }) : null; // the first screen's: at once
      if (built && !(built instanceof Promise)) this.place(slot, built);
      else slot.element = el('section', { class: 'panel panel-placeholder', 'aria-busy': 'true', 'data-panel': spec.name, part: partOf(spec) });
      this.observe(slot.element);
      return slot;
    });
  }

  /** The elements of a column, in page order. */
  column(column: PanelSpec['column']): HTMLElement[] {
    return this.slots.filter((s) => s.spec.column === column).map((s) => s.element);
  }

  /** The element of a panel (or its placeholder), if shown. */
  elementOf(name: PanelName): HTMLElement | null {
    return this.slots.find((s) => s.spec.name === name)?.element ?? null;
  }

  /** The panels built so far that are up to date (not one out of sight that a live render skipped), in page order. */
  upToDate(): Panel[] {
    return this.slots.flatMap((s) => (s.panel && !s.stale ? [s.panel] : []));
  }

  /** The experiments panel (loaded now if it is shown and not yet), or null when it is not shown. */
  async experiments(): Promise<ExperimentsPanel | null> {
    const slot = this.slots.find((s) => s.spec.name === 'experiments');
    return slot ? ((await this.load(slot)) as ExperimentsPanel) : null;
  }

  /** Load every lazy panel, one after the other (called once the first screen is painted). */
  loadRest(): void {
    void this.slots.reduce<Promise<unknown>>((before, slot) => before.then(() => this.load(slot)), Promise.resolve());
  }

  /**
   * Render the panels with `outcome` (`inFrames`: in slices across frames, frames.ts); with `live` (a drag, typing)
   * only those in sight, the others become stale.
   */
  render(state: State, outcome: Outcome, inFrames: boolean, current: () => boolean, done: () => void, live = false): void {
    const panels: Panel[] = [];
    for (const s of this.slots) {
      if (!s.panel) continue;
      // (a panel that hid itself renders: it decides whether to show again)
      if (live && !s.visible && !s.panel.element.hidden) {
        s.stale = true;
        continue;
      }
      s.stale = false;
      panels.push(s.panel);
    }
    if (inFrames) {
      // a large outcome: in slices across frames (frames.ts), each step a render (an update it causes is dropped)
      const steps = stepsOf(panels, state, outcome).map((step) => () => this.owner.rendering(step));
      runInSlices(steps, current, done);
    } else if (current()) {
      for (const p of panels) p.render(state, outcome);
      done();
    }
    this.catchUpWhenQuiet();
  }

  /** Stop observing and catching up. */
  dispose(): void {
    this.disposed = true;
    this.near?.disconnect();
    this.sight?.disconnect();
    if (this.quiet) clearTimeout(this.quiet);
  }

  // ------------------------------------------------------------ building

  /** Put a built panel in its slot (replacing the placeholder) and adopt its styles. */
  private place(slot: Slot, built: BuiltPanel): Panel {
    if (built.styles?.length) this.owner.adopt(sheetsOf(built.styles));
    if (built.words?.length) this.owner.register(built.words);
    const panel = built.make();
    const old = slot.element;
    slot.panel = panel;
    slot.element = panel.element;
    slot.element.setAttribute('part', partOf(slot.spec));
    if (old.isConnected) old.replaceWith(slot.element);
    this.near?.unobserve(old);
    this.sight?.unobserve(old);
    this.observe(slot.element);
    return panel;
  }

  /** The slot's panel, built (its module loaded) on the first call. */
  private load(slot: Slot): Promise<Panel> {
    if (slot.panel) return Promise.resolve(slot.panel);
    slot.loading ??= Promise.resolve(slot.spec.build({ ctx: this.ctx, results: this.results })).then((built) => {
      const panel = this.place(slot, built);
      if (this.disposed) return panel;
      this.owner.changed();
      this.renderOne(slot);
      return panel;
    });
    return slot.loading;
  }

  // ------------------------------------------------------------ sight

  private observe(element: HTMLElement): void {
    this.near?.observe(element);
    this.sight?.observe(element);
  }

  /** Panels coming near the screen: load them, and bring the stale ones up to date. */
  private cameNear(entries: IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const slot = this.slots.find((s) => s.element === e.target);
      if (!slot || !e.isIntersecting) continue;
      if (!slot.panel) void this.load(slot);
      else if (slot.stale) this.renderOne(slot);
    }
  }

  /** Panels coming on the screen or leaving it (a live update renders only those on it); a stale one catches up. */
  private seen(entries: IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const slot = this.slots.find((s) => s.element === e.target);
      if (!slot) continue;
      slot.visible = e.isIntersecting;
      if (slot.visible && slot.panel && slot.stale) this.renderOne(slot);
    }
  }

  /** Render one panel with the current state and outcome. */
  private renderOne(slot: Slot): void {
    const { state, outcome } = this.owner.current();
    if (!slot.panel || !outcome || this.disposed) return;
    slot.stale = false;
    const panel = slot.panel;
    this.owner.rendering(() => panel.render(state, outcome));
    this.owner.changed();
  }

  /** After QUIET_MS without an update, the stale panels out of sight catch up, one per task (none is a long task). */
  private catchUpWhenQuiet(delay = QUIET_MS): void {
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => {
      this.quiet = null;
      const next = this.slots.find((s) => s.stale && s.panel);
      if (!next) return;
      this.renderOne(next);
      this.catchUpWhenQuiet(0); // the next one in a task of its own
    }, delay);
  }
}

/**
 * An experiments client of its own, loaded with the first run (so the first screen carries neither it nor
 * the experiments' settings); a load that failed is tried again on the next run.
 */
export function lazyExperimentClient(): () => Promise<ExperimentClient> {
  let client: Promise<ExperimentClient> | null = null;
  return () =>
    (client ??= import('../worker/experiment-client').then(
      (m) => new m.ExperimentClient(),
      (err: unknown) => {
        client = null;
        throw err;
      },
    ));
}

/** Run an experiment in the playground's experiments panel when it shows one, else on `standalone` (a worker of its own). */
export function runIn<E extends ExperimentName>(
  host: PanelHost | null,
  standalone: () => Promise<ExperimentClient>,
  name: E,
  settings?: Record<string, unknown>,
): Promise<ResultMap[E]> {
  return (host?.experiments() ?? Promise.resolve(null)).then((panel) =>
    panel ? panel.run(name, settings) : standalone().then((client) => client.run(name, settings ?? {})),
  );
}
