// words.ts — a feature's words: its English and its 中文, side by side, with
// the same keys (bilingual: one line a key). The type checks that every
// English key is translated; i18n/ merges the features' words into its two
// tables.

/** English words and their 中文: the same keys in both. */
export interface Words<E extends Readonly<Record<string, string>>> {
  readonly en: E;
  readonly zh: { readonly [K in keyof E]: string };
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** One table with every key of a union of tables. */
type Merged<U> = Extract<{ [K in keyof UnionToIntersection<U>]: string }, Readonly<Record<string, string>>>;

/** Several features' words as one (their keys must not overlap: a later one would win). */
export function mergeWords<W extends Words<Readonly<Record<string, string>>>>(all: readonly W[]): Words<Merged<W['en']>> {
  const en = Object.assign({}, ...all.map((w) => w.en)) as Merged<W['en']>;
  const zh = Object.assign({}, ...all.map((w) => w.zh)) as Words<Merged<W['en']>>['zh'];
  return { en, zh };
}

/** A feature's words written side by side, each key with its English and its 中文: `{ 'tiles.next': ['Next tile', '下一块'] }`. */
export function bilingual<const T extends Readonly<Record<string, readonly [string, string]>>>(pairs: T): Words<{ readonly [K in keyof T]: string }> {
  const en = {} as Record<string, string>;
  const zh = {} as Record<string, string>;
  for (const [key, [e, z]] of Object.entries(pairs)) [en[key], zh[key]] = [e, z];
  return { en, zh } as Words<{ readonly [K in keyof T]: string }>;
}

/** The key prefix of each module's word table, e.g. the heatmap's `table` is 'hm.table'. */
export const PREFIXES = {
  heatmap: 'hm.',
  chart: 'lc.',
  tokenLines: 'tl.',
  plane: 'vp.',
  cell: 'cell.',
  paste: 'paste.',
  pasteNote: 'paste.note.',
} as const;

/** A table with its keys under the prefix P: Prefixed<'hm.', { table: string }> is { 'hm.table': string }. */
export type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}${K}`]: T[K] };

/** A table's entries with their keys under `prefix`: prefixed('hm.', { table: 'Table' }) is { 'hm.table': 'Table' }. */
export function prefixed<P extends string, T extends Readonly<Record<string, string>>>(prefix: P, table: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [prefix + key, text])) as Prefixed<P, T>;
}

/** A module's English table and its 中文, under one prefix. */
export function moduleWords<P extends string, E extends Readonly<Record<string, string>>>(prefix: P, en: E, zh: { readonly [K in keyof E]: string }) {
  return { en: prefixed(prefix, en), zh: prefixed(prefix, zh) } as unknown as Words<Prefixed<P, { readonly [K in keyof E]: string }>>;
}
