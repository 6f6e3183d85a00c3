#include "block.h"

#include <cmath>
#include <string>

#include "checks.h"
#include "layer_norm.h"
#include "multi_head.h"

namespace ap {

Result<BlockResult> block(const Matrix& X, std::size_t h, const Mask* mask, double eps) {
  // X first, so an empty or non-finite input is reported as X, not as Q
  Status s = check_matrix("block", "X", X);
  if (s.ok()) s = check_multi_head("block", X, X, X, h, mask);
  if (!s.ok()) return Result<BlockResult>::Fail(s);
  if (!std::isfinite(eps) || eps < 0.0)
    return Result<BlockResult>::Fail(
        Status::Error("invalid_argument",
                      "block: eps = " + std::to_string(eps) + " must be a finite number ≥ 0"));
  // layer norm (3 per value: mean, variance, scaling) and the residual (1) on
  // top of the heads' n²·2d; results normed, attended, out (n, d) and h × (n, n)
  const double n = static_cast<double>(X.rows), d = static_cast<double>(X.cols);
  s = check_cost("block", n * n * 2.0 * d + 4.0 * n * d,
                 8.0 * (3.0 * n * d + static_cast<double>(h) * n * n),
                 "use fewer rows (tokens) or columns of X");
  if (!s.ok()) return Result<BlockResult>::Fail(s);
  Result<BlockResult> r;
  BlockResult& b = r.value;
  b.normed = X;
  for (std::size_t i = 0; i < X.rows; ++i) layer_norm_inplace(b.normed.row(i), X.cols, eps);
  MultiHeadResult mh = multi_head_unchecked(b.normed, b.normed, b.normed, h, mask);
  b.attended = std::move(mh.out);
  b.weights = std::move(mh.weights);
  b.out = X;
  for (std::size_t k = 0; k < b.out.data.size(); ++k) b.out.data[k] += b.attended.data[k];
  return r;
}

}  // namespace ap
