// i18n.ts — every label, message and report heading in English and 简体中文.
//
// Each feature keeps its words beside it (panels/*.words.ts,
// experiments/**/*words.ts, the operations' descriptors, the figures' and the
// parser's word tables with their 中文); this module only merges them into
// one English and one 中文 table, whose types check that every key is
// translated and that no key is in two features. t(lang, key, vars) looks a
// key up, falls back to English, and fills {name} placeholders. The language
// is chosen by attribute / URL / the browser, switchable, and remembered
// (see pickLanguage).

import { fill } from '../base/fill';
import { mergeWords, moduleWords, PREFIXES, type Words } from '../base/words';
import type { Lang } from '../base/lang';

/** The words' helpers and the languages (base/), re-exported for i18n's importers. */
export { moduleWords, prefixed, PREFIXES, type Prefixed } from '../base/words';
export { LANGS, type Lang } from '../base/lang';
import { APP_WORDS } from '../component/app.words';
import { WORK_WORDS } from '../worker/words';
import { DEFAULT_HEATMAP_WORDS, HEATMAP_ZH } from '../figures/heatmap/words';
import { CHART_ZH, DEFAULT_CHART_WORDS } from '../figures/line-chart/words';
import { DEFAULT_TOKEN_LINES_WORDS, TOKEN_LINES_ZH } from '../figures/token-lines/words';
import { DEFAULT_PLANE_WORDS, PLANE_ZH } from '../figures/vector-plane/words';
import { OP_WORDS } from '../model/ops/index';
import { CELL_MESSAGES, CELL_MESSAGES_ZH, FAILURE_MESSAGES, FAILURE_MESSAGES_ZH, NAMES, NAMES_ZH } from '../model/words';
import { EXPORT_WORDS } from '../panels/export.words';
import { INPUTS_WORDS } from '../panels/inputs.words';
import { MASKS_WORDS } from '../panels/masks.words';
import { OPERATION_WORDS } from '../panels/operation.words';
import { PLANE_PANEL_WORDS } from '../panels/plane.words';
import { POSITIONS_PAGE_WORDS } from '../panels/positions.words';
import { RESULTS_WORDS } from '../panels/results.words';
import { STEPS_WORDS } from '../panels/steps.words';
import { PASTE_MESSAGES, PASTE_MESSAGES_ZH, PASTE_NOTES, PASTE_NOTES_ZH, PASTE_WORDS, PASTE_WORDS_ZH } from '../parse/messages';
import { COPY_WORDS } from '../widgets/copy.words';

/**
 * The words of the first screen's features, and of what every page uses: the page's panels, the operations, the
 * figures, the parser, the core's results. A panel loaded later registers its own when its module arrives
 * (registerWords: the explanation, the tiles, the KV cache, the experiments' reports).
 */
export const WORD_PARTS = {
  app: APP_WORDS,
  operations: OP_WORDS,
  operation: OPERATION_WORDS,
  masks: MASKS_WORDS,
  positions: POSITIONS_PAGE_WORDS,
  inputs: INPUTS_WORDS,
  results: RESULTS_WORDS,
  plane: PLANE_PANEL_WORDS,
  steps: STEPS_WORDS,
  export: EXPORT_WORDS,
  work: WORK_WORDS,
  copy: COPY_WORDS,
  heatmap: moduleWords(PREFIXES.heatmap, DEFAULT_HEATMAP_WORDS, HEATMAP_ZH),
  chart: moduleWords(PREFIXES.chart, DEFAULT_CHART_WORDS, CHART_ZH),
  tokenLines: moduleWords(PREFIXES.tokenLines, DEFAULT_TOKEN_LINES_WORDS, TOKEN_LINES_ZH),
  vectorPlane: moduleWords(PREFIXES.plane, DEFAULT_PLANE_WORDS, PLANE_ZH),
  cells: moduleWords(PREFIXES.cell, CELL_MESSAGES, CELL_MESSAGES_ZH),
  failures: moduleWords(PREFIXES.cell, FAILURE_MESSAGES, FAILURE_MESSAGES_ZH),
  names: moduleWords('', NAMES, NAMES_ZH),
  paste: moduleWords(PREFIXES.paste, PASTE_MESSAGES, PASTE_MESSAGES_ZH),
  pasteNotes: moduleWords(PREFIXES.pasteNote, PASTE_NOTES, PASTE_NOTES_ZH),
  pasteWords: moduleWords(PREFIXES.paste, PASTE_WORDS, PASTE_WORDS_ZH),
} as const;

const ALL = mergeWords(Object.values(WORD_PARTS));

/** The English table: every key of the first screen's features, with its English text (and those registered since). */
export const EN = ALL.en;
/** The 简体中文 table: the same keys, translated (the types check that none is missing). */
export const ZH = ALL.zh;
/** A translation key of the first screen's features. */
export type Key = keyof typeof EN;

const TABLES: Record<Lang, Partial<Record<string, string>>> = { en: { ...EN }, zh: { ...ZH } };
const registered = new Set<Words<Readonly<Record<string, string>>>>(Object.values(WORD_PARTS));

/**
 * Add a feature's words to the tables (a panel's module registers its own when it is loaded); registering the
 * same words again does nothing; a key another feature has is an error (each key has one home).
 */
export function registerWords(...all: Words<Readonly<Record<string, string>>>[]): void {
  for (const w of all) {
    if (registered.has(w)) continue;
    const taken = Object.keys(w.en).find((k) => TABLES.en[k] !== undefined);
    if (taken) throw new Error(`i18n: the key "${taken}" is already another feature's`);
    registered.add(w);
    Object.assign(TABLES.en, w.en);
    Object.assign(TABLES.zh, w.zh);
  }
}

/** Every key the tables hold now (the first screen's, and those registered since). */
export function keysNow(): string[] {
  return Object.keys(TABLES.en);
}

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
