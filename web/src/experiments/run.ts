// run.ts — one entry point for the four seed 003 experiments (pure: no DOM, no worker).
//
//   1. scaling      scaling.ts      largest softmax weight with and without ÷√d_k, per d   → 02-scale.txt
//   2. permutation  permutation.ts  attention(PX) against P·attention(X), without/with PE   → 05-perm.txt
//   3. quadratic    quadratic.ts    n² score entries and the measured time of one call      → 08-notes.md
//   4. h = 1        h1.ts           multi_head(Q, K, V, 1) against attention(Q, K, V)
//   5. relative     relative.ts     RoPE against sinusoidal: does a score depend only on i − j?  → 10-rope.txt
//   6. depth        depth.ts        rank collapse with depth: attention alone, + residual, pre-LN  → 11-depth.txt
//   8. memory       memory.ts       peak memory and time of attention and flash_attention per n     → 12-memory.txt
//
// Each experiment module has a settings type, a default, a validator (built on
// settings.ts: raw field values → settings, or one message per bad field,
// checked against the core's limits) and a run function that takes valid
// settings, reports progress and returns plain data (typed arrays and numbers:
// it crosses postMessage). The core calls go through core.experiments.
// worker.ts calls runExperiment(); the client and the panel use VALIDATORS;
// tests call the run functions directly. Everything is re-exported from here.

import type { Core } from '../core/core';
import { runH1Check, validateH1, type H1Result, type H1Settings } from './h1';
import { runPermutation, validatePermutation, type PermutationResult, type PermutationSettings } from './permutation';
import { runQuadratic, validateQuadratic, type QuadraticResult, type QuadraticSettings } from './quadratic';
import { runScaling, validateScaling, type ScalingResult, type ScalingSettings } from './scaling';
// relative position (experiment 5)
import { runRelative, validateRelative, type RelativeResult, type RelativeSettings } from './relative';
// depth (experiment 6)
import { runDepth, validateDepth, type DepthResult, type DepthSettings } from './depth';
// memory (experiment 8)
import { runMemory, validateMemory, type MemoryResult, type MemorySettings } from './memory';
import { SettingsError, shown, type ExperimentName, type ProgressFn, type RawInput, type Validator } from './settings';

export {
  PROGRESS,
  SettingsError,
  currentLimits,
  type ExperimentName,
  type FieldErrors,
  type ProgressFn,
  type ProgressKey,
  type RawInput,
  type Validation,
  type Validator,
} from './settings';
export * from './scaling';
export * from './permutation';
export * from './quadratic';
export * from './h1';
export * from './relative'; // relative position (experiment 5)
export * from './depth'; // depth (experiment 6)
export * from './memory'; // memory (experiment 8)

/** Settings by experiment. */
export interface SettingsMap {
  scaling: ScalingSettings;
  permutation: PermutationSettings;
  quadratic: QuadraticSettings;
  h1: H1Settings;
  relative: RelativeSettings; // relative position (experiment 5)
  depth: DepthSettings; // depth (experiment 6)
  memory: MemorySettings; // memory (experiment 8)
}

/** Results by experiment. */
export interface ResultMap {
  scaling: ScalingResult;
  permutation: PermutationResult;
  quadratic: QuadraticResult;
  h1: H1Result;
  relative: RelativeResult; // relative position (experiment 5)
  depth: DepthResult; // depth (experiment 6)
  memory: MemoryResult; // memory (experiment 8)
}

/** Any experiment's result. */
export type ExperimentResult = ResultMap[ExperimentName];

/** The validator of each experiment. */
export const VALIDATORS: { [E in ExperimentName]: Validator<SettingsMap[E]> } = {
  scaling: validateScaling,
  permutation: validatePermutation,
  quadratic: validateQuadratic,
  h1: validateH1,
  relative: validateRelative, // relative position (experiment 5)
  depth: validateDepth, // depth (experiment 6)
  memory: validateMemory, // memory (experiment 8)
};

/** Validate `input` for `experiment` against the core's limits and run it; throws SettingsError for bad settings. */
export function runExperiment<E extends ExperimentName>(
  core: Core,
  experiment: E,
  input: RawInput<SettingsMap[E]> | undefined,
  onProgress: ProgressFn = () => {},
): ResultMap[E] {
  const validate = VALIDATORS[experiment] as Validator<SettingsMap[E]> | undefined;
  if (!validate) throw new SettingsError(experiment, { experiment: `unknown experiment ${shown(experiment)}` });
  const v = validate(input, core.limits());
  if (!v.ok) throw new SettingsError(experiment, v.errors as Record<string, string>);
  switch (experiment) {
    case 'scaling':
      return runScaling(core, v.settings as ScalingSettings, onProgress) as ResultMap[E];
    case 'permutation':
      return runPermutation(core, v.settings as PermutationSettings, onProgress) as ResultMap[E];
    case 'quadratic':
      return runQuadratic(core, v.settings as QuadraticSettings, onProgress) as ResultMap[E];
    // relative position (experiment 5)
    case 'relative':
      return runRelative(core, v.settings as RelativeSettings, onProgress) as ResultMap[E];
    // depth (experiment 6)
    case 'depth':
      return runDepth(core, v.settings as DepthSettings, onProgress) as ResultMap[E];
    // memory (experiment 8)
    case 'memory':
      return runMemory(core, v.settings as MemorySettings, onProgress) as ResultMap[E];
    default:
      return runH1Check(core, v.settings as H1Settings, onProgress) as ResultMap[E];
  }
}
