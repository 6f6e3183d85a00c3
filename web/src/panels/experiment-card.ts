// experiment-card.ts — one experiment's card, made from its spec and its page
// (experiments/<name>/index.ts and page.ts): its settings form (the spec's
// fields, kept in the URL state, checked as you type, with the form's hooks
// when it has them), Run / Cancel, a progress bar and status, the result view
// (the last complete result stays, dimmed, while a new run goes) and the
// page's downloads. The panel (experiments-panel.ts) owns the runs.

import type { ExperimentPage, Field } from '../experiments/spec';
import type { ExperimentView } from '../experiments/view-kit';
import { download, el, uid } from '../widgets/dom';
import { PermPicker } from '../widgets/perm-picker';
import type { PanelContext } from './context';

/** The control of one settings field. */
type FieldInput = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a card needs of the panel that holds it. */
export interface CardHost {
  readonly ctx: PanelContext;
  /** Run the experiment with the card's settings. */
  run(name: string): Promise<unknown>;
  /** Stop the running experiment. */
  cancel(): void;
  /** The playground's current X (or Q), for a form that takes it. */
  currentX(): number[][] | null;
}

/** One experiment: form, run/cancel, progress, result, downloads. */
export class ExperimentCard {
  readonly element: HTMLElement;
  readonly name: string;
  /** The last complete result, or null. */
  result: unknown = null;
  private readonly inputs = new Map<string, FieldInput>();
  private readonly fieldErrors = new Map<string, HTMLElement>();
  /** Each field's default value (text), shown when the state has none. */
  private readonly defaults = new Map<string, string>();
  /** The state's value of each field when the card last showed it (sync() changes a field only when this changes). */
  private readonly synced = new Map<string, string>();
  private readonly runButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly progress: HTMLProgressElement;
  private readonly status: HTMLElement;
  private readonly downloads: HTMLElement;
  /** Drag-to-reorder rows, when the form has them. */
  private readonly picker: PermPicker | null = null;

  constructor(
    private readonly page: ExperimentPage,
    private readonly panel: CardHost,
    readonly view: ExperimentView<unknown>,
  ) {
    const { spec } = page;
    const name = (this.name = spec.name);
    const ctx = panel.ctx;
    const t = ctx.t.bind(ctx);
    const form = el('div', { class: 'exp-form' });
    for (const f of spec.settings.fields) {
      this.defaults.set(f.key, f.value);
      form.appendChild(this.field(f));
    }
    const picker = spec.form?.picker;
    if (picker) {
      this.picker = new PermPicker(
        t(picker.label),
        (i, v) => t(picker.chip, { i, v }),
        (perm) => this.setField(picker.field, perm.join(', ')),
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
    let input: FieldInput;
    if (f.kind === 'select') {
      input = el(
        'select',
        { id },
        (f.options ?? []).map(([v, label]) => el('option', { value: v, selected: v === value }, ctx.t(label))),
      );
    } else if (f.kind === 'checkbox') {
      input = el('input', { id, type: 'checkbox', checked: value === 'true' });
    } else if (f.kind === 'text') {
      // a list (values of d_k, a permutation): a text area that wraps, so no part of it is ever cut off
      input = el('textarea', { id, rows: 1, spellcheck: 'false', autocomplete: 'off', class: 'exp-text' });
      input.value = value;
    } else {
      input = el('input', { id, type: 'text', inputmode: 'numeric', value, spellcheck: 'false', class: 'int-input' });
    }
    input.dataset.testid = `exp-${this.name}-${f.key}`;
    const error = el('span', { class: 'field-error', role: 'alert', 'data-testid': `exp-${this.name}-${f.key}-error` });
    this.synced.set(f.key, value);
    input.addEventListener('change', () => {
      const v = input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value;
      const key = `${this.name}.${f.key}`;
      if (v !== (ctx.state().experiments[key] ?? f.value)) ctx.update((s) => void (s.experiments[key] = v), 'push');
      this.validate();
      this.refreshPicker();
    });
    this.inputs.set(f.key, input);
    this.fieldErrors.set(f.key, error);
    const label = el('label', { for: id, class: 'field-label' }, ctx.t(f.label));
    return f.kind === 'checkbox'
      ? el('div', { class: 'field exp-field' }, el('span', { class: 'checkbox' }, input, label), error)
      : el('div', { class: `field exp-field${f.wide ? ' exp-field-wide' : ''}` }, label, input, error);
  }

  /**
   * Show the settings of the state (`experiments` of State) where they changed (Back/Forward): a field whose
   * value in the state is what the card showed last keeps its text, so a value being typed is not lost when
   * something else re-renders the page.
   */
  sync(saved: Readonly<Record<string, string>>): void {
    let changed = false;
    for (const [key, input] of this.inputs) {
      const value = saved[`${this.name}.${key}`] ?? this.defaults.get(key) ?? '';
      if (this.synced.get(key) === value) continue;
      this.synced.set(key, value);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') {
        if (input.checked === (value === 'true')) continue;
        input.checked = value === 'true';
      } else if (input.value !== value) input.value = value;
      else continue;
      changed = true;
    }
    if (changed) {
      this.validate();
      this.refreshPicker();
    }
  }

  /** Set a field's text as if typed (and keep it in the URL state). */
  private setField(key: string, value: string): void {
    const input = this.inputs.get(key);
    if (!input) return;
    input.value = value;
    this.panel.ctx.update((s) => void (s.experiments[`${this.name}.${key}`] = value), 'push');
    this.validate();
  }

  /** Show the picker the order the form's settings ask for (or that of `shown`, the result just shown). */
  private refreshPicker(shown?: unknown): void {
    const order = this.picker && this.page.spec.form?.picker?.order(this.raw(), shown);
    if (order) this.picker?.show(order);
  }

  /** The raw settings the form holds (text), as the validators read them. */
  raw(): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [key, input] of this.inputs) values[key] = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
    return this.page.spec.form?.read?.(values, this.panel) ?? values;
  }

  /** Show the validator's message next to each bad field; true when all are good. */
  validate(raw: Record<string, unknown> = this.raw()): boolean {
    const v = this.page.spec.settings.validate(raw, this.panel.ctx.core.limits());
    this.showErrors(v.ok ? {} : v.errors);
    return v.ok;
  }

  showErrors(errors: Record<string, string>): void {
    const shows = new Map(this.page.spec.settings.fields.flatMap((f) => (f.shows ? [[f.key, f.shows] as const] : [])));
    for (const [key, span] of this.fieldErrors) {
      const also = shows.get(key);
      const msg = errors[key] ?? (also ? errors[also] : undefined) ?? '';
      span.textContent = msg;
      this.inputs.get(key)?.setAttribute('aria-invalid', msg ? 'true' : 'false');
    }
    const placed = new Set([...this.fieldErrors.keys(), ...shows.values()]);
    const unplaced = Object.entries(errors).filter(([k]) => !placed.has(k));
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

  done(result: unknown, ms: number): void {
    this.result = result;
    this.view.element.hidden = false;
    this.view.show(result);
    this.view.setDimmed(false);
    this.downloads.hidden = false;
    this.status.textContent = this.panel.ctx.t('exp.done', { ms: Math.round(ms) });
    this.refreshPicker(result);
  }

  message(text: string): void {
    this.status.textContent = text;
  }

  private buildDownloads(): void {
    const t = this.panel.ctx.t.bind(this.panel.ctx);
    const lang = this.panel.ctx.lang;
    const button = (label: string, testid: string, action: () => void | Promise<void>) =>
      el('button', { type: 'button', class: 'btn btn-small', 'data-testid': `exp-${this.name}-${testid}`, onclick: () => void action() }, label);
    for (const file of this.page.files)
      this.downloads.appendChild(
        button(`${t('exp.download')} ${file.name}`, file.name.replace(/\W/g, '-'), () =>
          download(file.name, file.text(this.result, lang), file.name.endsWith('.csv') ? 'text/csv' : 'text/plain'),
        ),
      );
    if (!this.page.chart) return;
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
