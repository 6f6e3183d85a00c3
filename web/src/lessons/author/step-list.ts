// step-list.ts — the steps recorded so far, in order: each with its title,
// its exercise and the panels it shows, and its buttons (show its state in
// the page, edit it, move it up or down, delete it); the step being edited
// is marked.

import { el } from '../../widgets/dom';
import type { Step } from '../lesson';
import { button, type Translate } from './fields';

/** What the list's buttons do. */
export interface StepListActions {
  load(i: number): void;
  edit(i: number): void;
  move(i: number, by: -1 | 1): void;
  remove(i: number): void;
}

/** The list of recorded steps (`lang`: the language its titles are shown in). */
export function stepList(t: Translate, steps: readonly Step[], lang: 'en' | 'zh', editing: number | null, actions: StepListActions): HTMLElement {
  if (!steps.length) return el('p', { class: 'author-hint', 'data-testid': 'author-steps-empty' }, t('author.noSteps'));
  return el(
    'ol',
    { class: 'author-steps', 'data-testid': 'author-steps' },
    steps.map((s, i) => {
      const n = i + 1;
      const title = s.title[lang] || s.title.en || t('author.untitled');
      const about = [
        s.exercise ? t('author.withExercise', { id: s.exercise.id }) : null,
        s.panels
          ? t('author.showsPanels', {
              panels: s.panels
                .split(',')
                .map((p) => t(`lesson.panel.${p}`))
                .join(', '),
            })
          : t('author.showsAll'),
      ].filter(Boolean);
      const small = (label: string, aria: string, f: () => void, testid: string, disabled = false) =>
        button(label, f, { class: 'btn-small', 'aria-label': aria, 'data-testid': testid, 'data-step': n, disabled });
      return el(
        'li',
        { class: `author-step${editing === i ? ' is-editing' : ''}`, 'data-testid': 'author-step' },
        el(
          'div',
          { class: 'author-step-about' },
          el('span', { class: 'author-step-title' }, title),
          editing === i ? el('span', { class: 'author-badge' }, t('author.beingEdited')) : null,
          el('span', { class: 'author-step-more' }, about.join(' · ')),
        ),
        el(
          'div',
          { class: 'author-step-buttons' },
          small(t('author.load'), t('author.loadStep', { n }), () => actions.load(i), 'author-step-load'),
          small(t('author.edit'), t('author.editStep', { n }), () => actions.edit(i), 'author-step-edit'),
          small(t('author.up'), t('author.upStep', { n }), () => actions.move(i, -1), 'author-step-up', i === 0),
          small(t('author.down'), t('author.downStep', { n }), () => actions.move(i, 1), 'author-step-down', i === steps.length - 1),
          small(t('author.delete'), t('author.deleteStep', { n }), () => actions.remove(i), 'author-step-delete'),
        ),
      );
    }),
  );
}
