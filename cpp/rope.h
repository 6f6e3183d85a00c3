// rope.h — rotary position embedding, RoPE (Su, Lu, Pan, Murtadha, Wen & Liu,
// "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021,
// arXiv:2104.09864).
//
// Each pair of columns of a row at position p is turned by the angle p·θ_i,
// θ_i = base^(−2i/d), i = 0 … d/2 − 1, so that (R_p q)·(R_s k) depends only on
// the difference p − s. Two conventions pair the columns differently:
//   Pairing::half        (x_i, x_{i+d/2}): GPT-NeoX, Hugging Face Llama's
//                        rotate_half / apply_rotary_pos_emb;
//   Pairing::interleaved (x_{2i}, x_{2i+1}): the RoFormer paper and Meta's Llama
//                        (view_as_complex: x_{2i} + i·x_{2i+1} times e^{i·p·θ_i}).
// They are the same rotation of differently ordered columns.
#pragma once

#include <cstddef>

#include "tensor.h"

namespace ap {

// Which columns form a rotated pair (see above).
enum class Pairing { half, interleaved };

// The largest offset: positions offset + r stay exact integers in float64 and
// the angles p·θ_0 = p stay far below 2⁵³ (2³¹ = 2,147,483,648).
constexpr double kMaxRopeOffset = 2147483648.0;

// Options of rope(). `base` must be a finite number > 1 (so that the
// frequencies θ_i fall from 1 towards 0 across the pairs; 10000 in the paper
// and Llama 2, 500000 in Llama 3); `offset` the position of row 0
// (a whole number 0 … kMaxRopeOffset, e.g. the length of a KV cache).
struct RopeOptions {
  double base = 10000.0;
  Pairing pairing = Pairing::half;
  double offset = 0.0;
};

// rope(X (n, d), opts) → (n, d): row r rotated as position p = offset + r.
// For every pair (a, b) of columns and its angle φ = p·θ_i:
//   a' = a·cos φ − b·sin φ
//   b' = a·sin φ + b·cos φ
// Errors: X empty, over the limits or not finite ("empty", "too_large",
// "non_finite"); d odd ("divisibility"); base or offset out of range
// ("invalid_argument", "too_large").
Result<Matrix> rope(const Matrix& X, const RopeOptions& opts = {});

}  // namespace ap
