#include "positional.h"

#include <cmath>
#include <string>

#include "checks.h"
#include "size_limits.h"

namespace ap {

Result<Matrix> pos_encoding(std::size_t n, std::size_t d) {
  if (n == 0 || d == 0)
    return Result<Matrix>::Fail(Status::Error("empty", "pos_encoding: n = " + std::to_string(n) +
                                                           ", d = " + std::to_string(d) +
                                                           ": both must be at least 1"));
  if (n > kMaxRows || d > kMaxCols)
    return Result<Matrix>::Fail(Status::Error(
        "too_large", "pos_encoding: (" + std::to_string(n) + ", " + std::to_string(d) +
                         ") is over the limit of " + std::to_string(kMaxRows) + " × " +
                         std::to_string(kMaxCols)));
  // a power and a sine or cosine per value; (n, d) out. Within the per-
  // dimension limits this is at most 2³¹ and 128 MiB: checked all the same.
  Status s = check_cost(
      "pos_encoding", kTranscendentalCost * static_cast<double>(n) * static_cast<double>(d),
      8.0 * static_cast<double>(n) * static_cast<double>(d), "use a smaller n or d");
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(n, d);  // (n, d)
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t c = 0; c < d; ++c) {
      const double i2 = static_cast<double>(c - c % 2);  // 2i for both columns of a pair
      const double angle = static_cast<double>(p) / std::pow(10000.0, i2 / static_cast<double>(d));
      r.value(p, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
    }
  return r;
}

}  // namespace ap
