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

namespace {

// "attention: the score Q[i]·K[j] overflows float64 …"
AP_COLD Status score_overflow(std::size_t i, std::size_t j, double dot) {
  return Status::Error("non_finite_result",
                       message("attention: the score Q[%zu]·K[%zu] overflows float64 (it is %s): "
                               "scale Q or K down so that the scores stay below 1e308",
                               i, j, number_str(dot).c_str()));
}

// Shapes, then the work and the results' bytes of one attention call.
Status check_attention(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask) {
  Status s = check_qkv("attention", Q, K, V, mask);
  if (!s.ok()) return s;
  return check_cost("attention", attention_multiply_adds(Q.rows, K.rows, Q.cols, V.cols),
                    attention_result_bytes(Q.rows, K.rows, V.cols), kReduceAttention);
}

}  // namespace

Result<AttentionResult> attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                  const Mask* mask, bool scale) {
  Status s = check_attention(Q, K, V, mask);
  if (!s.ok()) return Result<AttentionResult>::Fail(s);
  Result<AttentionResult> r;
  r.value = attention_fast(Q, K, V, mask, scale);
  return r;
}

Result<AttentionBuffers> attention_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask, bool scale) {
  Status s = check_attention(Q, K, V, mask);
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
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols;
  // the scores twice (here, and in the kernel) and four (n_q, n_k) results
  if (s.ok())
    s = check_cost("attention",
                   attention_multiply_adds(n_q, n_k, d_k, V.cols) +
                       static_cast<double>(n_q) * static_cast<double>(n_k) * d_k,
                   attention_result_bytes(n_q, n_k, V.cols) + 3.0 * 8.0 * n_q * n_k,
                   kReduceAttention);
  if (!s.ok()) return Result<AttentionSteps>::Fail(s);
  const double factor = scale ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  Result<AttentionSteps> r;
  AttentionSteps& t = r.value;
  t.scores = Matrix(n_q, n_k);
  for (std::size_t i = 0; i < n_q; ++i)
    for (std::size_t j = 0; j < n_k; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) dot += Q(i, c) * K(j, c);
      t.scores(i, j) = dot;
      // the scores are a result: one beyond float64 cannot be shown (attention()
      // itself still gives finite weights, see attention_fast.cpp)
      if (!std::isfinite(dot)) return Result<AttentionSteps>::Fail(score_overflow(i, j, dot));
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
