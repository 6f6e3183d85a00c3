// presets.ts — the examples a learner can start from.
//
// Each preset is a complete State (built from the defaults), so loading one
// is a plain state replacement and a preset is itself shareable as a link.

import { cellsOf, defaultState, type MatrixSource, type State } from './state';
import { SEED_000 } from './seed000';

/** A named example. */
export interface Preset {
  id: string;
  /** i18n key of its menu label. */
  label: string;
  build(): State;
}

/** A seeded random matrix source (standard normal × scale). */
function rand(rows: number, cols: number, seed: number, scale = 1): MatrixSource {
  return { kind: 'random', rows, cols, seed, scale };
}

/** A small seeded random matrix rounded to 2 decimals, easy to read and retype. */
export function randSmall(rows: number, cols: number, seed: number, scale = 1): MatrixSource {
  return { kind: 'random', rows, cols, seed, scale, digits: 2 };
}

/** Seed 000's matrices (one fixture, web/src/model/seed000.ts). */
export { SEED_000 };

/** Seed 004 shapes: n_q 2, n_k 4, q/k width 128, v width 64, 8 heads of 16, d_o 8. */
function seed004(numKvHeads: number): State {
  const s = defaultState();
  const [H, dk, dv, dO] = [8, 16, 16, 8];
  s.op = 'gqa';
  s.mask = 'causal';
  s.numHeads = H;
  s.numKvHeads = numKvHeads;
  // nn.Linear-like scale 1/√d_in keeps the scores in a readable range
  s.matrices = {
    Q: rand(2, 128, 1),
    K: rand(4, 128, 2),
    V: rand(4, 64, 3),
    Wq: rand(128, H * dk, 4, 1 / Math.sqrt(128)),
    Wk: rand(128, numKvHeads * dk, 5, 1 / Math.sqrt(128)),
    Wv: rand(64, numKvHeads * dv, 6, 1 / Math.sqrt(64)),
    Wo: rand(H * dv, dO, 7, 1 / Math.sqrt(H * dv)),
  };
  return s;
}

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

/** Every preset, in menu order. */
export const PRESETS: readonly Preset[] = [
  { id: 'sentence', label: 'preset.sentence', build: firstState },
  { id: 'hand', label: 'preset.hand', build: defaultState },
  {
    id: 'seed000',
    label: 'preset.seed000',
    build: () => {
      const s = defaultState();
      s.op = 'single_head';
      s.mask = 'causal';
      s.matrices = { X: cellsOf(SEED_000.X), Wq: cellsOf(SEED_000.Wq), Wk: cellsOf(SEED_000.Wk), Wv: cellsOf(SEED_000.Wv) };
      return s;
    },
  },
  {
    id: 'cross',
    label: 'preset.cross',
    build: () => {
      const s = defaultState();
      s.tokens = [];
      s.matrices = {
        Q: cellsOf([
          [1, 0, 1],
          [0, 2, 0],
        ]),
        K: cellsOf([
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
          [1, 1, 1],
        ]),
        V: cellsOf([
          [1, 0],
          [0, 1],
          [1, 1],
          [2, -1],
        ]),
      };
      return s;
    },
  },
  {
    id: 'multihead',
    label: 'preset.multihead',
    build: () => {
      const s = defaultState();
      s.op = 'multi_head';
      s.h = 2;
      s.mask = 'causal';
      s.tokens = ['the', 'cat', 'sat', 'down'];
      s.matrices = { Q: randSmall(4, 4, 11), K: randSmall(4, 4, 12), V: randSmall(4, 4, 13) };
      return s;
    },
  },
  {
    id: 'block',
    label: 'preset.block',
    build: () => {
      const s = defaultState();
      s.op = 'block';
      s.h = 2;
      s.mask = 'causal';
      s.matrices = { X: randSmall(5, 4, 21) };
      return s;
    },
  },
  { id: 'seed004-mha', label: 'preset.seed004mha', build: () => seed004(8) },
  { id: 'seed004-gqa', label: 'preset.seed004gqa', build: () => seed004(2) },
  { id: 'seed004-mqa', label: 'preset.seed004mqa', build: () => seed004(1) },
];

/** The preset with this id, or undefined. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** Give the state every input its operation reads, keeping what is there (used when the operation changes). */
export function ensureInputs(s: State): void {
  const m = s.matrices;
  const n = sizeOf(m.Q) ?? sizeOf(m.X) ?? [3, 4];
  switch (s.op) {
    case 'attention':
    case 'multi_head':
      m.Q ??= m.X ?? randSmall(n[0], n[1], s.seed);
      m.K ??= m.Q;
      m.V ??= m.Q;
      break;
    case 'block':
      m.X ??= m.Q ?? randSmall(n[0], n[1], s.seed);
      break;
    case 'single_head': {
      m.X ??= m.Q ?? cellsOf(SEED_000.X);
      const d = sizeOf(m.X)?.[1] ?? 4;
      // projections left by another operation (grouped-query attention's) may not fit X: new ones do
      const [wq, wk, wv] = [m.Wq, m.Wk, m.Wv].map(sizeOf);
      const fits = wq?.[0] === d && wk?.[0] === d && wv?.[0] === d && wq[1] === wk[1];
      if (!fits) {
        m.Wq = randSmall(d, 2, s.seed + 1, 0.5);
        m.Wk = randSmall(d, 2, s.seed + 2, 0.5);
        m.Wv = randSmall(d, 2, s.seed + 3, 0.5);
      }
      break;
    }
    case 'gqa':
      gqaInputs(s);
      break;
  }
}

/**
 * Grouped-query attention's inputs, small: keep Q, K, V (or start from X or a 3 × 4 fill) and give them
 * projections that fit, 2 query heads sharing 1 K/V head, each of width 2 — unless the projections there
 * already fit the inputs (a seed 004 example keeps its own).
 */
function gqaInputs(s: State): void {
  const m = s.matrices;
  m.Q ??= m.X ?? randSmall(3, 4, s.seed);
  m.K ??= m.Q;
  m.V ??= m.K;
  const [dq, dk, dv] = [m.Q, m.K, m.V].map((src) => sizeOf(src)?.[1] ?? 0);
  const rows = (src: MatrixSource | undefined) => sizeOf(src)?.[0];
  const cols = (src: MatrixSource | undefined) => sizeOf(src)?.[1] ?? 0;
  // Wq (d_q, H·d_k), Wk (d_k_in, G·d_k), Wv (d_v_in, G·d_v), Wo (H·d_v, d_o): the head widths must agree
  const [H, G] = [s.numHeads, s.numKvHeads];
  const headK = cols(m.Wq) / H;
  const headV = cols(m.Wv) / G;
  const fits =
    Number.isInteger(H / G) &&
    rows(m.Wq) === dq &&
    rows(m.Wk) === dk &&
    rows(m.Wv) === dv &&
    Number.isInteger(headK) &&
    headK > 0 &&
    cols(m.Wk) === G * headK &&
    rows(m.Wo) === H * headV;
  if (fits) return;
  [s.numHeads, s.numKvHeads] = [2, 1];
  const width = 2;
  m.Wq = randSmall(dq, s.numHeads * width, s.seed + 1, 0.5);
  m.Wk = randSmall(dk, s.numKvHeads * width, s.seed + 2, 0.5);
  m.Wv = randSmall(dv, s.numKvHeads * width, s.seed + 3, 0.5);
  m.Wo = randSmall(s.numHeads * width, dq, s.seed + 4, 0.5);
  for (const b of ['bq', 'bk', 'bv', 'bo'] as const) delete m[b];
}

/** (rows, cols) of a source, or undefined. */
export function sizeOf(src: MatrixSource | undefined): [number, number] | undefined {
  if (!src) return undefined;
  if (src.kind === 'random') return [src.rows, src.cols];
  return [src.cells.length, src.cells[0]?.length ?? 0];
}
