// head_scores.h — how much one attention head behaves like a previous-token head
// or an induction head, from its weights on a token sequence.
//
// Elhage et al. 2021, "A Mathematical Framework for Transformer Circuits";
// Olsson et al. 2022, "In-context Learning and Induction Heads" (the
// prefix-matching score of an induction head on repeated random tokens).
//
// Shape legend: n = positions of the sequence. weights (n, n) is one head's
// attention on it, row i the query at position i, column j the key at j; it must
// be causal and row-stochastic: every entry ≥ 0, 0 above the diagonal (j > i)
// and each row summing to 1, each within kHeadWeightTolerance. tokens (n) are
// the ids at the positions (tasks.h).
//
// Every score is a mean of weights, so it lies in [0, 1]; 1 means the head puts
// all of each counted row on the key the score asks for.
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"

namespace ap {

// How far a weight may be below 0 or above the diagonal, and a row's sum from 1.
constexpr double kHeadWeightTolerance = 1e-9;

// Previous-token score: the mean over positions i = 1 … n − 1 of w[i][i − 1],
// the attention each query pays to the position just before it (position 0 has
// none). An exact previous-token head scores 1; a uniform causal head
// (w[i][j] = 1 / (i + 1) for j ≤ i) scores (1/2 + 1/3 + … + 1/n) / (n − 1).
// Errors: weights not (n, n) with n ≥ 2 ("shape"), empty, over the size limits
// or not finite (check_matrix), not causal or not row-stochastic
// ("invalid_argument").
Result<double> previous_token_score(const Matrix& weights);

// Induction score from position `first` on. For each counted query position i
// (first ≤ i < n) let j(i) be the most recent earlier position with the same
// token, j(i) = max{ j < i : tokens[j] = tokens[i] }; positions whose token has
// not occurred before are skipped. The score is the mean over the counted i of
//   w[i][j(i) + 1],
// the attention paid to the token that followed the earlier occurrence (the
// token an induction head copies). j(i) + 1 ≤ i, so the key is never in the
// future (j(i) + 1 = i when the token repeats at once).
// Errors: as previous_token_score, tokens not n long ("shape"), first ≥ n
// ("invalid_argument"), no counted position with an earlier occurrence
// ("empty").
Result<double> induction_score_from(const Matrix& weights, const std::vector<std::size_t>& tokens,
                                    std::size_t first);

// Induction score on the induction task's sequence (tasks.h, induction_task):
// n = 2m positions, tokens = s_0 … s_{m−1} s_0 … s_{m−1}, and the counted
// positions are the repeated half, i = m … n − 1: induction_score_from(weights,
// tokens, n / 2). Every such i has an earlier occurrence (at i − m, at least).
// When the m tokens of s are all different, j(i) = i − m and the key j(i) + 1 =
// i − m + 1 holds exactly the task's target at i, so a head that puts all its
// weight there scores 1; when s repeats a token, j(i) is the latest
// occurrence, which may lie in the repeated half itself.
// Errors: as induction_score_from, and n odd ("invalid_argument").
Result<double> induction_score(const Matrix& weights, const std::vector<std::size_t>& tokens);

}  // namespace ap
