// check-form.ts — the check of an exercise as a small form: a select of the
// kinds (check-spec.ts's FORM_KINDS), then that kind's fields (a number, a
// list to choose from, a piece of a link, cells, the JSON of any check),
// written back into the exercise form as the teacher types; a "state" check
// can take its fields from the state shown, an "experiment" check lists the
// numbers of the experiment's last result.

import type { State } from '../../model/state';
import { el, replaceChildren } from '../../widgets/dom';
import { FORM_KINDS, KIND_FIELDS, numberPaths, stateFields, withKind, type CheckForm, type FieldSpec, type FormKind } from './check-spec';
import { button, selectField, textField, type Translate } from './fields';

/** What the check form is given. */
export interface CheckFormOwner {
  t: Translate;
  /** The form's contents (changed in place; `set` when the kind changes). */
  form(): CheckForm;
  set(form: CheckForm): void;
  /** A field changed: keep the draft, try the check again. */
  changed(): void;
  state(): State;
  results(): Readonly<Record<string, unknown>>;
}

/** The keys whose field has a line saying what it takes. */
const HINTED = new Set(['cells', 'as', 'path', 'json', 'is', 'within']);

/** One field of the kind's form. */
function fieldOf(o: CheckFormOwner, spec: FieldSpec, redraw: () => void): HTMLElement {
  const { t } = o;
  const fields = o.form().fields;
  const label = t(`author.field.${spec.key}`);
  const testid = `author-check-${spec.key}`;
  let hint = HINTED.has(spec.key) ? t(`author.fieldHint.${spec.key}`) : undefined;
  if (spec.key === 'path') {
    const paths = numberPaths(o.results()[fields.name ?? '']);
    hint = paths.length ? t('author.fieldHint.pathsOf', { paths: paths.join(', ') }) : hint;
  }
  const set = (v: string) => {
    if (v === '') delete fields[spec.key];
    else fields[spec.key] = v;
    o.changed();
    if (spec.key === 'name') redraw(); // the paths of its result
  };
  const value = fields[spec.key] ?? '';
  const { type, required } = spec;
  if (typeof type !== 'string' || type === 'bool') {
    const values = type === 'bool' ? ['true', 'false'] : type;
    const options: [string, string][] = [['', t(required ? 'author.choose' : 'author.notSet')], ...values.map((v): [string, string] => [v, v])];
    return selectField({ label, value, options, onChange: set, testid, required });
  }
  const numeric = type === 'index' || type === 'number';
  return textField({
    label,
    value,
    onInput: set,
    testid,
    hint,
    required,
    narrow: numeric,
    inputmode: type === 'index' ? 'numeric' : numeric ? 'decimal' : undefined,
    multiline: type === 'json',
    placeholder: type === 'patch' ? 'h=1&op=multi_head' : type === 'cells' ? '0,0; 1,1' : undefined,
  });
}

/** The check form. */
export function checkForm(o: CheckFormOwner): HTMLElement {
  const { t } = o;
  const fieldsBox = el('div', { class: 'author-row author-check-fields' });
  const draw = () => {
    const form = o.form();
    const specs = KIND_FIELDS[form.kind];
    replaceChildren(
      fieldsBox,
      specs.map((s) => fieldOf(o, s, draw)),
      specs.length === 0 ? el('p', { class: 'author-hint' }, t('author.noFields')) : null,
      form.kind === 'state'
        ? button(
            t('author.fromState'),
            () => {
              Object.assign(form.fields, stateFields(o.state()));
              o.changed();
              draw();
              fieldsBox.querySelector<HTMLElement>('[data-testid="author-check-from-state"]')?.focus();
            },
            { class: 'btn-small', 'data-testid': 'author-check-from-state' },
          )
        : null,
    );
  };
  const kind = selectField({
    label: t('author.checkKind'),
    value: o.form().kind,
    options: FORM_KINDS.map((k) => [k, t(`author.kind.${k}`)] as const),
    testid: 'author-check-kind',
    onChange: (v) => {
      o.set(withKind(o.form(), v as FormKind));
      o.changed();
      draw();
    },
  });
  draw();
  return el('fieldset', { class: 'author-check', 'data-testid': 'author-check' }, el('legend', {}, t('author.check')), kind, fieldsBox);
}
