#include "grad_checks.h"

#include <cmath>

#include "checks.h"
#include "size_limits.h"

namespace ap {

Status check_shape(const char* fn, const char* arg, const Matrix& m, std::size_t rows,
                   std::size_t cols, const char* other) {
  if (m.rows != rows || m.cols != cols)
    return Status::Error(
        "shape", message("%s: %s is %s but %s is %s: they must have the same shape", fn, arg,
                         shape_str(m.rows, m.cols).c_str(), other, shape_str(rows, cols).c_str()));
  return check_matrix(fn, arg, m);
}

Status check_length(const char* fn, const char* arg, const std::vector<double>& v, std::size_t n,
                    const char* other) {
  if (v.size() != n)
    return Status::Error("shape", message("%s: %s has %zu values but %s has %zu: they must have "
                                          "the same length",
                                          fn, arg, v.size(), other, n));
  return check_vector(fn, arg, v);
}

Status check_ids(const char* fn, const char* arg, const std::vector<std::size_t>& ids,
                 std::size_t vocab, const char* table) {
  if (ids.empty())
    return Status::Error("empty", message("%s: %s is empty: it needs at least one token", fn, arg));
  if (ids.size() > kMaxRows)
    return Status::Error("too_large", message("%s: %s has %zu tokens: the limit is %zu", fn, arg,
                                              ids.size(), kMaxRows));
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] >= vocab)
      return Status::Error("invalid_argument",
                           message("%s: %s[%zu] = %zu is not a row of %s (vocab = %zu)", fn, arg, i,
                                   ids[i], table, vocab));
  return Status::Ok();
}

Status check_in_range(const char* fn, const char* arg, double x, double lo, double hi,
                      bool hi_included) {
  const bool ok = std::isfinite(x) && x >= lo && (hi_included ? x <= hi : x < hi);
  if (ok) return Status::Ok();
  if (std::isinf(hi))  // [lo, ∞)
    return Status::Error("invalid_argument",
                         message("%s: %s = %s must be a finite number ≥ %s", fn, arg,
                                 number_str(x).c_str(), number_str(lo).c_str()));
  return Status::Error(
      "invalid_argument",
      message("%s: %s = %s must be a finite number in [%s, %s%c", fn, arg, number_str(x).c_str(),
              number_str(lo).c_str(), number_str(hi).c_str(), hi_included ? ']' : ')'));
}

}  // namespace ap
