#include "grad_multi_head.h"

#include <cmath>

#include "attention_fast.h"
#include "checks.h"
#include "cost.h"
#include "grad_attention.h"
#include "grad_checks.h"
#include "grad_linear.h"
#include "grad_rope.h"
#include "matmul.h"
#include "multi_head.h"
#include "size_limits.h"

namespace ap {

namespace {

constexpr const char* kForward = "multi_head_attention_forward";
constexpr const char* kBackward = "multi_head_attention_backward";

// S (rows, width) into columns [first, first + width) of M.
void put_columns(Matrix& M, const Matrix& S, std::size_t first) {
  for (std::size_t i = 0; i < S.rows; ++i)
    for (std::size_t c = 0; c < S.cols; ++c) M(i, first + c) = S(i, c);
}

// "multi_head_attention_forward: W_K is (6, 4) but it must be (6, 6) (…)"
Status check_weight(const char* fn, const char* arg, const Matrix& W, std::size_t rows,
                    std::size_t cols, const char* why) {
  Status s = check_matrix(fn, arg, W);
  if (s.ok() && (W.rows != rows || W.cols != cols))
    s = Status::Error(
        "shape", message("%s: %s is %s but it must be %s (%s)", fn, arg,
                         shape_str(W.rows, W.cols).c_str(), shape_str(rows, cols).c_str(), why));
  return s;
}

// The weights' shapes for X of width d and h heads; W_Q's and W_V's columns
// set d_k and d_v, W_O's the output width.
Status check_weights(const char* fn, const MultiHeadWeights& w, std::size_t d, std::size_t h) {
  Status s = check_matrix(fn, "W_Q", w.W_Q);
  if (s.ok() && w.W_Q.rows != d)
    s = Status::Error("shape", message("%s: W_Q is %s but X has d = %zu columns: W_Q needs one "
                                       "row per column of X",
                                       fn, shape_str(w.W_Q.rows, w.W_Q.cols).c_str(), d));
  if (s.ok()) s = check_weight(fn, "W_K", w.W_K, d, w.W_Q.cols, "the shape of W_Q");
  if (s.ok()) s = check_matrix(fn, "W_V", w.W_V);
  if (s.ok() && w.W_V.rows != d)
    s = Status::Error("shape", message("%s: W_V is %s but X has d = %zu columns: W_V needs one "
                                       "row per column of X",
                                       fn, shape_str(w.W_V.rows, w.W_V.cols).c_str(), d));
  if (s.ok()) s = check_matrix(fn, "W_O", w.W_O);
  if (s.ok() && w.W_O.rows != w.W_V.cols)
    s = Status::Error("shape", message("%s: W_O is %s but W_V is %s: W_O needs one row per column "
                                       "of the heads (h·d_v)",
                                       fn, shape_str(w.W_O.rows, w.W_O.cols).c_str(),
                                       shape_str(w.W_V.rows, w.W_V.cols).c_str()));
  if (!s.ok()) return s;
  if (h == 0) return Status::Error("invalid_argument", message("%s: h = 0: it needs a head", fn));
  if (h > kMaxHeads)
    return Status::Error("too_large",
                         message("%s: h = %zu is over the limit of %zu", fn, h, kMaxHeads));
  if (w.W_Q.cols % h != 0 || w.W_V.cols % h != 0)
    return Status::Error("divisibility", message("%s: h = %zu does not divide the columns of W_Q "
                                                 "(%zu) and W_V (%zu)",
                                                 fn, h, w.W_Q.cols, w.W_V.cols));
  return Status::Ok();
}

}  // namespace

Result<MultiHeadForward> multi_head_attention_forward(const Matrix& X, const MultiHeadWeights& w,
                                                      std::size_t h, const Mask* mask,
                                                      const RopeOptions* rope) {
  Status s = check_matrix(kForward, "X", X);
  if (s.ok()) s = check_weights(kForward, w, X.cols, h);
  if (s.ok()) s = check_mask(kForward, mask, X.rows, X.rows);
  if (s.ok()) s = check_head_rope(kForward, rope, w.W_Q.cols, h, X.rows, X.rows);
  const std::size_t n = X.rows, d = X.cols;
  const double nd = static_cast<double>(n), hk = static_cast<double>(w.W_Q.cols),
               hv = static_cast<double>(w.W_V.cols), d_out = static_cast<double>(w.W_O.cols);
  // the projections, the heads' n²·(h·d_k + h·d_v), the output projection (and the rotations);
  // out, q, k, v, heads and h × (n, n) weights
  if (s.ok())
    s = check_cost(kForward,
                   nd * static_cast<double>(d) * (2.0 * hk + hv) + nd * nd * (hk + hv) +
                       nd * hv * d_out + (rope ? rope_heads_multiply_adds(nd, nd, hk) : 0.0),
                   8.0 * nd * (d_out + 2.0 * hk + 2.0 * hv + static_cast<double>(h) * nd),
                   "use fewer rows of X, fewer heads or narrower weights");
  if (!s.ok()) return Result<MultiHeadForward>::Fail(s);

  return multi_head_attention_forward_unchecked(X, w, h, mask, rope);
}

Result<MultiHeadForward> multi_head_attention_forward_unchecked(const Matrix& X,
                                                                const MultiHeadWeights& w,
                                                                std::size_t h, const Mask* mask,
                                                                const RopeOptions* rope) {
  const std::size_t n = X.rows;
  Result<MultiHeadForward> r;
  MultiHeadCache& c = r.value.cache;
  c.X = X;
  c.h = h;
  // 1. the projections
  c.q = matmul_tiled(X, w.W_Q);  // (n, h·d_k)
  c.k = matmul_tiled(X, w.W_K);  // (n, h·d_k)
  c.v = matmul_tiled(X, w.W_V);  // (n, h·d_v)
  // 1b. rope on each head's slices of q and k, queries and keys at the same positions
  if (rope) {
    c.has_rope = true;
    c.rope = *rope;
    Result<Matrix> q = rope_heads(kForward, "X·W_Q", c.q, h, *rope);
    if (!q.ok()) return Result<MultiHeadForward>::Fail(q.status);
    Result<Matrix> k = rope_heads(kForward, "X·W_K", c.k, h, *rope);
    if (!k.ok()) return Result<MultiHeadForward>::Fail(k.status);
    c.q = std::move(q.value);
    c.k = std::move(k.value);
  }
  // 2. each head attends with its own slices, scaled by 1/√d_k
  const std::size_t d_k = w.W_Q.cols / h, d_v = w.W_V.cols / h;
  c.heads = Matrix(n, w.W_V.cols);  // (n, h·d_v)
  c.weights.reserve(h);
  for (std::size_t t = 0; t < h; ++t) {
    AttentionResult a = attention_fast(columns(c.q, t * d_k, d_k), columns(c.k, t * d_k, d_k),
                                       columns(c.v, t * d_v, d_v), mask, AttentionOptions{});
    // 3. concatenate: head t fills columns [t·d_v, (t+1)·d_v)
    put_columns(c.heads, a.out, t * d_v);
    c.weights.push_back(std::move(a.weights));  // (n, n)
  }
  // 4. the output projection
  r.value.out = matmul_tiled(c.heads, w.W_O);  // (n, d_out)
  return r;
}

Result<MultiHeadGrads> multi_head_attention_backward(const MultiHeadCache& cache,
                                                     const MultiHeadWeights& w,
                                                     const Matrix& d_out) {
  const std::size_t n = cache.X.rows, d = cache.X.cols, h = cache.h;
  Status s = check_weights(kBackward, w, d, h == 0 ? 1 : h);
  if (s.ok() && (h == 0 || cache.weights.size() != h || w.W_Q.cols != cache.q.cols ||
                 w.W_V.cols != cache.v.cols || cache.k.cols != cache.q.cols ||
                 cache.heads.cols != cache.v.cols || cache.q.rows != n || cache.k.rows != n ||
                 cache.v.rows != n || cache.heads.rows != n))
    s = Status::Error("shape", message("%s: the weights (W_Q %s, W_V %s) or h = %zu do not fit the "
                                       "cache: pass the cache and the weights of the forward pass",
                                       kBackward, shape_str(w.W_Q.rows, w.W_Q.cols).c_str(),
                                       shape_str(w.W_V.rows, w.W_V.cols).c_str(), h));
  if (s.ok()) s = check_shape(kBackward, "d_out", d_out, n, w.W_O.cols, "the output (n, d_out)");
  const double nd = static_cast<double>(n), hk = static_cast<double>(w.W_Q.cols),
               hv = static_cast<double>(w.W_V.cols), d_o = static_cast<double>(w.W_O.cols);
  // about twice the forward pass: each product of the forward pass gives two
  if (s.ok())
    s = check_cost(
        kBackward,
        2.0 * (nd * static_cast<double>(d) * (2.0 * hk + hv) + nd * nd * (hk + hv) +
               nd * hv * d_o) +
            (cache.has_rope ? rope_heads_multiply_adds(nd, nd, hk) : 0.0),
        8.0 * (nd * static_cast<double>(d) + static_cast<double>(d) * (2.0 * hk + hv) + hv * d_o),
        "use fewer rows of X, fewer heads or narrower weights");
  if (!s.ok()) return Result<MultiHeadGrads>::Fail(s);

  return multi_head_attention_backward_unchecked(cache, w, d_out);
}

Result<MultiHeadGrads> multi_head_attention_backward_unchecked(const MultiHeadCache& cache,
                                                               const MultiHeadWeights& w,
                                                               const Matrix& d_out) {
  const std::size_t n = cache.X.rows, h = cache.h;
  Result<MultiHeadGrads> r;
  MultiHeadGrads& g = r.value;
  // 4. out = heads·W_O: d_heads = d_out·W_Oᵀ (n, h·d_v), dW_O = headsᵀ·d_out (h·d_v, d_out)
  LinearGrads o = linear_backward_unchecked(cache.heads, w.W_O, d_out);
  g.dW_O = std::move(o.dW);
  const Matrix& d_heads = o.dX;
  // 3. + 2. each head's slice of d_heads back through its attention
  const std::size_t d_k = w.W_Q.cols / h, d_v = w.W_V.cols / h;
  const double factor = 1.0 / std::sqrt(static_cast<double>(d_k));  // score_factor(d_k, {})
  Matrix dq(n, w.W_Q.cols), dk(n, w.W_K.cols), dv(n, w.W_V.cols);   // (n, h·d_k) ×2, (n, h·d_v)
  for (std::size_t t = 0; t < h; ++t) {
    AttentionGrads a = attention_backward_unchecked(
        columns(cache.q, t * d_k, d_k), columns(cache.k, t * d_k, d_k),
        columns(cache.v, t * d_v, d_v), cache.weights[t], columns(d_heads, t * d_v, d_v), factor);
    put_columns(dq, a.dQ, t * d_k);
    put_columns(dk, a.dK, t * d_k);
    put_columns(dv, a.dV, t * d_v);
  }
  // 1b. rope: the transposed rotation of each head's slices
  if (cache.has_rope) {
    Result<Matrix> q = rope_heads_backward(dq, h, cache.rope);
    if (!q.ok()) return Result<MultiHeadGrads>::Fail(q.status);
    Result<Matrix> k = rope_heads_backward(dk, h, cache.rope);
    if (!k.ok()) return Result<MultiHeadGrads>::Fail(k.status);
    dq = std::move(q.value);
    dk = std::move(k.value);
  }
  // 1. q = X·W_Q, k = X·W_K, v = X·W_V: each gives a dW and a share of dX
  LinearGrads gq = linear_backward_unchecked(cache.X, w.W_Q, dq);
  LinearGrads gk = linear_backward_unchecked(cache.X, w.W_K, dk);
  LinearGrads gv = linear_backward_unchecked(cache.X, w.W_V, dv);
  g.dW_Q = std::move(gq.dW);
  g.dW_K = std::move(gk.dW);
  g.dW_V = std::move(gv.dW);
  g.dX = std::move(gq.dX);  // (n, d) = dq·W_Qᵀ + dk·W_Kᵀ + dv·W_Vᵀ
  add_into(g.dX, gk.dX);
  add_into(g.dX, gv.dX);
  return r;
}

}  // namespace ap
