// attention_fast.h — the same maths as attention_reference, arranged for speed.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// Unchecked: attention() validates first. Agrees with the reference within 1e-12.
#pragma once

#include "attention.h"

namespace ap {

AttentionResult attention_fast(const Matrix& Q, const Matrix& K, const Matrix& V,
                               const Mask* mask, bool scale);

}  // namespace ap
