// field.ts — a field of the playground's state as every channel carries it:
// its type and bounds, and its readers and writer in a share link, an
// attribute of <attention-playground> and the embed API's state patch. The
// table of fields is schema.ts; a one-value field is one line there, built
// by scalar() below, so its bounds are written once.

import { encode, int, oneOf, safeDecode, within } from './url-text';

/** The type and bounds of a one-value field: the same in the link, the attributes and the embed API. */
export type ScalarType =
  { kind: 'enum'; values: readonly string[] } | { kind: 'int'; min: number; max: number } | { kind: 'real'; min: number; max: number } | { kind: 'bool' };

/** A value an embed reader refused, with the reason (matrices name the bad one). */
export class Refused {
  constructor(readonly message: string) {}
}

/** One field of the state and how each channel carries it. */
export interface FieldOf<S, K extends keyof S> {
  /** The key of the state it sets. */
  key: K;
  /** For a one-value field: its type and bounds. */
  type?: ScalarType;
  /** Another name of the field in some channels (causal = a mask of 'causal' or 'none'): not in the link, no initial value of its own. */
  alias?: true;
  /** The value before the user changes anything (not for an alias). */
  initial(): S[K];
  /** The link: the keys it reads, its entries ("key=value", percent-encoded; none at the initial value), and its reader. */
  link: {
    keys: readonly string[];
    write(value: S[K], state: S): string[];
    /** The value of a link's entries (keys with their raw text, separators literal), or undefined when absent or malformed. */
    read(entries: ReadonlyMap<string, string>): S[K] | undefined;
  } | null;
  /** The embed API: its key in a state patch, its reader of a JSON value (undefined or Refused: a bad value), and what a value must be (for a message; a one-value field's comes from its type). */
  embed: { key: string; read(value: unknown): S[K] | undefined | Refused; expects?: string } | null;
  /** The element's attribute: its name, and its reader of the attribute's text given the current value. */
  attr: { name: string; read(text: string, current: S[K]): S[K] | undefined } | null;
}

/** The keys of a state whose values are one string, number or boolean. */
export type ScalarKey<S> = { [K in keyof S]: S[K] extends string | number | boolean ? K : never }[keyof S];

/** A one-value field's text in a link or an attribute: a whole number, a number, one of the values, 1 / 0. */
export function scalarFromText(type: ScalarType, text: string, channel: 'link' | 'attr'): string | number | boolean | undefined {
  switch (type.kind) {
    case 'enum':
      return oneOf(type.values)(text);
    case 'int':
      return int(type.min, type.max)(text);
    case 'real':
      return within([type.min, type.max])(text);
    case 'bool':
      if (text === '1' || (channel === 'attr' && (text === 'true' || text === ''))) return true;
      if (text === '0' || (channel === 'attr' && text === 'false')) return false;
      return undefined;
  }
}

/** A one-value field's JSON value in a state patch, checked against its type and bounds. */
export function scalarFromValue(type: ScalarType, v: unknown): string | number | boolean | undefined {
  switch (type.kind) {
    case 'enum':
      return typeof v === 'string' && type.values.includes(v) ? v : undefined;
    case 'int':
      return Number.isInteger(v) && (v as number) >= type.min && (v as number) <= type.max ? (v as number) : undefined;
    case 'real':
      return typeof v === 'number' && Number.isFinite(v) && v >= type.min && v <= type.max ? v : undefined;
    case 'bool':
      return typeof v === 'boolean' ? v : undefined;
  }
}

/** What a value of a one-value field must be, in words: "a whole number from 1 to 256", "one of none, causal". */
export function typeWords(type: ScalarType): string {
  switch (type.kind) {
    case 'enum':
      return `one of ${type.values.join(', ')}`;
    case 'int':
      return `a whole number from ${type.min} to ${type.max}`;
    case 'real':
      return type.max === Number.MAX_VALUE ? `a number ≥ ${type.min}` : `a number from ${type.min} to ${type.max}`;
    case 'bool':
      return 'true or false';
  }
}

/** A one-value field: link key `url`, attribute `attr` (kebab-case), embed key = the State key. `always`: written to the link even at its initial value. */
export function scalar<S, K extends ScalarKey<S> & string>(key: K, url: string, attr: string, type: ScalarType, initial: S[K], always = false): FieldOf<S, K> {
  const text = (v: S[K]) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  return {
    key,
    type,
    initial: () => initial,
    link: {
      keys: [url],
      write: (v) => (always || v !== initial ? [`${url}=${encode(text(v))}`] : []),
      read: (entries) => {
        const raw = entries.get(url);
        return raw === undefined ? undefined : (scalarFromText(type, safeDecode(raw), 'link') as S[K] | undefined);
      },
    },
    embed: { key, read: (v) => scalarFromValue(type, v) as S[K] | undefined },
    attr: { name: attr, read: (t) => scalarFromText(type, t, 'attr') as S[K] | undefined },
  };
}

/** The types of one-value fields: one of `values`, a whole number or a number in [min, max]. */
export const enumOf = (values: readonly string[]): ScalarType => ({ kind: 'enum', values });
export const ints = (min: number, max: number): ScalarType => ({ kind: 'int', min, max });
export const reals = ([min, max]: readonly [number, number]): ScalarType => ({ kind: 'real', min, max });

/** Is `v` a plain object (not null, not an array)? */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Is `v` a whole number ≥ 0? */
export const whole = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
