// experiments.h — the seed 003 experiments, as pure seeded functions.
//
//   1. scaling      — largest softmax weight with and without ÷√d_k  (02-scale.txt)
//   2. permutation  — attention(PX) vs P·attention(X), with/without PE, RoPE
//                     or ALiBi (05-perm.txt)
//   3. quadratic    — the score matrix has n² entries                 (08-notes.md)
//   4. h = 1 check  — multi_head(Q, K, V, 1) is exactly attention(Q, K, V)
//
// Shape legend: n = number of tokens (queries = keys), d = width (d_k = d_v),
// h = heads, T = trials, P = the permutation matrix with (P·M)[i] = M[perm[i]].
//
// Every function checks its inputs and returns a Status whose message names
// the function and the argument, e.g. "scaling_point: d = 0 must be at least 1".
// Timing is not done here: the caller measures one quadratic_point call
// (std::chrono natively, performance.now() in the worker).
#pragma once

#include <cstdint>
#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

// Limits of the experiment settings (the matrix limits are in size_limits.h).
constexpr std::size_t kMaxTrials = 100000;     // T of the scaling experiment
constexpr std::size_t kMaxScalingPoints = 64;  // how many values of d at once

// ---------------------------------------------------------------- 1. scaling

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

// ---------------------------------------------------------------- 2. permutation

// How the permutation experiment tells attention where a token stands
// (experiment 7). Z = X or PX, rows at their positions 0 … n − 1:
//   none        attention(Z, Z, Z)
//   sinusoidal  Z + pos_encoding(n, d) as Q = K = V (Vaswani et al. 2017)
//   rope        attention(rope(Z), rope(Z), Z): Q = K rotated, V not (Su et
//               al. 2021, RoFormer)
//   alibi       attention(Z, Z, Z, bias = alibi_bias(1, n, n)[0]): −m·|i − j|,
//               m = 1/256 for one head (Press et al. 2022)
// Every one but none breaks permutation equivariance.
enum class Positions { none, sinusoidal, rope, alibi };

// Self-attention Q = K = V = Z, with Z = X and the positions above.
// They belong to the position, so they are applied AFTER permuting (PX + PE,
// not P(X + PE)): a token's position changes with the order, which is exactly
// what breaks equivariance.
struct PermutationResult {
  std::vector<std::size_t> perm;  // (n) row i of PX is row perm[i] of X
  bool use_pe = false;            // positions == Positions::sinusoidal
  Positions positions = Positions::none;
  Matrix permuted_input;      // (n, d)  PX
  Matrix out;                 // (n, d)  attention(X (+positions)).out
  Matrix out_permuted;        // (n, d)  attention(PX (+positions)).out
  Matrix permuted_out;        // (n, d)  P·attention(X (+positions)).out
  Matrix weights;             // (n, n)  attention(X (+positions)).weights
  Matrix weights_permuted;    // (n, n)  attention(PX (+positions)).weights
  double max_abs_diff = 0.0;  // max |out_permuted − permuted_out|
};

// `perm` must hold each of 0 … n−1 exactly once (n = X.rows); `rope` is used
// when positions is Positions::rope (its offset is ignored: positions 0 … n − 1),
// and d = X.cols must then be even.
Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                 const std::vector<std::size_t>& perm,
                                                 Positions positions,
                                                 const RopeOptions& rope_opts = {});

// The seed's form: use_pe true is Positions::sinusoidal, false Positions::none.
inline Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                        const std::vector<std::size_t>& perm,
                                                        bool use_pe) {
  return permutation_experiment(X, perm, use_pe ? Positions::sinusoidal : Positions::none);
}

// A uniformly random permutation of 0 … n−1 from `seed` (1 ≤ n ≤ kMaxRows).
Result<std::vector<std::size_t>> seeded_permutation(std::size_t n, std::uint64_t seed);

// ---------------------------------------------------------------- 3. quadratic

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

// ---------------------------------------------------------------- 4. h = 1

struct H1Check {
  double max_out_diff = 0.0;     // max |multi_head(h=1).out − attention.out|
  double max_weight_diff = 0.0;  // max |multi_head(h=1).weights[0] − attention.weights|
};

// Q (n_q, d), K (n_k, d), V (n_k, d_v), mask (n_q, n_k) or null. Both numbers
// are exactly 0.0: one head of width d/1 = d is scaled by √d, like attention.
Result<H1Check> h1_check(const Matrix& Q, const Matrix& K, const Matrix& V,
                         const Mask* mask = nullptr);

}  // namespace ap
