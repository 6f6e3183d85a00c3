// settings.ts — what every experiment's settings share: the progress
// callback, and the settings validation (field readers, per-field messages,
// SettingsError). Each experiment's own validator is in its folder
// (experiments/<name>/settings.ts).
//
// A validator reads raw field values (numbers or the text of an input) and
// returns the settings as numbers, or one message per bad field. The bounds
// are the C++ core's (core.limits()), never a copy of them.

import { loadedLimits, type Limits } from '../core/core';
import { fill } from '../base/fill';
import { PROGRESS, type ProgressKey } from './progress.words';
export type { ProgressKey };

/**
 * Called after each step of a run: step of total done, and what comes next or
 * just ran — in English (`label`) and as an i18n key with its variables.
 */
export type ProgressFn = (step: number, total: number, label: string, key?: ProgressKey, vars?: Record<string, number>) => void;

/** Tell `onProgress` about a step, in English and by key. */
export function progress(onProgress: ProgressFn, step: number, total: number, key: ProgressKey, vars: Record<string, number> = {}): void {
  const label = fill(PROGRESS[key], vars);
  onProgress(step, total, label, key, vars);
}

/** Per-field messages of a rejected settings object. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A validator's answer: the settings as numbers, or a message per bad field. */
export type Validation<T> = { ok: true; settings: T } | { ok: false; errors: FieldErrors<T> };

/** Raw field values as a form holds them: numbers, text, arrays, or missing (→ default). */
export type RawInput<T> = { [K in keyof T]?: unknown };

/** A validator: raw fields in, checked against the core's limits (by default those of the core loaded in this thread). */
export type Validator<T> = (input?: RawInput<T>, limits?: Limits) => Validation<T>;

/** Thrown by runExperiment() (and rejected by ExperimentClient.run) for bad settings. */
export class SettingsError extends Error {
  /** One message per bad field, to show next to it. */
  readonly errors: Record<string, string>;
  constructor(experiment: string, errors: Record<string, string>) {
    super(
      `${experiment}: ${Object.entries(errors)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
    );
    this.name = 'SettingsError';
    this.errors = errors;
  }
}

/** The limits of the core loaded in this thread (loadCore()); a validator's default. */
export function currentLimits(): Limits {
  const limits = loadedLimits();
  if (!limits) throw new Error('experiment settings are checked against the core’s limits: load the core (loadCore()) first, or pass core.limits()');
  return limits;
}

// ---------------------------------------------------------------- field readers

/** One field read: its value, or the message to show next to it. */
export type Read<T> = { value: T } | { error: string };

/** A bad value as a message quotes it. */
export function shown(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x.length > 24 ? x.slice(0, 24) + '…' : x);
  if (Array.isArray(x)) return 'a list';
  return String(x);
}

/** A whole number in [min, max] from a number or its text ("64", " 1e3 "); `where` follows the value ("(entry 3)"). */
export function readWhole(name: string, raw: unknown, min: number, max: number, where = ''): Read<number> {
  const at = where ? ` ${where}` : '';
  let x: number;
  if (typeof raw === 'number') x = raw;
  else if (typeof raw === 'string' && raw.trim() !== '') x = Number(raw.trim().replace('\u2212', '-'));
  else return { error: `${name}${at}: ${raw === '' || raw === undefined || raw === null ? 'empty' : shown(raw)} is not a number` };
  if (Number.isNaN(x)) return { error: `${name}${at}: ${shown(raw)} is not a number` };
  if (!Number.isFinite(x)) return { error: `${name} = ${x}${at} must be a finite number` };
  if (!Number.isInteger(x)) return { error: `${name} = ${x}${at} must be a whole number` };
  if (x < min) return { error: `${name} = ${x}${at} must be at least ${min}` };
  if (x > max) return { error: `${name} = ${x}${at} is over the limit of ${max}` };
  return { value: x };
}

/** A list of whole numbers from an array or text ("1, 2, 4" / "1 2 4" / "[1,2,4]"). */
export function readList(name: string, raw: unknown, min: number, max: number, item: string): Read<number[]> {
  let parts: unknown[];
  if (Array.isArray(raw)) parts = raw;
  else if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) parts = Array.from(raw as unknown as ArrayLike<number>);
  else if (typeof raw === 'string') {
    const body = raw
      .trim()
      .replace(/^\[|\]$/g, '')
      .trim();
    parts = body === '' ? [] : body.split(/[\s,;]+/);
  } else return { error: `${name}: ${shown(raw)} is not a list of numbers` };
  const out: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const r = readWhole(item, parts[i], min, max, `(entry ${i + 1})`);
    if ('error' in r) return { error: r.error };
    out.push(r.value);
  }
  return { value: out };
}

/** One of `choices`, by its exact text. */
export function readChoice<T extends string>(name: string, raw: unknown, choices: readonly T[]): Read<T> {
  if (typeof raw === 'string' && (choices as readonly string[]).includes(raw)) return { value: raw as T };
  return { error: `${name}: ${shown(raw)} must be one of ${choices.join(', ')}` };
}

/** true / false, also as a form's text ("on", "1", "false", ""). */
export function readBool(name: string, raw: unknown): Read<boolean> {
  if (typeof raw === 'boolean') return { value: raw };
  if (raw === 'true' || raw === 'on' || raw === '1') return { value: true };
  if (raw === 'false' || raw === 'off' || raw === '0' || raw === '') return { value: false };
  return { error: `${name}: ${shown(raw)} must be true or false` };
}

/** Collect readers field by field; missing fields take the default. */
export function collect<T extends object>(
  input: RawInput<T> | undefined,
  defaults: T,
  readers: { [K in keyof T]: (raw: unknown) => Read<T[K]> },
): Validation<T> {
  const settings = { ...defaults };
  const errors: FieldErrors<T> = {};
  for (const key of Object.keys(readers) as (keyof T)[]) {
    const raw = input?.[key];
    if (raw === undefined) continue;
    const r = readers[key](raw);
    if ('error' in r) errors[key] = r.error;
    else settings[key] = r.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, settings };
}
