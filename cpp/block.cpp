#include "block.h"

#include <cmath>
#include <string>
#include <utility>

#include "alibi.h"
#include "checks.h"
#include "cost.h"
#include "layer_norm.h"
#include "multi_head.h"
#include "size_limits.h"

namespace ap {

Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask, double eps) {
  return block(X, h, mask, BlockOptions{eps, nullptr, false});
}

Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask,
                          const BlockOptions& opts) {
  // X first, so an empty or non-finite input is reported as X, not as Q
  Status s = check_matrix("block", "X", X);
  // h must divide d; said here, so the message names X, the block's one input (not Q, K and V)
  if (s.ok() && h != 0 && h <= kMaxHeads && X.cols % h != 0)
    s = Status::Error("divisibility", "block: h = " + std::to_string(h) + " does not divide d = " +
                                          std::to_string(X.cols) + " (the width of X)");
  if (s.ok()) s = check_multi_head("block", X, X, X, h, mask);
  if (!s.ok()) return Result<BlockResult>::Fail(s);
  if (!std::isfinite(opts.eps) || opts.eps < 0.0)
    return Result<BlockResult>::Fail(
        Status::Error("invalid_argument",
                      "block: eps = " + std::to_string(opts.eps) + " must be a finite number ≥ 0"));
  s = check_head_rope("block", opts.rope, X.cols, h, X.rows, X.rows);
  if (!s.ok()) return Result<BlockResult>::Fail(s);
  // layer norm (3 per value: mean, variance, scaling) and the residual (1) on
  // top of the heads' n²·2d, the rotations of q and k (rope) and the h·n²
  // biases (alibi); results normed, attended, out (n, d) and h × (n, n), and
  // the h × (n, n) biases with alibi
  s = check_cost("block", block_cost(static_cast<double>(X.rows), static_cast<double>(X.cols),
                                     static_cast<double>(h), opts.rope != nullptr, opts.alibi));
  if (!s.ok()) return Result<BlockResult>::Fail(s);
  Tensor3 bias;  // (h, n, n) with alibi
  if (opts.alibi) {
    Result<Tensor3> a = alibi_bias(h, X.rows, X.rows);
    if (!a.ok()) return Result<BlockResult>::Fail(a.status);
    bias = std::move(a.value);
  }
  Result<BlockResult> r;
  BlockResult& b = r.value;
  b.normed = X;
  for (std::size_t i = 0; i < X.rows; ++i) layer_norm_inplace(b.normed.row(i), X.cols, opts.eps);
  // LN(X) is at most √d in size, so its rotations cannot overflow
  MultiHeadResult mh = multi_head_unchecked(b.normed, b.normed, b.normed, h, mask, 1.0,
                                            opts.alibi ? &bias : nullptr, opts.rope);
  b.attended = std::move(mh.out);
  b.weights = std::move(mh.weights);
  b.out = X;
  for (std::size_t k = 0; k < b.out.data.size(); ++k) b.out.data[k] += b.attended.data[k];
  return r;
}

}  // namespace ap
