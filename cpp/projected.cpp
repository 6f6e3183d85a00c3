#include "projected.h"

#include <cmath>
#include <string>

#include "attention_fast.h"
#include "checks.h"
#include "cost.h"
#include "size_limits.h"
#include "mask.h"
#include "matmul.h"

namespace ap {

namespace {

// "fn: Wq is (4, 2) but X is (3, 5): Wq needs one row per column of X (5)"
Status rows_match(const char* fn, const char* w_name, const Matrix& W, const char* x_name,
                  std::size_t x_cols, const std::string& x_shape) {
  if (W.rows == x_cols) return Status::Ok();
  return Status::Error("shape", std::string(fn) + ": " + w_name + " is " +
                                    shape_str(W.rows, W.cols) + " but " + x_name + " is " +
                                    x_shape + ": " + w_name + " needs one row per column of " +
                                    x_name + " (" + std::to_string(x_cols) + ")");
}

Status bias_matches(const char* fn, const char* b_name, const std::vector<double>& b,
                    const char* w_name, const Matrix& W) {
  if (b.empty()) return Status::Ok();
  Status s = check_vector(fn, b_name, b);
  if (!s.ok()) return s;
  if (b.size() == W.cols) return Status::Ok();
  return Status::Error("shape", std::string(fn) + ": " + b_name + " has " +
                                    std::to_string(b.size()) + " values but " + w_name + " is " +
                                    shape_str(W.rows, W.cols) + ": it needs " +
                                    std::to_string(W.cols) + " (one per column of " + w_name + ")");
}

// Ok when every value of the projection P is finite; else "non_finite_result"
// naming where, e.g. "single_head: X·Wq overflows float64 (at row 2, column 0 it is
// Infinity): scale X or Wq down". `batch` is named when it is not npos.
AP_COLD Status projection_error(const char* fn, const Matrix& P, std::size_t t, const char* what,
                                const char* inputs, std::size_t batch) {
  const std::string in_batch = batch == std::string::npos ? "" : message("batch %zu, ", batch);
  return Status::Error("non_finite_result",
                       message("%s: %s overflows float64 (at %srow %zu, column %zu it is %s): "
                               "scale %s down",
                               fn, what, in_batch.c_str(), t / P.cols, t % P.cols,
                               number_str(P.data[t]).c_str(), inputs));
}

Status projection_finite(const char* fn, const Matrix& P, const char* what, const char* inputs,
                         std::size_t batch = std::string::npos) {
  for (std::size_t t = 0; t < P.data.size(); ++t)
    if (!std::isfinite(P.data[t])) return projection_error(fn, P, t, what, inputs, batch);
  return Status::Ok();
}

// Matrix b of a batch.   t (batch, rows, cols) → (rows, cols)
Matrix slice(const Tensor3& t, std::size_t b) {
  const double* p = t.matrix(b);
  return Matrix(t.rows, t.cols, std::vector<double>(p, p + t.rows * t.cols));
}

}  // namespace

Result<Matrix> project(const Matrix& X, const Matrix& W, const std::vector<double>& b) {
  const char* fn = "project";
  Status s = check_matrix(fn, "X", X);
  if (s.ok()) s = check_matrix(fn, "W", W);
  if (s.ok()) s = rows_match(fn, "W", W, "X", X.cols, shape_str(X.rows, X.cols));
  if (s.ok()) s = bias_matches(fn, "b", b, "W", W);
  // n·d_in·d_out multiply-adds; the result (n, d_out)
  if (s.ok())
    s = check_cost(fn, project_cost(static_cast<double>(X.rows), static_cast<double>(X.cols),
                                    static_cast<double>(W.cols)));
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = matmul(X, W, b);  // (n, d_out)
  // finite inputs can still project beyond float64: refuse rather than return ±∞ or NaN
  s = projection_finite(fn, r.value, b.empty() ? "X·W" : "X·W + b",
                        b.empty() ? "X or W" : "X, W or b");
  if (!s.ok()) return Result<Matrix>::Fail(s);
  return r;
}

Result<SingleHeadResult> single_head(const Matrix& X, const Matrix& Wq, const Matrix& Wk,
                                     const Matrix& Wv, bool causal) {
  const char* fn = "single_head";
  for (auto [name, m] :
       {std::pair<const char*, const Matrix*>{"X", &X}, {"Wq", &Wq}, {"Wk", &Wk}, {"Wv", &Wv}}) {
    Status s = check_matrix(fn, name, *m);
    if (!s.ok()) return Result<SingleHeadResult>::Fail(s);
  }
  const std::string xs = shape_str(X.rows, X.cols);
  for (auto [name, m] :
       {std::pair<const char*, const Matrix*>{"Wq", &Wq}, {"Wk", &Wk}, {"Wv", &Wv}}) {
    Status s = rows_match(fn, name, *m, "X", X.cols, xs);
    if (!s.ok()) return Result<SingleHeadResult>::Fail(s);
  }
  if (Wk.cols != Wq.cols)
    return Result<SingleHeadResult>::Fail(
        Status::Error("shape", std::string(fn) + ": Wq is " + shape_str(Wq.rows, Wq.cols) +
                                   " but Wk is " + shape_str(Wk.rows, Wk.cols) +
                                   ": Wq and Wk must have the same number of columns (d_k)"));
  {
    // projections n·d_model·(2·d_k + d_v), then attention n²·(d_k + d_v);
    // results q, k (n, d_k), v, out (n, d_v) and weights (n, n)
    Status s = check_cost(
        fn, single_head_cost(static_cast<double>(X.rows), static_cast<double>(X.cols),
                             static_cast<double>(Wq.cols), static_cast<double>(Wv.cols)));
    if (!s.ok()) return Result<SingleHeadResult>::Fail(s);
  }
  Result<SingleHeadResult> r;
  SingleHeadResult& o = r.value;
  o.q = matmul(X, Wq);  // (n, d_k)
  o.k = matmul(X, Wk);  // (n, d_k)
  o.v = matmul(X, Wv);  // (n, d_v)
  // finite X and W can still give a product beyond float64, which no scaling
  // can show: refuse instead of returning ±∞ or NaN
  Status finite = projection_finite(fn, o.q, "X·Wq", "X or Wq");
  if (finite.ok()) finite = projection_finite(fn, o.k, "X·Wk", "X or Wk");
  if (finite.ok()) finite = projection_finite(fn, o.v, "X·Wv", "X or Wv");
  if (!finite.ok()) return Result<SingleHeadResult>::Fail(finite);
  Mask m;
  if (causal) m = causal_mask(X.rows).value;  // (n, n)
  AttentionResult a = attention_fast(o.q, o.k, o.v, causal ? &m : nullptr, true);
  o.weights = std::move(a.weights);
  o.out = std::move(a.out);
  return r;
}

Status check_heads(const char* fn, const ProjectionParams& p, std::size_t num_heads,
                   std::size_t num_kv_heads) {
  const std::string f = fn;
  for (auto [name, m] : {std::pair<const char*, const Matrix*>{"Wq", &p.Wq},
                         {"Wk", &p.Wk},
                         {"Wv", &p.Wv},
                         {"Wo", &p.Wo}}) {
    Status s = check_matrix(fn, name, *m);
    if (!s.ok()) return s;
  }
  if (num_heads == 0 || num_kv_heads == 0)
    return Status::Error("invalid_argument",
                         f + ": num_heads = " + std::to_string(num_heads) + " and num_kv_heads = " +
                             std::to_string(num_kv_heads) + " must both be at least 1");
  if (num_heads > kMaxHeads)
    return Status::Error("too_large", f + ": num_heads = " + std::to_string(num_heads) +
                                          " is over the limit of " + std::to_string(kMaxHeads));
  if (num_heads % num_kv_heads != 0)
    return Status::Error("divisibility",
                         f + ": num_heads = " + std::to_string(num_heads) +
                             " is not divisible by num_kv_heads = " + std::to_string(num_kv_heads));
  return Status::Ok();
}

namespace {

// "fn: Wv is (4, 6): its 6 columns do not split into num_kv_heads = 4 equal heads"
Status not_split(const std::string& f, const char* w_name, const Matrix& W, const char* heads_name,
                 std::size_t heads) {
  return Status::Error("divisibility", f + ": " + w_name + " is " + shape_str(W.rows, W.cols) +
                                           ": its " + std::to_string(W.cols) +
                                           " columns do not split into " + heads_name + " = " +
                                           std::to_string(heads) + " equal heads");
}

// "fn: Wk is (4, 6) but it needs num_kv_heads × d_k = 2 × 2 = 4 columns"
Status needs_size(const std::string& f, const char* w_name, const Matrix& W, const char* product,
                  std::size_t a, std::size_t b, const char* unit) {
  return Status::Error("shape", f + ": " + w_name + " is " + shape_str(W.rows, W.cols) +
                                    " but it needs " + product + " = " + std::to_string(a) + " × " +
                                    std::to_string(b) + " = " + std::to_string(a * b) + " " + unit);
}

}  // namespace

Status check_head_split(const char* fn, const ProjectionParams& p, std::size_t num_heads,
                        std::size_t num_kv_heads) {
  const std::string f = fn;
  if (p.Wq.cols % num_heads != 0) return not_split(f, "Wq", p.Wq, "num_heads", num_heads);
  const std::size_t d_k = p.Wq.cols / num_heads;
  if (p.Wk.cols != num_kv_heads * d_k)
    return needs_size(f, "Wk", p.Wk, "num_kv_heads × d_k", num_kv_heads, d_k, "columns");
  if (p.Wv.cols % num_kv_heads != 0) return not_split(f, "Wv", p.Wv, "num_kv_heads", num_kv_heads);
  const std::size_t d_v = p.Wv.cols / num_kv_heads;
  if (p.Wo.rows != num_heads * d_v)
    return needs_size(f, "Wo", p.Wo, "num_heads × d_v", num_heads, d_v, "rows");
  return Status::Ok();
}

Result<GroupedResult> grouped_query_attention(const Tensor3& q, const Tensor3& k, const Tensor3& v,
                                              const ProjectionParams& p, std::size_t num_heads,
                                              std::size_t num_kv_heads, const Mask* mask) {
  using R = Result<GroupedResult>;
  const char* fn = "grouped_query_attention";
  const std::string f = fn;
  for (auto [name, t] : {std::pair<const char*, const Tensor3*>{"q", &q}, {"k", &k}, {"v", &v}}) {
    Status s = check_tensor(fn, name, *t);
    if (!s.ok()) return R::Fail(s);
  }
  {
    Status s = check_heads(fn, p, num_heads, num_kv_heads);
    if (!s.ok()) return R::Fail(s);
  }
  const std::string qs = shape_str(q.batch, q.rows, q.cols);
  const std::string ks = shape_str(k.batch, k.rows, k.cols);
  const std::string vs = shape_str(v.batch, v.rows, v.cols);
  if (k.batch != q.batch || v.batch != q.batch)
    return R::Fail(Status::Error("shape", f + ": q is " + qs + ", k is " + ks + ", v is " + vs +
                                              ": all three need the same batch size"));
  if (v.rows != k.rows)
    return R::Fail(Status::Error("shape", f + ": k is " + ks + " but v is " + vs +
                                              ": k and v need the same number of rows (n_k)"));
  Status s = rows_match(fn, "Wq", p.Wq, "q", q.cols, qs);
  if (s.ok()) s = rows_match(fn, "Wk", p.Wk, "k", k.cols, ks);
  if (s.ok()) s = rows_match(fn, "Wv", p.Wv, "v", v.cols, vs);
  if (!s.ok()) return R::Fail(s);
  s = check_head_split(fn, p, num_heads, num_kv_heads);
  if (s.ok()) s = bias_matches(fn, "bq", p.bq, "Wq", p.Wq);
  if (s.ok()) s = bias_matches(fn, "bk", p.bk, "Wk", p.Wk);
  if (s.ok()) s = bias_matches(fn, "bv", p.bv, "Wv", p.Wv);
  if (s.ok()) s = bias_matches(fn, "bo", p.bo, "Wo", p.Wo);
  if (s.ok()) s = check_mask(fn, mask, q.rows, k.rows);
  if (!s.ok()) return R::Fail(s);
  const std::size_t d_k = p.Wq.cols / num_heads, d_v = p.Wv.cols / num_kv_heads;
  // in double: batch · H · n_q · n_k easily passes 2³², which wraps a 32-bit size_t (wasm32)
  if (static_cast<double>(q.batch) * static_cast<double>(num_heads) * static_cast<double>(q.rows) *
          static_cast<double>(k.rows) >
      static_cast<double>(kMaxWeights))
    return R::Fail(
        Status::Error("too_large", f + ": the weights would be (" + std::to_string(q.batch) + ", " +
                                       std::to_string(num_heads) + ", " + std::to_string(q.rows) +
                                       ", " + std::to_string(k.rows) + "), more than " +
                                       std::to_string(kMaxWeights) + " entries"));

  {
    // per batch entry: the projections, H heads of attention and the output
    // projection; results out (batch, n_q, d_o) and weights (batch, H, n_q, n_k)
    const auto x = [](std::size_t v) { return static_cast<double>(v); };
    s = check_cost(fn, grouped_query_attention_cost(x(q.batch), x(q.rows), x(k.rows), x(q.cols),
                                                    x(k.cols), x(v.cols), x(num_heads),
                                                    x(num_kv_heads), x(d_k), x(d_v), x(p.Wo.cols)));
    if (!s.ok()) return R::Fail(s);
  }

  const std::size_t n_q = q.rows, n_k = k.rows, group = num_heads / num_kv_heads;
  const char* q_what = p.bq.empty() ? "q·Wq" : "q·Wq + bq";
  const char* k_what = p.bk.empty() ? "k·Wk" : "k·Wk + bk";
  const char* v_what = p.bv.empty() ? "v·Wv" : "v·Wv + bv";
  const char* o_what =
      p.bo.empty() ? "the output projection heads·Wo" : "the output projection heads·Wo + bo";
  R r;
  GroupedResult& g = r.value;
  g.num_heads = num_heads;
  g.out = Tensor3(q.batch, n_q, p.Wo.cols);                // (batch, n_q, d_o)
  g.weights.assign(q.batch * num_heads * n_q * n_k, 0.0);  // (batch, H, n_q, n_k)
  for (std::size_t b = 0; b < q.batch; ++b) {
    // 1. project: Qp (n_q, H·d_k), Kp (n_k, G·d_k), Vp (n_k, G·d_v)
    const Matrix Qp = matmul(slice(q, b), p.Wq, p.bq);
    const Matrix Kp = matmul(slice(k, b), p.Wk, p.bk);
    const Matrix Vp = matmul(slice(v, b), p.Wv, p.bv);
    // finite inputs can still project beyond float64: refuse rather than return ±∞ or NaN
    s = projection_finite(fn, Qp, q_what, p.bq.empty() ? "q or Wq" : "q, Wq or bq", b);
    if (s.ok()) s = projection_finite(fn, Kp, k_what, p.bk.empty() ? "k or Wk" : "k, Wk or bk", b);
    if (s.ok()) s = projection_finite(fn, Vp, v_what, p.bv.empty() ? "v or Wv" : "v, Wv or bv", b);
    if (!s.ok()) return R::Fail(s);
    Matrix heads(n_q, num_heads * d_v);  // (n_q, H·d_v)
    for (std::size_t i = 0; i < num_heads; ++i) {
      // 2. query head i shares KV head ⌊i / group⌋ with the rest of its group
      const std::size_t kv = i / group;
      AttentionResult a = attention_fast(columns(Qp, i * d_k, d_k), columns(Kp, kv * d_k, d_k),
                                         columns(Vp, kv * d_v, d_v), mask, true);
      // 3. keep the weights, place the head's output in its columns
      std::copy(a.weights.data.begin(), a.weights.data.end(),
                g.weights.begin() + static_cast<long>((b * num_heads + i) * n_q * n_k));
      for (std::size_t r_ = 0; r_ < n_q; ++r_)
        for (std::size_t c = 0; c < d_v; ++c) heads(r_, i * d_v + c) = a.out(r_, c);
    }
    // 4. output projection: (n_q, H·d_v)·Wo + bo → (n_q, d_o)
    const Matrix o = matmul(heads, p.Wo, p.bo);
    // the heads are weighted means of Vp, finite; heads·Wo can still overflow
    s = projection_finite(fn, o, o_what, p.bo.empty() ? "v, Wv or Wo" : "v, Wv, Wo or bo", b);
    if (!s.ok()) return R::Fail(s);
    std::copy(o.data.begin(), o.data.end(), g.out.matrix(b));
  }
  return r;
}

}  // namespace ap
