// experiments-panel.ts — the seed 003 experiments in the browser: √d_k
// scaling, permutation, quadratic cost and the h = 1 check. Each card has its
// settings (kept in the URL state), Run / Cancel, a progress bar, the result
// (the last complete one stays, dimmed, while a new run goes) and downloads.
// The runs happen in a Web Worker (experiments/client.ts), so the page never
// freezes; Cancel terminates the worker at once.

import { fromTyped } from '../core/core';
import { readMatrix, type Outcome } from '../model/compute';
import { download, el, uid } from '../widgets/dom';
import { ExperimentCancelled, ExperimentClient } from '../experiments/client';
import { h1Csv, notesReport, permCsv, permReport, quadCsv, scaleCsv, scaleReport } from '../experiments/reports';
import {
  DEFAULT_H1,
  DEFAULT_PERMUTATION,
  DEFAULT_QUADRATIC,
  DEFAULT_SCALING,
  SettingsError,
  VALIDATORS,
  type ExperimentName,
  type ResultMap,
} from '../experiments/run';
import { PermPicker } from '../widgets/perm-picker';
import type { State } from '../model/state';
import type { Panel, PanelContext } from './context';
import { H1View, PermutationView, QuadraticView, ScalingView, type ExperimentView } from './experiment-views';

/** The experiments in page order. */
export const EXPERIMENTS: readonly ExperimentName[] = ['scaling', 'permutation', 'quadratic', 'h1'];

/** A settings field of an experiment form. */
interface Field {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'checkbox';
  value: string;
  options?: [string, string][];
  wide?: boolean;
}

/** The form of each experiment, with the defaults as text. */
function fieldsOf(e: ExperimentName, t: PanelContext['t']): Field[] {
  switch (e) {
    case 'scaling':
      return [
        { key: 'ds', label: t('exp.field.ds'), kind: 'text', value: DEFAULT_SCALING.ds.join(', '), wide: true },
        { key: 'n', label: t('exp.field.nKeys'), kind: 'number', value: String(DEFAULT_SCALING.n) },
        { key: 'trials', label: t('exp.field.trials'), kind: 'number', value: String(DEFAULT_SCALING.trials) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_SCALING.seed) },
      ];
    case 'permutation':
      return [
        {
          key: 'source',
          label: t('exp.field.source'),
          kind: 'select',
          value: 'random',
          options: [
            ['random', t('exp.field.sourceRandom')],
            ['current', t('exp.field.sourceCurrent')],
          ],
        },
        { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_PERMUTATION.n) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_PERMUTATION.d) },
        { key: 'perm', label: t('exp.field.perm'), kind: 'text', value: '', wide: true },
        {
          key: 'pe',
          label: t('exp.field.pe'),
          kind: 'select',
          value: DEFAULT_PERMUTATION.pe,
          options: [
            ['sinusoidal', t('exp.field.peSin')],
            ['none', t('exp.field.peNone')],
          ],
        },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_PERMUTATION.seed) },
      ];
    case 'quadratic':
      return [
        { key: 'nMax', label: t('exp.field.nMax'), kind: 'number', value: String(DEFAULT_QUADRATIC.nMax) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_QUADRATIC.d) },
        { key: 'repeats', label: t('exp.field.repeats'), kind: 'number', value: String(DEFAULT_QUADRATIC.repeats) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_QUADRATIC.seed) },
      ];
    case 'h1':
      return [
        { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_H1.n) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_H1.d) },
        { key: 'h', label: t('exp.field.h'), kind: 'number', value: String(DEFAULT_H1.h) },
        { key: 'causal', label: t('opt.mask.causal'), kind: 'checkbox', value: String(DEFAULT_H1.causal) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_H1.seed) },
      ];
  }
}

/** One experiment: form, run/cancel, progress, result, downloads. */
class ExperimentCard<E extends ExperimentName> {
  readonly element: HTMLElement;
  readonly view: ExperimentView<E>;
  result: ResultMap[E] | null = null;
  private readonly inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private readonly fieldErrors = new Map<string, HTMLElement>();
  private readonly runButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly progress: HTMLProgressElement;
  private readonly status: HTMLElement;
  private readonly downloads: HTMLElement;
  /** Drag-to-reorder rows (permutation experiment only). */
  private readonly picker: PermPicker | null = null;

  constructor(
    readonly name: E,
    private readonly panel: ExperimentsPanel,
    view: ExperimentView<E>,
  ) {
    const ctx = panel.ctx;
    const t = ctx.t.bind(ctx);
    this.view = view;
    const form = el('div', { class: 'exp-form' });
    for (const f of fieldsOf(name, t)) form.appendChild(this.field(f));
    if (name === 'permutation') {
      this.picker = new PermPicker(
        t('exp.field.drag'),
        (i, v) => t('exp.perm.chip', { i, v }),
        (perm) => this.setField('perm', perm.join(', ')),
      );
      form.appendChild(this.picker.element);
    }
    this.runButton = el(
      'button',
      { type: 'button', class: 'btn btn-primary', 'data-testid': `exp-run-${name}`, onclick: () => void panel.run(name).catch(() => undefined) },
      t('exp.run'),
    );
    this.cancelButton = el(
      'button',
      { type: 'button', class: 'btn', disabled: true, 'data-testid': `exp-cancel-${name}`, onclick: () => panel.cancel() },
      t('exp.cancel'),
    );
    this.progress = el('progress', {
      class: 'exp-progress',
      max: 1,
      value: 0,
      'aria-label': t('exp.progress'),
      hidden: true,
      'data-testid': `exp-progress-${name}`,
    });
    this.status = el('span', { class: 'exp-status', role: 'status', 'aria-live': 'polite', 'data-testid': `exp-status-${name}` });
    this.downloads = el('div', { class: 'toolbar exp-downloads', hidden: true });
    this.element = el(
      'section',
      { class: 'card exp-card', 'data-testid': `exp-${name}`, 'aria-labelledby': `${name}-title` },
      el('h3', { class: 'exp-title', id: `${name}-title` }, t(`exp.${name}.title`)),
      el('p', { class: 'hint' }, t(`exp.${name}.what`)),
      form,
      el('div', { class: 'toolbar' }, this.runButton, this.cancelButton, this.progress, this.status),
      this.view.element,
      this.downloads,
    );
    this.view.element.hidden = true;
    this.buildDownloads();
    this.refreshPicker();
  }

  private field(f: Field): HTMLElement {
    const ctx = this.panel.ctx;
    const id = uid(`exp-${this.name}-${f.key}`);
    const saved = ctx.state().experiments[`${this.name}.${f.key}`];
    const value = saved ?? f.value;
    let input: HTMLInputElement | HTMLSelectElement;
    if (f.kind === 'select') {
      input = el(
        'select',
        { id },
        (f.options ?? []).map(([v, label]) => el('option', { value: v, selected: v === value }, label)),
      );
    } else if (f.kind === 'checkbox') {
      input = el('input', { id, type: 'checkbox', checked: value === 'true' });
    } else {
      input = el('input', {
        id,
        type: 'text',
        inputmode: f.kind === 'number' ? 'numeric' : 'text',
        value,
        spellcheck: 'false',
        class: f.kind === 'number' ? 'int-input' : 'exp-text',
      });
    }
    input.dataset.testid = `exp-${this.name}-${f.key}`;
    const error = el('span', { class: 'field-error', role: 'alert', 'data-testid': `exp-${this.name}-${f.key}-error` });
    input.addEventListener('change', () => {
      const v = input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value;
      ctx.update((s) => void (s.experiments[`${this.name}.${f.key}`] = v), 'push');
      this.validate();
      this.refreshPicker();
    });
    this.inputs.set(f.key, input);
    this.fieldErrors.set(f.key, error);
    const label = el('label', { for: id, class: 'field-label' }, f.label);
    return f.kind === 'checkbox'
      ? el('div', { class: 'field exp-field' }, el('span', { class: 'checkbox' }, input, label), error)
      : el('div', { class: `field exp-field${f.wide ? ' exp-field-wide' : ''}` }, label, input, error);
  }

  /** Set a field's text as if typed (and keep it in the URL state). */
  private setField(key: string, value: string): void {
    const input = this.inputs.get(key);
    if (!input) return;
    input.value = value;
    this.panel.ctx.update((s) => void (s.experiments[`${this.name}.${key}`] = value), 'push');
    this.validate();
  }

  /** Show the typed permutation in the picker, else `fallback` (the last one used), else the identity. */
  refreshPicker(fallback?: number[]): void {
    if (!this.picker) return;
    const raw = this.raw();
    const X = raw.X as number[][] | null;
    const n = X ? X.length : Number(raw.n);
    if (!Number.isInteger(n) || n < 1 || n > 64) return;
    const typed =
      typeof raw.perm === 'string'
        ? raw.perm
            .split(/[\s,]+/)
            .filter((x) => x !== '')
            .map(Number)
        : null;
    const ok = (p: number[] | null | undefined): p is number[] => !!p && p.length === n && [...p].sort((a, b) => a - b).every((v, i) => v === i);
    this.picker.show(ok(typed) ? typed : ok(fallback) ? fallback : Array.from({ length: n }, (_, i) => i));
  }

  /** The raw settings the form holds (text), as the validators read them. */
  raw(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, input] of this.inputs) out[key] = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
    if (this.name === 'permutation') {
      const source = out.source;
      delete out.source;
      out.X = source === 'current' ? this.panel.currentX() : null;
      if (out.X) {
        delete out.n;
        delete out.d;
      }
      if (out.perm === '') out.perm = null;
    }
    return out;
  }

  /** Show the validator's message next to each bad field; true when all are good. */
  validate(raw: Record<string, unknown> = this.raw()): boolean {
    const v = (VALIDATORS[this.name] as (input: unknown) => { ok: boolean; errors?: Record<string, string> })(raw);
    this.showErrors(v.ok ? {} : (v.errors ?? {}));
    return v.ok;
  }

  showErrors(errors: Record<string, string>): void {
    for (const [key, span] of this.fieldErrors) {
      const msg = errors[key] ?? (key === 'source' ? errors.X : undefined) ?? '';
      span.textContent = msg;
      this.inputs.get(key)?.setAttribute('aria-invalid', msg ? 'true' : 'false');
    }
    const unplaced = Object.entries(errors).filter(([k]) => !this.fieldErrors.has(k) && k !== 'X');
    if (unplaced.length) this.status.textContent = unplaced.map(([, m]) => m).join('; ');
  }

  running(on: boolean): void {
    this.runButton.disabled = on;
    this.cancelButton.disabled = !on;
    this.progress.hidden = !on;
    this.element.classList.toggle('is-running', on);
    if (this.result) this.view.setDimmed(on);
  }

  onProgress(step: number, total: number, label: string, key?: string, vars?: Record<string, number>): void {
    const ctx = this.panel.ctx;
    this.progress.max = Math.max(1, total);
    this.progress.value = step;
    this.status.textContent = ctx.t('exp.status', { label: key ? ctx.t(key, vars) : label, step, total });
  }

  done(result: ResultMap[E], ms: number): void {
    this.result = result;
    this.view.element.hidden = false;
    this.view.show(result);
    this.view.setDimmed(false);
    this.downloads.hidden = false;
    this.status.textContent = this.panel.ctx.t('exp.done', { ms: Math.round(ms) });
    if (result.experiment === 'permutation') this.refreshPicker(result.perm);
  }

  message(text: string): void {
    this.status.textContent = text;
  }

  private buildDownloads(): void {
    const t = this.panel.ctx.t.bind(this.panel.ctx);
    const lang = this.panel.ctx.lang;
    const button = (label: string, testid: string, action: () => void | Promise<void>) =>
      el('button', { type: 'button', class: 'btn btn-small', 'data-testid': `exp-${this.name}-${testid}`, onclick: () => void action() }, label);
    const r = () => this.result as ResultMap[ExperimentName];
    const files: Record<ExperimentName, [string, () => string][]> = {
      scaling: [
        ['02-scale.txt', () => scaleReport(r() as ResultMap['scaling'], lang)],
        ['scaling.csv', () => scaleCsv(r() as ResultMap['scaling'])],
      ],
      permutation: [
        ['05-perm.txt', () => permReport(r() as ResultMap['permutation'], lang)],
        ['permutation.csv', () => permCsv(r() as ResultMap['permutation'])],
      ],
      quadratic: [['quadratic.csv', () => quadCsv(r() as ResultMap['quadratic'])]],
      h1: [['h1.csv', () => h1Csv(r() as ResultMap['h1'])]],
    };
    for (const [file, text] of files[this.name])
      this.downloads.appendChild(
        button(`${t('exp.download')} ${file}`, file.replace(/\W/g, '-'), () => download(file, text(), file.endsWith('.csv') ? 'text/csv' : 'text/plain')),
      );
    if (this.name !== 'h1') {
      this.downloads.appendChild(
        button('PNG', 'png', async () => {
          const c = this.view.chart();
          if (c) download(`${this.name}.png`, await c.toPNG());
        }),
      );
      this.downloads.appendChild(
        button('SVG', 'svg', () => {
          const c = this.view.chart();
          if (c) download(`${this.name}.svg`, c.toSVG(), 'image/svg+xml');
        }),
      );
    }
  }
}

/** The experiments panel. */
export class ExperimentsPanel implements Panel {
  readonly element: HTMLElement;
  readonly ctx: PanelContext;
  private readonly client = new ExperimentClient();
  private readonly cards: { [E in ExperimentName]: ExperimentCard<E> };
  private active: ExperimentName | null = null;
  private autoRan = false;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.cards = {
      scaling: new ExperimentCard('scaling', this, new ScalingView(t, ctx.lang)),
      permutation: new ExperimentCard('permutation', this, new PermutationView(t, ctx.lang)),
      quadratic: new ExperimentCard('quadratic', this, new QuadraticView(t, ctx.lang)),
      h1: new ExperimentCard('h1', this, new H1View(t, ctx.lang)),
    };
    const notes = el(
      'button',
      { type: 'button', class: 'btn', 'data-testid': 'exp-notes', onclick: () => this.downloadNotes() },
      `${t('exp.download')} 08-notes.md`,
    );
    this.element = el(
      'section',
      { class: 'panel panel-experiments', 'aria-label': t('exp.title'), 'data-testid': 'experiments' },
      el('h2', { class: 'panel-title' }, t('exp.title')),
      el('p', { class: 'hint' }, t('exp.intro')),
      el(
        'div',
        { class: 'exp-cards' },
        EXPERIMENTS.map((e) => this.cards[e].element),
      ),
      el('div', { class: 'toolbar' }, notes),
    );
    // the worker compiles its WASM in the background, so the first Run starts at once
    setTimeout(() => this.client.warm(), 0);
  }

  render(state: State, _outcome: Outcome): void {
    // a shared link names the experiment it ran: run it once when opened
    if (!this.autoRan && state.run && (EXPERIMENTS as readonly string[]).includes(state.run)) {
      this.autoRan = true;
      queueMicrotask(() => void this.run(state.run as ExperimentName).catch(() => undefined));
    }
    this.autoRan = true;
  }

  /** The playground's current X (or Q), for the permutation experiment. */
  currentX(): number[][] | null {
    const s = this.ctx.state();
    const name = s.matrices.X && (s.op === 'block' || s.op === 'single_head') ? 'X' : 'Q';
    const { m } = readMatrix(this.ctx.core, s, name);
    return m ? fromTyped(m) : null;
  }

  /** Run `name` with the card's settings (or `settings`); resolves with the result. */
  async run<E extends ExperimentName>(name: E, settings?: Record<string, unknown>): Promise<ResultMap[E]> {
    const card = this.cards[name] as ExperimentCard<E>;
    const raw = settings ?? card.raw();
    if (!card.validate(raw)) throw new SettingsError(name, {});
    if (this.active && this.active !== name) this.cards[this.active].running(false);
    this.active = name;
    card.running(true);
    this.ctx.update((s) => void (s.run = name), 'replace');
    const t0 = performance.now();
    try {
      const result = await this.client.run(name, raw, (step, total, label, key, vars) => card.onProgress(step, total, label, key, vars));
      card.done(result, performance.now() - t0);
      return result;
    } catch (err) {
      if (err instanceof ExperimentCancelled) card.message(this.ctx.t('exp.cancelled'));
      else if (err instanceof SettingsError) card.showErrors(err.errors);
      else card.message(String((err as Error).message ?? err));
      throw err;
    } finally {
      if (this.active === name) this.active = null;
      card.running(false);
    }
  }

  /** Stop the running experiment now, and get a fresh worker ready for the next run. */
  cancel(): void {
    this.client.cancel();
    setTimeout(() => this.client.warm(), 0);
  }

  private downloadNotes(): void {
    download('08-notes.md', notesReport(this.cards.scaling.result, this.cards.permutation.result, this.cards.quadratic.result, this.ctx.lang), 'text/markdown');
  }
}
