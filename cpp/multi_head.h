// multi_head.h — split the last dimension into h heads, attend, concatenate.
//
// Shapes: Q (n_q, d), K (n_k, d), V (n_k, d_v), mask (n_q, n_k) or null;
// head t uses columns [t·d/h, (t+1)·d/h) of Q and K and [t·d_v/h, …) of V,
// and is scaled by √(d/h) — the head's own width, not d.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

struct MultiHeadResult {
  Matrix out;                   // (n_q, d_v) — the h head outputs side by side
  std::vector<Matrix> weights;  // h × (n_q, n_k)
};

Result<MultiHeadResult> multi_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                                   const Mask* mask = nullptr);

// Unchecked core shared with block(): `fn` names the caller in no message
// (there are none); inputs must already be valid.
MultiHeadResult multi_head_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                     std::size_t h, const Mask* mask);

// Shape rules for multi_head, reported under the name `fn`.
Status check_multi_head(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                        std::size_t h, const Mask* mask);

}  // namespace ap
