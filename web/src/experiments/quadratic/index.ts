// index.ts — the quadratic-cost experiment's spec: its settings and its run
// (what the page shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runQuadratic, type QuadraticResult } from './run';
import { SETTINGS, type QuadraticSettings } from './settings';

/** Quadratic cost: n² score entries and the measured time of one attention call, per n. */
export const QUADRATIC: ExperimentSpec<'quadratic', QuadraticSettings, QuadraticResult> = { name: 'quadratic', settings: SETTINGS, run: runQuadratic };
