#include "experiments.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "alibi.h"
#include "attention.h"
#include "checks.h"
#include "multi_head.h"
#include "positional.h"
#include "random.h"
#include "rope.h"
#include "size_limits.h"

namespace ap {

namespace {

std::string num(std::size_t x) { return std::to_string(x); }

Status invalid(const std::string& message) { return Status::Error("invalid_argument", message); }
Status too_large(const std::string& message) { return Status::Error("too_large", message); }

// "fn: name = 0 must be at least 1" / "fn: name = 5000 is over the limit of 4096"
Status check_count(const char* fn, const char* name, std::size_t x, std::size_t limit) {
  const std::string where = std::string(fn) + ": " + name + " = " + num(x);
  if (x == 0) return invalid(where + " must be at least 1");
  if (x > limit) return too_large(where + " is over the limit of " + num(limit));
  return Status::Ok();
}

constexpr const char* kReduceScaling = "use fewer trials, a smaller n or smaller values of d";

// One scaling point's work: per trial, q (1, d) and K (n, d) drawn (each
// normal counted as kTranscendentalCost multiply-adds) and two attention
// calls of n·(d + 1) multiply-adds each.
double scaling_multiply_adds(std::size_t d, std::size_t n, std::size_t trials) {
  const double dd = static_cast<double>(d), nn = static_cast<double>(n);
  return static_cast<double>(trials) *
         (2.0 * nn * (dd + 1.0) + kTranscendentalCost * (nn + 1.0) * dd);
}

// "fn: max |out_permuted − permuted_out| is Infinity: …" when a difference of
// two finite outputs leaves float64 (values of opposite sign near 1e308).
AP_COLD Status difference_error(const char* fn, const char* what, double diff, const char* input) {
  return Status::Error("non_finite_result",
                       message("%s: %s is %s: it overflows float64; scale %s down", fn, what,
                               number_str(diff).c_str(), input));
}

Status finite_difference(const char* fn, const char* what, double diff, const char* input) {
  return std::isfinite(diff) ? Status::Ok() : difference_error(fn, what, diff, input);
}

// fit_loglog_slope's message for a fit that is not finite (never seen: a guard)
AP_COLD Status fit_error(const LogLogFit& fit) {
  return Status::Error("non_finite_result",
                       message("fit_loglog_slope: the fit is not finite (slope %s, intercept %s, "
                               "r2 %s): use points further apart",
                               number_str(fit.slope).c_str(), number_str(fit.intercept).c_str(),
                               number_str(fit.r2).c_str()));
}

// Mean and standard deviation (T − 1 in the denominator; 0 for one value).
void mean_std(const std::vector<double>& xs, double& mean, double& stddev) {
  double sum = 0.0;
  for (double x : xs) sum += x;
  mean = sum / static_cast<double>(xs.size());
  double sq = 0.0;
  for (double x : xs) sq += (x - mean) * (x - mean);
  stddev = xs.size() > 1 ? std::sqrt(sq / static_cast<double>(xs.size() - 1)) : 0.0;
}

// The middle value (the mean of the two middle ones for an even count).
double median(std::vector<double> xs) {
  const std::size_t m = xs.size() / 2;
  std::nth_element(xs.begin(), xs.begin() + m, xs.end());
  const double upper = xs[m];
  if (xs.size() % 2 == 1) return upper;
  const double lower = *std::max_element(xs.begin(), xs.begin() + m);
  return 0.5 * (lower + upper);
}

// The largest weight of a row and its entropy −Σ w ln w (0·ln 0 = 0).
void max_and_entropy(const double* w, std::size_t n, double& max, double& entropy) {
  max = 0.0;
  entropy = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    max = w[j] > max ? w[j] : max;
    if (w[j] > 0.0) entropy -= w[j] * std::log(w[j]);
  }
}

double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const double d = std::fabs(a[k] - b[k]);
    if (std::isnan(d)) return INFINITY;
    worst = d > worst ? d : worst;
  }
  return worst;
}

// (P·M)[i] = M[perm[i]]      M (n, c) → (n, c)
Matrix permute_rows(const Matrix& M, const std::vector<std::size_t>& perm) {
  Matrix R(M.rows, M.cols);  // (n, c)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < M.cols; ++c) R(i, c) = M(perm[i], c);
  return R;
}

// Self-attention of Z (n, d) rows at positions 0 … n − 1, told where each
// stands by `positions`: `pe` (n, d) is the sinusoidal encoding, `bias` (n, n)
// ALiBi's, each made once for both orders (unused otherwise).
Result<AttentionResult> positioned_attention(const Matrix& Z, Positions positions,
                                             const RopeOptions& rope_opts, const Matrix& pe,
                                             const Matrix& bias) {
  switch (positions) {
    case Positions::sinusoidal: {
      Matrix Zp = Z;  // (n, d)  Z + PE
      for (std::size_t k = 0; k < Zp.data.size(); ++k) Zp.data[k] += pe.data[k];
      return attention(Zp, Zp, Zp);
    }
    case Positions::rope: {
      // Q = K = rope(Z): row i turned by position i; V = Z, not turned
      Result<Matrix> R = rope(Z, rope_opts);  // (n, d)
      if (!R.ok()) return Result<AttentionResult>::Fail(R.status);
      return attention(R.value, R.value, Z);
    }
    case Positions::alibi: return attention(Z, Z, Z, nullptr, AttentionOptions(true, 1.0, &bias));
    default: return attention(Z, Z, Z);
  }
}

}  // namespace

// ---------------------------------------------------------------- 1. scaling

std::uint64_t scaling_seed(std::uint64_t seed, std::size_t d) {
  // one SplitMix64 step from a state that depends on both: nearby (seed, d)
  // pairs give unrelated streams
  Rng mix(seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(d) + 1));
  return mix.next_u64();
}

Result<ScalingPoint> scaling_point(std::size_t d, std::size_t n, std::size_t trials,
                                   std::uint64_t seed) {
  for (Status s : {check_count("scaling_point", "d", d, kMaxCols),
                   check_count("scaling_point", "n", n, kMaxRows),
                   check_count("scaling_point", "trials", trials, kMaxTrials)})
    if (!s.ok()) return Result<ScalingPoint>::Fail(s);
  // the results are a few numbers (the attention calls inside check their own)
  Status cost = check_cost("scaling_point", scaling_multiply_adds(d, n, trials),
                           sizeof(ScalingPoint), kReduceScaling);
  if (!cost.ok()) return Result<ScalingPoint>::Fail(cost);

  Result<ScalingPoint> r;
  ScalingPoint& p = r.value;
  p.d = d;
  p.n = n;
  p.trials = trials;
  p.seed = scaling_seed(seed, d);
  p.entropy_max = std::log(static_cast<double>(n));

  Rng rng(p.seed);
  Matrix q(1, d);        // (1, d)   one query
  Matrix K(n, d);        // (n, d)   n keys
  const Matrix V(n, 1);  // (n, 1)   values do not matter here: only the weights are read
  std::vector<double> max_s(trials), max_u(trials), ent_s(trials), ent_u(trials);  // (T)
  for (std::size_t t = 0; t < trials; ++t) {
    // 1. draw q then K, row by row, standard normal
    for (double& x : q.data) x = rng.normal();
    for (double& x : K.data) x = rng.normal();
    // 2. the same scores with and without ÷ √d
    const Result<AttentionResult> scaled = attention(q, K, V, nullptr, true);
    const Result<AttentionResult> unscaled = attention(q, K, V, nullptr, false);
    if (!scaled.ok()) return Result<ScalingPoint>::Fail(scaled.status);
    if (!unscaled.ok()) return Result<ScalingPoint>::Fail(unscaled.status);
    // 3. the largest weight (1 = one key takes everything, 1/n = uniform) and the entropy
    max_and_entropy(scaled.value.weights.row(0), n, max_s[t], ent_s[t]);
    max_and_entropy(unscaled.value.weights.row(0), n, max_u[t], ent_u[t]);
  }
  double unused = 0.0;
  mean_std(max_s, p.max_scaled_mean, p.max_scaled_std);
  mean_std(max_u, p.max_unscaled_mean, p.max_unscaled_std);
  p.max_scaled_median = median(max_s);
  p.max_unscaled_median = median(max_u);
  mean_std(ent_s, p.entropy_scaled_mean, unused);
  mean_std(ent_u, p.entropy_unscaled_mean, unused);
  return r;
}

Result<std::vector<ScalingPoint>> scaling_experiment(const std::vector<std::size_t>& ds,
                                                     std::size_t n, std::size_t trials,
                                                     std::uint64_t seed) {
  using R = Result<std::vector<ScalingPoint>>;
  if (ds.empty())
    return R::Fail(invalid("scaling_experiment: ds is empty: it needs at least one d"));
  if (ds.size() > kMaxScalingPoints)
    return R::Fail(too_large("scaling_experiment: ds has " + num(ds.size()) +
                             " values, over the limit of " + num(kMaxScalingPoints)));
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const std::string where = "scaling_experiment: d = " + num(ds[i]) + " (ds[" + num(i) + "])";
    if (ds[i] == 0) return R::Fail(invalid(where + " must be at least 1"));
    if (ds[i] > kMaxCols)
      return R::Fail(too_large(where + " is over the limit of " + num(kMaxCols)));
  }
  // the points run one after the other: their work adds up
  double macs = 0.0;
  for (std::size_t d : ds) macs += scaling_multiply_adds(d, n, trials);
  const double bytes = static_cast<double>(ds.size() * sizeof(ScalingPoint));
  // n and trials first, as scaling_point would report them
  Status s = check_count("scaling_experiment", "n", n, kMaxRows);
  if (s.ok()) s = check_count("scaling_experiment", "trials", trials, kMaxTrials);
  if (s.ok()) s = check_cost("scaling_experiment", macs, bytes, kReduceScaling);
  if (!s.ok()) return R::Fail(s);
  R r;
  for (std::size_t d : ds) {
    Result<ScalingPoint> p = scaling_point(d, n, trials, seed);
    if (!p.ok()) {
      // name this function, not the helper
      p.status.message.replace(0, std::string("scaling_point").size(), "scaling_experiment");
      return R::Fail(p.status);
    }
    r.value.push_back(p.value);
  }
  return r;
}

// ---------------------------------------------------------------- 2. permutation

Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                 const std::vector<std::size_t>& perm,
                                                 Positions positions,
                                                 const RopeOptions& rope_opts) {
  using R = Result<PermutationResult>;
  const char* fn = "permutation_experiment";
  Status s = check_matrix(fn, "X", X);
  if (!s.ok()) return R::Fail(s);
  const std::size_t n = X.rows, d = X.cols;
  if (perm.size() != n)
    return R::Fail(Status::Error("shape", std::string(fn) + ": perm has " + num(perm.size()) +
                                              " entries but X has " + num(n) +
                                              " rows: it needs one entry per row"));
  // each of 0 … n−1 exactly once; first_at[v] = 1 + the index where v was seen
  std::vector<std::size_t> first_at(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string entry = std::string(fn) + ": perm[" + num(i) + "] = " + num(perm[i]);
    if (perm[i] >= n)
      return R::Fail(invalid(entry + " is out of range: entries must be 0 … " + num(n - 1)));
    if (first_at[perm[i]] != 0)
      return R::Fail(invalid(entry + " repeats perm[" + num(first_at[perm[i]] - 1) +
                             "]: each of 0 … " + num(n - 1) + " must appear exactly once"));
    first_at[perm[i]] = i + 1;
  }
  if (positions == Positions::rope && d % 2 != 0)
    return R::Fail(Status::Error(
        "divisibility", message("%s: X is %s: d = %zu must be even for RoPE (it turns pairs of "
                                "columns)",
                                fn, shape_str(n, d).c_str(), d)));
  if (positions == Positions::rope && (!std::isfinite(rope_opts.base) || !(rope_opts.base > 1.0)))
    return R::Fail(invalid(message("%s: base = %s must be a finite number > 1", fn,
                                   number_str(rope_opts.base).c_str())));
  {
    // two self-attentions of n²·2d and the positions: the encoding or two
    // rotations (n·d transcendental values), or ALiBi's n² bias; results PX,
    // out, out_permuted, permuted_out (n, d) and two weights (n, n)
    const double nn = static_cast<double>(n), dd = static_cast<double>(d);
    const double extra = positions == Positions::sinusoidal ? kTranscendentalCost * nn * dd
                         : positions == Positions::rope     ? 2.0 * kTranscendentalCost * nn * dd
                         : positions == Positions::alibi    ? nn * nn
                                                            : 0.0;
    s = check_cost(fn, 2.0 * nn * nn * 2.0 * dd + extra, 8.0 * (4.0 * nn * dd + 2.0 * nn * nn),
                   "use fewer rows or columns of X");
    if (!s.ok()) return R::Fail(s);
  }

  R r;
  PermutationResult& p = r.value;
  p.perm = perm;
  p.use_pe = positions == Positions::sinusoidal;
  p.positions = positions;
  // 1. PX: row i of PX is row perm[i] of X
  p.permuted_input = permute_rows(X, perm);  // (n, d)
  // 2. the positions belong to the position, so they are applied after
  //    permuting: the encoding (n, d) or ALiBi's bias (n, n), made once
  Matrix pe, bias;
  if (positions == Positions::sinusoidal) {
    Result<Matrix> e = pos_encoding(n, d);  // (n, d)
    if (!e.ok()) return R::Fail(e.status);
    pe = std::move(e.value);
  } else if (positions == Positions::alibi) {
    Result<Tensor3> b3 = alibi_bias(1, n, n);  // (1, n, n)
    if (!b3.ok()) return R::Fail(b3.status);
    bias = Matrix(n, n, std::move(b3.value.data));  // (n, n)
  }
  const RopeOptions at_zero{rope_opts.base, rope_opts.pairing, 0.0};
  // 3. self-attention of both orders
  Result<AttentionResult> a = positioned_attention(X, positions, at_zero, pe, bias);
  if (!a.ok()) return R::Fail(a.status);
  Result<AttentionResult> b = positioned_attention(p.permuted_input, positions, at_zero, pe, bias);
  if (!b.ok()) return R::Fail(b.status);
  // 4. equivariance: attention(PX) = P·attention(X) when nothing knows positions
  p.out = std::move(a.value.out);                   // (n, d)
  p.weights = std::move(a.value.weights);           // (n, n)
  p.out_permuted = std::move(b.value.out);          // (n, d)
  p.weights_permuted = std::move(b.value.weights);  // (n, n)
  p.permuted_out = permute_rows(p.out, perm);       // (n, d)
  p.max_abs_diff = max_abs_diff(p.out_permuted.data, p.permuted_out.data);
  s = finite_difference(fn, "max |out_permuted − permuted_out|", p.max_abs_diff, "X");
  if (!s.ok()) return R::Fail(s);
  return r;
}

Result<std::vector<std::size_t>> seeded_permutation(std::size_t n, std::uint64_t seed) {
  Status s = check_count("seeded_permutation", "n", n, kMaxRows);
  // n draws and swaps; n indices
  if (s.ok())
    s = check_cost("seeded_permutation", static_cast<double>(n),
                   static_cast<double>(sizeof(std::size_t)) * static_cast<double>(n),
                   "use a smaller n");
  if (!s.ok()) return Result<std::vector<std::size_t>>::Fail(s);
  Rng rng(seed);
  Result<std::vector<std::size_t>> r;
  r.value = random_permutation(n, rng);
  return r;
}

// ---------------------------------------------------------------- 3. quadratic

Result<QuadraticPoint> quadratic_point(std::size_t n, std::size_t d, std::uint64_t seed) {
  for (Status s : {check_count("quadratic_point", "n", n, kMaxRows),
                   check_count("quadratic_point", "d", d, kMaxCols)})
    if (!s.ok()) return Result<QuadraticPoint>::Fail(s);
  // 3·n·d normals drawn and one attention of n²·2d; the results are a few
  // numbers (the attention call inside checks its own)
  const double draws = 3.0 * static_cast<double>(n) * static_cast<double>(d);
  Status cost = check_cost("quadratic_point",
                           attention_multiply_adds(n, n, d, d) + kTranscendentalCost * draws,
                           sizeof(QuadraticPoint), "use a smaller n or d");
  if (!cost.ok()) return Result<QuadraticPoint>::Fail(cost);
  // 1. random Q, K, V (n, d), drawn in that order
  Rng rng(seed);
  Matrix Q(n, d), K(n, d), V(n, d);  // (n, d) each
  for (Matrix* m : {&Q, &K, &V})
    for (double& x : m->data) x = rng.normal();
  // 2. one attention call: its score matrix is (n, n)
  Result<AttentionResult> a = attention(Q, K, V);
  if (!a.ok()) return Result<QuadraticPoint>::Fail(a.status);
  Result<QuadraticPoint> r;
  QuadraticPoint& p = r.value;
  p.n = n;
  p.d = d;
  p.entries = static_cast<double>(a.value.weights.rows) * static_cast<double>(a.value.weights.cols);
  p.bytes = p.entries * static_cast<double>(sizeof(double));
  for (double x : a.value.out.data) p.checksum += x;
  return r;
}

Result<LogLogFit> fit_loglog_slope(const std::vector<double>& xs, const std::vector<double>& ys) {
  using R = Result<LogLogFit>;
  const char* fn = "fit_loglog_slope";
  if (xs.size() != ys.size())
    return R::Fail(Status::Error("shape", std::string(fn) + ": xs has " + num(xs.size()) +
                                              " values but ys has " + num(ys.size())));
  if (xs.size() < 2)
    return R::Fail(
        invalid(std::string(fn) + ": " + num(xs.size()) + " points: a line needs at least 2"));
  if (xs.size() > kMaxValues)
    return R::Fail(too_large(
        message("fit_loglog_slope: %zu points: the limit is %zu", xs.size(), kMaxValues)));
  // two logs and a few multiply-adds per point; three numbers out
  Status cost = check_cost(fn, (2.0 * kTranscendentalCost + 8.0) * static_cast<double>(xs.size()),
                           24.0, "use fewer points");
  if (!cost.ok()) return R::Fail(cost);
  for (auto [name, v] :
       {std::pair<const char*, const std::vector<double>*>{"xs", &xs}, {"ys", &ys}})
    for (std::size_t i = 0; i < v->size(); ++i)
      if (!std::isfinite((*v)[i]) || (*v)[i] <= 0.0)
        return R::Fail(invalid(std::string(fn) + ": " + name + "[" + num(i) +
                               "] = " + std::to_string((*v)[i]) +
                               ": every value must be finite and > 0 (its log is taken)"));
  // 1. u = ln x, v = ln y
  const std::size_t m = xs.size();
  std::vector<double> u(m), v(m);  // (m)
  double mu = 0.0, mv = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    u[i] = std::log(xs[i]);
    v[i] = std::log(ys[i]);
    mu += u[i];
    mv += v[i];
  }
  mu /= static_cast<double>(m);
  mv /= static_cast<double>(m);
  // 2. slope = cov(u, v) / var(u)
  double suu = 0.0, suv = 0.0, svv = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    suu += (u[i] - mu) * (u[i] - mu);
    suv += (u[i] - mu) * (v[i] - mv);
    svv += (v[i] - mv) * (v[i] - mv);
  }
  if (suu == 0.0)
    return R::Fail(invalid(std::string(fn) + ": every x is the same: the slope is undefined"));
  R r;
  r.value.slope = suv / suu;
  r.value.intercept = mv - r.value.slope * mu;
  // 3. R² = 1 − SS_res / SS_tot (a flat line through flat data fits perfectly)
  const double ss_res = svv - r.value.slope * suv;
  r.value.r2 = svv > 0.0 ? 1.0 - ss_res / svv : 1.0;
  // logs of finite positive numbers are within ±745: every sum stays finite
  if (!std::isfinite(r.value.slope) || !std::isfinite(r.value.intercept) ||
      !std::isfinite(r.value.r2))
    return R::Fail(fit_error(r.value));
  return r;
}

// ---------------------------------------------------------------- 4. h = 1

Result<H1Check> h1_check(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask) {
  Status s = check_multi_head("h1_check", Q, K, V, 1, mask);
  // attention and multi_head(h = 1): the same work twice; two numbers out (the
  // two calls inside check their own results)
  if (s.ok())
    s = check_cost("h1_check", 2.0 * attention_multiply_adds(Q.rows, K.rows, Q.cols, V.cols),
                   sizeof(H1Check), kReduceAttention);
  if (!s.ok()) return Result<H1Check>::Fail(s);
  Result<AttentionResult> a = attention(Q, K, V, mask);
  if (!a.ok()) return Result<H1Check>::Fail(a.status);
  Result<MultiHeadResult> m = multi_head(Q, K, V, 1, mask);
  if (!m.ok()) return Result<H1Check>::Fail(m.status);
  Result<H1Check> r;
  r.value.max_out_diff = max_abs_diff(m.value.out.data, a.value.out.data);
  r.value.max_weight_diff = max_abs_diff(m.value.weights[0].data, a.value.weights.data);
  s = finite_difference("h1_check", "max |multi_head(h = 1).out − attention.out|",
                        r.value.max_out_diff, "V");
  if (!s.ok()) return Result<H1Check>::Fail(s);
  return r;
}

}  // namespace ap
