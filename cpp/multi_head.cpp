#include "multi_head.h"

#include <string>

#include "attention_fast.h"
#include "checks.h"
#include "size_limits.h"
#include "matmul.h"

namespace ap {

Status check_multi_head(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                        std::size_t h, const Mask* mask) {
  Status s = check_qkv(fn, Q, K, V, mask);
  if (!s.ok()) return s;
  const std::string f = fn;
  if (h == 0) return Status::Error("invalid_argument", f + ": h = 0: it needs at least one head");
  if (h > kMaxHeads)
    return Status::Error("too_large", f + ": h = " + std::to_string(h) + " is over the limit of " +
                                          std::to_string(kMaxHeads));
  if (Q.cols % h != 0)
    return Status::Error("divisibility", f + ": h = " + std::to_string(h) +
                                             " does not divide d = " + std::to_string(Q.cols) +
                                             " (the width of Q and K)");
  if (V.cols % h != 0)
    return Status::Error("divisibility", f + ": h = " + std::to_string(h) +
                                             " does not divide d_v = " + std::to_string(V.cols) +
                                             " (the width of V)");
  // in double: h · n_q · n_k can reach 2³², which wraps a 32-bit size_t (wasm32) to 0
  if (static_cast<double>(h) * static_cast<double>(Q.rows) * static_cast<double>(K.rows) >
      static_cast<double>(kMaxWeights))
    return Status::Error("too_large", f + ": " + std::to_string(h) + " heads of " +
                                          shape_str(Q.rows, K.rows) + " scores are more than " +
                                          std::to_string(kMaxWeights) + " entries");
  return Status::Ok();
}

MultiHeadResult multi_head_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                     std::size_t h, const Mask* mask, double temperature,
                                     const Tensor3* bias) {
  const std::size_t d_head = Q.cols / h, dv_head = V.cols / h;
  MultiHeadResult r{Matrix(Q.rows, V.cols), {}};
  r.weights.reserve(h);
  for (std::size_t t = 0; t < h; ++t) {
    // 1. this head's slices: Q_t (n_q, d/h), K_t (n_k, d/h), V_t (n_k, d_v/h)
    const Matrix Qt = columns(Q, t * d_head, d_head);
    const Matrix Kt = columns(K, t * d_head, d_head);
    const Matrix Vt = columns(V, t * dv_head, dv_head);
    // 2. attention scaled by τ·√(d/h): d/h is the width this head actually has
    //    (plus head t's bias, bias[t] (n_q, n_k), after scaling)
    Matrix Bt;
    if (bias)
      Bt = Matrix(Q.rows, K.rows,
                  std::vector<double>(bias->matrix(t), bias->matrix(t) + Q.rows * K.rows));
    AttentionResult a =
        attention_fast(Qt, Kt, Vt, mask, AttentionOptions{true, temperature, bias ? &Bt : nullptr});
    // 3. concatenate: head t's output fills columns [t·d_v/h, (t+1)·d_v/h)
    for (std::size_t i = 0; i < Q.rows; ++i)
      for (std::size_t c = 0; c < dv_head; ++c) r.out(i, t * dv_head + c) = a.out(i, c);
    r.weights.push_back(std::move(a.weights));
  }
  return r;
}

Result<MultiHeadResult> multi_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                                   const Mask* mask, double temperature, const Tensor3* bias) {
  Status s = check_temperature("multi_head", temperature);
  if (s.ok()) s = check_multi_head("multi_head", Q, K, V, h, mask);
  if (s.ok()) s = check_head_bias("multi_head", bias, h, Q.rows, K.rows);
  // h heads of width d/h and d_v/h: n_q·n_k·(d + d_v) multiply-adds in all;
  // results out (n_q, d_v) and h × (n_q, n_k) weights
  if (s.ok())
    s = check_cost(
        "multi_head", attention_multiply_adds(Q.rows, K.rows, Q.cols, V.cols),
        8.0 * static_cast<double>(Q.rows) *
            (static_cast<double>(h) * static_cast<double>(K.rows) + static_cast<double>(V.cols)),
        kReduceAttention);
  if (!s.ok()) return Result<MultiHeadResult>::Fail(s);
  Result<MultiHeadResult> r;
  r.value = multi_head_unchecked(Q, K, V, h, mask, temperature, bias);
  return r;
}

}  // namespace ap
