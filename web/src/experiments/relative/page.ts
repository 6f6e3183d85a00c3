// page.ts — what the page shows of the relative-position experiment:
// 10-rope.txt and relative.csv, its RoPE heatmap as the chart, its words and
// its view.

import type { ExperimentPage } from '../spec';
import { RelativeView } from './view';
import { RELATIVE } from './index';
import { relativeCsv, relativeReport } from './report';
import { RELATIVE_WORDS } from './words';

/** The relative-position experiment's page. */
export const RELATIVE_PAGE: ExperimentPage<typeof RELATIVE> = {
  spec: RELATIVE,
  files: [
    { name: '10-rope.txt', text: relativeReport },
    { name: 'relative.csv', text: relativeCsv },
  ],
  chart: true,
  words: RELATIVE_WORDS,
  View: RelativeView,
};
