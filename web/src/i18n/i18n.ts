// i18n.ts — every label, message and report heading in English and 简体中文.
//
// t(lang, key, vars) looks a key up, falls back to English, and fills
// {name} placeholders. The language is chosen by attribute / URL / the
// browser, switchable, and remembered (see pickLanguage). The tables are
// en.ts (built from the modules' own word tables) and zh.ts.

import { EN, type Key } from './en';
import { fill } from '../base/fill';
import { ZH } from './zh';

/** The 中文 table (zh.ts) and the key type (en.ts), re-exported for the tests and the panels. */
export { ZH, type Key };

/** The supported languages. */
export type Lang = 'en' | 'zh';

/** All supported languages, for the switcher. */
export const LANGS: readonly Lang[] = ['en', 'zh'];

const TABLES: Record<Lang, Partial<Record<string, string>>> = { en: EN, zh: ZH };

/** Translate `key` into `lang`, filling {placeholders} from `vars`. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return fill(TABLES[lang][key] ?? TABLES.en[key] ?? key, vars);
}

/** Is `x` a supported language code? */
export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'zh';
}

const STORAGE_KEY = 'attention-playground.lang';

/** The language to use: explicit choice, then the remembered one, then the browser's. */
export function pickLanguage(explicit?: string | null): Lang {
  if (explicit) {
    const e = explicit.toLowerCase();
    if (e.startsWith('zh')) return 'zh';
    if (e.startsWith('en')) return 'en';
  }
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    // storage may be blocked (sandboxed iframe, file://)
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Remember the user's language choice. */
export function rememberLanguage(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // ignore: remembering is a convenience
  }
}

/** Every key, for tests that check both tables are complete. */
export const KEYS = Object.keys(EN) as Key[];
