// multi_head.h — split the last dimension into h heads, attend, concatenate.
//
// Shapes: Q (n_q, d), K (n_k, d), V (n_k, d_v), mask (n_q, n_k) or null;
// head t uses columns [t·d/h, (t+1)·d/h) of Q and K and [t·d_v/h, …) of V,
// and its scores are divided by τ·√(d/h) — the head's own width, not d, and
// the softmax temperature τ (attention.h; default 1, the same for every head).
// bias: null, or (h, n_q, n_k): head t adds bias[t] to its scaled
// scores before masking (ALiBi: one slope per head), as attention() does.
// rope: null, or RoPE (Su, Lu, Pan, Murtadha, Wen & Liu 2021,
// "RoFormer", arXiv:2104.09864; rope.h) applied to each head's own slices of
// Q and K with d = d/h (never to V): keys at positions offset + j, queries at
// offset + (n_k − n_q) + i (the queries are the last n_q positions, as for
// ALiBi's p_i), so (rotated q_i)·(rotated k_j) depends only on p_i − j.
#pragma once

#include <memory>
#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

struct MultiHeadResult {
  Matrix out;                   // (n_q, d_v) — the h head outputs side by side
  std::vector<Matrix> weights;  // h × (n_q, n_k)
};

// Checked: the shapes (check_multi_head), τ a finite number > 0, the bias
// ((h, n_q, n_k), finite: check_head_bias), the rope (check_head_rope), the
// work (the rotations counted as rope() counts them), and rotated values
// that overflow float64 ("non_finite_result").
Result<MultiHeadResult> multi_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                                   const Mask* mask = nullptr, double temperature = 1.0,
                                   const Tensor3* bias = nullptr,
                                   const RopeOptions* rope = nullptr);

// multi_head's result with the h weight matrices in one uninitialised buffer,
// for a caller that copies it elsewhere at once (the WASM bindings): each
// head's kernel writes its (n_q, n_k) weights once, straight into its slice
// (no zero-fill of h matrices, no concatenation afterwards).
struct MultiHeadBuffers {
  std::size_t h = 0, n_q = 0, n_k = 0;
  Matrix out;                         // (n_q, d_v)
  std::unique_ptr<double[]> weights;  // (h, n_q, n_k)
};

// Checked like multi_head(); the same numbers, bit for bit.
Result<MultiHeadBuffers> multi_head_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                            std::size_t h, const Mask* mask = nullptr,
                                            double temperature = 1.0, const Tensor3* bias = nullptr,
                                            const RopeOptions* rope = nullptr);

// Unchecked core shared with block() (which uses τ = 1); inputs must already
// be valid (check_head_rope too, when rope is given).
MultiHeadResult multi_head_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                     std::size_t h, const Mask* mask, double temperature = 1.0,
                                     const Tensor3* bias = nullptr,
                                     const RopeOptions* rope = nullptr);

// The rope option of multi_head / block, reported under the name `fn`: null is
// fine; otherwise the head width d/h even ("divisibility": "multi_head: rope
// needs an even head width d/h = 3"), n_q ≤ n_k ("shape"), base a finite
// number > 1 and offset a whole number ≥ 0 ("invalid_argument"), and the
// queries' last position offset + n_k − 1 at most kMaxRopeOffset + n_q − 1
// (i.e. offset + n_k − n_q ≤ kMaxRopeOffset: "too_large"), as rope() checks.
Status check_head_rope(const char* fn, const RopeOptions* rope, std::size_t d, std::size_t h,
                       std::size_t n_q, std::size_t n_k);

// Each head's columns [t·d/h, (t+1)·d/h) of X (n, d) rotated by rope() with
// width d/h, row r at position `offset` + r; reports a rotated value that
// overflows float64 under the name `fn` and the argument `arg`. Assumes
// check_head_rope passed.
Result<Matrix> rope_heads(const char* fn, const char* arg, const Matrix& X, std::size_t h,
                          const RopeOptions& opts);

// Shape rules for multi_head, reported under the name `fn`.
Status check_multi_head(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                        std::size_t h, const Mask* mask);

}  // namespace ap
