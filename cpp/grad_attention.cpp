#include "grad_attention.h"

#include "checks.h"
#include "grad_checks.h"
#include "grad_linear.h"
#include "grad_softmax.h"

namespace ap {

Result<AttentionForward> attention_forward(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask, const AttentionOptions& opts) {
  Result<AttentionResult> a = attention(Q, K, V, mask, opts);
  if (!a.ok()) return Result<AttentionForward>::Fail(a.status);
  Result<AttentionForward> r;
  r.value.out = std::move(a.value.out);                  // (n_q, d_v)
  r.value.cache = {Q, K, V, std::move(a.value.weights),  // (n_q, n_k)
                   score_factor(Q.cols, opts)};
  return r;
}

namespace {

// True when W is square with only zeros above its diagonal (a causal mask's
// weights). Then so is dS = W ⊙ (…), and the products below may leave out
// those ±0 terms (gemm's Skip): about half the work, the same numbers.
bool lower_triangular(const Matrix& W) {
  if (W.rows != W.cols) return false;
  for (std::size_t i = 0; i < W.rows; ++i)
    for (std::size_t j = i + 1; j < W.cols; ++j)
      if (W(i, j) != 0.0) return false;
  return true;
}

// C (m, n) = Aᵀ·B for A (k, m), B (k, n) row-major, leaving out what `skip` says.
Matrix transposed_a_product(const Matrix& A, const Matrix& B, Skip skip) {
  Matrix C(A.cols, B.cols);
  gemm(A.cols, B.cols, A.rows, {A.data.data(), 1, A.cols}, B.data.data(), B.cols, C.data.data(),
       C.cols, false, skip);
  return C;
}

}  // namespace

AttentionGrads attention_backward_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                            const Matrix& W, const Matrix& d_out, double factor) {
  AttentionGrads g;
  const bool causal = lower_triangular(W);
  // 4. out = W·V: dV = Wᵀ·d_out (n_k, d_v), dW = d_out·Vᵀ (n_q, n_k)
  g.dV = transposed_a_product(W, d_out, causal ? Skip::kBelowI : Skip::kNone);
  const Matrix dW = matmul_transposed_b(d_out, V);
  // 3. softmax per row: dS = W ⊙ (dW − rowsum(dW ⊙ W)); 0 where W is 0 (2. hidden keys)
  Matrix dS(W.rows, W.cols);  // (n_q, n_k)
  for (std::size_t i = 0; i < W.rows; ++i)
    softmax_backward_row(W.row(i), dW.row(i), dS.row(i), W.cols);
  // 1. S = Q·Kᵀ·f: dQ = f·dS·K (n_q, d_k), dK = f·dSᵀ·Q (n_k, d_k)
  for (double& x : dS.data) x *= factor;
  g.dQ = Matrix(dS.rows, K.cols);
  gemm(dS.rows, K.cols, dS.cols, {dS.data.data(), dS.cols, 1}, K.data.data(), K.cols,
       g.dQ.data.data(), g.dQ.cols, false, causal ? Skip::kAboveI : Skip::kNone);
  g.dK = transposed_a_product(dS, Q, causal ? Skip::kBelowI : Skip::kNone);
  return g;
}

namespace {

// A cache as attention_forward makes it: Q, K, V and the weights of agreeing shapes.
Status check_cache(const AttentionCache& c) {
  if (c.Q.cols == c.K.cols && c.V.rows == c.K.rows && c.weights.rows == c.Q.rows &&
      c.weights.cols == c.K.rows && c.weights.data.size() == c.Q.rows * c.K.rows)
    return Status::Ok();
  return Status::Error(
      "shape", message("attention_backward: the cache's Q %s, K %s, V %s and "
                       "weights %s do not fit together: pass the cache "
                       "attention_forward made",
                       shape_str(c.Q.rows, c.Q.cols).c_str(), shape_str(c.K.rows, c.K.cols).c_str(),
                       shape_str(c.V.rows, c.V.cols).c_str(),
                       shape_str(c.weights.rows, c.weights.cols).c_str()));
}

}  // namespace

Result<AttentionGrads> attention_backward(const AttentionCache& cache, const Matrix& d_out) {
  Status s = check_cache(cache);
  if (s.ok())
    s = check_shape("attention_backward", "d_out", d_out, cache.Q.rows, cache.V.cols,
                    "the output (n_q, d_v)");
  // dV and dW (n_q·n_k·d_v each), dQ and dK (n_q·n_k·d_k each); dQ, dK, dV out
  const double n_q = static_cast<double>(cache.Q.rows), n_k = static_cast<double>(cache.K.rows);
  const double d_k = static_cast<double>(cache.Q.cols), d_v = static_cast<double>(cache.V.cols);
  if (s.ok())
    s = check_cost("attention_backward", 2.0 * n_q * n_k * (d_k + d_v),
                   8.0 * (n_q * d_k + n_k * (d_k + d_v) + n_q * n_k), kReduceAttention);
  if (!s.ok()) return Result<AttentionGrads>::Fail(s);
  Result<AttentionGrads> r;
  r.value =
      attention_backward_unchecked(cache.Q, cache.K, cache.V, cache.weights, d_out, cache.factor);
  return r;
}

}  // namespace ap
