// topbar.ts — the bar above a playground's panels: "Start the course" (on the
// main page, outside a lesson) and the language menu; and the small readers of
// what the element is given (its panels and controls lists).

import { LANGS, t, type Lang } from '../i18n/i18n';
import { el } from '../widgets/dom';

/** The top bar: the course button when `startCourse` is given, and the language menu calling `setLanguage`. */
export function topbar(lang: Lang, setLanguage: (l: Lang) => void, startCourse: (() => void) | null): HTMLElement {
  const langId = `lang-${Math.random().toString(36).slice(2, 8)}`;
  const select = el(
    'select',
    { id: langId, class: 'lang-select', 'data-testid': 'lang' },
    LANGS.map((l) => el('option', { value: l, selected: l === lang }, l === 'en' ? 'English' : '简体中文')),
  );
  select.addEventListener('change', () => setLanguage(select.value as Lang));
  const course = startCourse
    ? el(
        'button',
        { type: 'button', class: 'btn btn-primary course-start', 'data-testid': 'start-course', onclick: startCourse },
        t(lang, 'lesson.startCourse'),
      )
    : null;
  return el('div', { class: 'topbar', part: 'topbar' }, course, el('label', { for: langId, class: 'lang-label' }, t(lang, 'lang.label')), select);
}

/** The panels a `panels` list names (all when there is none). */
export function panelsNamed<P extends string>(list: string | null, all: readonly P[]): Set<P> {
  return list ? new Set(list.split(',').map((p) => p.trim()) as P[]) : new Set(all);
}

/** The controls a `hide-controls` list names (the stylesheet hides each `.hide-<name>`). */
export const controlsNamed = (list: string | null): string[] => (list ?? '').split(/[\s,]+/).filter((c) => /^[a-z]+$/.test(c));
