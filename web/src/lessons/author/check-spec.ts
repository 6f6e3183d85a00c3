// check-spec.ts — the check form's vocabulary and its pure parts: the kinds a
// teacher picks from, each with its fields (what a field holds, whether the
// kind needs it); the form's texts → the check object (checks.ts's
// checkProblems says what is wrong with it, in the file's own words); a check
// → the form that shows it (one the fields cannot show, such as all / any /
// not / with, is shown as its JSON); the "state" fields of a state; and a
// check tried on what is shown. No DOM.

import { EXPERIMENT_SPECS } from '../../experiments/index';
import { CONFIGS } from '../../model/kv-cache';
import { MASK_MODES, OPERATIONS, POSITIONS, type State } from '../../model/state';
import { NAMES } from '../../model/words';
import { checkProblems, evaluate, isMeasure, type Check, type CheckContext, type Problem } from '../checks';
import { measure, UNITS } from '../measures';
import { asksAnswer } from '../session';

/** What a field holds: a whole number ≥ 0, a number, a text, a piece of a link, cells "i,j; i,j", true/false, a check's JSON, or one of a list. */
export type FieldType = 'index' | 'number' | 'text' | 'patch' | 'cells' | 'bool' | 'json' | readonly string[];

/** One field of a kind's form. */
export interface FieldSpec {
  key: string;
  type: FieldType;
  /** The kind needs it (the form marks it; checkProblems reports it missing). */
  required?: boolean;
}

/** The kinds the form offers: the check language's, and "json" for any check written out. */
export const FORM_KINDS = [
  'weight',
  'largestKey',
  'largestWeight',
  'entropy',
  'futureHidden',
  'visibleKeys',
  'computes',
  'state',
  'sameOutput',
  'sameValues',
  'rowStat',
  'tile',
  'kvCache',
  'experiment',
  'answer',
  'json',
] as const;

/** A kind of the form. */
export type FormKind = (typeof FORM_KINDS)[number];

/** What the form holds: a kind and the texts of its fields, by key (as typed). */
export interface CheckForm {
  kind: FormKind;
  fields: Record<string, string>;
}

const need = (key: string, type: FieldType = 'index'): FieldSpec => ({ key, type, required: true });
const may = (key: string, type: FieldType = 'index'): FieldSpec => ({ key, type });
const RANGE = [may('atLeast', 'number'), may('atMost', 'number')];
/** The results and steps a row's statistic or equal cells are read from. */
const STEP_NAMES = Object.keys(NAMES).filter((k) => k.startsWith('step.'));

/** Each kind's fields, in the order the form shows them. */
export const KIND_FIELDS: Record<FormKind, readonly FieldSpec[]> = {
  weight: [need('row'), need('col'), may('head'), ...RANGE],
  largestKey: [need('row'), may('head'), need('is')],
  largestWeight: [may('row'), may('head'), ...RANGE],
  entropy: [need('row'), may('head'), ...RANGE],
  futureHidden: [],
  visibleKeys: [may('row'), ...RANGE],
  computes: [],
  state: [may('op', OPERATIONS), may('h'), may('H'), may('G'), may('positions', POSITIONS), may('mask', MASK_MODES), may('scale', 'bool')],
  sameOutput: [need('as', 'patch'), need('within', 'number')],
  sameValues: [need('matrix', STEP_NAMES), need('cells', 'cells'), need('within', 'number')],
  rowStat: [need('matrix', STEP_NAMES), need('row'), need('stat', ['mean', 'variance']), ...RANGE],
  tile: [need('value', ['m', 'l', 'rescale', 'tiles']), may('step'), may('row'), ...RANGE],
  kvCache: [
    need(
      'model',
      CONFIGS.map((c) => c.id),
    ),
    need('tokens'),
    need('width'),
    may('unit', UNITS),
    ...RANGE,
  ],
  experiment: [
    need(
      'name',
      EXPERIMENT_SPECS.map((e) => e.name),
    ),
    need('path', 'text'),
    ...RANGE,
  ],
  answer: [may('is', 'number'), need('within', 'number')],
  json: [need('json', 'json')],
};

/** A new form of `kind`. */
export const emptyCheckForm = (kind: FormKind = 'weight'): CheckForm => ({ kind, fields: {} });

/** Is `x` a kind of the form? */
export const isFormKind = (x: unknown): x is FormKind => (FORM_KINDS as readonly unknown[]).includes(x);

/** A number's text as a number, or the text itself when it is not one (so that the check's reader names it). */
function numberOf(text: string): number | string {
  const x = Number(text);
  return Number.isFinite(x) ? x : text;
}

/** "0,0; 1,1" → [[0, 0], [1, 1]], or the text when it is not a list of pairs of numbers. */
function cellsOf(text: string): [number, number][] | string {
  const cells = text
    .split(';')
    .filter((c) => c.trim() !== '')
    .map((c) => c.split(',').map((x) => Number(x.trim())));
  return cells.every((c) => c.length === 2 && c.every((x) => Number.isFinite(x))) ? (cells as [number, number][]) : text;
}

/** A field's value from its text ('' is left out by the caller). */
function valueOf(type: FieldType, text: string): unknown {
  if (type === 'index' || type === 'number') return numberOf(text);
  if (type === 'cells') return cellsOf(text);
  if (type === 'bool') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** What a form builds: the object as built, and the check when it has no problem (problems named from `where`). */
export interface Built {
  value: unknown;
  check: Check | null;
  problems: Problem[];
}

/** The check a form describes, or its problems. */
export function buildCheck(form: CheckForm, where = 'check'): Built {
  let value: unknown;
  if (form.kind === 'json') {
    const text = (form.fields.json ?? '').trim();
    try {
      value = JSON.parse(text);
    } catch (err) {
      return { value: text, check: null, problems: [{ where, message: `is not JSON: ${(err as Error).message}` }] };
    }
  } else {
    const o: Record<string, unknown> = { kind: form.kind };
    for (const f of KIND_FIELDS[form.kind]) {
      const text = (form.fields[f.key] ?? '').trim();
      if (text !== '') o[f.key] = valueOf(f.type, text);
    }
    value = o;
  }
  const problems = checkProblems(value, where);
  return { value, check: problems.length ? null : (value as Check), problems };
}

/** A field's text from its value. */
function textOf(type: FieldType, v: unknown): string {
  if (type === 'cells' && Array.isArray(v)) return v.map((c) => (Array.isArray(c) ? c.join(',') : String(c))).join('; ');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The form that shows `check`: its kind's fields, or its JSON when the fields cannot show it. */
export function formOfCheck(check: Check): CheckForm {
  const kind = check.kind as string;
  if (isFormKind(kind) && kind !== 'json') {
    const specs = KIND_FIELDS[kind];
    const fields: Record<string, string> = {};
    const fits = Object.entries(check).every(([key, v]) => {
      if (key === 'kind') return true;
      const spec = specs.find((s) => s.key === key);
      if (spec) fields[key] = textOf(spec.type, v);
      return spec !== undefined;
    });
    if (fits) return { kind, fields };
  }
  return { kind: 'json', fields: { json: JSON.stringify(check, null, 2) } };
}

/** The form switched to `kind`: the fields both kinds have are kept; to "json", the check as built so far is written out. */
export function withKind(form: CheckForm, kind: FormKind): CheckForm {
  if (kind === form.kind) return form;
  if (kind === 'json') {
    const built = buildCheck(form);
    return { kind, fields: { json: JSON.stringify(built.value, null, 2) } };
  }
  const keys = new Set(KIND_FIELDS[kind].map((f) => f.key));
  return { kind, fields: Object.fromEntries(Object.entries(form.fields).filter(([k]) => keys.has(k))) };
}

/** The fields of a "state" check that hold for `state`: its operation, heads, positions, mask and scaling. */
export function stateFields(state: State): Record<string, string> {
  return { op: state.op, h: String(state.h), positions: state.positions, mask: state.mask, scale: String(state.scale) };
}

/** The paths of the numbers in an experiment's result ("at64.max_unscaled_mean", "points.3.d"), at most `limit`. */
export function numberPaths(x: unknown, limit = 12, prefix = '', out: string[] = []): string[] {
  if (out.length >= limit) return out;
  if (typeof x === 'number') out.push(prefix);
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x).slice(0, 50)) numberPaths(v, limit, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** A check tried on what is shown: whether it holds, the number it measures (or the answer it wants), and whether it asks for an answer. */
export interface Tried {
  holds: boolean;
  measured: number | null;
  asksAnswer: boolean;
}

/** Try `check` in `ctx`; an "answer" check is tried with the answer it wants (the number it measures or its "is"). */
export function tryCheck(check: Check, ctx: CheckContext): Tried {
  const asks = asksAnswer(check);
  try {
    if (check.kind === 'answer') {
      const want = check.of ? measure(check.of, ctx) : (check.is ?? null);
      return { holds: want !== null && evaluate(check, { ...ctx, answer: want }), measured: want, asksAnswer: true };
    }
    return { holds: evaluate(check, ctx), measured: isMeasure(check) ? measure(check, ctx) : null, asksAnswer: asks };
  } catch {
    return { holds: false, measured: null, asksAnswer: asks }; // a check never breaks the page
  }
}
