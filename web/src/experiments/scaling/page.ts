// page.ts — what the page shows of the scaling experiment: 02-scale.txt and
// scaling.csv, its chart, its words and its view.

import type { ExperimentPage } from '../spec';
import { ScalingView } from './view';
import { SCALING } from './index';
import { scaleCsv, scaleReport } from './report';
import { SCALING_WORDS } from './words';

/** The scaling experiment's page. */
export const SCALING_PAGE: ExperimentPage<typeof SCALING> = {
  spec: SCALING,
  files: [
    { name: '02-scale.txt', text: scaleReport },
    { name: 'scaling.csv', text: scaleCsv },
  ],
  chart: true,
  words: SCALING_WORDS,
  View: ScalingView,
};
