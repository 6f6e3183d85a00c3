#include "attention.h"

#include <cmath>
#include <limits>

#include "attention_fast.h"
#include "checks.h"
#include "softmax.h"

namespace ap {

namespace {
constexpr double kMinusInf = -std::numeric_limits<double>::infinity();
}

AttentionResult attention_reference(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask, bool scale) {
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols, d_v = V.cols;
  const double factor = scale ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  AttentionResult r{Matrix(n_q, d_v), Matrix(n_q, n_k)};
  for (std::size_t i = 0; i < n_q; ++i) {
    double* w = r.weights.row(i);  // (n_k)
    for (std::size_t j = 0; j < n_k; ++j) {
      // 1. score = Q[i]·K[j] / √d_k
      double dot = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) dot += Q(i, c) * K(j, c);
      // 2. a hidden key gets −∞ *before* softmax, so its weight is exactly 0
      w[j] = (mask && !mask->sees(i, j)) ? kMinusInf : dot * factor;
    }
    // 3. softmax per row
    softmax_inplace(w, n_k);
    // 4. out[i] = Σ_j w[i][j] · V[j]
    double* o = r.out.row(i);  // (d_v)
    for (std::size_t j = 0; j < n_k; ++j)
      for (std::size_t c = 0; c < d_v; ++c) o[c] += w[j] * V(j, c);
  }
  return r;
}

Result<AttentionResult> attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                  const Mask* mask, bool scale) {
  Status s = check_qkv("attention", Q, K, V, mask);
  if (!s.ok()) return Result<AttentionResult>::Fail(s);
  Result<AttentionResult> r;
  r.value = attention_fast(Q, K, V, mask, scale);
  return r;
}

Result<AttentionBuffers> attention_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask, bool scale) {
  Status s = check_qkv("attention", Q, K, V, mask);
  if (!s.ok()) return Result<AttentionBuffers>::Fail(s);
  Result<AttentionBuffers> r;
  AttentionBuffers& b = r.value;
  b.n_q = Q.rows;
  b.n_k = K.rows;
  b.d_v = V.cols;
  // new double[n], not new double[n](): uninitialised, the kernel writes every element
  b.out.reset(new double[b.n_q * b.d_v]);
  b.weights.reset(new double[b.n_q * b.n_k]);
  attention_fast_into(Q, K, V, mask, scale, b.out.get(), b.weights.get());
  return r;
}

Result<AttentionSteps> attention_steps(const Matrix& Q, const Matrix& K, const Matrix& V,
                                       const Mask* mask, bool scale) {
  Status s = check_qkv("attention", Q, K, V, mask);
  if (!s.ok()) return Result<AttentionSteps>::Fail(s);
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols;
  const double factor = scale ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  Result<AttentionSteps> r;
  AttentionSteps& t = r.value;
  t.scores = Matrix(n_q, n_k);
  for (std::size_t i = 0; i < n_q; ++i)
    for (std::size_t j = 0; j < n_k; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) dot += Q(i, c) * K(j, c);
      t.scores(i, j) = dot;
    }
  t.scaled = t.scores;
  for (double& x : t.scaled.data) x *= factor;
  t.masked = t.scaled;
  if (mask)
    for (std::size_t i = 0; i < n_q; ++i)
      for (std::size_t j = 0; j < n_k; ++j)
        if (!mask->sees(i, j)) t.masked(i, j) = kMinusInf;
  // weights and out from the same kernel as attention(), so the numbers match
  AttentionResult a = attention_fast(Q, K, V, mask, scale);
  t.weights = std::move(a.weights);
  t.out = std::move(a.out);
  return r;
}

}  // namespace ap
