// lang.ts — the page's languages: English and 简体中文.

/** The supported languages. */
export type Lang = 'en' | 'zh';

/** All supported languages, for the switcher. */
export const LANGS: readonly Lang[] = ['en', 'zh'];
