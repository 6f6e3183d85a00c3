// form.ts — the training form: a field for each entry of settings.ts's table
// (the task a menu, the others typed), each with its problem beside it
// (role=alert), the expected time of a run, the run's buttons (Train, Pause /
// Resume, Cancel), the trained model, Save and Load weights, and one message
// line (role=alert) for what a run or a weight file refused.

import { el, uid } from '../../widgets/dom';
import { TINY_THREADS } from '../../training/core';
import { expectedSeconds, FORM_FIELDS, readForm, TASKS, type FieldName, type FormReading, type FormTexts } from './settings';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** What the form's buttons do. */
export interface FormActions {
  /** A field was changed (committed: change, not each keystroke). */
  edited(texts: FormTexts): void;
  train(): void;
  pause(): void;
  cancel(): void;
  trained(): void;
  save(): void;
  load(file: File): void;
}

/** The run's state, as the buttons show it. */
export type RunState = 'idle' | 'running' | 'paused';

/** The form. */
export class TrainingForm {
  readonly element: HTMLElement;
  /** The message line of a refused run or weight file (role=alert). */
  readonly message: HTMLElement;
  private readonly inputs = {} as Record<FieldName, HTMLInputElement | HTMLSelectElement>;
  private readonly errors = {} as Record<FieldName, HTMLElement>;
  private readonly time: HTMLElement;
  readonly buttons: Record<'train' | 'pause' | 'cancel' | 'trained' | 'save' | 'load', HTMLButtonElement>;
  private readonly file: HTMLInputElement;

  constructor(
    private readonly t: T,
    actions: FormActions,
  ) {
    const button = (name: keyof TrainingForm['buttons'], onclick: () => void) =>
      el('button', { type: 'button', class: `train-${name}`, 'data-testid': `train-${name}`, onclick }, t(`train.${name}`));
    this.file = el('input', {
      type: 'file',
      accept: '.json,application/json',
      class: 'train-file',
      'data-testid': 'train-file',
      'aria-label': t('train.load'),
    });
    this.file.addEventListener('change', () => {
      const f = this.file.files?.[0];
      if (f) actions.load(f);
      this.file.value = '';
    });
    this.buttons = {
      train: button('train', () => actions.train()),
      pause: button('pause', () => actions.pause()),
      cancel: button('cancel', () => actions.cancel()),
      trained: button('trained', () => actions.trained()),
      save: button('save', () => actions.save()),
      load: button('load', () => this.file.click()),
    };
    this.time = el('p', { class: 'hint train-time', 'data-testid': 'train-time' });
    this.message = el('p', { class: 'train-message', role: 'alert', 'data-testid': 'train-message' });
    const fields = FORM_FIELDS.map((f) => this.field(f.name, () => actions.edited(this.texts())));
    const b = this.buttons;
    this.element = el(
      'form',
      { class: 'train-form', 'aria-label': t('train.form'), novalidate: true, onsubmit: (e: Event) => e.preventDefault() },
      el('fieldset', { class: 'train-fields' }, el('legend', {}, t('train.model')), fields),
      this.time,
      el('div', { class: 'train-buttons', role: 'group', 'aria-label': t('train.run') }, b.train, b.pause, b.cancel),
      el('div', { class: 'train-buttons', role: 'group', 'aria-label': t('train.weights') }, b.trained, b.save, b.load, this.file),
      this.message,
    );
    this.showRun('idle', false);
  }

  private field(name: FieldName, edited: () => void): HTMLElement {
    const id = uid(`train-${name}`);
    const attrs = { id, 'data-testid': `train-${name}`, 'aria-describedby': `${id}-error`, onchange: () => (this.read(), edited()) };
    this.inputs[name] =
      name === 'task'
        ? el(
            'select',
            attrs,
            TASKS.map((x) => el('option', { value: x }, this.t(`train.task.${x}`))),
          )
        : el('input', { ...attrs, type: 'text', inputmode: name === 'lr' ? 'decimal' : 'numeric', autocomplete: 'off', spellcheck: 'false' });
    this.errors[name] = el('span', { id: `${id}-error`, class: 'train-error', role: 'alert', 'data-testid': `train-error-${name}`, hidden: true });
    return el('div', { class: 'train-field' }, el('label', { for: id }, this.t(`train.field.${name}`)), this.inputs[name], this.errors[name]);
  }

  /** The texts as typed. */
  texts(): FormTexts {
    return Object.fromEntries(FORM_FIELDS.map((f) => [f.name, this.inputs[f.name].value])) as FormTexts;
  }

  /** Put `texts` into the fields (those that differ), then check them. */
  set(texts: FormTexts): void {
    for (const f of FORM_FIELDS) if (this.inputs[f.name].value !== texts[f.name]) this.inputs[f.name].value = texts[f.name];
    this.read();
  }

  /** The fields read: each problem shown at its field, the expected time of a run said. */
  read(): FormReading {
    const r = readForm(this.texts());
    for (const f of FORM_FIELDS) {
      const p = r.ok ? undefined : r.problems.find((x) => x.field === f.name);
      this.inputs[f.name].setAttribute('aria-invalid', p ? 'true' : 'false');
      this.errors[f.name].hidden = !p;
      this.errors[f.name].textContent = p ? this.t(p.key, p.vars) : '';
    }
    const s = r.ok ? expectedSeconds(r.config, r.settings.steps, TINY_THREADS ? 2 : 1) : 0;
    this.time.textContent = r.ok ? this.t(s < 90 ? 'train.time.s' : 'train.time.min', { s, min: Math.round(s / 6) / 10, steps: r.settings.steps }) : '';
    this.buttons.train.disabled = !r.ok || this.running;
    return r;
  }

  private running = false;

  /** Show the run's state: which buttons apply, Pause or Resume; `hasModel`: a model to save. */
  showRun(state: RunState, hasModel: boolean): void {
    this.running = state !== 'idle';
    const b = this.buttons;
    b.pause.disabled = state === 'idle';
    b.cancel.disabled = state === 'idle';
    b.pause.textContent = this.t(state === 'paused' ? 'train.resume' : 'train.pause');
    b.pause.setAttribute('aria-pressed', state === 'paused' ? 'true' : 'false');
    b.trained.disabled = this.running;
    b.load.disabled = this.running;
    b.save.disabled = !hasModel || this.running;
    for (const f of FORM_FIELDS) this.inputs[f.name].disabled = this.running;
    this.read();
  }

  /** Say what was refused ('' clears). */
  say(text: string): void {
    this.message.textContent = text;
    this.message.hidden = text === '';
  }
}
