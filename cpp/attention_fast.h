// attention_fast.h — the same maths as attention_reference, arranged for speed.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// Unchecked: attention() validates first. Agrees with the reference within 1e-12.
#pragma once

#include "attention.h"

namespace ap {

AttentionResult attention_fast(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                               bool scale);

// The same, into caller buffers out (n_q, d_v) and weights (n_q, n_k). Every
// element is written exactly once, so they may be uninitialised.
void attention_fast_into(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                         bool scale, double* out, double* weights);

}  // namespace ap
