// pages.ts — what the page shows of each experiment (experiments/<name>/page.ts:
// its report files, its chart, its words and its view), entry by entry with
// the specs of index.ts (the type refuses a page missing, out of order, or of
// another experiment's result); and the words the experiments panel registers
// when it arrives. Only the panel (and the tests) import this: the worker and
// the first screen never load a report, a word or a view.

import { moduleWords } from '../base/words';
import { DEPTH_PAGE } from './depth/page';
import { H1_PAGE } from './h1/page';
import type { EXPERIMENT_SPECS } from './index';
import { MEMORY_PAGE } from './memory/page';
import { NOTES_WORDS } from './notes.words';
import { PERMUTATION_PAGE } from './permutation/page';
import { QUADRATIC_PAGE } from './quadratic/page';
import { RELATIVE_PAGE } from './relative/page';
import { SCALING_PAGE } from './scaling/page';
import type { PagesOf } from './spec';
import { PROGRESS, PROGRESS_ZH } from './progress.words';
import { EXPERIMENTS_WORDS } from './words';

/** Every experiment's page, in page order. */
export const EXPERIMENT_PAGES: PagesOf<typeof EXPERIMENT_SPECS> = [
  SCALING_PAGE,
  PERMUTATION_PAGE,
  QUADRATIC_PAGE,
  H1_PAGE,
  RELATIVE_PAGE,
  DEPTH_PAGE,
  MEMORY_PAGE,
];

/** The experiments' words the panel registers when it arrives: the cards' shared words, the progress steps, 08-notes.md, and each experiment's own. */
export const EXPERIMENTS_LATER = [EXPERIMENTS_WORDS, moduleWords('', PROGRESS, PROGRESS_ZH), NOTES_WORDS, ...EXPERIMENT_PAGES.map((p) => p.words)] as const;
