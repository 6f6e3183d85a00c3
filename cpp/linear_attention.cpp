#include "linear_attention.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "checks.h"
#include "cost.h"
#include "size_limits.h"

namespace ap {

namespace {

// "linear_attention: out[i][c] overflows float64 …"
AP_COLD Status overflow(std::size_t i) {
  return Status::Error("non_finite_result",
                       message("linear_attention: the output of query %zu overflows float64: scale "
                               "Q, K or V down",
                               i));
}

// "linear_attention: φ(q_i)·z underflows to 0 …"
AP_COLD Status underflow(std::size_t i) {
  return Status::Error(
      "non_finite_result",
      message("linear_attention: the denominator φ(Q[%zu])·Σ φ(K[j]) underflows to "
              "0 (Q[%zu] is below −745 in every column): scale Q up",
              i, i));
}

// The keys query i sees: 0 … visible(i) − 1.
std::size_t visible(std::size_t i, std::size_t n_k, const LinearOptions& o) {
  if (!o.causal) return n_k;
  const long long last = static_cast<long long>(i) + o.shift;  // j ≤ last
  if (last < 0) return 0;
  return std::min<std::size_t>(static_cast<std::size_t>(last) + 1, n_k);
}

}  // namespace

double linear_feature(double x) { return x > 0.0 ? x + 1.0 : std::exp(x); }

double linear_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v,
                            bool weights) {
  const auto x = [](std::size_t v) { return static_cast<double>(v); };
  return linear_attention_cost(x(n_q), x(n_k), x(d_k), x(d_v), weights).multiply_adds;
}

Result<LinearResult> linear_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                      const LinearOptions& opts) {
  const char* fn = "linear_attention";
  Status s = check_qkv(fn, Q, K, V, nullptr);
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols, d_v = V.cols;
  if (s.ok() && opts.weights && static_cast<double>(n_q) * static_cast<double>(n_k) > kMaxWeights)
    s = Status::Error("too_large",
                      message("linear_attention: the weights would have %zu × %zu entries; the "
                              "limit is %zu: leave the weights out (weights: false)",
                              n_q, n_k, kMaxWeights));
  if (s.ok())
    s = check_cost(fn, linear_attention_cost(static_cast<double>(n_q), static_cast<double>(n_k),
                                             static_cast<double>(d_k), static_cast<double>(d_v),
                                             opts.weights));
  if (!s.ok()) return Result<LinearResult>::Fail(s);

  // 1. the feature maps φ(Q) (n_q, d_k) and φ(K) (n_k, d_k)
  Matrix fq(n_q, d_k), fk(n_k, d_k);
  for (std::size_t p = 0; p < fq.data.size(); ++p) fq.data[p] = linear_feature(Q.data[p]);
  for (std::size_t p = 0; p < fk.data.size(); ++p) fk.data[p] = linear_feature(K.data[p]);

  Result<LinearResult> r;
  Matrix& out = r.value.out;
  out = Matrix(n_q, d_v);                 // (n_q, d_v), zeros: a row that sees no key keeps them
  std::vector<double> S(d_k * d_v, 0.0);  // (d_k, d_v)  Σ φ(k_j)·v_jᵀ over the keys added so far
  std::vector<double> z(d_k, 0.0);        // (d_k)       Σ φ(k_j)
  std::vector<double> den(n_q, 0.0);      // (n_q)       φ(q_i)·z_i
  std::size_t added = 0;                  // keys in S and z: 0 … added − 1
  // queries in order of the keys they see (all the same without causal; non-decreasing with it)
  for (std::size_t i = 0; i < n_q; ++i) {
    // 2. add the keys query i sees that are not in the sums yet
    for (const std::size_t upto = visible(i, n_k, opts); added < upto; ++added) {
      const double* k = &fk.data[added * d_k];
      const double* v = &V.data[added * d_v];
      for (std::size_t a = 0; a < d_k; ++a) {
        z[a] += k[a];
        for (std::size_t c = 0; c < d_v; ++c) S[a * d_v + c] += k[a] * v[c];
      }
    }
    if (added == 0) continue;  // no visible key: out 0
    // 3. out_i = φ(q_i)ᵀ·S / φ(q_i)ᵀ·z
    const double* q = &fq.data[i * d_k];
    double d = 0.0;
    for (std::size_t a = 0; a < d_k; ++a) d += q[a] * z[a];
    if (!(d > 0.0))
      return Result<LinearResult>::Fail(std::isfinite(d) ? underflow(i) : overflow(i));
    den[i] = d;
    double* o = &out.data[i * d_v];
    for (std::size_t a = 0; a < d_k; ++a)
      for (std::size_t c = 0; c < d_v; ++c) o[c] += q[a] * S[a * d_v + c];
    for (std::size_t c = 0; c < d_v; ++c) {
      o[c] /= d;
      if (!std::isfinite(o[c])) return Result<LinearResult>::Fail(overflow(i));
    }
  }
  if (!opts.weights) return r;

  // 4. the weights the output is made of: w_ij = φ(q_i)·φ(k_j) / φ(q_i)·z_i over the visible keys
  Matrix& w = r.value.weights;
  w = Matrix(n_q, n_k);  // (n_q, n_k), zeros for the hidden keys
  for (std::size_t i = 0; i < n_q; ++i) {
    const std::size_t upto = visible(i, n_k, opts);
    const double* q = &fq.data[i * d_k];
    for (std::size_t j = 0; j < upto; ++j) {
      const double* k = &fk.data[j * d_k];
      double dot = 0.0;
      for (std::size_t a = 0; a < d_k; ++a) dot += q[a] * k[a];
      w.data[i * n_k + j] = dot / den[i];
    }
  }
  return r;
}

}  // namespace ap
