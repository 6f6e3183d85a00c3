#include "matmul.h"

#include <utility>

namespace ap {

Matrix matmul(const Matrix& A, const Matrix& B, const std::vector<double>& bias) {
  Matrix C(A.rows, B.cols);  // (m, n)
  for (std::size_t i = 0; i < A.rows; ++i) {
    double* c = C.row(i);
    if (!bias.empty())
      for (std::size_t j = 0; j < B.cols; ++j) c[j] = bias[j];
    // i-k-j order: the inner loop walks a row of B and a row of C contiguously
    for (std::size_t k = 0; k < A.cols; ++k) {
      const double a = A(i, k);
      const double* b = B.row(k);
      for (std::size_t j = 0; j < B.cols; ++j) c[j] += a * b[j];
    }
  }
  return C;
}

Matrix columns(const Matrix& M, std::size_t first, std::size_t width) {
  std::vector<double> S;  // (rows, width), appended row by row: no zero-fill first
  S.reserve(M.rows * width);
  for (std::size_t i = 0; i < M.rows; ++i)
    S.insert(S.end(), M.row(i) + first, M.row(i) + first + width);
  return Matrix(M.rows, width, std::move(S));
}

}  // namespace ap
