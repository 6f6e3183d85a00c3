#include "head_scores.h"

#include <cmath>
#include <string>
#include <utility>

#include "checks.h"

namespace ap {

namespace {

AP_COLD Status weight_error(const char* fn, std::size_t i, std::size_t j, double w,
                            const char* why) {
  return Status::Error("invalid_argument", message("%s: weights(%zu, %zu) = %s %s", fn, i, j,
                                                   number_str(w).c_str(), why));
}

// weights: finite, (n, n) with n ≥ 2, causal and row-stochastic (head_scores.h).
Status check_weights(const char* fn, const Matrix& weights) {
  Status s = check_matrix(fn, "weights", weights);
  if (!s.ok()) return s;
  const std::size_t n = weights.rows;
  if (weights.cols != n || n < 2)
    return Status::Error("shape", message("%s: weights is %s: a head's weights on n positions "
                                          "are (n, n), with n at least 2",
                                          fn, shape_str(weights.rows, weights.cols).c_str()));
  const double tol = kHeadWeightTolerance;
  for (std::size_t i = 0; i < n; ++i) {
    const double* row = weights.row(i);  // (n)
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      if (row[j] < -tol) return weight_error(fn, i, j, row[j], "is negative: weights are ≥ 0");
      if (j > i && row[j] > tol)
        return weight_error(fn, i, j, row[j],
                            "is above the diagonal: a causal head's weights are 0 for keys "
                            "after the query (j > i)");
      sum += row[j];
    }
    if (!(std::fabs(sum - 1.0) <= tol))
      return Status::Error("invalid_argument",
                           message("%s: row %zu of weights sums to %s: each row of a head's "
                                   "weights sums to 1 (row-stochastic)",
                                   fn, i, number_str(sum).c_str()));
  }
  return Status::Ok();
}

Result<double> fail(Status s) { return Result<double>::Fail(std::move(s)); }

}  // namespace

Result<double> previous_token_score(const Matrix& weights) {
  Status s = check_weights("previous_token_score", weights);
  if (!s.ok()) return fail(std::move(s));
  const std::size_t n = weights.rows;
  // mean over i = 1 … n − 1 of w[i][i − 1]
  double sum = 0.0;
  for (std::size_t i = 1; i < n; ++i) sum += weights(i, i - 1);
  Result<double> r;
  r.value = sum / static_cast<double>(n - 1);
  return r;
}

namespace {

Result<double> induction_mean(const char* fn, const Matrix& weights,
                              const std::vector<std::size_t>& tokens, std::size_t first) {
  const std::size_t n = weights.rows;
  if (tokens.size() != n)
    return fail(Status::Error(
        "shape", message("%s: weights is %s but tokens has %zu ids: one per position (%zu)", fn,
                         shape_str(n, n).c_str(), tokens.size(), n)));
  if (first >= n)
    return fail(
        Status::Error("invalid_argument",
                      message("%s: first = %zu must be a position below n = %zu", fn, first, n)));
  double sum = 0.0;
  std::size_t counted = 0;
  for (std::size_t i = first; i < n; ++i) {
    // 1. j = after − 1, the most recent earlier position with the same token
    std::size_t after = i;
    while (after > 0 && tokens[after - 1] != tokens[i]) --after;
    if (after == 0) continue;  // not seen before: not counted
    // 2. the weight on the token right after it, w[i][j + 1]
    sum += weights(i, after);
    ++counted;
  }
  if (counted == 0)
    return fail(Status::Error("empty", message("%s: no position i = %zu … %zu has a token that "
                                               "occurred earlier: the score is undefined",
                                               fn, first, n - 1)));
  Result<double> r;
  r.value = sum / static_cast<double>(counted);
  return r;
}

}  // namespace

Result<double> induction_score_from(const Matrix& weights, const std::vector<std::size_t>& tokens,
                                    std::size_t first) {
  const char* fn = "induction_score_from";
  Status s = check_weights(fn, weights);
  if (!s.ok()) return fail(std::move(s));
  return induction_mean(fn, weights, tokens, first);
}

Result<double> induction_score(const Matrix& weights, const std::vector<std::size_t>& tokens) {
  const char* fn = "induction_score";
  Status s = check_weights(fn, weights);
  if (!s.ok()) return fail(std::move(s));
  if (weights.rows % 2 != 0)
    return fail(Status::Error(
        "invalid_argument",
        message("%s: n = %zu must be even (the induction task's n / 2 tokens and their repeat); "
                "induction_score_from counts from any position",
                fn, weights.rows)));
  return induction_mean(fn, weights, tokens, weights.rows / 2);
}

}  // namespace ap
