#include "grad_linear.h"

#include "checks.h"
#include "grad_checks.h"
#include "matmul.h"

namespace ap {

Matrix matmul_transposed_b(const Matrix& A, const Matrix& B) {
  Matrix C(A.rows, B.rows);  // (m, n)
  for (std::size_t i = 0; i < A.rows; ++i)
    for (std::size_t j = 0; j < B.rows; ++j) {
      // C[i][j] = row i of A · row j of B: both rows contiguous
      const double* a = A.row(i);
      const double* b = B.row(j);
      double dot = 0.0;
      for (std::size_t k = 0; k < A.cols; ++k) dot += a[k] * b[k];
      C(i, j) = dot;
    }
  return C;
}

Matrix matmul_transposed_a(const Matrix& A, const Matrix& B) {
  Matrix C(A.cols, B.cols);  // (m, n)
  // C += A[k]ᵀ ⊗ B[k] for every shared row k: the inner loop walks rows of B and C
  for (std::size_t k = 0; k < A.rows; ++k) {
    const double* a = A.row(k);  // (m)
    const double* b = B.row(k);  // (n)
    for (std::size_t i = 0; i < A.cols; ++i) {
      double* c = C.row(i);
      for (std::size_t j = 0; j < B.cols; ++j) c[j] += a[i] * b[j];
    }
  }
  return C;
}

void add_into(Matrix& C, const Matrix& A) {
  for (std::size_t k = 0; k < C.data.size(); ++k) C.data[k] += A.data[k];
}

LinearGrads linear_backward_unchecked(const Matrix& X, const Matrix& W, const Matrix& dY) {
  // 1. dX = dY·Wᵀ   (n, d_out)·(d_out, d_in) → (n, d_in)
  // 2. dW = Xᵀ·dY   (d_in, n)·(n, d_out) → (d_in, d_out)
  return {matmul_transposed_b(dY, W), matmul_transposed_a(X, dY)};
}

namespace {

// X (n, d) and W_U (d, vocab): both valid, the widths agree.
Status check_unembedding(const char* fn, const Matrix& X, const Matrix& W_U) {
  Status s = check_matrix(fn, "X", X);
  if (s.ok()) s = check_matrix(fn, "W_U", W_U);
  if (s.ok() && X.cols != W_U.rows)
    s = Status::Error("shape", message("%s: X is %s but W_U is %s: W_U needs one row per column "
                                       "of X (d)",
                                       fn, shape_str(X.rows, X.cols).c_str(),
                                       shape_str(W_U.rows, W_U.cols).c_str()));
  return s;
}

// n·d·vocab multiply-adds per product
double products(const Matrix& X, const Matrix& W_U) {
  return static_cast<double>(X.rows) * static_cast<double>(X.cols) * static_cast<double>(W_U.cols);
}

constexpr const char* kReduceUnembedding = "use fewer rows of X, a narrower X or a smaller vocab";

}  // namespace

Result<Matrix> unembedding(const Matrix& X, const Matrix& W_U) {
  Status s = check_unembedding("unembedding", X, W_U);
  if (s.ok())
    s = check_cost("unembedding", products(X, W_U),
                   8.0 * static_cast<double>(X.rows) * static_cast<double>(W_U.cols),
                   kReduceUnembedding);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = matmul(X, W_U);  // (n, vocab)
  return r;
}

Result<LinearGrads> unembedding_backward(const Matrix& X, const Matrix& W_U,
                                         const Matrix& d_logits) {
  Status s = check_unembedding("unembedding_backward", X, W_U);
  if (s.ok())
    s = check_shape("unembedding_backward", "d_logits", d_logits, X.rows, W_U.cols,
                    "the logits X·W_U");
  if (s.ok())
    s = check_cost(
        "unembedding_backward", 2.0 * products(X, W_U),
        8.0 * (static_cast<double>(X.data.size()) + static_cast<double>(W_U.data.size())),
        kReduceUnembedding);
  if (!s.ok()) return Result<LinearGrads>::Fail(s);
  Result<LinearGrads> r;
  r.value = linear_backward_unchecked(X, W_U, d_logits);
  return r;
}

}  // namespace ap
