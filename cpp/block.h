// block.h — the pre-LN attention block with a residual connection:
//   out = X + multi_head(LN(X), LN(X), LN(X), h, mask).out
// (nanoGPT's Block.forward without the MLP half.)
//
// Positions, in BlockOptions:
//   rope  — RoPE (Su, Lu, Pan, Murtadha, Wen & Liu 2021, "RoFormer: Enhanced
//           Transformer with Rotary Position Embedding", arXiv:2104.09864):
//           each head's q and k slices of LN(X) are turned with d = d/h, row i
//           at position offset + i (multi_head.h); V is not turned.
//   alibi — ALiBi (Press, Smith & Lewis 2022, "Train Short, Test Long",
//           arXiv:2108.12409): head t adds alibi_bias(h, n, n)[t] =
//           −m_t·|i − j| to its scaled scores before masking (alibi.h).
// Both may be on at once.
//
// Shapes: X (n, d), mask (n, n) or null, h divides d.
#pragma once

#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

struct BlockResult {
  Matrix normed;                // (n, d)  LN(X), row by row
  Matrix attended;              // (n, d)  multi_head(LN(X), …).out
  Matrix out;                   // (n, d)  X + attended
  std::vector<Matrix> weights;  // h × (n, n)
};

// Options of block(): eps of the layer norm (a finite number ≥ 0), and the
// positions: rope (null: none) and alibi (false: none).
struct BlockOptions {
  double eps = 1e-5;
  const RopeOptions* rope = nullptr;
  bool alibi = false;
};

// Errors: those of multi_head (X's shape, h), eps out of range
// ("invalid_argument"), the rope's (check_head_rope: d/h odd, base, offset),
// the work.
Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask,
                          const BlockOptions& opts);

// block(X, h, mask, BlockOptions{eps}): no positions.
Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask = nullptr,
                          double eps = 1e-5);

}  // namespace ap
