// test_util.h — small helpers shared by the core test suites.
//
// Matrices are compared the llm.c way (check_tensor): shapes first, then the
// largest absolute difference, printed with its position when it fails.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "random.h"
#include "tensor.h"

namespace ap::test {

// A (rows, cols) matrix of standard normals times `scale`, drawn from `rng`.
inline Matrix random_matrix(std::size_t rows, std::size_t cols, Rng& rng, double scale = 1.0) {
  Matrix m(rows, cols);  // (rows, cols)
  for (double& x : m.data) x = scale * rng.normal();
  return m;
}

// A vector of n standard normals times `scale`.
inline std::vector<double> random_vector(std::size_t n, Rng& rng, double scale = 1.0) {
  std::vector<double> v(n);
  for (double& x : v) x = scale * rng.normal();
  return v;
}

// A (batch, rows, cols) tensor of standard normals.
inline Tensor3 random_tensor(std::size_t batch, std::size_t rows, std::size_t cols, Rng& rng) {
  Tensor3 t(batch, rows, cols);  // (batch, rows, cols)
  for (double& x : t.data) x = rng.normal();
  return t;
}

// A uniform integer in [lo, hi].
inline std::size_t random_between(Rng& rng, std::size_t lo, std::size_t hi) {
  return lo + rng.below(hi - lo + 1);
}

// Row i of the result is row p[i] of M: the permutation matrix P applied as P·M.
inline Matrix permute_rows(const Matrix& M, const std::vector<std::size_t>& p) {
  Matrix R(M.rows, M.cols);  // (rows, cols)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < M.cols; ++c) R(i, c) = M(p[i], c);
  return R;
}

// (R)(i, j) = M(p[i], p[j]): P·M·Pᵀ for a square matrix of weights.
inline Matrix permute_both(const Matrix& M, const std::vector<std::size_t>& p) {
  Matrix R(M.rows, M.cols);  // (n, n)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t j = 0; j < M.cols; ++j) R(i, j) = M(p[i], p[j]);
  return R;
}

// Plain triple-loop A·B for checking the library's matmul-based code.
inline Matrix naive_matmul(const Matrix& A, const Matrix& B) {
  Matrix C(A.rows, B.cols);  // (m, n)
  for (std::size_t i = 0; i < A.rows; ++i)
    for (std::size_t j = 0; j < B.cols; ++j) {
      double s = 0.0;
      for (std::size_t k = 0; k < A.cols; ++k) s += A(i, k) * B(k, j);
      C(i, j) = s;
    }
  return C;
}

// Columns [first, first + width) of M.
inline Matrix column_slice(const Matrix& M, std::size_t first, std::size_t width) {
  Matrix S(M.rows, width);  // (rows, width)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < width; ++c) S(i, c) = M(i, first + c);
  return S;
}

// Rows [first, first + count) of M.
inline Matrix row_slice(const Matrix& M, std::size_t first, std::size_t count) {
  Matrix S(count, M.cols);  // (count, cols)
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t c = 0; c < M.cols; ++c) S(i, c) = M(first + i, c);
  return S;
}

// The largest |a − b| over two equally shaped matrices (∞ if a NaN appears).
inline double max_abs_diff(const Matrix& a, const Matrix& b) {
  double worst = 0.0;
  for (std::size_t k = 0; k < a.data.size() && k < b.data.size(); ++k) {
    const double d = std::fabs(a.data[k] - b.data[k]);
    if (std::isnan(d)) return INFINITY;
    worst = d > worst ? d : worst;
  }
  return worst;
}

// Shapes equal and every entry within `tol`; on failure, the max difference.
inline ::testing::AssertionResult MatrixNear(const Matrix& actual, const Matrix& expected,
                                             double tol) {
  if (actual.rows != expected.rows || actual.cols != expected.cols ||
      actual.data.size() != expected.data.size())
    return ::testing::AssertionFailure()
           << "shape (" << actual.rows << ", " << actual.cols << ") != expected (" << expected.rows
           << ", " << expected.cols << ")";
  double worst = 0.0;
  std::size_t at = 0;
  for (std::size_t k = 0; k < actual.data.size(); ++k) {
    const double d = std::fabs(actual.data[k] - expected.data[k]);
    if (!(d <= worst)) {  // also catches NaN
      worst = d;
      at = k;
      if (std::isnan(d)) break;
    }
  }
  if (worst <= tol) return ::testing::AssertionSuccess();
  std::ostringstream os;
  os.precision(17);
  os << "max |diff| = " << worst << " > " << tol << " at [" << at / actual.cols << "]["
     << at % actual.cols << "]: " << actual.data[at] << " vs " << expected.data[at];
  return ::testing::AssertionFailure() << os.str();
}

// The same for flat vectors.
inline ::testing::AssertionResult VectorNear(const std::vector<double>& actual,
                                             const std::vector<double>& expected, double tol) {
  if (actual.size() != expected.size())
    return ::testing::AssertionFailure()
           << "size " << actual.size() << " != expected " << expected.size();
  return MatrixNear(Matrix(1, actual.size(), actual), Matrix(1, expected.size(), expected), tol);
}

// Every entry identical, bit for bit (EXPECT_EQ on each double).
inline ::testing::AssertionResult MatrixIdentical(const Matrix& actual, const Matrix& expected) {
  if (actual.rows != expected.rows || actual.cols != expected.cols ||
      actual.data.size() != expected.data.size())
    return ::testing::AssertionFailure()
           << "shape (" << actual.rows << ", " << actual.cols << ") != expected (" << expected.rows
           << ", " << expected.cols << ")";
  for (std::size_t k = 0; k < actual.data.size(); ++k)
    if (!(actual.data[k] == expected.data[k])) {
      std::ostringstream os;
      os.precision(17);
      os << "differs at [" << k / actual.cols << "][" << k % actual.cols << "]: " << actual.data[k]
         << " vs " << expected.data[k];
      return ::testing::AssertionFailure() << os.str();
    }
  return ::testing::AssertionSuccess();
}

// True when every entry is finite.
inline bool all_finite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// `text` contains `part`; on failure both are printed.
inline ::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

}  // namespace ap::test
