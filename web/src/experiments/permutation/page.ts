// page.ts — what the page shows of the permutation experiment: 05-perm.txt and
// permutation.csv, its first heatmap as the chart, its words and its view.

import type { ExperimentPage } from '../spec';
import { PermutationView } from './view';
import { PERMUTATION } from './index';
import { permCsv, permReport } from './report';
import { PERMUTATION_WORDS } from './words';

/** The permutation experiment's page. */
export const PERMUTATION_PAGE: ExperimentPage<typeof PERMUTATION> = {
  spec: PERMUTATION,
  files: [
    { name: '05-perm.txt', text: permReport },
    { name: 'permutation.csv', text: permCsv },
  ],
  chart: true,
  words: PERMUTATION_WORDS,
  View: PermutationView,
};
