// attributes.ts — the state an <attention-playground>'s attributes ask for:
// `preset` first, then `state` (the share link's form), then every field of
// the state that has an attribute in the schema's table (model/schema.ts),
// each read with the same bounds as the link; a bad value is left out with a
// warning in the console.

import { ensureInputs, presetById } from '../model/presets';
import { cloneState, FIELDS, parse, type Field, type State } from '../model/state';

/** The attributes that set a field of the state (the schema's table), by name. */
export const FIELD_ATTRIBUTES: ReadonlyMap<string, Field> = new Map(FIELDS.flatMap((f) => (f.attr ? [[f.attr.name, f] as const] : [])));

/** The state `el`'s attributes ask for, on top of `base`. */
export function stateFromAttributes(el: Element, base: State): State {
  const s = cloneState(base);
  const preset = presetById(el.getAttribute('preset') ?? '');
  if (preset) Object.assign(s, preset.build());
  // the whole state in its URL-hash form; the attributes below refine it
  const full = el.getAttribute('state');
  if (full) Object.assign(s, parse(full));
  for (const [name, field] of FIELD_ATTRIBUTES) {
    const text = el.getAttribute(name);
    if (text === null || !field.attr) continue;
    const value = field.attr.read(text, s[field.key]);
    if (value === undefined) console.warn(`attention-playground: the ${name} attribute "${text.slice(0, 80)}" is not a valid value; it is left out`);
    else (s as unknown as Record<string, unknown>)[field.key] = value;
  }
  ensureInputs(s);
  return s;
}
