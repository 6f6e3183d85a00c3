#include "multi_head.h"

#include <cmath>
#include <string>

#include "attention_fast.h"
#include "checks.h"
#include "cost.h"
#include "parallel.h"
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

namespace {

// A rope offset as a message shows it: whole numbers in full ("2147483649").
std::string offset_str(double x) {
  if (std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 1e21) return message("%.0f", x);
  return number_str(x);
}

// The queries' options: the same rotation, row 0 at offset + n_k − n_q.
RopeOptions query_rope(const RopeOptions& o, std::size_t n_q, std::size_t n_k) {
  RopeOptions q = o;
  q.offset += static_cast<double>(n_k - n_q);
  return q;
}

}  // namespace

Status check_head_rope(const char* fn, const RopeOptions* rope, std::size_t d, std::size_t h,
                       std::size_t n_q, std::size_t n_k) {
  if (!rope) return Status::Ok();
  if ((d / h) % 2 != 0)
    return Status::Error("divisibility",
                         message("%s: rope needs an even head width d/h = %zu", fn, d / h));
  if (n_q > n_k)
    return Status::Error("shape", message("%s: rope needs n_q ≤ n_k (the queries are the last n_q "
                                          "of the n_k positions), got n_q = %zu and n_k = %zu",
                                          fn, n_q, n_k));
  // the checks of rope() (rope.cpp), named as this function's argument
  if (!std::isfinite(rope->base) || !(rope->base > 1.0))
    return Status::Error("invalid_argument",
                         message("%s: rope.base = %s must be a finite number > 1 (10000 in "
                                 "RoFormer and Llama 2)",
                                 fn, number_str(rope->base).c_str()));
  if (!(rope->offset >= 0.0) || std::floor(rope->offset) != rope->offset)
    return Status::Error("invalid_argument",
                         message("%s: rope.offset = %s must be a whole number ≥ 0", fn,
                                 offset_str(rope->offset).c_str()));
  if (rope->offset > kMaxRopeOffset)
    return Status::Error("too_large",
                         message("%s: rope.offset = %s is over the limit of 2147483648", fn,
                                 offset_str(rope->offset).c_str()));
  const double first_query = rope->offset + static_cast<double>(n_k - n_q);
  if (first_query > kMaxRopeOffset)
    return Status::Error("too_large",
                         message("%s: rope.offset + n_k − n_q = %s (the first query's position) is "
                                 "over the limit of 2147483648",
                                 fn, offset_str(first_query).c_str()));
  return Status::Ok();
}

Result<Matrix> rope_heads(const char* fn, const char* arg, const Matrix& X, std::size_t h,
                          const RopeOptions& opts) {
  const std::size_t d_head = X.cols / h;
  Result<Matrix> out;
  out.value = Matrix(X.rows, X.cols);  // (n, d)
  for (std::size_t t = 0; t < h; ++t) {
    // head t's columns (n, d/h), turned with d = d/h: θ_i = base^(−2i/(d/h))
    Result<Matrix> r = rope(columns(X, t * d_head, d_head), opts);
    if (!r.ok() && r.status.code == "non_finite_result")
      return Result<Matrix>::Fail(Status::Error(
          r.status.code, message("%s: rope turns head %zu of %s past float64 (a rotated value "
                                 "overflows): scale %s down below 1e307",
                                 fn, t, arg, arg)));
    if (!r.ok())
      return Result<Matrix>::Fail(Status::Error(
          r.status.code,
          message("%s: rope on head %zu of %s: %s", fn, t, arg, r.status.message.c_str())));
    for (std::size_t i = 0; i < X.rows; ++i)
      for (std::size_t c = 0; c < d_head; ++c) out.value(i, t * d_head + c) = r.value(i, c);
  }
  return out;
}

namespace {

// Head t of multi_head: its slices of Q, K (rope-turned if rope is given:
// queries by q_rope, keys by rope) and V, attention scaled by τ·√(d/h) (plus
// bias[t] after scaling); its output into columns [t·d_v/h, (t+1)·d_v/h) of
// out (n_q, d_v), its weights (n_q, n_k) into `weights`, every element written.
void attend_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h, std::size_t t,
                 const Mask* mask, double temperature, const Tensor3* bias, const RopeOptions* rope,
                 const RopeOptions& q_rope, Matrix& out, double* weights) {
  const std::size_t d_head = Q.cols / h, dv_head = V.cols / h;
  // 1. this head's slices: Q_t (n_q, d/h), K_t (n_k, d/h), V_t (n_k, d_v/h)
  Matrix Qt = columns(Q, t * d_head, d_head);
  Matrix Kt = columns(K, t * d_head, d_head);
  const Matrix Vt = columns(V, t * dv_head, dv_head);
  // 1b. rope: turn q_i to position offset + n_k − n_q + i and k_j to offset + j,
  //     with the head's own width d/h (V is never turned)
  if (rope) {
    Qt = ap::rope(Qt, q_rope).value;  // (n_q, d/h)
    Kt = ap::rope(Kt, *rope).value;   // (n_k, d/h)
  }
  // 2. attention scaled by τ·√(d/h): d/h is the width this head actually has
  //    (plus head t's bias, bias[t] (n_q, n_k), after scaling)
  Matrix Bt;
  if (bias)
    Bt = Matrix(Q.rows, K.rows,
                std::vector<double>(bias->matrix(t), bias->matrix(t) + Q.rows * K.rows));
  Matrix head_out(Q.rows, dv_head);  // (n_q, d_v/h)
  attention_fast_into(Qt, Kt, Vt, mask, AttentionOptions{true, temperature, bias ? &Bt : nullptr},
                      head_out.data.data(), weights);
  // 3. concatenate: head t's output fills columns [t·d_v/h, (t+1)·d_v/h)
  for (std::size_t i = 0; i < Q.rows; ++i)
    for (std::size_t c = 0; c < dv_head; ++c) out(i, t * dv_head + c) = head_out(i, c);
}

// Heads [0, h) by attend_head_t(t) for each t: with two threads (parallel.h) each takes the next
// head not yet taken (each head writes its own columns of out and its own weights, so the numbers
// are the same); one head alone splits its rows instead.
template <class AttendHead>
void each_head(std::size_t h, double work, const AttendHead& attend_head_t) {
  if (h < 2) {
    for (std::size_t t = 0; t < h; ++t) attend_head_t(t);
    return;
  }
  share_items(h, work, [&](std::size_t t, int) { attend_head_t(t); });
}

// What a call costs, for share_items: n_q·n_k·(d + d_v) multiply-adds.
double heads_work(const Matrix& Q, const Matrix& K, const Matrix& V) {
  return static_cast<double>(Q.rows) * static_cast<double>(K.rows) *
         static_cast<double>(Q.cols + V.cols);
}

// The checks of multi_head (see multi_head.h), reported under the name "multi_head".
Status check_multi_head_call(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                             const Mask* mask, double temperature, const Tensor3* bias,
                             const RopeOptions* rope) {
  Status s = check_temperature("multi_head", temperature);
  if (s.ok()) s = check_multi_head("multi_head", Q, K, V, h, mask);
  if (s.ok()) s = check_head_bias("multi_head", bias, h, Q.rows, K.rows);
  if (s.ok()) s = check_head_rope("multi_head", rope, Q.cols, h, Q.rows, K.rows);
  // h heads of width d/h and d_v/h: n_q·n_k·(d + d_v) multiply-adds in all
  // (plus the rotations of Q and K with rope); results out (n_q, d_v) and
  // h × (n_q, n_k) weights
  if (s.ok())
    s = check_cost("multi_head",
                   multi_head_cost(static_cast<double>(Q.rows), static_cast<double>(K.rows),
                                   static_cast<double>(Q.cols), static_cast<double>(V.cols),
                                   static_cast<double>(h), rope != nullptr));
  return s;
}

// Q and K turned by rope for multi_head: first, so that a value that
// overflows float64 (|x| near 1e308) is reported here; then the heads attend
// without rope.
Status rope_both(const Matrix& Q, const Matrix& K, std::size_t h, const RopeOptions& rope,
                 Matrix& Qr, Matrix& Kr) {
  Result<Matrix> q = rope_heads("multi_head", "Q", Q, h, query_rope(rope, Q.rows, K.rows));
  if (!q.ok()) return q.status;
  Result<Matrix> k = rope_heads("multi_head", "K", K, h, rope);
  if (!k.ok()) return k.status;
  Qr = std::move(q.value);
  Kr = std::move(k.value);
  return Status::Ok();
}

}  // namespace

MultiHeadResult multi_head_unchecked(const Matrix& Q, const Matrix& K, const Matrix& V,
                                     std::size_t h, const Mask* mask, double temperature,
                                     const Tensor3* bias, const RopeOptions* rope) {
  MultiHeadResult r{Matrix(Q.rows, V.cols), {}};
  r.weights.reserve(h);
  const RopeOptions q_rope = rope ? query_rope(*rope, Q.rows, K.rows) : RopeOptions{};
  for (std::size_t t = 0; t < h; ++t) r.weights.emplace_back(Q.rows, K.rows);  // h × (n_q, n_k)
  each_head(h, heads_work(Q, K, V), [&](std::size_t t) {
    attend_head(Q, K, V, h, t, mask, temperature, bias, rope, q_rope, r.out,
                r.weights[t].data.data());
  });
  return r;
}

Result<MultiHeadResult> multi_head(const Matrix& Q, const Matrix& K, const Matrix& V, std::size_t h,
                                   const Mask* mask, double temperature, const Tensor3* bias,
                                   const RopeOptions* rope) {
  Status s = check_multi_head_call(Q, K, V, h, mask, temperature, bias, rope);
  if (!s.ok()) return Result<MultiHeadResult>::Fail(s);
  Result<MultiHeadResult> r;
  if (!rope) {
    r.value = multi_head_unchecked(Q, K, V, h, mask, temperature, bias);
    return r;
  }
  Matrix Qr, Kr;
  s = rope_both(Q, K, h, *rope, Qr, Kr);
  if (!s.ok()) return Result<MultiHeadResult>::Fail(s);
  r.value = multi_head_unchecked(Qr, Kr, V, h, mask, temperature, bias);
  return r;
}

Result<MultiHeadBuffers> multi_head_buffers(const Matrix& Q, const Matrix& K, const Matrix& V,
                                            std::size_t h, const Mask* mask, double temperature,
                                            const Tensor3* bias, const RopeOptions* rope) {
  Status s = check_multi_head_call(Q, K, V, h, mask, temperature, bias, rope);
  Matrix Qr, Kr;
  if (s.ok() && rope) s = rope_both(Q, K, h, *rope, Qr, Kr);
  if (!s.ok()) return Result<MultiHeadBuffers>::Fail(s);
  const Matrix& q = rope ? Qr : Q;
  const Matrix& k = rope ? Kr : K;
  Result<MultiHeadBuffers> r;
  MultiHeadBuffers& b = r.value;
  b.h = h;
  b.n_q = Q.rows;
  b.n_k = K.rows;
  b.out = Matrix(Q.rows, V.cols);  // (n_q, d_v)
  // new double[n], not new double[n](): uninitialised, each head's kernel writes its slice
  b.weights.reset(new double[h * b.n_q * b.n_k]);
  each_head(h, heads_work(q, k, V), [&](std::size_t t) {
    attend_head(q, k, V, h, t, mask, temperature, bias, nullptr, RopeOptions{}, b.out,
                b.weights.get() + t * b.n_q * b.n_k);
  });
  return r;
}

}  // namespace ap
