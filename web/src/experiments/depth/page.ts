// page.ts — what the page shows of the depth experiment: 11-depth.txt and
// depth.csv, its chart, its words and its view.

import type { ExperimentPage } from '../spec';
import { DepthView } from './view';
import { DEPTH } from './index';
import { depthCsv, depthReport } from './report';
import { DEPTH_WORDS } from './words';

/** The depth experiment's page. */
export const DEPTH_PAGE: ExperimentPage<typeof DEPTH> = {
  spec: DEPTH,
  files: [
    { name: '11-depth.txt', text: depthReport },
    { name: 'depth.csv', text: depthCsv },
  ],
  chart: true,
  words: DEPTH_WORDS,
  View: DepthView,
};
