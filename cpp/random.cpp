#include "random.h"

#include <cmath>
#include <numeric>
#include <string>

#include "checks.h"
#include "cost.h"
#include "size_limits.h"

namespace ap {

std::uint64_t Rng::next_u64() {
  // SplitMix64 (Steele, Lea, Flood 2014)
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // Box–Muller; 1 − u keeps the log argument in (0, 1]
  const double u1 = 1.0 - uniform();
  const double u2 = uniform();
  const double radius = std::sqrt(-2.0 * std::log(u1));
  const double angle = 2.0 * 3.14159265358979323846 * u2;
  spare_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

std::size_t Rng::below(std::size_t n) {
  return static_cast<std::size_t>(uniform() * static_cast<double>(n));
}

namespace {

AP_COLD Status scale_error(double scale) {
  return Status::Error("invalid_argument",
                       message("random_normal: scale = %s must be a finite number with |scale| ≤ "
                               "%s (DBL_MAX / 64)",
                               number_str(scale).c_str(), number_str(kMaxNormalScale).c_str()));
}

}  // namespace

Result<Matrix> random_normal(std::size_t rows, std::size_t cols, std::uint64_t seed, double scale) {
  if (rows == 0 || cols == 0 || rows > kMaxRows || cols > kMaxCols)
    return Result<Matrix>::Fail(
        Status::Error(rows == 0 || cols == 0 ? "empty" : "too_large",
                      "random_normal: shape (" + std::to_string(rows) + ", " +
                          std::to_string(cols) + ") must be between (1, 1) and (" +
                          std::to_string(kMaxRows) + ", " + std::to_string(kMaxCols) + ")"));
  // |normal()| < 8.6 (Box–Muller from 53-bit uniforms: √(2·53·ln 2)), so
  // |scale| ≤ DBL_MAX / 64 keeps every value finite
  if (!(std::fabs(scale) <= kMaxNormalScale)) return Result<Matrix>::Fail(scale_error(scale));
  // one normal per value; (rows, cols) out. Within the per-dimension limits
  // this is at most 2³¹ and 128 MiB: checked all the same.
  Status s = check_cost("random_normal",
                        random_normal_cost(static_cast<double>(rows), static_cast<double>(cols)));
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Rng rng(seed);
  Result<Matrix> r;
  r.value = Matrix(rows, cols);
  for (double& x : r.value.data) x = scale * rng.normal();
  return r;
}

std::vector<std::size_t> random_permutation(std::size_t n, Rng& rng) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  for (std::size_t i = n; i > 1; --i) std::swap(p[i - 1], p[rng.below(i)]);
  return p;
}

}  // namespace ap
