// index.ts — the experiments, one spec each (experiments/<name>/index.ts), in
// page order; their names, settings and results as types derived from the
// list; the validator of each; and runExperiment(), which checks the settings
// against the core's limits and calls the spec's run. Pure: no DOM, no
// reports, no words. The worker runs them from here and the page's clients
// check their settings here; what the page shows of each is pages.ts.
//
//   scaling      largest softmax weight with and without ÷√d_k, per d            → 02-scale.txt
//   permutation  attention(PX) against P·attention(X), without/with positions     → 05-perm.txt
//   quadratic    n² score entries and the measured time of one call               → 08-notes.md
//   h1           multi_head(Q, K, V, 1) against attention(Q, K, V)
//   relative     RoPE against sinusoidal: does a score depend only on i − j?      → 10-rope.txt
//   depth        rank collapse with depth: attention alone, + residual, pre-LN    → 11-depth.txt
//   memory       peak memory and time of attention and flash_attention per n      → 12-memory.txt

import type { Core } from '../core/core';
import { DEPTH } from './depth/index';
import { H1 } from './h1/index';
import { MEMORY } from './memory/index';
import { PERMUTATION } from './permutation/index';
import { QUADRATIC } from './quadratic/index';
import { RELATIVE } from './relative/index';
import { SCALING } from './scaling/index';
import { SettingsError, shown, type ProgressFn, type RawInput, type Validator } from './settings';
import type { AnySpec, ResultOf } from './spec';

export { SettingsError, currentLimits, type FieldErrors, type ProgressFn, type ProgressKey, type RawInput, type Validation, type Validator } from './settings';

/** Every experiment, in page order. */
export const EXPERIMENT_SPECS = [SCALING, PERMUTATION, QUADRATIC, H1, RELATIVE, DEPTH, MEMORY] as const;

type Spec = (typeof EXPERIMENT_SPECS)[number];

/** The experiments, by name. */
export type ExperimentName = Spec['name'];

/** The spec of one experiment. */
export type SpecOf<E extends ExperimentName> = Extract<Spec, { name: E }>;

/** Settings by experiment. */
export type SettingsMap = { [E in ExperimentName]: SpecOf<E>['settings']['defaults'] };

/** Results by experiment. */
export type ResultMap = { [E in ExperimentName]: ResultOf<SpecOf<E>> };

/** Any experiment's result. */
export type ExperimentResult = ResultMap[ExperimentName];

/** The validator of each experiment. */
export const VALIDATORS = Object.fromEntries(EXPERIMENT_SPECS.map((s) => [s.name, s.settings.validate])) as {
  readonly [E in ExperimentName]: Validator<SettingsMap[E]>;
};

/** The spec named `name`, or undefined. */
export function specNamed(name: string): AnySpec | undefined {
  return (EXPERIMENT_SPECS as readonly AnySpec[]).find((s) => s.name === name);
}

/** Validate `input` for `experiment` against the core's limits and run it; throws SettingsError for bad settings. */
export function runExperiment<E extends ExperimentName>(
  core: Core,
  experiment: E,
  input: RawInput<SettingsMap[E]> | undefined,
  onProgress: ProgressFn = () => {},
): ResultMap[E] {
  const spec = specNamed(experiment);
  if (!spec) throw new SettingsError(experiment, { experiment: `unknown experiment ${shown(experiment)}` });
  const v = spec.settings.validate(input, core.limits());
  if (!v.ok) throw new SettingsError(experiment, v.errors);
  return spec.run(core, v.settings, onProgress) as ResultMap[E];
}
