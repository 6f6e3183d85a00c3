// patch.ts — a host page's change to the state (the embed API's `set`, the
// widget's `state` trait): a preset and fields by their embed keys, each
// checked as the schema's table says (model/schema.ts), with the same bounds
// as a link. Pure: the page applies the patch with setState.

import { presetById } from './presets';
import { FIELDS, Refused, type Field, type State } from './schema';

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
