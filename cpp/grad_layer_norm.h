// grad_layer_norm.h — layer norm with a learned gain γ and bias β, for
// training: forward (keeping what backward needs) and backward for X, γ, β.
// torch.nn.functional.layer_norm(X, (d,), γ, β, eps) (Ba, Kiros & Hinton 2016,
// "Layer Normalization", arXiv:1607.06450).
//
// Shapes: X, out, d_out (n, d); γ, β (d); one mean and one 1/σ per row (n).
//
// Forward, row by row (the biased variance, as layer_norm.h and torch):
//   1. μ = mean(x),  σ² = mean((x − μ)²)
//   2. r = 1 / √(σ² + eps)
//   3. x̂ = (x − μ)·r
//   4. y = γ ⊙ x̂ + β
// Backward, for dy = ∂L/∂y:
//   dβ = Σ_rows dy            dγ = Σ_rows dy ⊙ x̂
//   dx̂ = dy ⊙ γ
//   dx = r·(dx̂ − mean(dx̂) − x̂·mean(dx̂ ⊙ x̂))
// (μ and σ depend on every x of the row: the two means are their share.)
// A constant row with eps = 0 has nothing to scale: x̂ = 0 and r = 0 (as
// layer_norm.h), so its dx is 0.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

// What the backward pass needs: x̂ and r of every row.
struct LayerNormCache {
  Matrix xhat;               // (n, d)  (x − μ)·r
  std::vector<double> rstd;  // (n)     r = 1 / √(σ² + eps)
};

struct LayerNormForward {
  Matrix out;            // (n, d)
  LayerNormCache cache;  // for layer_norm_backward
};

struct LayerNormGrads {
  Matrix dX;                    // (n, d)
  std::vector<double> d_gamma;  // (d)
  std::vector<double> d_beta;   // (d)
};

// Checked: X, γ, β non-empty and finite, γ and β of length d ("shape"), eps a
// finite number ≥ 0 ("invalid_argument"); a row whose variance overflows
// float64 (|x| beyond ~1e154) is "non_finite_result".
Result<LayerNormForward> layer_norm_forward(const Matrix& X, const std::vector<double>& gamma,
                                            const std::vector<double>& beta, double eps = 1e-5);

// The gradients for d_out (n, d) = ∂L/∂out, with the γ of the forward pass.
Result<LayerNormGrads> layer_norm_backward(const LayerNormCache& cache,
                                           const std::vector<double>& gamma, const Matrix& d_out);

}  // namespace ap
