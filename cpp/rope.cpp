#include "rope.h"

#include <cmath>
#include <string>
#include <vector>

#include "checks.h"
#include "size_limits.h"

namespace ap {

namespace {

// An offset as it was given: whole numbers in full ("2147483649"), others as number_str.
std::string offset_str(double x) {
  if (std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 1e21) return message("%.0f", x);
  return number_str(x);
}

// The options' own errors (before X is looked at): base, offset.
Status check_rope_options(const RopeOptions& o) {
  if (!std::isfinite(o.base) || !(o.base > 1.0))
    return Status::Error("invalid_argument",
                         message("rope: base = %s must be a finite number > 1 (10000 in "
                                 "RoFormer and Llama 2)",
                                 number_str(o.base).c_str()));
  if (!(o.offset >= 0.0) || std::floor(o.offset) != o.offset)
    return Status::Error("invalid_argument", message("rope: offset = %s must be a whole number ≥ 0",
                                                     offset_str(o.offset).c_str()));
  if (o.offset > kMaxRopeOffset)
    return Status::Error("too_large", message("rope: offset = %s is over the limit of 2147483648",
                                              offset_str(o.offset).c_str()));
  return Status::Ok();
}

}  // namespace

Result<Matrix> rope(const Matrix& X, const RopeOptions& opts) {
  Status s = check_rope_options(opts);
  if (s.ok()) s = check_matrix("rope", "X", X);
  if (s.ok() && X.cols % 2 != 0)
    s = Status::Error("divisibility",
                      message("rope: X is %s: d = %zu must be even (RoPE turns pairs of columns)",
                              shape_str(X.rows, X.cols).c_str(), X.cols));
  // a sine and a cosine per pair and row (n·d/2 pairs): (n, d) out
  const double n = static_cast<double>(X.rows), d = static_cast<double>(X.cols);
  if (s.ok())
    s = check_cost("rope", kTranscendentalCost * n * d, 8.0 * n * d, "use fewer rows or columns");
  if (!s.ok()) return Result<Matrix>::Fail(s);

  const std::size_t half = X.cols / 2;
  // θ_i = base^(−2i/d) (d/2), as Hugging Face's inv_freq = 1 / base^(2i/d)
  std::vector<double> theta(half);
  for (std::size_t i = 0; i < half; ++i)
    theta[i] = 1.0 / std::pow(opts.base, static_cast<double>(2 * i) / d);

  Result<Matrix> r;
  r.value = Matrix(X.rows, X.cols);  // (n, d)
  for (std::size_t row = 0; row < X.rows; ++row) {
    const double p = opts.offset + static_cast<double>(row);  // position, exact below 2⁵³
    const double* x = X.row(row);                             // (d)
    double* y = r.value.row(row);                             // (d)
    for (std::size_t i = 0; i < half; ++i) {
      // the pair (a, b): columns (i, i + d/2) or (2i, 2i + 1)
      const std::size_t ia = opts.pairing == Pairing::half ? i : 2 * i;
      const std::size_t ib = opts.pairing == Pairing::half ? i + half : 2 * i + 1;
      const double phi = p * theta[i];  // φ = p·θ_i
      const double c = std::cos(phi), sn = std::sin(phi);
      // [a'; b'] = [cos φ  −sin φ; sin φ  cos φ] · [a; b]
      y[ia] = x[ia] * c - x[ib] * sn;
      y[ib] = x[ia] * sn + x[ib] * c;
    }
  }
  for (std::size_t k = 0; k < r.value.data.size(); ++k)
    if (!std::isfinite(r.value.data[k]))
      return Result<Matrix>::Fail(Status::Error(
          "non_finite_result",
          message("rope: the rotated X[%zu][%zu] overflows float64: scale X down below 1e307",
                  k / X.cols, k % X.cols)));
  return r;
}

}  // namespace ap
