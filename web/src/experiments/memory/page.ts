// page.ts — what the page shows of the memory experiment: 12-memory.txt and
// memory.csv, its memory chart, its words and its view.

import type { ExperimentPage } from '../spec';
import { MemoryView } from './view';
import { MEMORY } from './index';
import { memoryCsv, memoryReport } from './report';
import { MEMORY_WORDS } from './words';

/** The memory experiment's page. */
export const MEMORY_PAGE: ExperimentPage<typeof MEMORY> = {
  spec: MEMORY,
  files: [
    { name: '12-memory.txt', text: memoryReport },
    { name: 'memory.csv', text: memoryCsv },
  ],
  chart: true,
  words: MEMORY_WORDS,
  View: MemoryView,
};
