// index.ts — the depth experiment's spec (rank collapse): its settings and its
// run (what the page shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runDepth, type DepthResult } from './run';
import { SETTINGS, type DepthSettings } from './settings';

/** Depth: attention alone collapses to rank one, the residual connection keeps the tokens apart. */
export const DEPTH: ExperimentSpec<'depth', DepthSettings, DepthResult> = { name: 'depth', settings: SETTINGS, run: runDepth };
