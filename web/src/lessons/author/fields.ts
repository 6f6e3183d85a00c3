// fields.ts — the author mode's form fields: each with its label (for / id),
// its value written back as the teacher types, a hint tied to it by
// aria-describedby; a text in both languages as one group (English, 中文);
// buttons; and a list of problems, each with where it is.

import { el, uid, type Attrs } from '../../widgets/dom';
import type { Problem, Words } from '../lesson';

/** The words of the author mode: t(key, vars). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What every field has. */
interface FieldBase {
  label: string;
  testid?: string;
  /** A line under the field that says what it takes. */
  hint?: string;
  required?: boolean;
  /** The field's own language (a 中文 text), for screen readers and fonts. */
  lang?: string;
  /** A narrow field (a number). */
  narrow?: boolean;
}

/** A field: its label, the control, the hint. */
function field(base: FieldBase, control: HTMLElement, id: string): HTMLElement {
  const hintId = base.hint ? uid('author-hint') : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  if (base.required) control.setAttribute('aria-required', 'true');
  const mark = base.required ? el('span', { class: 'author-required', 'aria-hidden': 'true' }, ' *') : null;
  return el(
    'div',
    { class: `field author-field${base.narrow ? ' is-narrow' : ''}` },
    el('label', { for: id }, base.label, mark),
    control,
    hintId ? el('span', { class: 'author-hint', id: hintId }, base.hint) : null,
  );
}

/** A text field (one line, or several), written back on every input. */
export function textField(
  o: FieldBase & { value: string; onInput(v: string): void; multiline?: boolean; placeholder?: string; inputmode?: string },
): HTMLElement {
  const id = uid('author-field');
  const attrs: Attrs = { id, 'data-testid': o.testid, lang: o.lang, placeholder: o.placeholder, spellcheck: o.multiline ? 'true' : 'false' };
  const control = o.multiline
    ? el('textarea', { ...attrs, rows: 3, class: 'author-prose' })
    : el('input', { ...attrs, type: 'text', autocomplete: 'off', inputmode: o.inputmode, class: o.narrow ? 'int-input' : '' });
  control.value = o.value;
  control.addEventListener('input', () => o.onInput(control.value));
  return field(o, control, id);
}

/** A select of [value, text] options. */
export function selectField(o: FieldBase & { value: string; options: readonly (readonly [string, string])[]; onChange(v: string): void }): HTMLElement {
  const id = uid('author-field');
  const control = el(
    'select',
    { id, 'data-testid': o.testid },
    o.options.map(([value, text]) => el('option', { value, selected: value === o.value }, text)),
  );
  control.addEventListener('change', () => o.onChange(control.value));
  return field(o, control, id);
}

/** A checkbox with its label after it. */
export function checkField(o: { label: string; checked: boolean; onChange(v: boolean): void; testid?: string }): HTMLElement {
  const box = el('input', { type: 'checkbox', checked: o.checked, 'data-testid': o.testid });
  box.addEventListener('change', () => o.onChange(box.checked));
  return el('label', { class: 'checkbox' }, box, o.label);
}

/** A text in English and 中文: one group of two fields, written back into `value` as the teacher types. */
export function wordsField(
  t: Translate,
  o: { legend: string; value: Words; onInput(): void; testid: string; multiline?: boolean; required?: boolean },
): HTMLElement {
  const one = (lang: 'en' | 'zh') =>
    textField({
      label: t(lang === 'en' ? 'author.english' : 'author.chinese'),
      value: o.value[lang],
      multiline: o.multiline,
      required: o.required,
      lang: lang === 'zh' ? 'zh-Hans' : 'en',
      testid: `${o.testid}-${lang}`,
      onInput: (v) => {
        o.value[lang] = v;
        o.onInput();
      },
    });
  return el('fieldset', { class: 'author-words' }, el('legend', {}, o.legend), el('div', { class: 'author-pair' }, one('en'), one('zh')));
}

/** A button. */
export function button(label: string, onclick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  return el('button', { type: 'button', ...attrs, onclick, class: `btn ${String(attrs.class ?? '')}`.trim() }, label);
}

/** The problems of a file or a step, each where it is and what (null when there is none). */
export function problemList(t: Translate, problems: readonly Problem[], testid: string): HTMLElement | null {
  if (!problems.length) return null;
  return el(
    'div',
    { class: 'author-problems', role: 'alert', 'data-testid': testid },
    el('p', {}, t('author.problems', { n: problems.length })),
    el(
      'ul',
      {},
      problems.map((p) => el('li', {}, el('code', {}, p.where), ': ', p.message)),
    ),
  );
}
