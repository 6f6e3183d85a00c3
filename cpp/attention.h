// attention.h — scaled dot-product attention, the three lines of the seed,
// with a softmax temperature τ:
//   scores = Q·Kᵀ,   weights = softmax(scores / (τ·√d_k)),   out = weights·V
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
//
// The temperature is Hinton, Vinyals & Dean's (2015, "Distilling the
// Knowledge in a Neural Network"): softmax(z / τ). τ = 1 is standard
// attention; τ < 1 sharpens the weights towards the largest score (τ → 0:
// one-hot), τ > 1 flattens them (τ → ∞: uniform over the visible keys).
// Dividing by τ is the same as multiplying Q (or K) by 1/τ.
#pragma once

#include <memory>
#include <type_traits>

#include "tensor.h"

namespace ap {

// How the scores become the softmax's logits: scores · score_factor(), where
//   score_factor = 1 / (τ·√d_k)  with scale on (the default),
//                  1 / τ         with scale off (for the scaling experiment).
// τ must be a finite number > 0 (checked on entry: "invalid_argument").
//
// A bare bool still reads as {scale, τ = 1}, so attention(Q, K, V, mask, false)
// keeps its old meaning; nothing else converts (attention(…, mask, 0.5) does
// not compile: write AttentionOptions{true, 0.5}).
//
// bias: null, or an (n_q, n_k) matrix added to the logits after
// scaling and before masking (ALiBi, Press et al. 2022, "Train Short, Test
// Long"; T5's relative buckets):
//   logits = Q·Kᵀ · score_factor + bias,   hidden keys → −∞ (a bias never unmasks).
// Not owned: it must outlive the call. Checked on entry (shape (n_q, n_k),
// every value finite), and kept from overflowing like the scores
// (attention_fast.cpp).
struct AttentionOptions {
  bool scale = true;             // divide by √d_k
  double temperature = 1.0;      // τ: divide by τ as well
  const Matrix* bias = nullptr;  // (n_q, n_k) added after scaling, or none

  // implicit, so a bool converts (see above)
  AttentionOptions(bool scale_ = true, double temperature_ = 1.0, const Matrix* bias_ = nullptr)
      : scale(scale_), temperature(temperature_), bias(bias_) {}
  template <class T, class = std::enable_if_t<!std::is_same_v<T, bool>>>
  AttentionOptions(T) = delete;  // a double, an int or a pointer is not a scale flag
};

// The factor the scores are multiplied by: (1/√d_k) / τ, or 1 / τ. With
// τ = 1 it is exactly 1/√d_k (or 1), so the default is bit for bit the
// attention without a temperature. ∞ for τ below ~2⁻¹⁰²⁴ (the kernels then
// still give finite weights: see attention_fast.cpp).
double score_factor(std::size_t d_k, const AttentionOptions& opts);

struct AttentionResult {
  Matrix out;      // (n_q, d_v)
  Matrix weights;  // (n_q, n_k), each row sums to 1 (or is all 0 if fully masked)
};

// Every intermediate step, for showing a learner what happens.
struct AttentionSteps {
  Matrix scores;  // (n_q, n_k)  Q·Kᵀ
  Matrix scaled;  // (n_q, n_k)  Q·Kᵀ · score_factor: / (τ·√d_k), or / τ when scale is off,
                  //             plus the bias if there is one (before masking)
  Matrix masked;  // (n_q, n_k)  scaled, with hidden keys set to −∞
  Matrix weights;  // (n_q, n_k)  softmax per row
  Matrix out;      // (n_q, d_v)  weights·V
};

// Checked entry point. `mask` null means every query sees every key.
// Uses the fast kernel; it agrees with attention_reference within 1e-12.
Result<AttentionResult> attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                  const Mask* mask = nullptr, const AttentionOptions& opts = {});

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
                                           const Mask* mask = nullptr,
                                           const AttentionOptions& opts = {});

// The readable specification, unchecked (callers validate shapes first).
AttentionResult attention_reference(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask, const AttentionOptions& opts);

// Checked, and keeps every step. Besides attention()'s errors: a score or a
// scaled score (bias included) beyond float64 (a result that cannot be shown)
// is "non_finite_result".
Result<AttentionSteps> attention_steps(const Matrix& Q, const Matrix& K, const Matrix& V,
                                       const Mask* mask = nullptr,
                                       const AttentionOptions& opts = {});

}  // namespace ap
