// multi_head.h — split the last dimension into h heads, attend, concatenate.
//
// Shapes: Q (n_q, d), K (n_k, d), V (n_k, d_v), mask (n_q, n_k) or null;
// head t uses columns [t·d/h, (t+1)·d/h) of Q and K and [t·d_v/h, …) of V,
// and its scores are divided by τ·√(d/h) — the head's own width, not d, and
// the softmax temperature τ (attention.h; default 1, the same for every head).
// bias (issue 10): null, or (h, n_q, n_k): head t adds bias[t] to its scaled
// scores before masking (ALiBi: one slope per head), as attention() does.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

struct MultiHeadResult {
  Matrix out;                   // (n_q, d_v) — the h head outputs side by side
  std::vector<Matrix> weights;  // h × (n_q, n_k)
};

// Checked: the shapes (check_multi_head), τ a finite number > 0, the bias
// ((h, n_q, n_k), finite: check_head_bias), the work.
Result<MultiHeadResult> multi_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                                   const Mask* mask = nullptr, double temperature = 1.0,
                                   const Tensor3* bias = nullptr);

// Unchecked core shared with block() (which uses τ = 1); inputs must already
// be valid.
MultiHeadResult multi_head_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                     std::size_t h, const Mask* mask, double temperature = 1.0,
                                     const Tensor3* bias = nullptr);

// Shape rules for multi_head, reported under the name `fn`.
Status check_multi_head(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                        std::size_t h, const Mask* mask);

}  // namespace ap
