// block.h — the pre-LN attention block with a residual connection:
//   out = X + multi_head(LN(X), LN(X), LN(X), h, mask).out
// (nanoGPT's Block.forward without the MLP half.)
//
// Shapes: X (n, d), mask (n, n) or null, h divides d.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

struct BlockResult {
  Matrix normed;                // (n, d)  LN(X), row by row
  Matrix attended;              // (n, d)  multi_head(LN(X), …).out
  Matrix out;                   // (n, d)  X + attended
  std::vector<Matrix> weights;  // h × (n, n)
};

Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask = nullptr,
                          double eps = 1e-5);

}  // namespace ap
