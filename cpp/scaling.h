// scaling.h — experiment 1: the largest softmax weight with and without ÷√d_k (02-scale.txt).
//
// Shape legend: n = number of keys, d = width (d_k), T = trials; q (1, d) one
// query row, K (n, d) the keys.
//
// Every function checks its inputs and returns a Status whose message names
// the function and the argument, e.g. "scaling_point: d = 0 must be at least 1".
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

// Limits of the experiment settings (the matrix limits are in size_limits.h).
constexpr std::size_t kMaxTrials = 100000;     // T of the scaling experiment
constexpr std::size_t kMaxScalingPoints = 64;  // how many values of d at once

// One value of d: T trials, each one query row q (1, d) against n key rows
// K (n, d), all standard normal; the same q, K with and without ÷√d.
struct ScalingPoint {
  std::size_t d = 0;
  std::size_t n = 0;
  std::size_t trials = 0;
  std::uint64_t seed = 0;          // the seed this point actually drew from
  double max_scaled_mean = 0.0;    // mean over trials of max_j w_j, scores ÷ √d
  double max_scaled_std = 0.0;     // its standard deviation (T − 1 in the denominator)
  double max_unscaled_mean = 0.0;  // the same without ÷ √d
  double max_unscaled_std = 0.0;
  double max_scaled_median = 0.0;  // the typical trial (the mean is pulled down by ties)
  double max_unscaled_median = 0.0;
  double entropy_scaled_mean = 0.0;  // mean of −Σ_j w_j ln w_j (nats)
  double entropy_unscaled_mean = 0.0;
  double entropy_max = 0.0;  // ln n: the entropy of the uniform average
};

// The seed a point for `d` draws from, derived from the experiment seed, so
// that one point of scaling_experiment can be recomputed alone.
std::uint64_t scaling_seed(std::uint64_t seed, std::size_t d);

// One point, drawing from scaling_seed(seed, d).
// 1 ≤ d ≤ kMaxCols, 1 ≤ n ≤ kMaxRows, 1 ≤ trials ≤ kMaxTrials.
Result<ScalingPoint> scaling_point(std::size_t d, std::size_t n, std::size_t trials,
                                   std::uint64_t seed);

// scaling_point for every d in `ds` (1 … kMaxScalingPoints values).
Result<std::vector<ScalingPoint>> scaling_experiment(const std::vector<std::size_t>& ds,
                                                     std::size_t n, std::size_t trials,
                                                     std::uint64_t seed);

}  // namespace ap
