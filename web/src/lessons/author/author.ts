// author.ts — the author mode: a panel above the playground's panels where a
// teacher writes a lesson by using the page. They set the state in the page,
// fill in the step's words, panels, pointer and exercise (step-form.ts), and
// record it; the recorded steps are listed (step-list.ts) to show, edit,
// reorder or delete; the lesson file is exported, played or imported
// (lesson-file.ts). The draft is kept in the browser's storage (draft.ts) at
// every change, so that a reload loses nothing.

import { registerWords } from '../../i18n/i18n';
import { parse, serialize } from '../../model/state';
import { el, replaceChildren, uid } from '../../widgets/dom';
import type { Step } from '../lesson';
import css from './author.styles.css?inline';
import { AUTHOR_WORDS } from './author.words';
import { buildStep, emptyStepForm, formOfStep, withStep } from './compose';
import { draftOf, emptyDraft, lessonOf, loadDraft, saveDraft, type Draft, type DraftStorage } from './draft';
import { button, textField, wordsField } from './fields';
import { FileView } from './lesson-file';
import type { AuthorOwner, AuthorPanel } from './owner';
import { StepFormView } from './step-form';
import { stepList } from './step-list';

registerWords(AUTHOR_WORDS);

/** The browser's storage, or null where it is blocked (a sandboxed frame, file://). */
function storage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The author mode of a playground. */
export function makeAuthor(owner: AuthorOwner): AuthorPanel {
  owner.adopt(css);
  return new AuthorMode(owner);
}

class AuthorMode implements AuthorPanel {
  readonly element: HTMLElement;
  private draft: Draft;
  private notice: string | null;
  private readonly live = el('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'author-announce' });
  private readonly metaBox = el('div');
  private readonly formBox = el('div', { class: 'author-form-box' });
  private readonly listBox = el('div');
  private readonly listStatus = el('div', { class: 'author-list-status' });
  private readonly fileBox = el('div');
  private form!: StepFormView;
  private file!: FileView;
  private lang: string;
  /** The step deleted last and where it was (its "undo"). */
  private deleted: { step: Step; at: number } | null = null;
  private unsaved = false;
  /** The form folded away (the page's panels closer to the top). */
  private folded = false;

  constructor(private readonly owner: AuthorOwner) {
    const { draft, discarded } = loadDraft(storage());
    this.draft = draft;
    this.notice = discarded ? 'author.draftDiscarded' : null;
    this.lang = owner.lang();
    this.element = el('section', { class: 'author', 'data-testid': 'author' });
    this.drawAll();
  }

  render(): void {
    if (this.owner.lang() !== this.lang) {
      this.lang = this.owner.lang();
      this.drawAll();
    }
    this.form.render();
    this.file.render();
  }

  private t = (key: string, vars?: Record<string, string | number>): string => this.owner.t(key, vars);

  // ------------------------------------------------------------ drawing

  private drawAll(): void {
    const { t } = this;
    const titleId = uid('author-title');
    this.element.setAttribute('aria-labelledby', titleId);
    this.file = new FileView(t, {
      lesson: () => lessonOf(this.draft),
      open: (lesson) => this.replace(draftOf(lesson)),
      playing: () => this.owner.lesson(),
      play: (lesson) => this.owner.play(lesson),
      discard: () => this.replace(emptyDraft()),
    });
    replaceChildren(this.fileBox, this.file.element);
    const bodyId = uid('author-body');
    const body = el(
      'div',
      { class: 'author-body', id: bodyId, hidden: this.folded },
      el('p', { class: 'author-intro' }, t('author.intro')),
      this.metaBox,
      el(
        'div',
        { class: 'author-columns' },
        this.formBox,
        el(
          'div',
          { class: 'author-side' },
          el(
            'section',
            { class: 'author-list', 'aria-labelledby': `${titleId}-steps` },
            el('h3', { class: 'author-h3', id: `${titleId}-steps` }, t('author.steps')),
            this.listStatus,
            this.listBox,
          ),
          this.fileBox,
        ),
      ),
    );
    const foldLabel = () => t(this.folded ? 'author.unfold' : 'author.fold');
    const fold = button(
      foldLabel(),
      () => {
        this.folded = !this.folded;
        body.hidden = this.folded;
        fold.textContent = foldLabel();
      },
      { class: 'btn-small author-fold', 'aria-controls': bodyId, 'data-testid': 'author-fold' },
    );
    replaceChildren(
      this.element,
      el('div', { class: 'author-head' }, el('h2', { class: 'author-title', id: titleId }, t('author.title')), fold),
      this.notice ? el('p', { class: 'stale-note', role: 'status', 'data-testid': 'author-notice' }, t(this.notice)) : null,
      body,
      this.live,
    );
    this.drawMeta();
    this.drawForm();
    this.drawList();
  }

  private drawMeta(): void {
    const { t, draft: d } = this;
    replaceChildren(
      this.metaBox,
      el(
        'fieldset',
        { class: 'author-meta' },
        el('legend', {}, t('author.lesson')),
        el(
          'div',
          { class: 'author-meta-fields' },
          textField({
            label: t('author.lessonId'),
            value: d.id,
            hint: t('author.idHint'),
            required: true,
            testid: 'author-lesson-id',
            onInput: (v) => ((d.id = v), this.changed()),
          }),
          wordsField(t, { legend: t('author.lessonTitle'), value: d.title, onInput: () => this.changed(), testid: 'author-lesson-title', required: true }),
        ),
      ),
    );
  }

  private drawForm(): void {
    const d = this.draft;
    this.form = new StepFormView(this.owner, this.t, d.form, d.editing, d.steps.length, {
      record: () => this.record(serialize(this.owner.state())),
      saveKeepingState: () => d.editing !== null && this.record(d.steps[d.editing].state),
      cancel: () => this.startForm(),
      changed: () => this.changed(),
    });
    replaceChildren(this.formBox, this.form.element);
  }

  private drawList(): void {
    const d = this.draft;
    replaceChildren(
      this.listBox,
      stepList(this.t, d.steps, this.owner.lang(), d.editing, {
        load: (i) => this.owner.load(parse(d.steps[i].state)),
        edit: (i) => this.edit(i),
        move: (i, by) => this.move(i, by),
        remove: (i) => this.remove(i),
      }),
    );
  }

  // ------------------------------------------------------------ actions

  /** Keep the draft (and say once when the browser will not). */
  private changed(): void {
    if (saveDraft(storage(), this.draft) || this.unsaved) return;
    this.unsaved = true;
    this.say(this.t('author.notKept'));
  }

  private say(text: string): void {
    this.live.textContent = '';
    setTimeout(() => (this.live.textContent = text), 30); // a new text, read even when it is the same
  }

  private focus(selector: string): void {
    this.element.querySelector<HTMLElement>(selector)?.focus();
  }

  /** Record the form with `state` as the step it edits, or as a new last step. */
  private record(state: string): void {
    const d = this.draft;
    const at = d.editing ?? d.steps.length;
    const { step, problems } = buildStep(d.form, state, d.steps, at);
    this.form.problems(problems);
    if (!step) {
      this.say(this.t('author.notRecorded', { n: problems.length }));
      return this.focus('[data-testid="author-step-problems"] li');
    }
    d.steps = withStep(d.steps, at, step);
    this.say(this.t(d.editing === null ? 'author.recorded' : 'author.saved', { n: at + 1 }));
    this.startForm({ ...emptyStepForm(), panels: [...d.form.panels] });
  }

  /** An empty form for a new step (`form`: what it starts with). */
  private startForm(form = emptyStepForm()): void {
    this.draft.form = form;
    this.draft.editing = null;
    this.changed();
    this.drawForm();
    this.drawList();
    this.focus('.author-step-form h3');
  }

  private edit(i: number): void {
    const d = this.draft;
    d.form = formOfStep(d.steps[i]);
    d.editing = i;
    this.changed();
    this.owner.load(parse(d.steps[i].state));
    this.drawForm();
    this.drawList();
    this.focus('.author-step-form h3');
  }

  private move(i: number, by: -1 | 1): void {
    const d = this.draft;
    const j = i + by;
    if (j < 0 || j >= d.steps.length) return;
    [d.steps[i], d.steps[j]] = [d.steps[j], d.steps[i]];
    if (d.editing === i || d.editing === j) d.editing = d.editing === i ? j : i;
    this.changed();
    this.drawForm();
    this.drawList();
    this.say(this.t('author.moved', { from: i + 1, to: j + 1 }));
    const which = by < 0 ? (j === 0 ? 'down' : 'up') : j === d.steps.length - 1 ? 'up' : 'down';
    this.focus(`[data-testid="author-step-${which}"][data-step="${j + 1}"]`);
  }

  private remove(i: number): void {
    const d = this.draft;
    this.deleted = { step: d.steps[i], at: i };
    d.steps = d.steps.filter((_, k) => k !== i);
    if (d.editing === i) d.editing = null;
    else if (d.editing !== null && d.editing > i) d.editing -= 1;
    this.changed();
    this.drawForm();
    this.drawList();
    const undo = button(this.t('author.undo'), () => this.undo(), { class: 'btn-small', 'data-testid': 'author-undo' });
    replaceChildren(this.listStatus, el('p', { role: 'status' }, `${this.t('author.deleted', { n: i + 1 })} `, undo));
    undo.focus();
  }

  private undo(): void {
    const gone = this.deleted;
    if (!gone) return;
    const d = this.draft;
    d.steps = [...d.steps.slice(0, gone.at), gone.step, ...d.steps.slice(gone.at)];
    if (d.editing !== null && d.editing >= gone.at) d.editing += 1;
    this.deleted = null;
    this.changed();
    replaceChildren(this.listStatus);
    this.drawForm();
    this.drawList();
    this.say(this.t('author.restored', { n: gone.at + 1 }));
    this.focus(`[data-testid="author-step-delete"][data-step="${gone.at + 1}"]`);
  }

  /** Edit another draft (a lesson opened, a new one). */
  private replace(draft: Draft): void {
    this.draft = draft;
    this.deleted = null;
    replaceChildren(this.listStatus);
    this.changed();
    this.drawMeta();
    this.drawForm();
    this.drawList();
  }
}
