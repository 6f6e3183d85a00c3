// page.ts — what the page shows of the h = 1 check: h1.csv, its words and its
// view (a mark, sentences and a table: no chart).

import type { ExperimentPage } from '../spec';
import { H1View } from './view';
import { H1 } from './index';
import { h1Csv } from './report';
import { H1_WORDS } from './words';

/** The h = 1 check's page. */
export const H1_PAGE: ExperimentPage<typeof H1> = {
  spec: H1,
  files: [{ name: 'h1.csv', text: h1Csv }],
  chart: false,
  words: H1_WORDS,
  View: H1View,
};
