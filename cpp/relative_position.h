// relative_position.h — experiment 5, relative position: does the score of a
// query and a key depend only on how far apart they are (i − j)?
//
// One query vector q and one key vector k (length d) are repeated at every
// position: Q = n copies of q, K = n copies of k. Then
//   RoPE        S_rope[i][j] = rope(Q)[i] · rope(K)[j] / √d
//               = q·R_{j−i}·k / √d: a function of i − j alone, so S_rope is
//               constant along every diagonal (Su et al. 2021, "RoFormer",
//               arXiv:2104.09864, section 3.4.2);
//   sinusoidal  S_sin[i][j] = (q + PE_i) · (k + PE_j) / √d  (Vaswani et al. 2017):
//               the cross terms q·PE_j and PE_i·k depend on i and j themselves,
//               so the diagonals are not constant.
// The deviation of a matrix from constant diagonals is
//   max over offsets c of (max − min of S[i][j] over i − j = c),
// about 1e-15 (rounding) for RoPE and of order 1 for the sinusoidal encoding.
//
// Shape legend: n = positions (queries = keys), d = width of q and k (even).
#pragma once

#include <cstdint>
#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

// Both score matrices of one (q, k) pair and their deviations.
struct RelativePositionResult {
  std::size_t n = 0;
  std::size_t d = 0;
  RopeOptions rope;           // base and pairing used (offset 0: positions 0 … n − 1)
  std::vector<double> q;      // (d)  the query repeated at every position
  std::vector<double> k;      // (d)  the key repeated at every position
  Matrix rope_scores;         // (n, n)  rope(Q)·rope(K)ᵀ / √d
  Matrix sin_scores;          // (n, n)  (Q + PE)·(K + PE)ᵀ / √d
  double rope_deviation = 0;  // diagonal_deviation(rope_scores): ~1e-15
  double sin_deviation = 0;   // diagonal_deviation(sin_scores): large
};

// max over offsets c = i − j of (max − min of S[i][j] along that diagonal);
// 0 for a matrix whose every diagonal is constant (a Toeplitz matrix).
double diagonal_deviation(const Matrix& S);

// The scores of the given q and k (both length d, d even ≥ 2, finite),
// repeated at n ≥ 2 positions; opts.base a finite number > 1.
// Errors name relative_position_scores and the argument: "invalid_argument"
// (n < 2, base), "shape" (q and k of different lengths), "divisibility"
// (d odd), "empty", "non_finite", "too_large" (limits, check_cost).
Result<RelativePositionResult> relative_position_scores(const std::vector<double>& q,
                                                        const std::vector<double>& k, std::size_t n,
                                                        const RopeOptions& opts);

// The same with q then k drawn standard normal from Rng(seed) (random.h):
// d normals for q, then d for k. 2 ≤ n ≤ kMaxRows, 2 ≤ d ≤ kMaxCols, d even.
Result<RelativePositionResult> relative_position_experiment(std::size_t n, std::size_t d,
                                                            std::uint64_t seed,
                                                            const RopeOptions& opts);

}  // namespace ap
