// lesson-file.ts — the lesson file, out and in. Out: download it (a Blob and
// an <a download>), copy it, show it in a read-only box, or play it in the
// page; each first reads it as the player would (readLesson) and shows every
// problem, where and what, instead of a file that would not open. In: paste a
// lesson file's JSON, or take the lesson playing, to edit it; or start anew
// (pressed twice: the draft is lost).

import { copyText } from '../../widgets/copy-text';
import { download, el, replaceChildren, uid } from '../../widgets/dom';
import { readLesson, type Lesson } from '../lesson';
import { lessonFrom } from '../load';
import { button, problemList, type Translate } from './fields';

/** What the file's buttons ask of the author panel. */
export interface FileActions {
  /** The lesson the draft makes, as it is. */
  lesson(): Lesson;
  /** Edit this lesson (it replaces the draft). */
  open(lesson: Lesson): void;
  /** The lesson playing in the page, if any. */
  playing(): Lesson | null;
  play(lesson: Lesson): void;
  /** Start a new lesson (the draft is emptied). */
  discard(): void;
}

/** The file's text (what is downloaded, copied and shown). */
export const fileText = (lesson: Lesson): string => `${JSON.stringify(lesson, null, 2)}\n`;

/** The export and import of the author panel. */
export class FileView {
  readonly element: HTMLElement;
  private readonly status = el('p', { class: 'author-status', role: 'status', 'data-testid': 'author-file-status' });
  private readonly problemsBox = el('div');
  private readonly output = el('textarea', { class: 'author-json', readonly: true, rows: 12, spellcheck: 'false', 'data-testid': 'author-json' });
  private readonly outputBox: HTMLElement;
  private readonly pasted = el('textarea', { class: 'author-json', rows: 6, spellcheck: 'false', 'data-testid': 'author-import-text' });
  private readonly importProblems = el('div');
  private readonly fromPlaying: HTMLButtonElement;
  private readonly newButton: HTMLButtonElement;
  private armed: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly t: Translate,
    private readonly actions: FileActions,
  ) {
    const [outId, inId, exportId, importId] = ['author-json-out', 'author-json-in', 'author-export', 'author-import'].map(uid);
    this.output.id = outId;
    this.pasted.id = inId;
    this.outputBox = el('div', { class: 'field author-output', hidden: true }, el('label', { for: outId }, t('author.fileShown')), this.output);
    this.fromPlaying = button(t('author.fromPlaying'), () => this.editPlaying(), { 'data-testid': 'author-from-playing' });
    this.newButton = button(t('author.new'), () => this.startNew(), { 'data-testid': 'author-new' });
    this.newButton.addEventListener('blur', () => this.disarm());
    this.element = el(
      'div',
      { class: 'author-file' },
      el(
        'section',
        { class: 'author-export', 'aria-labelledby': exportId },
        el('h3', { class: 'author-h3', id: exportId }, t('author.exportTitle')),
        el(
          'div',
          { class: 'author-actions toolbar' },
          button(t('author.download'), () => this.export('download'), { class: 'btn-primary', 'data-testid': 'author-download' }),
          button(t('author.copy'), () => this.export('copy'), { 'data-testid': 'author-copy' }),
          button(t('author.show'), () => this.export('show'), { 'data-testid': 'author-show' }),
          button(t('author.play'), () => this.export('play'), { 'data-testid': 'author-play' }),
        ),
        this.status,
        this.problemsBox,
        this.outputBox,
      ),
      el(
        'section',
        { class: 'author-import', 'aria-labelledby': importId },
        el('h3', { class: 'author-h3', id: importId }, t('author.importTitle')),
        el('div', { class: 'field' }, el('label', { for: inId }, t('author.paste')), this.pasted),
        this.importProblems,
        el(
          'div',
          { class: 'author-actions' },
          button(t('author.import'), () => this.importPasted(), { 'data-testid': 'author-import' }),
          this.fromPlaying,
          this.newButton,
        ),
      ),
    );
    this.render();
  }

  /** Follow the page: whether a lesson is playing. */
  render(): void {
    this.fromPlaying.disabled = this.actions.playing() === null;
  }

  /** Say what happened (and clear the problems shown). */
  say(text: string): void {
    this.status.textContent = text;
  }

  private export(how: 'download' | 'copy' | 'show' | 'play'): void {
    const { t } = this;
    const read = readLesson(JSON.parse(JSON.stringify(this.actions.lesson())));
    replaceChildren(this.problemsBox, read.ok ? null : problemList(t, read.problems, 'author-file-problems'));
    if (!read.ok) {
      this.outputBox.hidden = true;
      return this.say(t('author.notExported'));
    }
    const text = fileText(read.lesson);
    this.output.value = text;
    this.outputBox.hidden = false;
    const name = `${read.lesson.id}.lesson.json`;
    if (how === 'download') {
      download(name, text, 'application/json');
      this.say(t('author.downloaded', { name }));
    } else if (how === 'copy') {
      const pressed = this.element.querySelector<HTMLElement>('[data-testid="author-copy"]') as HTMLElement;
      void copyText(text, pressed, (key) => t(key)).then((r) => this.say(t(r === 'copied' ? 'author.copied' : 'author.shown')));
    } else if (how === 'show') this.say(t('author.shown'));
    else {
      this.actions.play(read.lesson);
      this.say(t('author.playing'));
    }
  }

  private importPasted(): void {
    const { t } = this;
    replaceChildren(this.importProblems, null);
    try {
      this.actions.open(lessonFrom(this.pasted.value, t('author.pasted')));
      this.pasted.value = '';
      this.say(t('author.imported'));
    } catch (err) {
      const problems = (err as { problems?: { where: string; message: string }[] }).problems;
      replaceChildren(
        this.importProblems,
        problemList(t, problems?.length ? problems : [{ where: 'lesson', message: (err as Error).message }], 'author-import-problems'),
      );
    }
  }

  private editPlaying(): void {
    const lesson = this.actions.playing();
    if (!lesson) return;
    this.actions.open(structuredClone(lesson));
    this.say(this.t('author.imported'));
  }

  /** The first press arms the button (its label asks to press again), the second empties the draft. */
  private startNew(): void {
    if (this.armed === null) {
      this.newButton.textContent = this.t('author.newConfirm');
      this.armed = setTimeout(() => this.disarm(), 5000);
      return;
    }
    this.disarm();
    this.actions.discard();
    this.say(this.t('author.started'));
  }

  private disarm(): void {
    if (this.armed !== null) clearTimeout(this.armed);
    this.armed = null;
    this.newButton.textContent = this.t('author.new');
  }
}
