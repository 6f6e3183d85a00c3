// kv_cache.cpp — decoding one token at a time with a K/V cache (kv_cache.h).
//
// Per step t (x_t = X row t):
//   1. project x_t: q (H·d_k), k (G·d_k), v (G·d_v)
//   2. append k and v to the cache of each KV head: Kc[g] (t + 1, d_k), Vc[g] (t + 1, d_v)
//   3. head i: w = softmax(q_i · Kc[g]ᵀ / √d_k) over the t + 1 cached keys, g = ⌊i / (H / G)⌋;
//      its output w · Vc[g] (d_v) goes to columns i·d_v … of heads (H·d_v)
//   4. out_t = heads · Wo + bo (d_o)

#include "kv_cache.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "checks.h"
#include "matmul.h"
#include "size_limits.h"

namespace ap {

namespace {

constexpr const char* kFn = "kv_decode";

Status check_params(const Matrix& X, const ProjectionParams& p, std::size_t H, std::size_t G) {
  Status s = check_matrix(kFn, "X", X);
  if (s.ok()) s = check_heads(kFn, p, H, G);  // as grouped_query_attention's (projected.h)
  if (!s.ok()) return s;
  for (auto [name, m] :
       {std::pair<const char*, const Matrix*>{"Wq", &p.Wq}, {"Wk", &p.Wk}, {"Wv", &p.Wv}})
    if (m->rows != X.cols)
      return Status::Error(
          "shape", message("%s: %s is %s but X is %s: %s needs one row per column of X (%zu)", kFn,
                           name, shape_str(m->rows, m->cols).c_str(),
                           shape_str(X.rows, X.cols).c_str(), name, X.cols));
  s = check_head_split(kFn, p, H, G);
  if (!s.ok()) return s;
  for (auto [name, b, W] :
       {std::tuple<const char*, const std::vector<double>*, const Matrix*>{"bq", &p.bq, &p.Wq},
        {"bk", &p.bk, &p.Wk},
        {"bv", &p.bv, &p.Wv},
        {"bo", &p.bo, &p.Wo}}) {
    if (b->empty()) continue;
    s = check_vector(kFn, name, *b);
    if (!s.ok()) return s;
    if (b->size() != W->cols)
      return Status::Error("shape", message("%s: %s has %zu values but it needs %zu (one per "
                                            "column of W%c)",
                                            kFn, name, b->size(), W->cols, name[1]));
  }
  return Status::Ok();
}

Status check_steps(const Matrix& X, const ProjectionParams& p, std::size_t H, std::size_t G,
                   std::size_t steps) {
  if (steps < 1 || steps > X.rows)
    return Status::Error("invalid_argument",
                         message("%s: steps = %zu must be a whole number from 1 to the rows of X "
                                 "(%zu)",
                                 kFn, steps, X.rows));
  const double T = static_cast<double>(steps), Hd = static_cast<double>(H);
  const double pairs = T * (T + 1.0) / 2.0;  // (step, cached token) pairs
  if (Hd * pairs > static_cast<double>(kMaxWeights))
    return Status::Error("too_large", message("%s: the weights of %zu steps and %zu heads would be "
                                              "%.0f entries, more than %zu",
                                              kFn, steps, H, Hd * pairs, kMaxWeights));
  // the projections of each token, the attention over the cache, the output projection
  const double d_in = static_cast<double>(X.cols), d_k = static_cast<double>(p.Wq.cols) / Hd,
               d_v = static_cast<double>(p.Wv.cols) / static_cast<double>(G),
               d_o = static_cast<double>(p.Wo.cols);
  const double macs = T * d_in * (Hd * d_k + static_cast<double>(p.Wk.cols + p.Wv.cols)) +
                      Hd * pairs * (d_k + d_v) + T * Hd * d_v * d_o;
  return check_cost(kFn, macs, 8.0 * (T * d_o + Hd * pairs + T),
                    "decode fewer steps, or use fewer heads or narrower matrices");
}

// Ok when every value of the projection is finite; else "non_finite_result".
Status finite(const Matrix& P, std::size_t t, const char* what, const char* inputs) {
  for (std::size_t c = 0; c < P.cols; ++c)
    if (!std::isfinite(P.data[c]))
      return Status::Error("non_finite_result",
                           message("%s: %s overflows float64 (at step %zu, column %zu it is %s): "
                                   "scale %s down",
                                   kFn, what, t, c, number_str(P.data[c]).c_str(), inputs));
  return Status::Ok();
}

}  // namespace

Result<KvDecodeResult> kv_decode(const Matrix& X, const ProjectionParams& p,
                                 const KvDecodeOptions& opts) {
  using R = Result<KvDecodeResult>;
  const std::size_t H = opts.num_heads, G = opts.num_kv_heads;
  Status s = check_params(X, p, H, G);
  const std::size_t steps = opts.steps == kAllTokens ? X.rows : opts.steps;
  if (s.ok()) s = check_steps(X, p, H, G, steps);
  if (!s.ok()) return R::Fail(s);
  const std::size_t d_k = p.Wq.cols / H, d_v = p.Wv.cols / G, group = H / G;
  const double factor = 1.0 / std::sqrt(static_cast<double>(d_k));
  R r;
  KvDecodeResult& o = r.value;
  o.head_dim_k = d_k;
  o.head_dim_v = d_v;
  o.out = Matrix(steps, p.Wo.cols);  // (steps, d_o)
  // the cache: per KV head g, Kc[g] (t + 1, d_k) and Vc[g] (t + 1, d_v), one row appended per step
  std::vector<std::vector<double>> Kc(G), Vc(G);
  for (std::size_t g = 0; g < G; ++g) {
    Kc[g].reserve(steps * d_k);
    Vc[g].reserve(steps * d_v);
  }
  std::size_t cached = 0;  // values in the cache
  for (std::size_t t = 0; t < steps; ++t) {
    // 1. project the new token: q (1, H·d_k), k (1, G·d_k), v (1, G·d_v)
    const Matrix x(1, X.cols, std::vector<double>(X.row(t), X.row(t) + X.cols));
    const Matrix q = matmul(x, p.Wq, p.bq), k = matmul(x, p.Wk, p.bk), v = matmul(x, p.Wv, p.bv);
    s = finite(q, t, "x·Wq + bq", "X, Wq or bq");
    if (s.ok()) s = finite(k, t, "x·Wk + bk", "X, Wk or bk");
    if (s.ok()) s = finite(v, t, "x·Wv + bv", "X, Wv or bv");
    if (!s.ok()) return R::Fail(s);
    // 2. append k and v to their KV head's cache
    for (std::size_t g = 0; g < G; ++g) {
      Kc[g].insert(Kc[g].end(), k.row(0) + g * d_k, k.row(0) + (g + 1) * d_k);
      Vc[g].insert(Vc[g].end(), v.row(0) + g * d_v, v.row(0) + (g + 1) * d_v);
    }
    cached += G * (d_k + d_v);
    const std::size_t n = t + 1;  // tokens in the cache
    // 3. each query head over its KV head's cache
    Matrix w(H, n);            // (H, t + 1)
    Matrix heads(1, H * d_v);  // (1, H·d_v)
    for (std::size_t i = 0; i < H; ++i) {
      const std::size_t g = i / group;
      const double* qi = q.row(0) + i * d_k;  // (d_k)
      double* wi = w.row(i);                  // (t + 1)
      double top = -std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < n; ++j) {
        const double* kj = Kc[g].data() + j * d_k;
        double dot = 0.0;
        for (std::size_t c = 0; c < d_k; ++c) dot += qi[c] * kj[c];
        wi[j] = dot * factor;
        top = std::max(top, wi[j]);
      }
      double sum = 0.0;
      for (std::size_t j = 0; j < n; ++j) sum += (wi[j] = std::exp(wi[j] - top));
      for (std::size_t j = 0; j < n; ++j) wi[j] /= sum;
      double* hi = heads.row(0) + i * d_v;  // (d_v)
      for (std::size_t j = 0; j < n; ++j) {
        const double* vj = Vc[g].data() + j * d_v;
        for (std::size_t c = 0; c < d_v; ++c) hi[c] += wi[j] * vj[c];
      }
    }
    // 4. the output projection
    const Matrix out = matmul(heads, p.Wo, p.bo);  // (1, d_o)
    s = finite(out, t, "the output projection heads·Wo + bo", "X, Wv, Wo or bo");
    if (!s.ok()) return R::Fail(s);
    std::copy(out.data.begin(), out.data.end(), o.out.row(t));
    o.weights.push_back(std::move(w));
    o.cache_values.push_back(cached);
  }
  return r;
}

}  // namespace ap
