// grad_rope.h — the backward pass of RoPE (rope.h: Su, Lu, Pan, Murtadha, Wen
// & Liu 2021, "RoFormer", arXiv:2104.09864), with the same conventions.
//
// Shapes: dY, dX (n, d), d even; row r at position p = offset + r.
//
// rope turns every pair (a, b) of columns by φ = p·θ_i, θ_i = base^(−2i/d):
//   [a'; b'] = R(φ)·[a; b],   R(φ) = [cos φ  −sin φ; sin φ  cos φ].
// It is linear, so the gradient goes back through the transposed rotation,
// R(φ)ᵀ = R(−φ):
//   da = cos φ·da' + sin φ·db'
//   db = −sin φ·da' + cos φ·db'
// with the same pairs (Pairing::half: (i, i + d/2); Pairing::interleaved:
// (2i, 2i + 1)) and the same angles. What torch's autograd gives for
// x·cos + rotate_half(x)·sin (Hugging Face Llama's apply_rotary_pos_emb).
#pragma once

#include <cstddef>

#include "rope.h"
#include "tensor.h"

namespace ap {

// dX = R(φ)ᵀ·dY per row and pair: dY (n, d) → dX (n, d).
// Errors: those of rope() (dY empty, over the limits or not finite; d odd;
// base or offset out of range), named "rope_backward".
Result<Matrix> rope_backward(const Matrix& dY, const RopeOptions& opts = {});

// The backward of rope_heads (multi_head.h): each head's columns
// [t·d/h, (t+1)·d/h) of dY (n, d) turned back with width d/h. Unchecked beyond
// rope_backward's checks of each head (h must divide d).
Result<Matrix> rope_heads_backward(const Matrix& dY, std::size_t h, const RopeOptions& opts);

}  // namespace ap
