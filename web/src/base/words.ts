// words.ts — a feature's words: its English and its 中文, side by side, with
// the same keys. The type checks that every English key is translated; i18n/
// merges the features' words into its two tables.

/** English words and their 中文: the same keys in both. */
export interface Words<E extends Readonly<Record<string, string>>> {
  readonly en: E;
  readonly zh: { readonly [K in keyof E]: string };
}

/** A feature's words: `zh` must translate every key of `en`, and hold no other (an object literal's excess keys are refused). */
export function words<const E extends Readonly<Record<string, string>>>(en: E, zh: { readonly [K in keyof E]: string }): Words<E> {
  return { en, zh };
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
