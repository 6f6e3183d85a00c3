#include "layer_norm.h"

#include <cmath>
#include <string>

#include "checks.h"

namespace ap {

void layer_norm_inplace(double* row, std::size_t n, double eps) {
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

Result<std::vector<double>> layer_norm(const std::vector<double>& row, double eps) {
  Status s = check_vector("layer_norm", "row", row);
  if (!s.ok()) return Result<std::vector<double>>::Fail(s);
  if (!std::isfinite(eps) || eps < 0.0)
    return Result<std::vector<double>>::Fail(
        Status::Error("invalid_argument",
                      "layer_norm: eps = " + std::to_string(eps) + " must be a finite number ≥ 0"));
  Result<std::vector<double>> r;
  r.value = row;
  layer_norm_inplace(r.value.data(), r.value.size(), eps);
  return r;
}

}  // namespace ap
