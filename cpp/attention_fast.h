// attention_fast.h — the same maths as attention_reference, arranged for speed.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// The scores are multiplied by score_factor(d_k, opts): 1 / (τ·√d_k), or 1 / τ
// with scale off (attention.h).
// Unchecked: attention() validates first (shapes, and τ a finite number > 0).
// Agrees with the reference within 1e-12; finite inputs give finite results
// for every τ (attention_fast.cpp explains how).
#pragma once

#include "attention.h"

namespace ap {

AttentionResult attention_fast(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                               const AttentionOptions& opts);

// The same, into caller buffers out (n_q, d_v) and weights (n_q, n_k). Every
// element is written exactly once, so they may be uninitialised.
void attention_fast_into(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                         const AttentionOptions& opts, double* out, double* weights);

}  // namespace ap
