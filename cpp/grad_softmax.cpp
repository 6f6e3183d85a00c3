#include "grad_softmax.h"

#include "checks.h"
#include "grad_checks.h"

namespace ap {

void softmax_backward_row(const double* y, const double* dy, double* dx, std::size_t n) {
  // 1. the row's Σ_k dy_k·y_k: how much the upstream gradient agrees with y
  double dot = 0.0;
  for (std::size_t k = 0; k < n; ++k) dot += dy[k] * y[k];
  // 2. dx = y ⊙ (dy − dot): 0 wherever y is 0 (a masked key)
  for (std::size_t j = 0; j < n; ++j) dx[j] = y[j] * (dy[j] - dot);
}

Result<Matrix> softmax_backward(const Matrix& Y, const Matrix& dY) {
  Status s = check_matrix("softmax_backward", "Y", Y);
  if (s.ok()) s = check_shape("softmax_backward", "dY", dY, Y.rows, Y.cols, "Y");
  // two multiply-adds per value; (rows, cols) out
  const double values = static_cast<double>(Y.rows) * static_cast<double>(Y.cols);
  if (s.ok()) s = check_cost("softmax_backward", 2.0 * values, 8.0 * values, "use a smaller Y");
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(Y.rows, Y.cols);  // (rows, cols)
  for (std::size_t i = 0; i < Y.rows; ++i)
    softmax_backward_row(Y.row(i), dY.row(i), r.value.row(i), Y.cols);
  return r;
}

}  // namespace ap
