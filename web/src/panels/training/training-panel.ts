// training-panel.ts — the training panel: train a tiny transformer (1–2
// layers of attention only) on a toy task in this tab and watch it learn:
// the form (form.ts), the live loss and accuracy (curve-view.ts), the
// timeline over the run's snapshots (timeline.ts) and the model at the chosen
// one (model-view.ts): each head's weights on the held-out sequence, its
// previous-token and induction scores, and "Open this head in the
// playground" (open-head.ts). "See a trained model" loads the checkpoint
// trained by the same code (tests/fixtures/tiny-induction.json, imported only
// then); Save and Load weights write and read checkpoint files. The form is in
// the share link (settings.ts): the same link trains the same model.

import type { Outcome } from '../../model/compute';
import type { State } from '../../model/state';
import { readCheckpoint, writeCheckpoint } from '../../training/checkpoint';
import { startTraining, TrainingCancelled } from '../../training/client';
import type { ScorePoint, TrainingRun, TrainProgress } from '../../training/types';
import { download, el } from '../../widgets/dom';
import type { BuiltPanel, Panel, PanelContext } from '../context';
import { chartWords } from '../words';
import { CurveView } from './curve-view';
import { TrainingForm, type RunState } from './form';
import { ModelView } from './model-view';
import { openHead, tokenName } from './open-head';
import { Probe, type Shown } from './probe';
import { linkWith, textsFromLink, textsOf, type FormTexts } from './settings';
import { Timeline } from './timeline';
import trainingCss from './training.styles.css?inline';
import { TRAINING_WORDS } from './training.words';

/** The trained checkpoint's text (a module of its own: loaded only when asked for). */
const trainedText = (): Promise<string> => import('../../../../tests/fixtures/tiny-induction.json?raw').then((m) => m.default);

/** The scores over training of a model shown: its snapshots' own, or a checkpoint's history when it has more. */
function historyOf(shown: Shown): ScorePoint[] {
  return shown.history.length > shown.snapshots.length ? shown.history : shown.snapshots.map((s) => ({ step: s.step, scores: s.scores }));
}

/** The training panel. */
export class TrainingPanel implements Panel {
  readonly element: HTMLElement;
  readonly form: TrainingForm;
  private readonly curve: CurveView;
  private readonly timeline: Timeline;
  private readonly model: ModelView;
  private readonly sequence: HTMLElement;
  private readonly probe = new Probe();
  private shown: Shown | null = null;
  private run: TrainingRun | null = null;
  private runState: RunState = 'idle';

  constructor(private readonly ctx: PanelContext) {
    const t = ctx.t.bind(ctx);
    const words = chartWords(t);
    this.form = new TrainingForm(t, {
      edited: (texts) => this.edited(texts),
      train: () => void this.train(),
      pause: () => this.pauseOrResume(),
      cancel: () => this.cancel(),
      trained: () => void this.showTrained(),
      save: () => this.save(),
      load: (file) => void this.load(file),
    });
    this.curve = new CurveView(t, words);
    this.timeline = new Timeline(t, () => this.showSnapshot());
    this.model = new ModelView(t, words, (l, h) => void this.openHead(l, h));
    this.sequence = el('p', { class: 'hint train-sequence', 'data-testid': 'train-sequence' });
    this.element = el(
      'section',
      { class: 'panel panel-training', 'aria-label': t('train.title'), 'data-testid': 'training-panel' },
      el('h2', { class: 'panel-title' }, t('train.title')),
      el('p', { class: 'hint' }, t('train.intro')),
      el('div', { class: 'train-top' }, this.form.element, this.curve.element),
      el('h3', { class: 'train-subtitle' }, t('train.modelView')),
      this.timeline.element,
      this.sequence,
      this.model.element,
    );
    this.form.set(textsFromLink(ctx.state().experiments));
  }

  render(state: State, _outcome: Outcome): void {
    // a link (or the history) changed the form: show it, unless a run is going
    if (this.runState === 'idle') this.form.set(textsFromLink(state.experiments));
  }

  /** A field was changed: the link keeps the form. */
  private edited(texts: FormTexts): void {
    const next = linkWith(this.ctx.state().experiments, texts);
    if (JSON.stringify(next) !== JSON.stringify(this.ctx.state().experiments)) this.ctx.update((s) => void (s.experiments = next), 'push');
  }

  private setRun(state: RunState): void {
    this.runState = state;
    this.form.showRun(state, !!this.shown?.snapshots.length);
    this.element.dataset['run'] = state;
  }

  /** Train the form's model from its seeded weights, in the worker. */
  private async train(): Promise<void> {
    const r = this.form.read();
    if (!r.ok || this.run) return;
    this.form.say('');
    const shown: Shown = { config: r.config, settings: r.settings, curve: [], snapshots: [], tokens: [], history: [] };
    this.show(shown);
    const started = Date.now();
    const run = startTraining(r.config, r.settings, (p) => this.progress(run, shown, p, started));
    this.run = run;
    this.setRun('running');
    this.curve.status.textContent = this.ctx.t('train.status.start', { total: r.settings.steps });
    this.probe
      .heldOut(r.config, r.settings)
      .then((tokens) => {
        shown.tokens = tokens;
        if (this.shown === shown) this.showSnapshot();
      })
      .catch((e: unknown) => this.refused(e));
    try {
      await run.done;
      this.curve.status.textContent = this.ctx.t('train.status.done', { step: r.settings.steps, s: ((Date.now() - started) / 1000).toFixed(0) });
    } catch (e) {
      if (e instanceof TrainingCancelled) this.curve.status.textContent = this.ctx.t('train.status.cancelled', { step: shown.snapshots.at(-1)?.step ?? 0 });
      else this.refused(e);
    } finally {
      if (this.run === run) this.run = null;
      this.setRun('idle');
      this.curve.draw();
    }
  }

  /** A chunk of steps arrived. */
  private progress(run: TrainingRun, shown: Shown, p: TrainProgress, started: number): void {
    // the panel was rebuilt (another language) or removed: nobody sees this run
    if (!this.element.isConnected && Date.now() - started > 1000) return run.cancel();
    shown.curve.push(...p.curve);
    if (p.snapshot) shown.snapshots.push(p.snapshot);
    if (p.threads) this.element.dataset['threads'] = String(p.threads);
    if (this.run === run && !run.paused)
      this.curve.status.textContent = this.ctx.t(p.threads === 2 ? 'train.status.running-threads' : 'train.status.running', {
        step: p.step,
        total: p.total,
        rate: p.stepsPerSecond.toFixed(1),
      });
    this.curve.show(shown.curve, true, p.total);
    if (p.snapshot && this.shown === shown) this.showSnapshot(false);
  }

  private pauseOrResume(): void {
    const run = this.run;
    if (!run) return;
    if (run.paused) run.resume();
    else run.pause();
    this.setRun(run.paused ? 'paused' : 'running');
    const step = (this.shown?.curve.at(-1)?.step ?? -1) + 1;
    if (run.paused) this.curve.status.textContent = this.ctx.t('train.status.paused', { step });
  }

  private cancel(): void {
    this.run?.cancel();
  }

  /** Show a model: its curve, its snapshots (the last one chosen). */
  private show(shown: Shown): void {
    this.shown = shown;
    this.curve.show(shown.curve, false, shown.settings.steps);
    this.showSnapshot(true);
  }

  /** Every view at the timeline's snapshot; `last`: choose the last one. */
  private showSnapshot(last?: boolean): void {
    const shown = this.shown;
    if (!shown) return;
    const index =
      last === undefined
        ? this.timeline.index()
        : this.timeline.set(
            shown.snapshots.map((s) => s.step),
            last,
          );
    const tokens = shown.tokens.length ? shown.tokens : new Array<number>(shown.config.context).fill(0);
    this.sequence.textContent = shown.tokens.length ? this.ctx.t('train.sequence', { tokens: shown.tokens.map(tokenName).join(' ') }) : '';
    this.model.show(shown.config.layers, shown.config.heads, shown.snapshots, index, tokens, historyOf(shown));
    this.form.showRun(this.runState, shown.snapshots.length > 0);
  }

  /** The playground becomes head `head` of layer `layer` at the chosen snapshot; the page goes back to its top. */
  private async openHead(layer: number, head: number): Promise<void> {
    const shown = this.shown;
    const snapshot = shown?.snapshots[this.timeline.index()];
    if (!shown || !snapshot) return;
    try {
      const session = await this.probe.sessionFor(shown.config, shown.settings);
      const tokens = shown.tokens.length ? shown.tokens : session.heldOut();
      const inputs = session.headInputs(layer, head, tokens, snapshot.params);
      this.ctx.update((s) => openHead(s, inputs, tokens), 'push');
      this.ctx.host.scrollIntoView({ block: 'start' });
    } catch (e) {
      this.refused(e);
    }
  }

  /** The trained checkpoint: its curve and its final weights. */
  private async showTrained(): Promise<void> {
    try {
      this.form.say(this.ctx.t('train.loading'));
      const core = await this.probe.loaded();
      this.showCheckpoint(readCheckpoint(await trainedText(), (c) => core.paramViews(c)));
    } catch (e) {
      this.refused(e);
    }
  }

  /** A checkpoint read: the form says its model; the views show its curve and its weights. */
  private showCheckpoint(c: Parameters<Probe['shownOf']>[0]): void {
    void this.probe
      .shownOf(c)
      .then((shown) => {
        if (this.run) return;
        this.form.say('');
        const texts = textsOf(c.config, { ...c.settings, steps: Math.max(1, c.step) });
        this.form.set(texts);
        this.edited(texts);
        this.show(shown);
        this.curve.status.textContent = this.ctx.t('train.status.loaded', { step: c.step });
      })
      .catch((e: unknown) => this.refused(e));
  }

  /** Save the chosen snapshot's weights (and the curve up to it) as a checkpoint file. */
  private save(): void {
    const shown = this.shown;
    const snapshot = shown?.snapshots[this.timeline.index()];
    if (!shown || !snapshot) return;
    void this.probe
      .loaded()
      .then((core) => {
        const views = core.paramViews(shown.config);
        const curve = shown.curve.filter((p) => p.step < Math.max(1, snapshot.step));
        const history = historyOf(shown).filter((h) => h.step <= snapshot.step);
        const text = writeCheckpoint(shown.config, shown.settings, snapshot.step, snapshot.params, views, curve, history);
        download(`tiny-${shown.settings.task}-step${snapshot.step}.json`, text, 'application/json');
      })
      .catch((e: unknown) => this.refused(e));
  }

  /** Load a checkpoint file. */
  private async load(file: File): Promise<void> {
    try {
      const [core, text] = await Promise.all([this.probe.loaded(), file.text()]);
      this.showCheckpoint(readCheckpoint(text, (c) => core.paramViews(c)));
    } catch (e) {
      this.refused(e);
    }
  }

  /** Say what was refused, in the panel (role=alert). */
  private refused(e: unknown): void {
    this.form.say(this.ctx.t('train.refused', { message: e instanceof Error ? e.message : String(e) }));
  }
}

/** The training panel with its styles and words (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new TrainingPanel(ctx), styles: [trainingCss], words: [TRAINING_WORDS] };
}
