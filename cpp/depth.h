// depth.h — experiment 6: rank collapse with depth.
//
// Dong, Cordonnier & Loukas (2021), "Attention is not all you need: pure
// attention loses rank doubly exponentially with depth" (ICML 2021,
// arXiv:2103.03404): a stack of self-attention layers without skip
// connections drives its tokens to one shared row (rank one) doubly
// exponentially fast; the skip (residual) connection prevents it.
//
// Measured here with the relative distance of X (n, d) to rank one,
//   r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F,   x̄ = the column means of X (d),
// after each of L layers, for three stacks on the SAME weights:
//   attention     X ← attention(X·Wq, X·Wk, X·Wv).out
//   residual      X ← X + attention(X·Wq, X·Wk, X·Wv).out
//   pre_ln        X ← X + attention(Z·Wq, Z·Wk, Z·Wv).out,  Z = LN(X) (eps 1e-5, no gain/bias)
// Single head, scores ÷ √d, no mask. r = 0 when ‖X‖_F = 0; r is computed on X
// divided by its largest |value| first, so huge (finite) values never overflow.
//
// Shape legend: n = tokens, d = width, L = layers, Wq, Wk, Wv (d, d) per layer.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tensor.h"

namespace ap {

// The largest L of one call (depth_curves and depth_experiment).
constexpr std::size_t kMaxDepthLayers = 64;
// A stack "collapsed" when its last r is below this: r < 1e-6 means every
// token is within a millionth of the shared mean row (relative to ‖X‖_F).
// Attention alone reaches ~1e-16 (float64 rounding) within a few layers, the
// residual stacks stay many orders of magnitude above it.
constexpr double kCollapseThreshold = 1e-6;
// LayerNorm's eps in the pre-LN stack (PyTorch's default).
constexpr double kDepthLayerNormEps = 1e-5;

// The three stacks, in this order everywhere (curves, bindings, reports).
enum class DepthVariant { kAttention = 0, kResidual = 1, kPreLnResidual = 2 };
constexpr std::size_t kDepthVariants = 3;

// The name of a variant as the bindings and messages use it: "attention",
// "residual", "pre_ln".
const char* depth_variant_name(DepthVariant v);

// One layer's weights, each (d, d).
struct DepthLayer {
  Matrix Wq, Wk, Wv;
};

// One stack's curve.
struct DepthCurve {
  std::vector<double> r;   // (L + 1) r after each layer; r[0] is the input's
  double ratio = 1.0;      // r[L] / r[0]; 1 when r[0] = 0 (a rank-one input stays rank one)
  bool collapsed = false;  // r[L] < kCollapseThreshold
};

// The curves of the three stacks, indexed by DepthVariant.
using DepthCurves = std::array<DepthCurve, kDepthVariants>;

// r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F, 0 for an all-zero X. Every value must be finite
// (unchecked: callers check).
double rank_one_distance(const Matrix& X);

// The three curves from X0 (n, d) through `layers` (1 … kMaxDepthLayers of
// them, each matrix (d, d)). Errors: X0 or a weight empty, of the wrong shape
// or with a non-finite value ("depth_curves: layers[2].Wk …"); too many
// layers or too much work (too_large); a stack whose values overflow float64
// ("non_finite_result", naming the stack and the layer).
Result<DepthCurves> depth_curves(const Matrix& X0, const std::vector<DepthLayer>& layers);

// The seeded experiment's result.
struct DepthExperiment {
  std::size_t n = 0, d = 0, layers = 0;
  std::uint64_t seed = 0;
  DepthCurves curves;
};

// X0 (n, d) with entries N(0, 1), then for each layer Wq, Wk, Wv (d, d) with
// entries N(0, 1/d), drawn in that order from one Rng(seed) (random.h), so the
// same seed gives the same numbers natively and in WASM; the three stacks run
// on the same matrices. 1 ≤ n ≤ kMaxRows, 1 ≤ d ≤ kMaxCols,
// 1 ≤ L ≤ kMaxDepthLayers, and the whole run within check_cost.
Result<DepthExperiment> depth_experiment(std::size_t n, std::size_t d, std::size_t L,
                                         std::uint64_t seed);

}  // namespace ap
