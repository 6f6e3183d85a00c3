// linear_attention.h — linear attention (Katharopoulos, Vyas, Pappas &
// Fleuret 2020, "Transformers are RNNs: Fast Autoregressive Transformers
// with Linear Attention", eq. 4–6): the softmax's e^(q·k) replaced by a
// kernel φ(q)·φ(k) with the feature map φ(x) = elu(x) + 1 (> 0), so that the
// sums over the keys can be taken once, before any query:
//   S = Σ_j φ(k_j)·v_jᵀ   (d_k, d_v),     z = Σ_j φ(k_j)   (d_k)
//   out_i = φ(q_i)ᵀ·S / φ(q_i)ᵀ·z
// n·d_k·d_v multiply-adds instead of n²·(d_k + d_v): the cost grows like n.
// Causal (eq. 8–10): S and z are prefix sums over the keys query i may see,
// j ≤ i + shift (shift 0: query i sees keys 0 … i, top-left as PyTorch's
// is_causal; shift n_k − n_q: the queries are the last n_q positions, as in
// decoding), updated as i grows — the recurrent form, one state per query.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v).
#pragma once

#include <cstddef>

#include "tensor.h"

namespace ap {

struct LinearOptions {
  bool causal = false;  // query i sees keys j ≤ i + shift only
  long long shift = 0;  // with causal: where the queries sit (see above); any whole number
  bool weights = true;  // also return the (n_q, n_k) weights (n_q·n_k·d_k more work)
};

struct LinearResult {
  Matrix out;      // (n_q, d_v)
  Matrix weights;  // (n_q, n_k): φ(q_i)·φ(k_j) / φ(q_i)·z_i, 0 for a hidden key; empty without
                   // `weights`
};

// φ(x) = elu(x) + 1: x + 1 for x > 0, e^x for x ≤ 0 (always > 0).
double linear_feature(double x);

// Checked entry point: the shapes, finite values, the work and the result
// size ("too_large"); a row that sees no key gets out 0 and weights 0; a
// result that overflows float64 (huge inputs), or a denominator that
// underflows to 0 (every φ(q_i) coordinate below e^−745), is
// "non_finite_result".
Result<LinearResult> linear_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                      const LinearOptions& opts = {});

// The work of one call: φ of Q and K (counted as transcendentals), the sums
// S and z over the keys, and per query its numerator and denominator; with
// weights, n_q·n_k·d_k more.
double linear_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v,
                            bool weights);

}  // namespace ap
