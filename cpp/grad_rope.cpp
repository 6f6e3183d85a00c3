#include "grad_rope.h"

#include <cmath>
#include <vector>

#include "checks.h"
#include "matmul.h"
#include "size_limits.h"

namespace ap {

namespace {

// rope()'s checks of its options (rope.cpp), named as rope_backward's.
Status check_options(const RopeOptions& o) {
  if (!std::isfinite(o.base) || !(o.base > 1.0))
    return Status::Error("invalid_argument",
                         message("rope_backward: base = %s must be a finite number > 1 (10000 in "
                                 "RoFormer and Llama 2)",
                                 number_str(o.base).c_str()));
  if (!(o.offset >= 0.0) || std::floor(o.offset) != o.offset)
    return Status::Error("invalid_argument",
                         message("rope_backward: offset = %s must be a whole number ≥ 0",
                                 number_str(o.offset).c_str()));
  if (o.offset > kMaxRopeOffset)
    return Status::Error("too_large",
                         message("rope_backward: offset = %s is over the limit of 2147483648",
                                 number_str(o.offset).c_str()));
  return Status::Ok();
}

}  // namespace

Result<Matrix> rope_backward(const Matrix& dY, const RopeOptions& opts) {
  Status s = check_options(opts);
  if (s.ok()) s = check_matrix("rope_backward", "dY", dY);
  if (s.ok() && dY.cols % 2 != 0)
    s = Status::Error("divisibility", message("rope_backward: dY is %s: d = %zu must be even "
                                              "(RoPE turns pairs of columns)",
                                              shape_str(dY.rows, dY.cols).c_str(), dY.cols));
  // a sine and a cosine per pair and row, as rope() counts them; (n, d) out
  const double n = static_cast<double>(dY.rows), d = static_cast<double>(dY.cols);
  if (s.ok())
    s = check_cost("rope_backward", kTranscendentalCost * n * d, 8.0 * n * d,
                   "use fewer rows or columns");
  if (!s.ok()) return Result<Matrix>::Fail(s);

  const std::size_t half = dY.cols / 2;
  // θ_i = base^(−2i/d) (d/2): the same expression as rope(), so the same angles bit for bit
  std::vector<double> theta(half);
  for (std::size_t i = 0; i < half; ++i)
    theta[i] = 1.0 / std::pow(opts.base, static_cast<double>(2 * i) / d);

  Result<Matrix> r;
  r.value = Matrix(dY.rows, dY.cols);  // (n, d)
  for (std::size_t row = 0; row < dY.rows; ++row) {
    const double p = opts.offset + static_cast<double>(row);  // position
    const double* dy = dY.row(row);                           // (d)
    double* dx = r.value.row(row);                            // (d)
    for (std::size_t i = 0; i < half; ++i) {
      const std::size_t ia = opts.pairing == Pairing::half ? i : 2 * i;
      const std::size_t ib = opts.pairing == Pairing::half ? i + half : 2 * i + 1;
      const double phi = p * theta[i];  // φ = p·θ_i
      const double c = std::cos(phi), sn = std::sin(phi);
      // [da; db] = R(φ)ᵀ·[da'; db'] = [cos φ  sin φ; −sin φ  cos φ]·[da'; db']
      dx[ia] = dy[ia] * c + dy[ib] * sn;
      dx[ib] = -dy[ia] * sn + dy[ib] * c;
    }
  }
  // |dx| ≤ √2·max|dy|: finite unless dY is within a factor √2 of DBL_MAX
  for (std::size_t k = 0; k < r.value.data.size(); ++k)
    if (!std::isfinite(r.value.data[k]))
      return Result<Matrix>::Fail(Status::Error(
          "non_finite_result",
          message("rope_backward: dX[%zu][%zu] overflows float64: scale dY down below 1e307",
                  k / dY.cols, k % dY.cols)));
  return r;
}

Result<Matrix> rope_heads_backward(const Matrix& dY, std::size_t h, const RopeOptions& opts) {
  const std::size_t d_head = dY.cols / h;
  Result<Matrix> out;
  out.value = Matrix(dY.rows, dY.cols);  // (n, d)
  for (std::size_t t = 0; t < h; ++t) {
    // head t's columns (n, d/h), turned back with width d/h
    Result<Matrix> r = rope_backward(columns(dY, t * d_head, d_head), opts);
    if (!r.ok()) return r;
    for (std::size_t i = 0; i < dY.rows; ++i)
      for (std::size_t c = 0; c < d_head; ++c) out.value(i, t * d_head + c) = r.value(i, c);
  }
  return out;
}

}  // namespace ap
