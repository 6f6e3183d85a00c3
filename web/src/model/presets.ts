// presets.ts — the examples a learner can start from: the first screen, the
// hand-sized example, and each operation's own (ops/<op>.ts: presets).
//
// Each preset is a complete State (built from the defaults), so loading one
// is a plain state replacement and a preset is itself shareable as a link.

import { cellsOf, defaultState, type State } from './state';
import type { Preset } from './examples';
import { OP_LIST } from './ops/index';

/** The example types and builders (model/examples.ts), and the operation's inputs, re-exported for the presets' importers. */
export { randSmall, sizeOf, type Preset } from './examples';
export { ensureInputs } from './ops/index';
/** Seed 000's matrices (one fixture, web/src/model/seed000.ts). */
export { SEED_000 } from './seed000';

/**
 * The first screen: "the cat sat on the mat" with 2-D vectors a learner can read (and drag). Two directions:
 * x ≈ "a thing (noun)", y ≈ "an action or a place (verb, preposition)". Each key says what its token is, each
 * query what its token looks for: "the" looks for a noun (→ cat, mat), "cat" for its verb (→ sat), "sat" for
 * its subject (→ cat), "on" for its object (→ mat), "mat" for what places it (→ on). The two "the" are the
 * same vector: without positions, attention cannot tell them apart. V = the keys' meanings in the same plane.
 */
export function firstState(): State {
  const s = defaultState();
  s.tokens = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
  s.matrices = {
    Q: cellsOf([
      [1.5, 0],
      [0, 1.5],
      [2, 0.3],
      [1, -1],
      [1.5, 0],
      [-1, 1],
    ]),
    K: cellsOf([
      [0.2, -0.2],
      [2, 0],
      [0, 2],
      [-1, 1.5],
      [0.2, -0.2],
      [1.5, -1],
    ]),
    V: cellsOf([
      [0, 0.1],
      [1, 0],
      [0, 1],
      [-0.5, 0.5],
      [0, 0.1],
      [1, -0.5],
    ]),
  };
  return s;
}

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
