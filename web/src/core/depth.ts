// depth.ts — core.experiments' rank-collapse functions (experiment 6;
// cpp/depth.h, cpp/bindings/experiments_bindings.cpp), typed, every argument
// checked here first, errors thrown as AttentionError.
//
// Dong, Cordonnier & Loukas (2021), "Attention is not all you need: pure
// attention loses rank doubly exponentially with depth": r(X) = ‖X − 1·x̄ᵀ‖_F
// / ‖X‖_F after each layer of three stacks on the same weights —
// attention alone, attention + residual, pre-LN + residual.

import { toTypedMatrix } from './convert';
import { unwrapData } from './errors';
import type { Matrix, TypedMatrix } from './shapes';
import { count, fail, shaped } from './validate';
import type { RawCore, RawDepthCurve } from './wasm/attention_core.mjs';

/** The three stacks, in the core's order. */
export type DepthVariant = 'attention' | 'residual' | 'pre_ln';

/** The three stacks in order: attention alone, attention + residual, pre-LN + residual. */
export const DEPTH_VARIANTS: readonly DepthVariant[] = ['attention', 'residual', 'pre_ln'];

/** The most layers of one call: the C++ kMaxDepthLayers (a test checks the core refuses one more). */
export const MAX_DEPTH_LAYERS = 64;

/** One stack's curve: r after each layer (r[0] is the input's), r[L] / r[0] (1 when r[0] = 0) and r[L] < threshold. */
export type DepthCurve = RawDepthCurve;

/** The three curves and the collapse threshold (1e-6). */
export interface DepthCurves {
  attention: DepthCurve;
  residual: DepthCurve;
  pre_ln: DepthCurve;
  /** a stack whose last r is below this has collapsed to rank one */
  threshold: number;
}

/** depth_experiment's result: the curves of the seeded run and its sizes. */
export interface DepthRun extends DepthCurves {
  n: number;
  d: number;
  L: number;
}

/** A matrix as rows of numbers or { data: Float64Array, rows, cols }. */
type MatrixIn = TypedMatrix | Matrix;

/** One layer's weights, each (d, d). */
export interface DepthLayerInput {
  Wq: MatrixIn;
  Wk: MatrixIn;
  Wv: MatrixIn;
}

/** The depth part of core.experiments. */
export interface DepthCore {
  /** X0 (n, d) N(0, 1), then each layer's Wq, Wk, Wv (d, d) N(0, 1/d) from `seed`; the three stacks on the same weights. */
  depth_experiment(n: number, d: number, L: number, seed: number): DepthRun;
  /** The three curves from a given X0 (n, d) through 1 … 64 layers of (d, d) weights. */
  depth_curves(X0: MatrixIn, layers: readonly DepthLayerInput[]): DepthCurves;
}

const matrix = (fn: string, arg: string, m: unknown): TypedMatrix =>
  Array.isArray(m) ? toTypedMatrix(fn, arg, m) : shaped(fn, arg, m, Float64Array, 'a matrix (rows of numbers, or { data: Float64Array, rows, cols })');

/** L, a whole number 1 … MAX_DEPTH_LAYERS, with the core's words. */
function layerCount(fn: string, L: unknown): number {
  const n = count(fn, 'L', L);
  if (n === 0) fail(fn, 'L = 0 must be at least 1 (one layer)');
  if (n > MAX_DEPTH_LAYERS) fail(fn, `L = ${n} is over the limit of ${MAX_DEPTH_LAYERS}`, 'too_large');
  return n;
}

/** The layers as typed matrices, each (d, d). */
function layersOf(fn: string, layers: unknown, X0: TypedMatrix): { Wq: TypedMatrix; Wk: TypedMatrix; Wv: TypedMatrix }[] {
  if (!Array.isArray(layers)) fail(fn, `layers must be an array of { Wq, Wk, Wv }, got ${typeof layers}`);
  layerCount(fn, layers.length);
  const d = X0.cols;
  return layers.map((layer: unknown, l) => {
    if (typeof layer !== 'object' || layer === null) fail(fn, `layers[${l}] must be { Wq, Wk, Wv }`);
    const o = layer as Record<string, unknown>;
    const w = (k: 'Wq' | 'Wk' | 'Wv') => {
      const m = matrix(fn, `layers[${l}].${k}`, o[k]);
      if (m.rows !== d || m.cols !== d)
        fail(fn, `layers[${l}].${k} is (${m.rows}, ${m.cols}) but X0 is (${X0.rows}, ${d}): every weight must be (d, d) = (${d}, ${d})`, 'shape');
      return m;
    };
    return { Wq: w('Wq'), Wk: w('Wk'), Wv: w('Wv') };
  });
}

/** The depth functions over the raw module. */
export function makeDepth(raw: RawCore): DepthCore {
  return {
    depth_experiment: (n, d, L, seed) => {
      const f = 'depth_experiment';
      const nn = count(f, 'n', n);
      const dd = count(f, 'd', d);
      return unwrapData(raw.depth_experiment(nn, dd, layerCount(f, L), count(f, 'seed', seed)), f);
    },
    depth_curves: (X0, layers) => {
      const f = 'depth_curves';
      const X = matrix(f, 'X0', X0);
      return unwrapData(raw.depth_curves(X, layersOf(f, layers, X)), f);
    },
  };
}
