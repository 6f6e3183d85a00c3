// scaling.cpp — the largest softmax weight with and without ÷√d_k; see scaling.h.
#include "scaling.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "attention.h"
#include "checks.h"
#include "experiment_common.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

using namespace experiment;  // check_count, invalid, num, too_large (experiment_common.h)

namespace {

constexpr const char* kReduceScaling = "use fewer trials, a smaller n or smaller values of d";

// One scaling point's work: per trial, q (1, d) and K (n, d) drawn (each
// normal counted as kTranscendentalCost multiply-adds) and two attention
// calls of n·(d + 1) multiply-adds each.
double scaling_multiply_adds(std::size_t d, std::size_t n, std::size_t trials) {
  const double dd = static_cast<double>(d), nn = static_cast<double>(n);
  return static_cast<double>(trials) *
         (2.0 * nn * (dd + 1.0) + kTranscendentalCost * (nn + 1.0) * dd);
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

}  // namespace

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

}  // namespace ap
