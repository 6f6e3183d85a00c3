// patch.ts — a host page's change to the state (the embed API's `set`, the
// widget's `state` trait): a preset and fields by their embed keys, each
// checked as the schema's table says (model/schema.ts), with the same bounds
// as a link; and the element's own setState patch (fields by their State
// keys), checked the same way. Pure: the page applies the patch with setState.

import { presetById } from './presets';
import { FIELDS, Refused, type Field, type State } from './schema';
import { isObject, typeWords } from './field';

/** The fields a state patch may set, by embed key (the schema's table: the same bounds as the link's). */
const PATCH_FIELDS: ReadonlyMap<string, Field> = new Map(FIELDS.flatMap((f) => (f.embed ? [[f.embed.key, f] as const] : [])));

/**
 * Turn a host's `{ state, preset }` into a patch for setState (pure). Every key
 * given replaces that key; `matrices` replaces all matrices (what the operation
 * needs and is missing is filled in, as when the operation changes).
 */
export function statePatch(state: unknown, preset?: unknown): { ok: true; patch: Partial<State> } | { ok: false; message: string } {
  const patch: Partial<State> = {};
  if (preset !== undefined) {
    const id = typeof preset === 'string' ? preset : (JSON.stringify(preset) ?? typeof preset);
    const p = presetById(id);
    if (!p) return { ok: false, message: `unknown preset "${id}"` };
    Object.assign(patch, p.build());
  }
  if (state === undefined || state === null) return { ok: true, patch };
  if (typeof state !== 'object' || Array.isArray(state)) return { ok: false, message: 'state must be an object' };
  for (const [key, v] of Object.entries(state as Record<string, unknown>)) {
    const field = PATCH_FIELDS.get(key);
    if (!field?.embed) return { ok: false, message: `unknown state key "${key}"` };
    const value = field.embed.read(v);
    if (value instanceof Refused) return { ok: false, message: value.message };
    if (value === undefined) return { ok: false, message: `bad value for ${key}: ${JSON.stringify(v)}` };
    Object.assign(patch, { [field.key]: value });
  }
  return { ok: true, patch };
}

/** The fields the element's setState takes, by State key, and an alias by its own name (`causal`, as the element's attribute and the embed API). */
const STATE_FIELDS: ReadonlyMap<string, Field> = new Map(FIELDS.flatMap((f) => (f.embed ? [[f.alias ? f.embed.key : (f.key as string), f] as const] : [])));

/** A value as a message shows it: its JSON, at most 80 characters. */
function shown(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v); // a BigInt, a cycle
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The element's setState patch (State keys; a matrix as its rows or its source), every field read as the embed
 * API reads it: the schema's table, the same bounds as a link. A key that is no field of the state, or a value
 * its field does not take, is a TypeError naming both and what the field takes; the page then changes nothing.
 * A key whose value is undefined is left out.
 */
export function checkedPatch(patch: unknown): Partial<State> {
  if (!isObject(patch)) throw new TypeError(`setState: the patch must be an object of state fields, got ${shown(patch)}`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const field = STATE_FIELDS.get(key);
    if (!field?.embed) throw new TypeError(`setState: unknown state field "${key}"`);
    const value = field.embed.read(v);
    if (value instanceof Refused) throw new TypeError(`setState: ${value.message}`);
    const expects = field.type ? typeWords(field.type) : field.embed.expects;
    if (value === undefined) throw new TypeError(`setState: bad value for ${key}: ${shown(v)}${expects ? ` (${expects})` : ''}`);
    out[field.key] = value;
  }
  return out;
}
