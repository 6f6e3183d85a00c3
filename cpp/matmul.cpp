#include "matmul.h"

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
  Matrix S(M.rows, width);  // (rows, width)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < width; ++c) S(i, c) = M(i, first + c);
  return S;
}

}  // namespace ap
