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

/** Every preset, in menu order. */
export const PRESETS: readonly Preset[] = [
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
      m.Wq ??= randSmall(d, 2, s.seed + 1, 0.5);
      m.Wk ??= randSmall(d, 2, s.seed + 2, 0.5);
      m.Wv ??= randSmall(d, 2, s.seed + 3, 0.5);
      break;
    }
    case 'gqa': {
      const base = seed004(s.numKvHeads);
      for (const [name, src] of Object.entries(base.matrices)) m[name as keyof typeof m] ??= src;
      if (!Number.isInteger(s.numHeads / s.numKvHeads)) [s.numHeads, s.numKvHeads] = [base.numHeads, base.numKvHeads];
      break;
    }
  }
}

/** (rows, cols) of a source, or undefined. */
export function sizeOf(src: MatrixSource | undefined): [number, number] | undefined {
  if (!src) return undefined;
  if (src.kind === 'random') return [src.rows, src.cols];
  return [src.cells.length, src.cells[0]?.length ?? 0];
}
