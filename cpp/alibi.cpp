#include "alibi.h"

#include <cmath>

#include "checks.h"
#include "size_limits.h"

namespace ap {

namespace {

Status check_heads(const char* fn, std::size_t h) {
  if (h == 0)
    return Status::Error("invalid_argument", message("%s: h = 0: it needs at least one head", fn));
  if (h > kMaxHeads)
    return Status::Error("too_large",
                         message("%s: h = %zu is over the limit of %zu", fn, h, kMaxHeads));
  return Status::Ok();
}

}  // namespace

Result<std::vector<double>> alibi_slopes(std::size_t h) {
  Status s = check_heads("alibi_slopes", h);
  if (!s.ok()) return Result<std::vector<double>>::Fail(s);
  std::size_t P = 1;  // the largest power of two ≤ h
  while (2 * P <= h) P *= 2;
  Result<std::vector<double>> r;
  r.value.reserve(h);  // (h)
  // the P slopes of P heads: 2^(−8k/P), k = 1 … P
  for (std::size_t k = 1; k <= P; ++k)
    r.value.push_back(std::exp2(-8.0 * static_cast<double>(k) / static_cast<double>(P)));
  // then every other slope of 2P heads: 2^(−8k/2P), k = 1, 3, 5, … (h − P of them)
  for (std::size_t k = 1; r.value.size() < h; k += 2)
    r.value.push_back(std::exp2(-8.0 * static_cast<double>(k) / static_cast<double>(2 * P)));
  return r;
}

Result<Tensor3> alibi_bias(std::size_t h, std::size_t n_q, std::size_t n_k) {
  const char* fn = "alibi_bias";
  Status s = check_heads(fn, h);
  if (s.ok() && (n_q == 0 || n_k == 0))
    s = Status::Error("empty",
                      message("%s: n_q = %zu, n_k = %zu: both must be at least 1", fn, n_q, n_k));
  if (s.ok() && (n_q > kMaxRows || n_k > kMaxRows))
    s = Status::Error(
        "too_large", message("%s: n_q = %zu, n_k = %zu: the limit is %zu", fn, n_q, n_k, kMaxRows));
  if (s.ok() && n_q > n_k)
    s = Status::Error("shape", message("%s: n_q = %zu is more than n_k = %zu: the queries are "
                                       "the last n_q of the n_k positions",
                                       fn, n_q, n_k));
  const double values =
      static_cast<double>(h) * static_cast<double>(n_q) * static_cast<double>(n_k);
  if (s.ok() && values > static_cast<double>(kMaxWeights))
    s = Status::Error("too_large",
                      message("%s: h·n_q·n_k = %zu·%zu·%zu = %s is over the limit of %zu values "
                              "(the weights limit): use fewer heads, queries or keys",
                              fn, h, n_q, n_k, number_str(values).c_str(), kMaxWeights));
  if (s.ok()) s = check_cost(fn, values, 8.0 * values, "use fewer heads, queries or keys");
  if (!s.ok()) return Result<Tensor3>::Fail(s);
  const std::vector<double> m = alibi_slopes(h).value;  // (h)
  Result<Tensor3> r;
  r.value = Tensor3(h, n_q, n_k);  // (h, n_q, n_k)
  for (std::size_t t = 0; t < h; ++t) {
    double* b = r.value.matrix(t);  // (n_q, n_k)
    for (std::size_t i = 0; i < n_q; ++i) {
      const std::size_t p = i + n_k - n_q;  // the query's position
      for (std::size_t j = 0; j < n_k; ++j) {
        const double dist = static_cast<double>(p > j ? p - j : j - p);  // |p_i − j|
        b[i * n_k + j] = -(m[t] * dist) + 0.0;  // + 0.0: +0, not −0, at j = p_i
      }
    }
  }
  return r;
}

}  // namespace ap
