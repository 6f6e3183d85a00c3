// matmul.h — the matrix product and column slice the heads and projections need.
#pragma once

#include "tensor.h"

namespace ap {

// C = A·B (+ bias on every row, if given).
// A (m, k), B (k, n), bias (n) or empty → C (m, n).
// Callers check shapes first.
Matrix matmul(const Matrix& A, const Matrix& B, const std::vector<double>& bias = {});

// Columns [first, first + width) of M.   M (rows, cols) → (rows, width)
Matrix columns(const Matrix& M, std::size_t first, std::size_t width);

}  // namespace ap
