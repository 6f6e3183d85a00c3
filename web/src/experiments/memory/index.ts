// index.ts — the memory experiment's spec (attention against flash_attention):
// its settings and its run (what the page shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runMemory, type MemoryResult } from './run';
import { SETTINGS, type MemorySettings } from './settings';

/** Memory: the peak memory and time of attention and flash_attention against n. */
export const MEMORY: ExperimentSpec<'memory', MemorySettings, MemoryResult> = { name: 'memory', settings: SETTINGS, run: runMemory };
