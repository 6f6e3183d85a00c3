// head_scores_test.cpp — the previous-token and induction scores of head_scores.h
// on weight matrices built by hand: exact heads score 1, a uniform causal head
// the fractions written out below, the most-recent-occurrence rule on a
// sequence with a repeated token, and every error with its message.
//
// The suite is named `head_scores` after the module (ctest -R head_scores).
#include "head_scores.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tasks.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using Ids = std::vector<std::size_t>;

// A causal head that puts all of row i on key[i] (key[i] ≤ i).
Matrix one_hot_head(const std::vector<std::size_t>& key) {
  Matrix w(key.size(), key.size(), 0.0);  // (n, n)
  for (std::size_t i = 0; i < key.size(); ++i) w(i, key[i]) = 1.0;
  return w;
}

// The uniform causal head: w[i][j] = 1 / (i + 1) for j ≤ i.
Matrix uniform_causal(std::size_t n) {
  Matrix w(n, n, 0.0);  // (n, n)
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j <= i; ++j) w(i, j) = 1.0 / static_cast<double>(i + 1);
  return w;
}

// The exact previous-token head: row i on i − 1, row 0 on itself.
Matrix previous_head(std::size_t n) {
  std::vector<std::size_t> key(n);
  for (std::size_t i = 0; i < n; ++i) key[i] = i == 0 ? 0 : i - 1;
  return one_hot_head(key);
}

// The exact induction head of a sequence: each row i whose token occurred before
// on the key after its most recent earlier occurrence, other rows on key 0.
Matrix induction_head(const Ids& tokens) {
  std::vector<std::size_t> key(tokens.size(), 0);
  for (std::size_t i = 0; i < tokens.size(); ++i)
    for (std::size_t j = i; j-- > 0;)
      if (tokens[j] == tokens[i]) {
        key[i] = j + 1;
        break;
      }
  return one_hot_head(key);
}

double Value(const Result<double>& r) {
  EXPECT_TRUE(r.ok()) << r.status.message;
  return r.value;
}

// The call failed with `code` and exactly `text`.
void ExpectError(const Result<double>& r, const std::string& code, const std::string& text) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, code) << r.status.message;
  EXPECT_EQ(r.status.message, text);
}

// s = 3 1 4 2 (all different), repeated: n = 8, m = 4
const Ids kInduction = {3, 1, 4, 2, 3, 1, 4, 2};

// --- previous-token score ------------------------------------------------------------------

TEST(head_scores, ExactPreviousTokenHeadScoresOne) {
  for (std::size_t n : {2u, 3u, 8u, 64u})
    EXPECT_DOUBLE_EQ(Value(previous_token_score(previous_head(n))), 1.0) << n;
}

TEST(head_scores, UniformCausalHeadPreviousTokenScore) {
  // (1/2 + … + 1/n) / (n − 1)
  EXPECT_DOUBLE_EQ(Value(previous_token_score(uniform_causal(2))), 0.5);
  // n = 4: (1/2 + 1/3 + 1/4) / 3 = (13/12) / 3 = 13/36 = 0.36111…
  EXPECT_NEAR(Value(previous_token_score(uniform_causal(4))), 13.0 / 36.0, 1e-15);
  EXPECT_NEAR(Value(previous_token_score(uniform_causal(4))), 0.3611111111111111, 1e-15);
  // n = 8: (761/280 − 1) / 7 = 481/1960 = 0.24540816…
  EXPECT_NEAR(Value(previous_token_score(uniform_causal(8))), 481.0 / 1960.0, 1e-15);
  EXPECT_NEAR(Value(previous_token_score(uniform_causal(8))), 0.2454081632653061, 1e-15);
}

TEST(head_scores, SelfAttendingHeadHasNoPreviousTokenScore) {
  Matrix identity(6, 6, 0.0);  // (n, n)
  for (std::size_t i = 0; i < 6; ++i) identity(i, i) = 1.0;
  EXPECT_DOUBLE_EQ(Value(previous_token_score(identity)), 0.0);
}

TEST(head_scores, HalfPreviousHeadScoresHalf) {
  // every row i ≥ 1: half on i − 1, half on itself
  Matrix w(5, 5, 0.0);  // (n, n)
  w(0, 0) = 1.0;
  for (std::size_t i = 1; i < 5; ++i) w(i, i - 1) = w(i, i) = 0.5;
  EXPECT_DOUBLE_EQ(Value(previous_token_score(w)), 0.5);
}

// --- induction score -----------------------------------------------------------------------

TEST(head_scores, ExactInductionHeadScoresOne) {
  // rows 4 … 7 on keys 1 … 4 (the token after the earlier occurrence at i − 4)
  const Matrix w = one_hot_head({0, 0, 0, 0, 1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(Value(induction_score(w, kInduction)), 1.0);
  EXPECT_DOUBLE_EQ(Value(induction_score(induction_head(kInduction), kInduction)), 1.0);
}

TEST(head_scores, ExactInductionHeadOnTheInductionTask) {
  // every sequence of a generated batch, repeats inside s or not
  const Result<TaskBatch> t = induction_task(32, 64, 20, 5);
  ASSERT_TRUE(t.ok()) << t.status.message;
  for (std::size_t b = 0; b < 32; ++b) {
    const Ids tokens(t.value.tokens.begin() + static_cast<long>(b * 64),
                     t.value.tokens.begin() + static_cast<long>((b + 1) * 64));
    EXPECT_DOUBLE_EQ(Value(induction_score(induction_head(tokens), tokens)), 1.0) << b;
  }
}

TEST(head_scores, UniformCausalHeadInductionScore) {
  // counted i = 4 … 7, each with weight 1/(i + 1) on its key:
  // (1/5 + 1/6 + 1/7 + 1/8) / 4 = (533/840) / 4 = 533/3360 = 0.15863095…
  EXPECT_NEAR(Value(induction_score(uniform_causal(8), kInduction)), 533.0 / 3360.0, 1e-15);
  EXPECT_NEAR(Value(induction_score(uniform_causal(8), kInduction)), 0.15863095238095238, 1e-15);
}

TEST(head_scores, PreviousTokenHeadIsNotAnInductionHead) {
  // on the repeated half the previous-token head looks at i − 1, the induction key is i − 3
  EXPECT_DOUBLE_EQ(Value(induction_score(previous_head(8), kInduction)), 0.0);
  // and the other way round: of rows 1 … 7 of the induction head (rows 0 … 3 on key 0, rows
  // 4 … 7 on keys 1 … 4) only row 1 is on its previous key: 1/7
  EXPECT_DOUBLE_EQ(Value(previous_token_score(induction_head(kInduction))), 1.0 / 7.0);
}

TEST(head_scores, MostRecentEarlierOccurrence) {
  // s = 5 6 5 7 repeats 5: tokens 5 6 5 7 | 5 6 5 7
  //   i = 4 (5): occurrences 0, 2 → j = 2, key 3
  //   i = 5 (6): occurrence 1      → j = 1, key 2
  //   i = 6 (5): occurrences 0, 2, 4 → j = 4, key 5
  //   i = 7 (7): occurrence 3      → j = 3, key 4
  const Ids tokens = {5, 6, 5, 7, 5, 6, 5, 7};
  EXPECT_DOUBLE_EQ(Value(induction_score(one_hot_head({0, 0, 0, 0, 3, 2, 5, 4}), tokens)), 1.0);
  // the head that looks m − 1 = 3 back (keys 1, 2, 3, 4) agrees at i = 5 and i = 7 only
  EXPECT_DOUBLE_EQ(Value(induction_score(one_hot_head({0, 0, 0, 0, 1, 2, 3, 4}), tokens)), 0.5);
}

TEST(head_scores, FromAnyPositionOnAnySequence) {
  // tokens 1 2 1 2, counted from 0: i = 0, 1 unseen; i = 2 → key 1; i = 3 → key 2.
  // uniform: (1/3 + 1/4) / 2 = 7/24
  const Ids tokens = {1, 2, 1, 2};
  EXPECT_NEAR(Value(induction_score_from(uniform_causal(4), tokens, 0)), 7.0 / 24.0, 1e-15);
  EXPECT_NEAR(Value(induction_score_from(uniform_causal(4), tokens, 3)), 0.25, 1e-15);
  // odd n is fine here: 1 2 3 2 3, i = 3 → key 2, i = 4 → key 3
  EXPECT_DOUBLE_EQ(
      Value(induction_score_from(one_hot_head({0, 0, 0, 2, 3}), Ids{1, 2, 3, 2, 3}, 0)), 1.0);
  // the same as induction_score from n / 2
  EXPECT_DOUBLE_EQ(Value(induction_score_from(uniform_causal(8), kInduction, 4)),
                   Value(induction_score(uniform_causal(8), kInduction)));
}

TEST(head_scores, ImmediateRepeatLooksAtItself) {
  // tokens 4 4: i = 1's earlier occurrence is j = 0, its key j + 1 = 1 = i
  Matrix self(2, 2, 0.0);  // (n, n)
  self(0, 0) = self(1, 1) = 1.0;
  EXPECT_DOUBLE_EQ(Value(induction_score(self, Ids{4, 4})), 1.0);
  EXPECT_DOUBLE_EQ(Value(induction_score(previous_head(2), Ids{4, 4})), 0.0);
}

TEST(head_scores, WeightsWithinTheToleranceAreAccepted) {
  Matrix w = previous_head(4);
  w(1, 0) = 1.0 - 1e-12;  // row 1 sums to 1 − 1e-12
  w(2, 3) = 1e-12;        // above the diagonal, within 1e-9
  EXPECT_NEAR(Value(previous_token_score(w)), 1.0, 1e-12);
}

// --- errors --------------------------------------------------------------------------------

TEST(head_scores, ShapeErrors) {
  ExpectError(previous_token_score(Matrix(3, 4, 0.25)), "shape",
              "previous_token_score: weights is (3, 4): a head's weights on n positions are "
              "(n, n), with n at least 2");
  ExpectError(previous_token_score(Matrix(1, 1, 1.0)), "shape",
              "previous_token_score: weights is (1, 1): a head's weights on n positions are "
              "(n, n), with n at least 2");
  EXPECT_EQ(previous_token_score(Matrix()).status.code, "empty");
  ExpectError(induction_score(uniform_causal(8), Ids{1, 2, 3}), "shape",
              "induction_score: weights is (8, 8) but tokens has 3 ids: one per position (8)");
  ExpectError(induction_score_from(uniform_causal(4), Ids{1, 2, 3, 4, 5}, 0), "shape",
              "induction_score_from: weights is (4, 4) but tokens has 5 ids: one per position "
              "(4)");
}

TEST(head_scores, NotFinite) {
  Matrix w = uniform_causal(3);
  w(2, 1) = std::nan("");
  const Result<double> r = previous_token_score(w);
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "previous_token_score: weights[2][1]"))
      << r.status.message;
}

TEST(head_scores, NotCausal) {
  // the transposed uniform head: row 0 looks at every key
  Matrix w(3, 3, 0.0);  // (n, n)
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j <= i; ++j) w(j, i) = 1.0 / 3.0;
  ExpectError(previous_token_score(w), "invalid_argument",
              "previous_token_score: weights(0, 1) = 0.333333 is above the diagonal: a causal "
              "head's weights are 0 for keys after the query (j > i)");
}

TEST(head_scores, NotRowStochastic) {
  Matrix w = uniform_causal(4);
  w(3, 0) = 0.5;  // row 3: 0.5 + 3 · 0.25 = 1.25
  ExpectError(induction_score(w, Ids{1, 2, 1, 2}), "invalid_argument",
              "induction_score: row 3 of weights sums to 1.25: each row of a head's weights sums "
              "to 1 (row-stochastic)");
  Matrix negative = previous_head(3);
  negative(2, 0) = -0.5;
  negative(2, 2) = 0.5;
  ExpectError(previous_token_score(negative), "invalid_argument",
              "previous_token_score: weights(2, 0) = -0.5 is negative: weights are ≥ 0");
  Matrix scores(2, 2, 0.0);  // scores, not weights: row 0 sums to 0
  ExpectError(previous_token_score(scores), "invalid_argument",
              "previous_token_score: row 0 of weights sums to 0: each row of a head's weights "
              "sums to 1 (row-stochastic)");
}

TEST(head_scores, InductionArgumentErrors) {
  ExpectError(induction_score(uniform_causal(5), Ids{1, 2, 3, 1, 2}), "invalid_argument",
              "induction_score: n = 5 must be even (the induction task's n / 2 tokens and their "
              "repeat); induction_score_from counts from any position");
  ExpectError(induction_score_from(uniform_causal(4), Ids{1, 2, 1, 2}, 4), "invalid_argument",
              "induction_score_from: first = 4 must be a position below n = 4");
  ExpectError(induction_score(uniform_causal(4), Ids{1, 2, 3, 4}), "empty",
              "induction_score: no position i = 2 … 3 has a token that occurred earlier: the "
              "score is undefined");
  ExpectError(induction_score_from(uniform_causal(4), Ids{1, 1, 2, 3}, 2), "empty",
              "induction_score_from: no position i = 2 … 3 has a token that occurred earlier: "
              "the score is undefined");
}

}  // namespace
}  // namespace ap
