#include "relative_position.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "checks.h"
#include "positional.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

namespace {

Status invalid(const std::string& m) { return Status::Error("invalid_argument", m); }

// n, d (and base) as the experiment needs them: 2 ≤ n ≤ kMaxRows, d even in
// [2, kMaxCols], base finite > 1; then the work and the results' bytes.
Status check_settings(const char* fn, std::size_t n, std::size_t d, const RopeOptions& opts) {
  if (n < 2)
    return invalid(
        message("%s: n = %zu must be at least 2 (a diagonal needs two positions)", fn, n));
  if (n > kMaxRows)
    return Status::Error("too_large",
                         message("%s: n = %zu is over the limit of %zu", fn, n, kMaxRows));
  if (d < 2) return invalid(message("%s: d = %zu must be at least 2", fn, d));
  if (d > kMaxCols)
    return Status::Error("too_large",
                         message("%s: d = %zu is over the limit of %zu", fn, d, kMaxCols));
  if (d % 2 != 0)
    return Status::Error("divisibility",
                         message("%s: d = %zu must be even (RoPE turns pairs of columns)", fn, d));
  if (!std::isfinite(opts.base) || !(opts.base > 1.0))
    return invalid(message("%s: base = %s must be a finite number > 1 (10000 in RoFormer)", fn,
                           number_str(opts.base).c_str()));
  // two score matrices of n²·d, the rotations and the encoding (transcendental
  // per value); results: two (n, n) matrices
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  return check_cost(fn, 2.0 * nn * nn * dd + 3.0 * kTranscendentalCost * nn * dd,
                    2.0 * 8.0 * nn * nn, "use a smaller n or d");
}

// n copies of v: (n, d)
Matrix repeated(const std::vector<double>& v, std::size_t n) {
  Matrix M(n, v.size());  // (n, d)
  for (std::size_t i = 0; i < n; ++i) std::copy(v.begin(), v.end(), M.row(i));
  return M;
}

// A·Bᵀ / √d      A (n, d), B (n, d) → (n, n)
Matrix scaled_scores(const Matrix& A, const Matrix& B) {
  const double inv = 1.0 / std::sqrt(static_cast<double>(A.cols));
  Matrix S(A.rows, B.rows);  // (n, n)
  for (std::size_t i = 0; i < A.rows; ++i)
    for (std::size_t j = 0; j < B.rows; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < A.cols; ++c) dot += A(i, c) * B(j, c);
      S(i, j) = dot * inv;
    }
  return S;
}

// The scores of q and k at n positions; `fn` names the caller in errors.
Result<RelativePositionResult> scores(const char* fn, const std::vector<double>& q,
                                      const std::vector<double>& k, std::size_t n,
                                      const RopeOptions& opts) {
  using R = Result<RelativePositionResult>;
  Status s = check_vector(fn, "q", q);
  if (s.ok()) s = check_vector(fn, "k", k);
  if (s.ok() && q.size() != k.size())
    s = Status::Error("shape", message("%s: q has %zu values but k has %zu: q and k must have the "
                                       "same length d",
                                       fn, q.size(), k.size()));
  if (s.ok()) s = check_settings(fn, n, q.size(), opts);
  if (!s.ok()) return R::Fail(s);
  const std::size_t d = q.size();
  R r;
  RelativePositionResult& p = r.value;
  p.n = n;
  p.d = d;
  p.rope = RopeOptions{opts.base, opts.pairing, 0.0};
  p.q = q;
  p.k = k;
  // 1. Q = n copies of q, K = n copies of k        (n, d) each
  const Matrix Q = repeated(q, n), K = repeated(k, n);
  // 2. RoPE: row i turned by position i, then rope(Q)·rope(K)ᵀ / √d
  Result<Matrix> rq = rope(Q, p.rope);
  if (!rq.ok()) return R::Fail(rq.status);
  Result<Matrix> rk = rope(K, p.rope);
  if (!rk.ok()) return R::Fail(rk.status);
  p.rope_scores = scaled_scores(rq.value, rk.value);  // (n, n)
  // 3. sinusoidal: (Q + PE)·(K + PE)ᵀ / √d
  Result<Matrix> pe = pos_encoding(n, d);  // (n, d)
  if (!pe.ok()) return R::Fail(pe.status);
  Matrix Qs = Q, Ks = K;  // (n, d)
  for (std::size_t x = 0; x < Qs.data.size(); ++x) {
    Qs.data[x] += pe.value.data[x];
    Ks.data[x] += pe.value.data[x];
  }
  p.sin_scores = scaled_scores(Qs, Ks);  // (n, n)
  // 4. how far each is from constant diagonals
  p.rope_deviation = diagonal_deviation(p.rope_scores);
  p.sin_deviation = diagonal_deviation(p.sin_scores);
  return r;
}

}  // namespace

double diagonal_deviation(const Matrix& S) {
  // offset c = i − j runs over −(cols − 1) … rows − 1; lo/hi per offset
  const std::size_t count = S.rows + S.cols - 1;
  std::vector<double> lo(count, INFINITY), hi(count, -INFINITY);  // (rows + cols − 1)
  for (std::size_t i = 0; i < S.rows; ++i)
    for (std::size_t j = 0; j < S.cols; ++j) {
      const std::size_t c = i + (S.cols - 1) - j;  // i − j shifted to 0 … count − 1
      lo[c] = std::min(lo[c], S(i, j));
      hi[c] = std::max(hi[c], S(i, j));
    }
  double worst = 0.0;
  for (std::size_t c = 0; c < count; ++c) worst = std::max(worst, hi[c] - lo[c]);
  return worst;
}

Result<RelativePositionResult> relative_position_scores(const std::vector<double>& q,
                                                        const std::vector<double>& k, std::size_t n,
                                                        const RopeOptions& opts) {
  return scores("relative_position_scores", q, k, n, opts);
}

Result<RelativePositionResult> relative_position_experiment(std::size_t n, std::size_t d,
                                                            std::uint64_t seed,
                                                            const RopeOptions& opts) {
  const char* fn = "relative_position_experiment";
  Status s = check_settings(fn, n, d, opts);
  if (!s.ok()) return Result<RelativePositionResult>::Fail(s);
  // q then k, standard normal, from one generator
  Rng rng(seed);
  std::vector<double> q(d), k(d);  // (d) each
  for (double& x : q) x = rng.normal();
  for (double& x : k) x = rng.normal();
  return scores(fn, q, k, n, opts);
}

}  // namespace ap
