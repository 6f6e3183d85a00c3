// exercise-form.ts — a step's exercise as a form: its id and score, the task
// in both languages, the check (check-form.ts), "try the check" on the state
// shown (whether it holds, the number it measures; once pressed, tried again
// after every recompute), the hints (added and removed one by one) and the
// solution ("use the current state as the solution").

import { formatNumber, el, replaceChildren } from '../../widgets/dom';
import { serialize } from '../../model/state';
import { buildCheck, tryCheck } from './check-spec';
import { checkForm } from './check-form';
import { emptyWords, type ExerciseForm } from './compose';
import { button, problemList, textField, wordsField, type Translate } from './fields';
import type { AuthorOwner } from './owner';

/** The exercise form of the step being written. */
export class ExerciseView {
  readonly element: HTMLElement;
  private readonly tried = el('div', { class: 'author-tried', role: 'status', 'data-testid': 'author-try-result' });
  private readonly hintsBox = el('div', { class: 'author-hints' });
  private trying = false;

  constructor(
    private readonly owner: AuthorOwner,
    private readonly t: Translate,
    private readonly exercise: ExerciseForm,
    /** The form changed: keep the draft. */
    private readonly changed: () => void,
  ) {
    const ex = exercise;
    const edit = () => {
      changed();
      this.render();
    };
    const solution = textField({
      label: t('author.solution'),
      value: ex.solution,
      hint: t('author.solutionHint'),
      testid: 'author-solution',
      onInput: (v) => ((ex.solution = v), changed()),
    });
    const solutionInput = solution.querySelector('input') as HTMLInputElement;
    const useState = () => {
      ex.solution = serialize(owner.state());
      solutionInput.value = ex.solution;
      changed();
    };
    this.drawHints();
    this.element = el(
      'fieldset',
      { class: 'author-exercise', 'data-testid': 'author-exercise' },
      el('legend', {}, t('author.exercise')),
      el(
        'div',
        { class: 'author-row' },
        textField({
          label: t('author.exerciseId'),
          value: ex.id,
          hint: t('author.idHint'),
          required: true,
          testid: 'author-exercise-id',
          onInput: (v) => ((ex.id = v), changed()),
        }),
        textField({
          label: t('author.score'),
          value: ex.score,
          narrow: true,
          inputmode: 'numeric',
          testid: 'author-score',
          onInput: (v) => ((ex.score = v), changed()),
        }),
      ),
      wordsField(t, { legend: t('author.task'), value: ex.task, onInput: changed, testid: 'author-task', multiline: true, required: true }),
      checkForm({
        t,
        form: () => ex.check,
        set: (f) => (ex.check = f),
        changed: edit,
        state: () => owner.state(),
        results: () => owner.results(),
      }),
      el(
        'div',
        { class: 'author-try' },
        button(t('author.try'), () => ((this.trying = true), this.render()), { 'data-testid': 'author-try' }),
        this.tried,
      ),
      this.hintsBox,
      el('div', { class: 'author-solution' }, solution, button(t('author.useState'), useState, { class: 'btn-small', 'data-testid': 'author-use-state' })),
    );
  }

  /** Try the check again on what is shown (once "try the check" was pressed). */
  render(): void {
    if (!this.trying) return;
    const built = buildCheck(this.exercise.check);
    const outcome = this.owner.outcome();
    if (!built.check) return replaceChildren(this.tried, problemList(this.t, built.problems, 'author-check-problems'));
    if (!outcome) return replaceChildren(this.tried, this.t('author.noOutcome'));
    const owner = this.owner;
    const r = tryCheck(built.check, { core: owner.core, state: owner.state(), outcome, results: owner.results() });
    const measured = r.measured === null ? null : formatNumber(r.measured, 4);
    replaceChildren(
      this.tried,
      el('strong', { class: r.holds ? 'is-holds' : 'is-fails', 'data-testid': 'author-try-verdict' }, this.t(r.holds ? 'author.holds' : 'author.holdsNot')),
      measured === null ? null : ` ${this.t(r.asksAnswer && built.check.kind === 'answer' ? 'author.wantsAnswer' : 'author.measures', { x: measured })}`,
      r.asksAnswer && built.check.kind !== 'answer' ? ` ${this.t('author.asksAnswer')}` : null,
    );
    this.tried.classList.toggle('is-holds', r.holds);
  }

  private drawHints(): void {
    const { t, exercise: ex } = this;
    const focusLast = (selector: string) => this.hintsBox.querySelectorAll<HTMLElement>(selector)[ex.hints.length - 1]?.focus();
    const add = () => {
      ex.hints.push(emptyWords());
      this.changed();
      this.drawHints();
      focusLast('[data-testid="author-hint-en"]');
    };
    const remove = (i: number) => {
      ex.hints.splice(i, 1);
      this.changed();
      this.drawHints();
      (
        this.hintsBox.querySelectorAll<HTMLElement>('[data-testid="author-hint-remove"]')[Math.min(i, ex.hints.length - 1)] ??
        this.hintsBox.querySelector<HTMLElement>('[data-testid="author-hint-add"]')
      )?.focus();
    };
    replaceChildren(
      this.hintsBox,
      el(
        'fieldset',
        { class: 'author-hint-list' },
        el('legend', {}, t('author.hints', { n: ex.hints.length })),
        ex.hints.length
          ? el(
              'ol',
              {},
              ex.hints.map((h, i) =>
                el(
                  'li',
                  { 'data-testid': 'author-hint' },
                  wordsField(t, {
                    legend: t('author.hintN', { n: i + 1 }),
                    value: h,
                    onInput: this.changed,
                    testid: 'author-hint',
                    multiline: true,
                    required: true,
                  }),
                  button(t('author.removeHint', { n: i + 1 }), () => remove(i), { class: 'btn-small', 'data-testid': 'author-hint-remove' }),
                ),
              ),
            )
          : null,
        button(t('author.addHint'), add, { class: 'btn-small', 'data-testid': 'author-hint-add' }),
      ),
    );
  }
}
