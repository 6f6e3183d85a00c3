// index.ts — the relative-position experiment's spec: its settings and its run
// (what the page shows of it is page.ts).

import type { ExperimentSpec } from '../spec';
import { runRelative, type RelativeResult } from './run';
import { SETTINGS, type RelativeSettings } from './settings';

/** Relative position: with RoPE a score depends only on i − j; with the sinusoidal encoding it does not. */
export const RELATIVE: ExperimentSpec<'relative', RelativeSettings, RelativeResult> = { name: 'relative', settings: SETTINGS, run: runRelative };
