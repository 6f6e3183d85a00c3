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

#include "tensor.h"

namespace ap {

// The products the backward passes need, unchecked (callers check shapes):
// A·Bᵀ: A (m, k), B (n, k) → (m, n).
Matrix matmul_transposed_b(const Matrix& A, const Matrix& B);
// Aᵀ·B: A (k, m), B (k, n) → (m, n).
Matrix matmul_transposed_a(const Matrix& A, const Matrix& B);
// C += A in place, both (m, n).
void add_into(Matrix& C, const Matrix& A);

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
