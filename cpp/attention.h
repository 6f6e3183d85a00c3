// attention.h — scaled dot-product attention, the three lines of the seed:
//   scores = Q·Kᵀ / √d_k,   weights = softmax(scores),   out = weights·V
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
#pragma once

#include <memory>

#include "tensor.h"

namespace ap {

struct AttentionResult {
  Matrix out;      // (n_q, d_v)
  Matrix weights;  // (n_q, n_k), each row sums to 1 (or is all 0 if fully masked)
};

// Every intermediate step, for showing a learner what happens.
struct AttentionSteps {
  Matrix scores;   // (n_q, n_k)  Q·Kᵀ
  Matrix scaled;   // (n_q, n_k)  Q·Kᵀ / √d_k (equal to scores when scale is off)
  Matrix masked;   // (n_q, n_k)  scaled, with hidden keys set to −∞
  Matrix weights;  // (n_q, n_k)  softmax per row
  Matrix out;      // (n_q, d_v)  weights·V
};

// Checked entry point. `mask` null means every query sees every key;
// `scale` false skips the division by √d_k (for the scaling experiment).
// Uses the fast kernel; it agrees with attention_reference within 1e-12.
Result<AttentionResult> attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                  const Mask* mask = nullptr, bool scale = true);

// attention()'s result in uninitialised buffers, for a caller that copies it
// elsewhere at once (the WASM bindings): the n_q·n_k weights are written once
// instead of zero-filled and then overwritten.
struct AttentionBuffers {
  std::size_t n_q = 0, n_k = 0, d_v = 0;
  std::unique_ptr<double[]> out;      // (n_q, d_v)
  std::unique_ptr<double[]> weights;  // (n_q, n_k)
};

// Checked like attention(); the same numbers, bit for bit.
Result<AttentionBuffers> attention_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask = nullptr, bool scale = true);

// The readable specification, unchecked (callers validate shapes first).
AttentionResult attention_reference(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask, bool scale);

// Checked, and keeps every step.
Result<AttentionSteps> attention_steps(const Matrix& Q, const Matrix& K, const Matrix& V,
                                       const Mask* mask = nullptr, bool scale = true);

}  // namespace ap
