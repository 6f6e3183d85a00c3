// later.words.ts — the experiments' words, registered by the experiments
// panel when it is loaded: its cards (experiments.words.ts), the progress of
// a run (words.ts), the report files (reports.words.ts), experiments 5 and 7
// (positions.words.ts), experiment 8 (memory.words.ts) and experiment 6
// (depth.words.ts).

import { moduleWords } from '../base/words';
import { DEPTH_WORDS, DEPTH_ZH } from './depth.words';
import { EXPERIMENTS_WORDS } from './experiments.words';
import { MEMORY_WORDS } from './memory.words';
import { POSITIONS_EXPERIMENT_WORDS } from './positions.words';
import { REPORTS_WORDS } from './reports.words';
import { PROGRESS, PROGRESS_ZH } from './words';

/** The experiments' words the panel registers when it arrives. */
export const EXPERIMENTS_LATER = [
  EXPERIMENTS_WORDS,
  moduleWords('', PROGRESS, PROGRESS_ZH),
  REPORTS_WORDS,
  POSITIONS_EXPERIMENT_WORDS,
  MEMORY_WORDS,
  moduleWords('', DEPTH_WORDS, DEPTH_ZH),
] as const;
