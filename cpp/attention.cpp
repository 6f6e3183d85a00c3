#include "attention.h"

#include <cmath>
#include <limits>

#include "attention_fast.h"
#include "checks.h"
#include "cost.h"
#include "softmax.h"

namespace ap {

namespace {
constexpr double kMinusInf = -std::numeric_limits<double>::infinity();
}

double score_factor(std::size_t d_k, const AttentionOptions& opts) {
  const double base = opts.scale ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  return base / opts.temperature;  // x / 1 is x exactly: τ = 1 changes nothing
}

AttentionResult attention_reference(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask, const AttentionOptions& opts) {
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols, d_v = V.cols;
  const double factor = score_factor(d_k, opts);  // 1 / (τ·√d_k)
  AttentionResult r{Matrix(n_q, d_v), Matrix(n_q, n_k)};
  for (std::size_t i = 0; i < n_q; ++i) {
    double* w = r.weights.row(i);  // (n_k)
    for (std::size_t j = 0; j < n_k; ++j) {
      // 1. score = Q[i]·K[j] / (τ·√d_k)
      double dot = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) dot += Q(i, c) * K(j, c);
      // 2. a hidden key gets −∞ *before* softmax, so its weight is exactly 0
      //    (plus the bias, added after scaling: ALiBi's −m·|i − j|)
      const double b = opts.bias ? (*opts.bias)(i, j) : 0.0;
      w[j] =
          (mask && !mask->sees(i, j)) ? kMinusInf : (opts.bias ? dot * factor + b : dot * factor);
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

// "attention: the scaled score Q[i]·K[j] / (τ·√d_k) overflows float64 …"
AP_COLD Status scaled_overflow(std::size_t i, std::size_t j, double x, const AttentionOptions& o) {
  return Status::Error(
      "non_finite_result",
      message("attention: the scaled score Q[%zu]·K[%zu] %s overflows float64 (it is %s): use a "
              "larger temperature than %s or scale Q or K down",
              i, j, o.scale ? "/ (τ·√d_k)" : "/ τ", number_str(x).c_str(),
              number_str(o.temperature).c_str()));
}

// "attention: the scaled score plus bias[i][j] overflows float64 …"
AP_COLD Status biased_overflow(std::size_t i, std::size_t j, double x) {
  return Status::Error("non_finite_result",
                       message("attention: the scaled score Q[%zu]·K[%zu] plus bias[%zu][%zu] "
                               "overflows float64 (it is %s): make the bias or the scores smaller",
                               i, j, i, j, number_str(x).c_str()));
}

// The temperature, the shapes, the bias, then the work and the results' bytes
// of one attention call.
Status check_attention(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                       const AttentionOptions& opts) {
  Status s = check_temperature("attention", opts.temperature);
  if (s.ok()) s = check_qkv("attention", Q, K, V, mask);
  if (s.ok()) s = check_bias("attention", opts.bias, Q.rows, K.rows);
  if (!s.ok()) return s;
  return check_cost("attention",
                    attention_cost(static_cast<double>(Q.rows), static_cast<double>(K.rows),
                                   static_cast<double>(Q.cols), static_cast<double>(V.cols)));
}

}  // namespace

Result<AttentionResult> attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                  const Mask* mask, const AttentionOptions& opts) {
  Status s = check_attention(Q, K, V, mask, opts);
  if (!s.ok()) return Result<AttentionResult>::Fail(s);
  Result<AttentionResult> r;
  r.value = attention_fast(Q, K, V, mask, opts);
  return r;
}

Result<AttentionBuffers> attention_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                           const Mask* mask, const AttentionOptions& opts) {
  Status s = check_attention(Q, K, V, mask, opts);
  if (!s.ok()) return Result<AttentionBuffers>::Fail(s);
  Result<AttentionBuffers> r;
  AttentionBuffers& b = r.value;
  b.n_q = Q.rows;
  b.n_k = K.rows;
  b.d_v = V.cols;
  // new double[n], not new double[n](): uninitialised, the kernel writes every element
  b.out.reset(new double[b.n_q * b.d_v]);
  b.weights.reset(new double[b.n_q * b.n_k]);
  attention_fast_into(Q, K, V, mask, opts, b.out.get(), b.weights.get());
  return r;
}

Result<AttentionSteps> attention_steps(const Matrix& Q, const Matrix& K, const Matrix& V,
                                       const Mask* mask, const AttentionOptions& opts) {
  Status s = check_temperature("attention", opts.temperature);
  if (s.ok()) s = check_qkv("attention", Q, K, V, mask);
  if (s.ok()) s = check_bias("attention", opts.bias, Q.rows, K.rows);
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols;
  // the scores twice (here, and in the kernel) and four (n_q, n_k) results
  if (s.ok())
    s = check_cost("attention",
                   attention_steps_cost(static_cast<double>(n_q), static_cast<double>(n_k),
                                        static_cast<double>(d_k), static_cast<double>(V.cols)));
  if (!s.ok()) return Result<AttentionSteps>::Fail(s);
  const double factor = score_factor(d_k, opts);  // 1 / (τ·√d_k), or 1 / τ
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
  // scaled scores are a result too: a small τ can take them beyond float64
  // (a zero score stays 0, also when 1/τ itself is beyond float64); the bias
  // is added here, before masking, and may take a sum beyond float64 too
  t.scaled = t.scores;
  for (std::size_t k = 0; k < t.scaled.data.size(); ++k) {
    double& x = t.scaled.data[k];
    if (x != 0.0) x *= factor;
    if (!std::isfinite(x))
      return Result<AttentionSteps>::Fail(scaled_overflow(k / n_k, k % n_k, x, opts));
    if (opts.bias) {
      x += opts.bias->data[k];
      if (!std::isfinite(x))
        return Result<AttentionSteps>::Fail(biased_overflow(k / n_k, k % n_k, x));
    }
  }
  t.masked = t.scaled;
  if (mask)
    for (std::size_t i = 0; i < n_q; ++i)
      for (std::size_t j = 0; j < n_k; ++j)
        if (!mask->sees(i, j)) t.masked(i, j) = kMinusInf;
  // weights and out from the same kernel as attention(), so the numbers match
  AttentionResult a = attention_fast(Q, K, V, mask, opts);
  t.weights = std::move(a.weights);
  t.out = std::move(a.out);
  return r;
}

}  // namespace ap
