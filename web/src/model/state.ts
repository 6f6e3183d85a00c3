// state.ts — the whole playground state and its URL form.
//
// Every field is listed once in the schema's table (schema.ts: FIELDS) with
// its type, bounds, initial value and link key; parse() and serialize() walk
// it, are pure and inverse to each other, so a link reproduces the view
// exactly. Matrices keep the text the user typed in each cell (never lose an
// edit), or a seeded random generator (short links).
//
// Neither can break the page: parse() reads any string (malformed entries
// keep their defaults, rows keep the lengths the link gives them, a random
// source keeps its size however large: compute.ts reports what the core
// cannot take), and serialize() writes any state, in printable ASCII. Text is
// kept well-formed: a lone surrogate (half of a UTF-16 pair, which
// encodeURIComponent refuses) becomes U+FFFD "�" when read and when written,
// the one place where the two are not inverse. A link is read leniently;
// parseStored() reads the copy kept in localStorage strictly, so that a
// damaged one is noticed (and discarded by the page).

import { defaultState, FIELDS, type State } from './schema';
import { literalSeparators } from './url-text';

/** The state's type, its table and its parts (schema.ts, options.ts, source.ts, ops/ids.ts), re-exported for the state's importers. */
export * from './options';
export { defaultState, FIELDS, boundsOf, Q_LENGTH_RANGE, TEMPERATURE_RANGE, type Field, type MatrixName, type State, type WeightsView } from './schema';
export { cellsOf, type MatrixSource } from './source';
export { OPERATIONS, type Operation } from './ops/ids';
export { literalSeparators, wellFormed } from './url-text';

/** State → the URL hash (without '#'), in printable ASCII. Only values that differ from the initial ones are written (and the operation); matrices always are. Never throws. */
export function serialize(state: State): string {
  const parts: string[] = [];
  for (const f of FIELDS) if (f.link) parts.push(...f.link.write(state[f.key], state));
  return parts.join('&');
}

/** The URL hash (with or without '#') → a State; unknown or malformed entries keep their defaults. Never throws. */
export function parse(hash: string): State {
  const state = defaultState();
  const text = literalSeparators(hash.startsWith('#') ? hash.slice(1) : hash, '&=');
  if (text === '') return state;
  const entries = new Map<string, string>();
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) entries.set(part.slice(0, eq), part.slice(eq + 1));
  }
  for (const f of FIELDS) {
    const v = f.link?.read(entries);
    if (v !== undefined) (state as unknown as Record<string, unknown>)[f.key] = v;
  }
  return state;
}

/** The URL keys parse() reads (a key ending in '.' is a prefix: the experiment settings "x.…"). */
const URL_KEYS: ReadonlySet<string> = new Set(FIELDS.flatMap((f) => f.link?.keys ?? []));

/** Is `part` an entry key=value with a key parse() reads? */
function isEntry(part: string): boolean {
  const eq = part.indexOf('=');
  const key = part.slice(0, eq);
  return eq > 0 && (URL_KEYS.has(key) || key.startsWith('x.'));
}

/**
 * The state the page keeps in localStorage ('#' + serialize(state)), or null when the text is not one: not
 * '#' and printable ASCII (all serialize() writes), or an entry that is not key=value with a key parse() reads.
 * A link is read leniently (parse); the stored copy strictly, so that a damaged one is noticed and discarded.
 */
export function parseStored(text: string): State | null {
  if (!/^#[\x21-\x7e]+$/.test(text) || !text.slice(1).split('&').every(isEntry)) return null;
  return parse(text);
}

/**
 * A copy to change. Matrix sources are shared, not copied: they are treated as
 * immutable values (an edit always makes a new source), which keeps an update
 * cheap and lets editors skip a matrix whose source did not change.
 */
export function cloneState(s: State): State {
  return {
    ...s,
    customMask: s.customMask.map((row) => [...row]),
    maskParams: { ...s.maskParams, globals: [...s.maskParams.globals] },
    planeDims: [...s.planeDims],
    tokens: [...s.tokens],
    matrices: { ...s.matrices },
    experiments: { ...s.experiments },
  };
}
