#include "layer_norm.h"

#include <cmath>
#include <string>

#include "checks.h"
#include "size_limits.h"

namespace ap {

namespace {

// The plain two-pass form, as torch.nn.LayerNorm computes it: overflows once
// n·(2·max|x|)² passes DBL_MAX (max|x| above ~2⁴⁹⁹ for n = 2²⁴).
[[gnu::noinline]] void normalise(double* row, std::size_t n, double eps) {  // one copy in WASM
  double mean = 0.0;
  for (std::size_t i = 0; i < n; ++i) mean += row[i];
  mean /= static_cast<double>(n);
  double var = 0.0;
  for (std::size_t i = 0; i < n; ++i) var += (row[i] - mean) * (row[i] - mean);
  var /= static_cast<double>(n);  // biased, as torch.nn.LayerNorm
  // a constant row with eps = 0 has nothing to scale: it maps to 0s, not 0/0 = NaN
  const double denom = std::sqrt(var + eps);
  const double inv = denom > 0.0 ? 1.0 / denom : 0.0;
  for (std::size_t i = 0; i < n; ++i) row[i] = (row[i] - mean) * inv;
}

// row·2^−e, for rows near the float64 limits
AP_COLD void scale_down(double* row, std::size_t n, int e) {
  for (std::size_t i = 0; i < n; ++i) row[i] = std::ldexp(row[i], -e);
}

}  // namespace

void layer_norm_inplace(double* row, std::size_t n, double eps) {
  double largest = 0.0;  // max |x|
  for (std::size_t i = 0; i < n; ++i)
    largest = std::fabs(row[i]) > largest ? std::fabs(row[i]) : largest;
  // Within 2^±400 the plain form neither overflows (its sums stay below
  // 2²⁴·4·2⁸⁰⁰) nor loses a variance that matters to underflow: use it as is,
  // bit for bit as before.
  if (largest == 0.0 || (largest <= 0x1p400 && largest >= 0x1p-400)) {
    normalise(row, n, eps);
    return;
  }
  // LN(x, eps) = LN(x·2^−e, eps·2^−2e): scale by a power of two (exact) so
  // that max |x| is in [1, 2); [1e308, 1e308] gives [0, 0], not NaN.
  const int e = std::ilogb(largest);
  const double eps_scaled = std::ldexp(eps, -2 * e);
  if (!std::isfinite(eps_scaled)) {
    // tiny values (e < 0) and an eps beyond 2¹⁰²⁴·(max|x|)²: the variance
    // (≤ max|x|²) is lost in eps anyway; the plain form is right
    normalise(row, n, eps);
    return;
  }
  scale_down(row, n, e);
  normalise(row, n, eps_scaled);
}

Result<std::vector<double>> layer_norm(const std::vector<double>& row, double eps) {
  Status s = check_vector("layer_norm", "row", row);
  if (!s.ok()) return Result<std::vector<double>>::Fail(s);
  if (!std::isfinite(eps) || eps < 0.0)
    return Result<std::vector<double>>::Fail(
        Status::Error("invalid_argument",
                      "layer_norm: eps = " + std::to_string(eps) + " must be a finite number ≥ 0"));
  // mean, variance and scaling: 3 per value; n out
  s = check_cost("layer_norm", 3.0 * static_cast<double>(row.size()),
                 8.0 * static_cast<double>(row.size()), "use fewer values");
  if (!s.ok()) return Result<std::vector<double>>::Fail(s);
  Result<std::vector<double>> r;
  r.value = row;
  layer_norm_inplace(r.value.data(), r.value.size(), eps);
  return r;
}

}  // namespace ap
