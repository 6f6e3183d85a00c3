// grad_attention.h — single-head scaled dot-product attention for training: a
// forward pass that keeps what the backward pass needs, and the backward pass
// giving dQ, dK and dV.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null,
// out and d_out (n_q, d_v).
//
// Forward (attention.h, with f = score_factor(d_k, opts) = 1 / (τ·√d_k)):
//   1. S = Q·Kᵀ·f (+ bias)           (n_q, n_k)
//   2. hidden keys → −∞
//   3. W = softmax(S) per row         (n_q, n_k), hidden keys exactly 0
//   4. out = W·V                      (n_q, d_v)
// Backward, for d_out = ∂L/∂out (torch's autograd of the same four lines, e.g.
// of torch.nn.functional.scaled_dot_product_attention's maths):
//   4. dV = Wᵀ·d_out                  (n_k, d_v)
//      dW = d_out·Vᵀ                  (n_q, n_k)
//   3. dS = W ⊙ (dW − rowsum(dW ⊙ W)) (n_q, n_k)  (grad_softmax.h)
//   2. a hidden key has W = 0, so dS = 0 there: no gradient reaches it
//   1. dQ = f·dS·K                    (n_q, d_k)
//      dK = f·dSᵀ·Q                   (n_k, d_k)
// A bias (opts.bias, e.g. ALiBi) is a constant: it changes W, not the formulas.
#pragma once

#include "attention.h"
#include "tensor.h"

namespace ap {

// What the backward pass needs from the forward pass: the inputs and the weights.
struct AttentionCache {
  Matrix Q;             // (n_q, d_k)
  Matrix K;             // (n_k, d_k)
  Matrix V;             // (n_k, d_v)
  Matrix weights;       // (n_q, n_k)  softmax per row; 0 for hidden keys
  double factor = 1.0;  // f = score_factor(d_k, opts)
};

struct AttentionForward {
  Matrix out;            // (n_q, d_v)
  AttentionCache cache;  // for attention_backward
};

struct AttentionGrads {
  Matrix dQ;  // (n_q, d_k)
  Matrix dK;  // (n_k, d_k)
  Matrix dV;  // (n_k, d_v)
};

// Checked like attention() (the same errors), and the same numbers: out and the
// weights come from attention().
Result<AttentionForward> attention_forward(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask = nullptr,
                                           const AttentionOptions& opts = {});

// The gradients for d_out (n_q, d_v) = ∂L/∂out ("shape", "non_finite" if not).
Result<AttentionGrads> attention_backward(const AttentionCache& cache, const Matrix& d_out);

// Unchecked, for multi-head attention (grad_multi_head.cpp): the steps above on
// Q, K, V, weights W and d_out with factor f.
AttentionGrads attention_backward_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                            const Matrix& W, const Matrix& d_out, double factor);

}  // namespace ap
