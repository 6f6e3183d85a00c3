// index.ts — the h = 1 check's spec: its settings and its run (what the page
// shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runH1Check, type H1Result } from './run';
import { SETTINGS, type H1Settings } from './settings';

/** h = 1: multi_head with one head equals attention, exactly; each of h > 1 heads is scaled by its own √(d/h). */
export const H1: ExperimentSpec<'h1', H1Settings, H1Result> = { name: 'h1', settings: SETTINGS, run: runH1Check };
