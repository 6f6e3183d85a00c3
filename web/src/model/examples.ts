// examples.ts — what the examples are made of: a named example (a preset, a
// complete State), the matrix sources they use (seeded random fills) and the
// size of a source without building it.

import type { MatrixSource, State } from './state';

/** A named example. */
export interface Preset {
  id: string;
  /** i18n key of its menu label. */
  label: string;
  build(): State;
}

/** A seeded random matrix source (standard normal × scale). */
export function rand(rows: number, cols: number, seed: number, scale = 1): MatrixSource {
  return { kind: 'random', rows, cols, seed, scale };
}

/** A small seeded random matrix rounded to 2 decimals, easy to read and retype. */
export function randSmall(rows: number, cols: number, seed: number, scale = 1): MatrixSource {
  return { kind: 'random', rows, cols, seed, scale, digits: 2 };
}

/** (rows, cols) of a source, or undefined. */
export function sizeOf(src: MatrixSource | undefined): [number, number] | undefined {
  if (!src) return undefined;
  if (src.kind === 'random') return [src.rows, src.cols];
  return [src.cells.length, src.cells[0]?.length ?? 0];
}
