#include "grad_init.h"

#include <cmath>

#include "checks.h"
#include "grad_checks.h"
#include "size_limits.h"

namespace ap {

namespace {

// rows and cols within (1, 1) … (kMaxRows, kMaxCols), as random_normal checks them.
Status check_init_shape(const char* fn, std::size_t rows, std::size_t cols) {
  if (rows == 0 || cols == 0 || rows > kMaxRows || cols > kMaxCols)
    return Status::Error(
        rows == 0 || cols == 0 ? "empty" : "too_large",
        message("%s: shape %s must be between (1, 1) and %s", fn, shape_str(rows, cols).c_str(),
                shape_str(kMaxRows, kMaxCols).c_str()));
  return Status::Ok();
}

// one draw per value (counted like random_normal's); (rows, cols) out
Status check_draws(const char* fn, std::size_t rows, std::size_t cols) {
  const double values = static_cast<double>(rows) * static_cast<double>(cols);
  return check_cost(fn, kTranscendentalCost * values, 8.0 * values, "use fewer rows or columns");
}

}  // namespace

Result<Matrix> init_normal(std::size_t rows, std::size_t cols, double std, Rng& rng) {
  Status s = check_init_shape("init_normal", rows, cols);
  if (s.ok()) s = check_in_range("init_normal", "std", std, 0.0, kMaxNormalScale, true);
  if (s.ok()) s = check_draws("init_normal", rows, cols);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(rows, cols);  // (rows, cols)
  for (double& x : r.value.data) x = std * rng.normal();
  return r;
}

Result<Matrix> init_uniform(std::size_t rows, std::size_t cols, double bound, Rng& rng) {
  Status s = check_init_shape("init_uniform", rows, cols);
  if (s.ok()) s = check_in_range("init_uniform", "bound", bound, 0.0, 0x1p1022, true);
  if (s.ok()) s = check_draws("init_uniform", rows, cols);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(rows, cols);  // (rows, cols)
  for (double& x : r.value.data) x = -bound + 2.0 * bound * rng.uniform();
  return r;
}

Result<Matrix> init_constant(std::size_t rows, std::size_t cols, double value) {
  Status s = check_init_shape("init_constant", rows, cols);
  if (s.ok() && !std::isfinite(value))
    s = Status::Error("invalid_argument", message("init_constant: value = %s must be a finite "
                                                  "number",
                                                  number_str(value).c_str()));
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(rows, cols, value);  // (rows, cols)
  return r;
}

}  // namespace ap
