// step-form.ts — the form of the step being written: its title and text in
// both languages, the panels it shows, what it points at, the state shown
// now (the one "record" takes, followed live), its exercise (exercise-form.ts)
// and the buttons that record it, or save the recorded step it edits.

import { PANELS } from '../../panels/registry';
import { serialize } from '../../model/state';
import { el, replaceChildren, uid } from '../../widgets/dom';
import type { Problem } from '../lesson';
import { emptyExercise, POINT_KINDS, type ExerciseForm, type PointKind, type StepForm } from './compose';
import { ExerciseView } from './exercise-form';
import { button, checkField, problemList, selectField, textField, wordsField, type Translate } from './fields';
import type { AuthorOwner } from './owner';

/** What the step form asks of the author panel. */
export interface StepFormActions {
  /** Record the form with the state shown: a new step, or the one edited. */
  record(): void;
  /** Save the step edited, keeping the state it was recorded with. */
  saveKeepingState(): void;
  /** Stop editing (the form empties). */
  cancel(): void;
  /** The form changed: keep the draft. */
  changed(): void;
}

/** The longest state shown in full in the form (a longer one is cut, whole in its title). */
const SHOWN_STATE = 160;

/** The step form. */
export class StepFormView {
  readonly element: HTMLElement;
  private exercise: ExerciseView | null = null;
  private readonly stateText = el('code', { class: 'author-state', 'data-testid': 'author-state' });
  private readonly problemsBox = el('div');
  /** The exercise unticked in this session, brought back when ticked again. */
  private stash: ExerciseForm | null = null;

  constructor(
    private readonly owner: AuthorOwner,
    private readonly t: Translate,
    private readonly form: StepForm,
    /** The recorded step edited (from 0), or null; `count`: the steps recorded. */
    private readonly editing: number | null,
    count: number,
    private readonly actions: StepFormActions,
  ) {
    const f = form;
    const changed = () => actions.changed();
    const exerciseBox = el('div');
    const drawExercise = () => {
      this.exercise = f.exercise ? new ExerciseView(owner, t, f.exercise, changed) : null;
      replaceChildren(exerciseBox, this.exercise?.element);
    };
    drawExercise();
    const titleId = uid('author-step-heading');
    const heading = editing === null ? t('author.newStep', { n: count + 1 }) : t('author.editingStep', { n: editing + 1 });
    this.element = el(
      'section',
      { class: 'author-step-form', 'data-testid': 'author-step-form', 'aria-labelledby': titleId },
      el('h3', { id: titleId, class: 'author-h3', tabindex: '-1' }, heading),
      wordsField(t, { legend: t('author.stepTitle'), value: f.title, onInput: changed, testid: 'author-step-title', required: true }),
      wordsField(t, { legend: t('author.stepText'), value: f.text, onInput: changed, testid: 'author-step-text', multiline: true, required: true }),
      this.panels(),
      this.point(),
      el('p', { class: 'author-state-line' }, el('span', {}, `${t('author.stateNow')} `), this.stateText),
      checkField({
        label: t('author.hasExercise'),
        checked: f.exercise !== null,
        testid: 'author-has-exercise',
        onChange: (on) => {
          if (on) f.exercise = this.stash ?? emptyExercise();
          else [this.stash, f.exercise] = [f.exercise, null];
          changed();
          drawExercise();
          this.render();
        },
      }),
      exerciseBox,
      this.problemsBox,
      this.buttons(),
    );
    this.render();
  }

  /** Follow the state shown (after every recompute). */
  render(): void {
    const s = serialize(this.owner.state());
    this.stateText.textContent = s.length > SHOWN_STATE ? `${s.slice(0, SHOWN_STATE - 1)}…` : s;
    this.stateText.title = s;
    this.exercise?.render();
  }

  /** Show the problems that kept the step from being recorded (none: clear them). */
  problems(list: readonly Problem[]): void {
    replaceChildren(this.problemsBox, problemList(this.t, list, 'author-step-problems'));
  }

  private panels(): HTMLElement {
    const { t, form: f } = this;
    return el(
      'fieldset',
      { class: 'author-panels' },
      el('legend', {}, t('author.panels')),
      el(
        'div',
        { class: 'author-checks' },
        PANELS.map((name) =>
          checkField({
            label: t(`lesson.panel.${name}`),
            checked: f.panels.includes(name),
            testid: `author-panel-${name}`,
            onChange: (on) => {
              f.panels = on ? PANELS.filter((p) => p === name || f.panels.includes(p)) : f.panels.filter((p) => p !== name);
              this.actions.changed();
            },
          }),
        ),
      ),
      el('p', { class: 'author-hint' }, t('author.panelsHint')),
    );
  }

  private point(): HTMLElement {
    const { t } = this;
    const p = this.form.point;
    const box = el('div', { class: 'author-row' });
    const changed = () => this.actions.changed();
    const index = (key: 'i' | 'j', label: string) =>
      textField({ label, value: p[key], narrow: true, inputmode: 'numeric', testid: `author-point-${key}`, onInput: (v) => ((p[key] = v), changed()) });
    const draw = () =>
      replaceChildren(
        box,
        p.kind === 'panel'
          ? selectField({
              label: t('author.pointPanel'),
              value: p.panel,
              options: PANELS.map((n) => [n, t(`lesson.panel.${n}`)] as const),
              testid: 'author-point-panel',
              onChange: (v) => ((p.panel = v), changed()),
            })
          : null,
        p.kind === 'row' || p.kind === 'cell'
          ? textField({
              label: t('author.pointMatrix'),
              value: p.matrix,
              narrow: true,
              testid: 'author-point-matrix',
              onInput: (v) => ((p.matrix = v), changed()),
            })
          : null,
        p.kind === 'arrow'
          ? selectField({
              label: t('author.pointArrow'),
              value: p.arrow,
              options: [
                ['q', t('author.arrowQ')],
                ['k', t('author.arrowK')],
              ],
              testid: 'author-point-arrow',
              onChange: (v) => ((p.arrow = v as 'q' | 'k'), changed()),
            })
          : null,
        p.kind === 'weight' ? [index('i', t('author.pointQuery')), index('j', t('author.pointKey'))] : null,
        p.kind === 'row' || p.kind === 'arrow' || p.kind === 'cell' ? index('i', t('author.pointRow')) : null,
        p.kind === 'cell' ? index('j', t('author.pointCol')) : null,
      );
    draw();
    const kind = selectField({
      label: t('author.pointKind'),
      value: p.kind,
      options: POINT_KINDS.map((k) => [k, t(`author.point.${k}`)] as const),
      testid: 'author-point-kind',
      onChange: (v) => {
        p.kind = v as PointKind;
        changed();
        draw();
      },
    });
    return el('fieldset', { class: 'author-point' }, el('legend', {}, t('author.point')), el('div', { class: 'author-row' }, kind, box));
  }

  private buttons(): HTMLElement {
    const { t, actions, editing } = this;
    if (editing === null)
      return el(
        'div',
        { class: 'author-actions' },
        button(t('author.record'), () => actions.record(), { class: 'btn-primary', 'data-testid': 'author-record' }),
      );
    const n = editing + 1;
    return el(
      'div',
      { class: 'author-actions' },
      button(t('author.saveKeep', { n }), () => actions.saveKeepingState(), { class: 'btn-primary', 'data-testid': 'author-save' }),
      button(t('author.saveState', { n }), () => actions.record(), { 'data-testid': 'author-save-state' }),
      button(t('author.cancelEdit'), () => actions.cancel(), { 'data-testid': 'author-cancel' }),
    );
  }
}
