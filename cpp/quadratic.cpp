// quadratic.cpp — one attention call's n² scores, and the log–log fit; see quadratic.h.
#include "quadratic.h"

#include <cmath>
#include <string>
#include <utility>

#include "attention.h"
#include "checks.h"
#include "experiment_common.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

using namespace experiment;  // check_count, invalid, num, too_large (experiment_common.h)

namespace {

// fit_loglog_slope's message for a fit that is not finite (never seen: a guard)
AP_COLD Status fit_error(const LogLogFit& fit) {
  return Status::Error("non_finite_result",
                       message("fit_loglog_slope: the fit is not finite (slope %s, intercept %s, "
                               "r2 %s): use points further apart",
                               number_str(fit.slope).c_str(), number_str(fit.intercept).c_str(),
                               number_str(fit.r2).c_str()));
}

}  // namespace

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

}  // namespace ap
