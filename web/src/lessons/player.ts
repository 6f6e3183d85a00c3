// player.ts — the lesson player: a bar above the panels with the lesson, "step
// 3 of 9", the step's title and text, its exercise (the task, a typed answer
// where the check asks for one, whether it passed and the score, hints one at
// a time, "show me"), and Back / Next / Restart. It owns the session and tells
// its owner (the element) what to show; the owner calls check() after every
// recompute. Keyboard only: every control is a button or a field in order,
// and the step's title takes the focus when the step changes by a button.

import type { Core } from '../core/core';
import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import { el, replaceChildren, uid } from '../widgets/dom';
import { COURSE } from './course';
import type { Lesson, Words } from './lesson';
import { lookAt, outline, pointedOf, type PointerPage } from './pointer';
import type { Grade, Progress } from './progress';
import { asksAnswer, LessonSession, type CheckResult } from './session';
import type { Pointed } from '../panels/context';

/** Detail of the `exercise-checked` event: fired when an exercise passes, and whenever its check is decided after a learner's change. */
export interface ExerciseCheckedDetail {
  lesson: string;
  exercise: string;
  passed: boolean;
  score: number;
  maxScore: number;
  /** The state checked, as a share link's hash (without '#'). */
  state: string;
}

/** What the player asks of the playground that shows it. */
export interface PlayerOwner {
  readonly core: Core;
  t(key: string, vars?: Record<string, string | number>): string;
  lang(): 'en' | 'zh';
  /** Show this state (a step's start, "show me"): a new history entry. */
  load(state: State): void;
  /** The step changed (the panels shown, the link). */
  stepChanged(): void;
  /** The progress changed: keep it. */
  saved(p: Progress): void;
  /** An exercise was checked. */
  checked(detail: ExerciseCheckedDetail): void;
  /** Check the state shown again (the typed answer changed). */
  recheck(): void;
  /** The experiments' last results, by name. */
  results(): Readonly<Record<string, unknown>>;
  /** Open another lesson (by its ref). */
  open(ref: string): void;
  /** Leave the lesson (the page as it is without one). */
  leave(): void;
  /** Point at a part as a hover would. */
  point(p: Pointed): void;
  /** Only this lesson: no course menu, no next lesson (a lesson packaged for a course platform). */
  single(): boolean;
  /** Where the pointed parts are. */
  page(): PointerPage;
  /** The state shown, as a share link's hash (for the event). */
  link(state: State): string;
}

/** The lesson player of one playground. */
export class LessonPlayer {
  readonly element: HTMLElement;
  private readonly live = el('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'lesson-announce' });
  private readonly body = el('div', { class: 'lesson-body' });
  private answerText = '';
  private last: CheckResult | null = null;
  /** The check's verdict last reported by an event, so that an unchanged verdict is not announced again. */
  private reported: string | null = null;
  /** True while the page is built for a new step whose state is not loaded yet. */
  private settling = false;

  constructor(
    readonly session: LessonSession,
    private readonly owner: PlayerOwner,
  ) {
    this.element = el(
      'section',
      { class: 'lesson', 'data-testid': 'lesson', 'aria-label': owner.t('lesson.region', { title: this.words(session.lesson.title) }) },
      this.body,
      this.live,
    );
    this.draw();
  }

  get lesson(): Lesson {
    return this.session.lesson;
  }

  /** Go to step n (a button, the link): its state is loaded unless `keepState` (Back/Forward bring their own). */
  goTo(n: number, keepState = false, focus = false): void {
    const moved = this.session.goTo(n);
    if (!moved && keepState) return;
    this.answerText = '';
    this.last = null;
    this.reported = null;
    this.draw();
    this.owner.saved(this.session.progress);
    // the page is built again for the step before its state is loaded: the state shown until then is not checked
    this.settling = !keepState;
    try {
      this.owner.stepChanged();
    } finally {
      this.settling = false;
    }
    if (!keepState) this.owner.load(this.session.startState());
    const look = this.session.step.point ? ` ${this.lookText()}` : '';
    this.say(
      `${this.owner.t('lesson.announceStep', { n: this.session.stepNumber, total: this.session.count, title: this.words(this.session.step.title) })}${look}`,
    );
    if (focus) this.element.querySelector<HTMLElement>('.lesson-title')?.focus();
  }

  /** Put the focus on the step's title (a lesson opened by a button or a menu: the page was built again). */
  focusTitle(): void {
    this.element.querySelector<HTMLElement>('.lesson-title')?.focus();
  }

  /** The grade so far. */
  grade(): Grade {
    return this.session.grade();
  }

  /** Evaluate the step's exercise on what is shown (after every recompute with its final outcome). */
  check(state: State, outcome: Outcome): void {
    if (this.settling) return;
    const answer = this.answerText.trim() === '' ? undefined : Number(this.answerText);
    const r = this.session.check(this.owner.core, state, outcome, this.owner.results(), answer);
    this.last = r;
    this.pointAt();
    if (!r) return;
    if (r.newlyPassed) {
      this.owner.saved(this.session.progress);
      this.say(this.owner.t('lesson.announcePassed'));
    }
    const verdict = `${r.exercise.id}:${r.holds}:${r.record.passed}`;
    if (verdict !== this.reported) {
      this.reported = verdict;
      const detail = {
        lesson: this.lesson.id,
        exercise: r.exercise.id,
        passed: r.record.passed,
        score: r.record.score,
        maxScore: r.exercise.score,
        state: this.owner.link(state),
      };
      this.owner.checked(detail);
    }
    this.drawStatus();
  }

  /** Outline what the step points at, and point at it as a hover would (when nothing else is pointed at). */
  pointAt(): void {
    const p = this.session.step.point;
    outline(this.owner.page(), p);
    if (p) this.owner.point(pointedOf(p));
  }

  // ------------------------------------------------------------ drawing

  private words(w: Words): string {
    return w[this.owner.lang()];
  }

  private say(text: string): void {
    this.live.textContent = '';
    setTimeout(() => (this.live.textContent = text), 30); // a new text, so that it is read even when it is the same
  }

  private button(label: string, onclick: () => void, attrs: Record<string, string | boolean> = {}): HTMLButtonElement {
    return el('button', { type: 'button', onclick, ...attrs, class: `btn ${attrs.class ?? ''}`.trim() }, label);
  }

  private draw(): void {
    const { session, owner } = this;
    const t = owner.t.bind(owner);
    const step = session.step;
    const n = session.stepNumber;
    const titleId = uid('lesson-title');
    this.element.setAttribute('aria-labelledby', titleId);
    replaceChildren(
      this.body,
      this.head(),
      el('h2', { class: 'lesson-title', id: titleId, tabindex: '-1', 'data-testid': 'lesson-title' }, this.words(step.title)),
      el('p', { class: 'lesson-text', 'data-testid': 'lesson-text' }, this.words(step.text)),
      step.point ? el('p', { class: 'lesson-look' }, this.lookText()) : null,
      step.exercise ? this.exercise() : null,
      el(
        'div',
        { class: 'lesson-nav' },
        this.button(t('lesson.back'), () => this.goTo(n - 1, false, true), { disabled: n === 1, 'data-testid': 'lesson-back' }),
        el('span', { class: 'lesson-count', 'data-testid': 'lesson-count' }, t('lesson.stepOf', { n, total: session.count })),
        n < session.count
          ? this.button(t('lesson.next'), () => this.goTo(n + 1, false, true), { class: 'btn-primary', 'data-testid': 'lesson-next' })
          : this.nextLesson(),
        this.button(t('lesson.restartStep'), () => this.owner.load(session.startState()), { 'data-testid': 'lesson-restart-step' }),
        this.button(t('lesson.restart'), () => this.goTo(1, false, true), { 'data-testid': 'lesson-restart', disabled: n === 1 }),
      ),
      el('p', { class: 'lesson-score', 'data-testid': 'lesson-score' }, this.scoreText()),
    );
    this.drawStatus();
  }

  private head(): HTMLElement {
    const t = this.owner.t.bind(this.owner);
    const index = this.owner.single() ? -1 : COURSE.findIndex((l) => l.id === this.lesson.id);
    let menu: HTMLElement | null = null;
    if (index >= 0) {
      const id = uid('lesson-menu');
      const select = el(
        'select',
        { id, 'data-testid': 'lesson-menu' },
        COURSE.map((l, i) => el('option', { value: l.id, selected: i === index }, `${i + 1}. ${this.words(l.title)}`)),
      );
      select.addEventListener('change', () => this.owner.open(select.value));
      menu = el('span', { class: 'lesson-menu' }, el('label', { for: id }, t('lesson.choose')), select);
    }
    return el(
      'div',
      { class: 'lesson-head' },
      menu ?? el('span', { class: 'lesson-name' }, this.words(this.lesson.title)),
      index >= 0 ? el('span', { class: 'lesson-of' }, t('lesson.ofCourse', { n: index + 1, total: COURSE.length })) : null,
      this.button(t('lesson.leave'), () => this.owner.leave(), { class: 'lesson-leave', 'data-testid': 'lesson-leave' }),
    );
  }

  private nextLesson(): HTMLElement {
    const t = this.owner.t.bind(this.owner);
    const index = this.owner.single() ? -1 : COURSE.findIndex((l) => l.id === this.lesson.id);
    const next = index >= 0 ? COURSE[index + 1] : undefined;
    if (!next) return el('span', { class: 'lesson-done', 'data-testid': 'lesson-done' }, t('lesson.done'));
    return this.button(t('lesson.nextLesson', { title: this.words(next.title) }), () => this.owner.open(next.id), {
      class: 'btn-primary',
      'data-testid': 'lesson-next-lesson',
    });
  }

  private lookText(): string {
    const p = this.session.step.point;
    if (!p) return '';
    const tokens = this.session.startState().tokens;
    const { key, vars } = lookAt(p, tokens, (name) => this.owner.t(`lesson.panel.${name}`));
    return this.owner.t(key, vars);
  }

  private exercise(): HTMLElement {
    const t = this.owner.t.bind(this.owner);
    const ex = this.session.step.exercise;
    if (!ex) return el('div');
    const record = this.session.record();
    const shownHints = ex.hints.slice(0, record?.hints ?? 0);
    const more = (record?.hints ?? 0) < ex.hints.length;
    const answerId = uid('lesson-answer');
    let answer: HTMLElement | null = null;
    if (asksAnswer(ex.check)) {
      const input = el('input', {
        id: answerId,
        type: 'text',
        inputmode: 'decimal',
        value: this.answerText,
        'data-testid': 'lesson-answer',
        autocomplete: 'off',
      });
      input.addEventListener('input', () => {
        this.answerText = input.value;
        const bad = input.value.trim() !== '' && !Number.isFinite(Number(input.value));
        input.setAttribute('aria-invalid', String(bad));
        this.element.querySelector('.lesson-answer-note')?.toggleAttribute('hidden', !bad);
        this.owner.recheck();
      });
      answer = el(
        'div',
        { class: 'lesson-answer field' },
        el('label', { for: answerId }, t('lesson.answer')),
        input,
        el('span', { class: 'lesson-answer-note', hidden: true }, t('lesson.answerBad')),
      );
    }
    return el(
      'div',
      { class: 'lesson-exercise', 'data-testid': 'lesson-exercise' },
      el('p', { class: 'lesson-task' }, el('strong', {}, `${t('lesson.task')}: `), this.words(ex.task)),
      answer,
      el('p', { class: 'lesson-status', role: 'status', 'data-testid': 'lesson-status' }),
      shownHints.length
        ? el(
            'ol',
            { class: 'lesson-hints', 'data-testid': 'lesson-hints' },
            shownHints.map((h) => el('li', {}, this.words(h))),
          )
        : null,
      el(
        'div',
        { class: 'lesson-help' },
        ex.hints.length
          ? this.button(more ? t('lesson.hint', { n: (record?.hints ?? 0) + 1, total: ex.hints.length }) : t('lesson.noHints'), () => this.hint(), {
              disabled: !more,
              'data-testid': 'lesson-hint',
            })
          : null,
        this.button(t('lesson.showMe'), () => this.showMe(), { title: t('lesson.showMeNote'), 'data-testid': 'lesson-show-me' }),
      ),
    );
  }

  private hint(): void {
    this.session.nextHint();
    this.owner.saved(this.session.progress);
    this.draw();
    this.drawStatus();
    this.element.querySelector<HTMLElement>('[data-testid="lesson-hint"]')?.focus();
  }

  private showMe(): void {
    const state = this.session.solutionState();
    this.owner.saved(this.session.progress);
    if (state) this.owner.load(state);
    this.element.querySelector<HTMLElement>('[data-testid="lesson-show-me"]')?.focus();
  }

  private drawStatus(): void {
    const status = this.element.querySelector('.lesson-status');
    const r = this.last;
    if (status && r) {
      const max = r.exercise.score;
      const text = !r.record.passed
        ? this.owner.t('lesson.notYet')
        : `${r.record.shown ? this.owner.t('lesson.passedShown', { max }) : this.owner.t('lesson.passed', { score: r.record.score, max })}${r.holds ? '' : ` ${this.owner.t('lesson.holdsNot')}`}`;
      status.textContent = text;
      status.classList.toggle('is-passed', r.record.passed);
    }
    const score = this.element.querySelector('.lesson-score');
    if (score) score.textContent = this.scoreText();
  }

  private scoreText(): string {
    const g = this.session.grade();
    return this.owner.t('lesson.score', { score: g.score, max: g.maxScore, passed: g.passed, exercises: g.exercises });
  }
}
