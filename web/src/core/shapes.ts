// shapes.ts — the matrices, masks and batches the façade takes and returns,
// in their two forms (plain arrays; Float64Array / Uint8Array + shape). No code here.

/** A matrix as rows of numbers (rows × cols). */
export type Matrix = number[][];
/** A mask: mask[i][j] true means query i may see key j. */
export type BoolMatrix = boolean[][];
/** A batch of matrices (batch × rows × cols). */
export type Tensor3 = number[][][];

/** A row-major matrix in one Float64Array. */
export interface TypedMatrix {
  data: Float64Array;
  rows: number;
  cols: number;
}
/** A row-major mask in one Uint8Array (1 = visible). */
export interface TypedMask {
  data: Uint8Array;
  rows: number;
  cols: number;
}
/** A row-major batch of matrices in one Float64Array. */
export interface TypedTensor3 {
  data: Float64Array;
  batch: number;
  rows: number;
  cols: number;
}
