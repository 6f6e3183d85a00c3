// quadratic.h — experiment 3: the score matrix has n² entries (08-notes.md).
//
// Shape legend: n = number of tokens (queries = keys), d = width (d_k = d_v);
// Q, K, V (n, d), the scores (n, n); xs, ys (m) the points of a log–log fit.
//
// Every function checks its inputs and returns a Status whose message names
// the function and the argument, e.g. "quadratic_point: n = 0 must be at least 1".
// Timing is not done here: the caller measures one quadratic_point call
// (std::chrono natively, performance.now() in the worker).
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

// One attention call on random Q, K, V (n, d) from `seed`.
struct QuadraticPoint {
  std::size_t n = 0;
  std::size_t d = 0;
  double entries = 0.0;   // n² scores (a double: exact up to 2⁵³, crosses to JS as-is)
  double bytes = 0.0;     // 8·n², the float64 score matrix
  double checksum = 0.0;  // Σ out: proves the call ran, and stays seed-reproducible
};

// 1 ≤ n ≤ kMaxRows (n² ≤ kMaxWeights), 1 ≤ d ≤ kMaxCols.
Result<QuadraticPoint> quadratic_point(std::size_t n, std::size_t d, std::uint64_t seed);

// Least-squares line through (log x, log y): y ≈ e^intercept · x^slope.
struct LogLogFit {
  double slope = 0.0;
  double intercept = 0.0;  // natural log
  double r2 = 0.0;         // coefficient of determination of the log–log line
};

// xs, ys: the same length ≥ 2, every value finite and > 0, xs not all equal.
Result<LogLogFit> fit_loglog_slope(const std::vector<double>& xs, const std::vector<double>& ys);

}  // namespace ap
