// grad_softmax.h — the backward pass of a softmax taken along each row.
//
// Shapes: Y, dY, dX (rows, cols); each row of Y is softmax(row of X).
//
// With y = softmax(x) and an upstream gradient dy = ∂L/∂y, the Jacobian
// ∂y_j/∂x_k = y_j·(δ_jk − y_k) gives
//   dx = y ⊙ (dy − Σ_j dy_j·y_j)          (one row)
// i.e. dX = Y ⊙ (dY − rowsum(dY ⊙ Y)). A masked entry (y = 0 exactly, its
// score −∞) gets dx = 0 exactly, and so does every entry of an all-masked row.
// Matches the gradient torch.softmax(X, dim=-1) gets from autograd (torch's
// _softmax_backward_data computes the same formula).
#pragma once

#include <cstddef>

#include "tensor.h"

namespace ap {

// Unchecked, one row: dx[j] = y[j]·(dy[j] − Σ_k dy[k]·y[k]), n values each.
void softmax_backward_row(const double* y, const double* dy, double* dx, std::size_t n);

// Checked: Y and dY the same shape, non-empty, finite.  Y, dY (rows, cols) → dX (rows, cols)
Result<Matrix> softmax_backward(const Matrix& Y, const Matrix& dY);

}  // namespace ap
