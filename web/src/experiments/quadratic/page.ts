// page.ts — what the page shows of the quadratic-cost experiment: quadratic.csv,
// its time chart, its words and its view.

import type { ExperimentPage } from '../spec';
import { QuadraticView } from './view';
import { QUADRATIC } from './index';
import { quadCsv } from './report';
import { QUADRATIC_WORDS } from './words';

/** The quadratic-cost experiment's page. */
export const QUADRATIC_PAGE: ExperimentPage<typeof QUADRATIC> = {
  spec: QUADRATIC,
  files: [{ name: 'quadratic.csv', text: quadCsv }],
  chart: true,
  words: QUADRATIC_WORDS,
  View: QuadraticView,
};
