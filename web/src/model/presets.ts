// presets.ts — the examples a learner can start from: the first screen, the
// hand-sized example, and each operation's own (ops/<op>.ts: presets).
//
// Each preset is a complete State (built from the defaults), so loading one
// is a plain state replacement and a preset is itself shareable as a link.

import { defaultState } from './state';
import { firstState } from './first-state';
import type { Preset } from './examples';
import { OP_LIST } from './ops/index';

/** The example types and builders (model/examples.ts), and the operation's inputs, re-exported for the presets' importers. */
export { randSmall, sizeOf, type Preset } from './examples';
export { ensureInputs, withMissingInputs } from './ops/index';
/** The first screen (model/first-state.ts). */
export { firstState } from './first-state';
/** Seed 000's matrices (one fixture, web/src/model/seed000.ts). */
export { SEED_000 } from './seed000';

/** Every preset, in menu order: the first screen, the hand-sized example, then each operation's. */
export const PRESETS: readonly Preset[] = [
  { id: 'sentence', label: 'preset.sentence', build: firstState },
  { id: 'hand', label: 'preset.hand', build: defaultState },
  ...OP_LIST.flatMap((op) => op.presets),
];

/** The preset with this id, or undefined. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
