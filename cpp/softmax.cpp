#include "softmax.h"

#include <cmath>
#include <limits>

#include "checks.h"
#include "size_limits.h"

namespace ap {

void softmax_inplace(double* row, std::size_t n) {
  // 1. the largest score; −∞ if every entry is masked
  double max = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < n; ++j) max = row[j] > max ? row[j] : max;
  if (max == -std::numeric_limits<double>::infinity()) {
    // every key is hidden: no weight anywhere (instead of 0/0 = NaN)
    for (std::size_t j = 0; j < n; ++j) row[j] = 0.0;
    return;
  }
  // 2. exp(x − max) ≤ 1, so nothing overflows; exp(−∞) = 0 exactly
  double sum = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    row[j] = std::exp(row[j] - max);
    sum += row[j];
  }
  // 3. normalise (sum ≥ 1 because the max entry contributes exp(0) = 1)
  const double inv = 1.0 / sum;
  for (std::size_t j = 0; j < n; ++j) row[j] *= inv;
}

Result<std::vector<double>> softmax(const std::vector<double>& xs) {
  Status s = check_vector("softmax", "xs", xs);
  // an exp per value (counted like the other transcendental functions); n out
  if (s.ok())
    s = check_cost("softmax", kTranscendentalCost * static_cast<double>(xs.size()),
                   8.0 * static_cast<double>(xs.size()), "use fewer values");
  if (!s.ok()) return Result<std::vector<double>>::Fail(s);
  Result<std::vector<double>> r;
  r.value = xs;
  softmax_inplace(r.value.data(), r.value.size());
  return r;
}

}  // namespace ap
