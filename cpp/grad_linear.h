// grad_linear.h — a linear map Y = X·W, its gradients, and the unembedding
// (logits = X·W_U), which is this map onto the vocabulary.
//
// Shapes: X (n, d_in), W (d_in, d_out), Y and dY (n, d_out); for the
// unembedding d_in = d (the model width) and d_out = vocab.
//
// For a loss L with dY = ∂L/∂Y (Y_ic = Σ_k X_ik·W_kc):
//   dX = dY·Wᵀ   (n, d_in)      ∂L/∂X_ik = Σ_c dY_ic·W_kc
//   dW = Xᵀ·dY   (d_in, d_out)  ∂L/∂W_kc = Σ_i X_ik·dY_ic
// the gradients torch's autograd gives `X @ W` (torch.matmul), i.e.
// torch.nn.functional.linear(X, Wᵀ) without a bias. W is stored (d_in, d_out)
// as everywhere in the core (x·W), not torch.nn.Linear's (d_out, d_in).
#pragma once

#include <cstddef>

#include "tensor.h"

namespace ap {

// The products the forward and backward passes need, unchecked (callers check shapes):
// A·B: A (m, k), B (k, n) → (m, n), matmul's numbers bit for bit, through gemm.
Matrix matmul_tiled(const Matrix& A, const Matrix& B);
// A·Bᵀ: A (m, k), B (n, k) → (m, n).
Matrix matmul_transposed_b(const Matrix& A, const Matrix& B);
// Aᵀ·B: A (k, m), B (k, n) → (m, n).
Matrix matmul_transposed_a(const Matrix& A, const Matrix& B);
// C += A in place, both (m, n).
void add_into(Matrix& C, const Matrix& A);

// A strided view of a matrix for gemm: element (i, p) at data[i·row + p·col].
// A row-major (m, k) matrix is {data, k, 1}; its transpose is {data, 1, k}.
struct Strided {
  const double* data;
  std::size_t row, col;
};

// Which terms of each sum gemm may leave out, because they are known zeros
// (causal attention: a query row i sees keys p ≤ i only).
enum class Skip {
  kNone,    // C(i, j) = Σ_{p < k}
  kBelowI,  // C(i, j) = Σ_{i ≤ p < k}: A(i, p) = 0 for p < i
  kAboveI,  // C(i, j) = Σ_{p ≤ i}: A(i, p) = 0 for p > i
};

// C (m, n) = A (m, k)·B (k, n), or C += A·B when `accumulate`; B and C
// row-major with row strides ldb and ldc. Unchecked.
// Every C(i, j) is summed p = 0 … k−1 in order, from 0 (or from C(i, j)): the
// rounding of the plain loop `c += a·b`, bit for bit, so matmul,
// matmul_transposed_a and matmul_transposed_b give the same numbers through it.
// Terms a `skip` leaves out are ±0 (x + ±0 = x), so they change nothing either.
void gemm(std::size_t m, std::size_t n, std::size_t k, Strided A, const double* B, std::size_t ldb,
          double* C, std::size_t ldc, bool accumulate = false, Skip skip = Skip::kNone);

struct LinearGrads {
  Matrix dX;  // (n, d_in)
  Matrix dW;  // (d_in, d_out)
};

// Unchecked: dX = dY·Wᵀ, dW = Xᵀ·dY.
LinearGrads linear_backward_unchecked(const Matrix& X, const Matrix& W, const Matrix& dY);

// logits = X·W_U.   X (n, d), W_U (d, vocab) → logits (n, vocab)
// Checked: both finite and non-empty, X's columns = W_U's rows ("shape").
Result<Matrix> unembedding(const Matrix& X, const Matrix& W_U);

// The gradients of unembedding for d_logits = ∂L/∂logits (n, vocab):
// dX (n, d) and dW (d, vocab), the gradient of W_U.
Result<LinearGrads> unembedding_backward(const Matrix& X, const Matrix& W_U,
                                         const Matrix& d_logits);

}  // namespace ap
