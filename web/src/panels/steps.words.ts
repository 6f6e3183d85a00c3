// steps.words.ts — the words of the steps panel: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the steps panel. */
export const STEPS_WORDS = bilingual({
  'steps.title': ['Step by step', '逐步计算'],
  'steps.trace': ['Shapes', '形状'],
});
