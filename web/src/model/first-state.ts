// first-state.ts — the first screen: "the cat sat on the mat" with 2-D queries
// and keys a learner can read and drag.

import { cellsOf, defaultState, type State } from './state';

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
