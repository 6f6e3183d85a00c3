// index.ts — the √d_k scaling experiment's spec: its settings and its run
// (what the page shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runScaling, type ScalingResult } from './run';
import { SETTINGS, type ScalingSettings } from './settings';

/** Scaling by √d_k: the largest softmax weight with and without it, per d. */
export const SCALING: ExperimentSpec<'scaling', ScalingSettings, ScalingResult> = { name: 'scaling', settings: SETTINGS, run: runScaling };
