// settings.ts — the training form as data: one table of its fields (name,
// kind, bounds, default, link key), the pure reading of the typed texts into
// a TinyConfig and TrainSettings (each problem named at its field), and the
// link's form: the texts that differ from the defaults, kept in the state's
// experiment settings under "train.<field>" (a link says x.train.steps=500),
// so a shared link fills the same form and Train trains the same model.

import type { TaskName, TinyConfig, TrainSettings } from '../../training/types';

/** The tasks, in menu order. */
export const TASKS: readonly TaskName[] = ['induction_random', 'induction', 'copy', 'reverse', 'previous_token'];

/** A field of the form. */
export type FieldName = 'task' | 'layers' | 'heads' | 'dModel' | 'vocab' | 'context' | 'seed' | 'lr' | 'steps';

/** One field: its kind and bounds, and its initial text. */
export interface FormField {
  name: FieldName;
  kind: 'task' | 'int' | 'real';
  min: number;
  max: number;
  initial: string;
}

/** Every field, in form order. The defaults are the trained checkpoint's: its phase change shows in about 4000 steps. */
export const FORM_FIELDS: readonly FormField[] = [
  { name: 'task', kind: 'task', min: 0, max: 0, initial: 'induction_random' },
  { name: 'layers', kind: 'int', min: 1, max: 2, initial: '2' },
  { name: 'heads', kind: 'int', min: 1, max: 4, initial: '2' },
  { name: 'dModel', kind: 'int', min: 8, max: 64, initial: '32' },
  { name: 'vocab', kind: 'int', min: 2, max: 64, initial: '64' },
  { name: 'context', kind: 'int', min: 2, max: 64, initial: '32' },
  { name: 'seed', kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, initial: '1' },
  { name: 'lr', kind: 'real', min: 0, max: 1, initial: '0.003' },
  { name: 'steps', kind: 'int', min: 1, max: 20000, initial: '4000' },
];

/** The run's settings the form does not offer (the checkpoint's). */
export const FIXED = { batch: 32, layerNorm: false, positions: 'learned', initStd: 0.02 } as const;

/** The texts of the form, by field. */
export type FormTexts = Record<FieldName, string>;

/** A problem of one field: a word's key and its variables. */
export interface FieldProblem {
  field: FieldName;
  key: string;
  vars?: Record<string, string | number>;
}

/** What the form says: a config and settings to train, or the problems. */
export type FormReading = { ok: true; config: TinyConfig; settings: TrainSettings } | { ok: false; problems: FieldProblem[] };

/** The initial texts. */
export function defaultTexts(): FormTexts {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f.name, f.initial])) as FormTexts;
}

/** One number field's value, or its problem. */
function readNumber(f: FormField, text: string): number | FieldProblem {
  const t = text.trim();
  const x = t === '' ? NaN : Number(t);
  if (t === '') return { field: f.name, key: 'train.err.empty' };
  if (!Number.isFinite(x)) return { field: f.name, key: 'train.err.number', vars: { text: t } };
  if (f.kind === 'int' && !Number.isInteger(x)) return { field: f.name, key: 'train.err.whole', vars: { text: t } };
  if (f.kind === 'real' && x <= f.min) return { field: f.name, key: 'train.err.positive', vars: { text: t } };
  if (x < f.min) return { field: f.name, key: 'train.err.small', vars: { text: t, min: f.min } };
  if (x > f.max) return { field: f.name, key: 'train.err.large', vars: { text: t, max: f.max } };
  return x;
}

/** The rules between fields (cpp/tasks.h, cpp/tiny_transformer.h): heads divide d_model, an even context, enough tokens. */
function crossProblems(v: Record<FieldName, number>, task: TaskName): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (v.dModel % v.heads !== 0) out.push({ field: 'heads', key: 'train.err.divide', vars: { heads: v.heads, d: v.dModel } });
  if ((task === 'induction' || task === 'copy' || task === 'reverse') && v.context % 2 !== 0)
    out.push({ field: 'context', key: 'train.err.even', vars: { context: v.context } });
  if (task === 'induction_random' && v.vocab < Math.ceil(v.context / 2) + 1)
    out.push({ field: 'vocab', key: 'train.err.vocab', vars: { least: Math.ceil(v.context / 2) + 1, context: v.context } });
  return out;
}

/** The texts → a config and settings, or every problem (at most one per field). Never throws. */
export function readForm(texts: FormTexts): FormReading {
  const problems: FieldProblem[] = [];
  const values = {} as Record<FieldName, number>;
  const task = TASKS.find((x) => x === texts.task);
  if (!task) problems.push({ field: 'task', key: 'train.err.task', vars: { text: texts.task } });
  for (const f of FORM_FIELDS) {
    if (f.kind === 'task') continue;
    const r = readNumber(f, texts[f.name] ?? '');
    if (typeof r === 'number') values[f.name] = r;
    else problems.push(r);
  }
  if (problems.length || !task) return { ok: false, problems };
  const cross = crossProblems(values, task);
  if (cross.length) return { ok: false, problems: cross };
  const config: TinyConfig = {
    layers: values.layers,
    heads: values.heads,
    dModel: values.dModel,
    vocab: values.vocab,
    context: values.context,
    layerNorm: FIXED.layerNorm,
    positions: FIXED.positions,
    seed: values.seed,
    initStd: FIXED.initStd,
  };
  const settings: TrainSettings = { task, batch: FIXED.batch, steps: values.steps, seed: values.seed, lr: values.lr };
  return { ok: true, config, settings };
}

/** A config and settings → the form's texts (a loaded checkpoint fills the form). */
export function textsOf(config: TinyConfig, settings: TrainSettings): FormTexts {
  return {
    task: settings.task,
    layers: String(config.layers),
    heads: String(config.heads),
    dModel: String(config.dModel),
    vocab: String(config.vocab),
    context: String(config.context),
    seed: String(settings.seed),
    lr: String(settings.lr),
    steps: String(settings.steps),
  };
}

/** The prefix of the form's keys in the state's experiment settings (the link's x.train.…). */
export const LINK_PREFIX = 'train.';

/** The form's texts in the state's experiment settings (a missing key: the default). */
export function textsFromLink(experiments: Readonly<Record<string, string>>): FormTexts {
  const texts = defaultTexts();
  for (const f of FORM_FIELDS) {
    const v = experiments[LINK_PREFIX + f.name];
    if (v !== undefined) texts[f.name] = v.slice(0, 40);
  }
  return texts;
}

/** The experiment settings with the form's texts: those that differ from the defaults, the others removed. */
export function linkWith(experiments: Readonly<Record<string, string>>, texts: FormTexts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(experiments)) if (!k.startsWith(LINK_PREFIX)) out[k] = v;
  for (const f of FORM_FIELDS) if (texts[f.name] !== f.initial) out[LINK_PREFIX + f.name] = texts[f.name];
  return out;
}

/** One step's work, roughly: the layers' projections and attention, and the unembedding (times the batch). */
function stepWork(c: TinyConfig): number {
  const { layers: L, dModel: d, context: T, vocab: V } = c;
  return FIXED.batch * (L * (4 * d * d * T + 2 * T * T * d) + 2 * T * d * V);
}

/** The defaults' steps per second in a browser (Chromium on a 2-core machine: 3506 steps in 31.9 s; natively about 140). */
const DEFAULT_SPEED = 100;
const DEFAULT_WORK = stepWork(readDefault());

/** The default config (the table's initial texts are valid). */
function readDefault(): TinyConfig {
  const r = readForm(defaultTexts());
  if (!r.ok) throw new Error('training: the default form is not valid');
  return r.config;
}

/** How much faster the defaults run on two threads in a page that allows them (Chromium, 2 cores: 123 against 102–104 steps/s). */
const TWO_THREADS_GAIN = 1.2;

/** The expected time of a run in seconds: the defaults' speed, scaled by one step's work (and with `threads` = 2, the build with threads' gain). */
export function expectedSeconds(config: TinyConfig, steps: number, threads = 1): number {
  const speed = DEFAULT_SPEED * (threads >= 2 ? TWO_THREADS_GAIN : 1);
  return Math.max(1, Math.round((steps * stepWork(config)) / (speed * DEFAULT_WORK)));
}
