// attention_test.cpp — the contract of scaled dot-product attention:
// rows sum to 1, hidden keys get weight exactly 0, the √d_k scale, the
// softmax temperature, cross attention shapes, permutation equivariance, the
// steps, and the errors.
#include "attention.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>

#include "checks.h"
#include "mask.h"
#include "positional.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::MatrixIdentical;
using test::MatrixNear;
using test::random_matrix;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A random mask with every row keeping at least one visible key.
Mask random_mask(std::size_t n_q, std::size_t n_k, Rng& rng) {
  Mask m(n_q, n_k, false);  // (n_q, n_k)
  for (std::size_t i = 0; i < n_q; ++i) {
    for (std::size_t j = 0; j < n_k; ++j) m.set(i, j, rng.uniform() < 0.5);
    m.set(i, rng.below(n_k), true);
  }
  return m;
}

void expect_rows_sum_to_one(const Matrix& w, double tol = 1e-12) {
  for (std::size_t i = 0; i < w.rows; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < w.cols; ++j) {
      EXPECT_GE(w(i, j), 0.0);
      sum += w(i, j);
    }
    EXPECT_NEAR(sum, 1.0, tol) << "row " << i;
  }
}

// ---------------------------------------------------------------- values

TEST(Attention, KnownValueByHand) {
  // Q·Kᵀ = [1, 0], scaled by 1/√2; softmax of [1/√2, 0] is [σ, 1 − σ].
  const Matrix Q(1, 2, {1.0, 0.0});
  const Matrix K(2, 2, {1.0, 0.0, 0.0, 1.0});
  const Matrix V(2, 2, {1.0, 2.0, 3.0, 4.0});
  auto r = attention(Q, K, V);
  ASSERT_TRUE(r.ok()) << r.status.message;
  const double s = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
  EXPECT_TRUE(MatrixNear(r.value.weights, Matrix(1, 2, {s, 1.0 - s}), 1e-15));
  EXPECT_TRUE(MatrixNear(r.value.out, Matrix(1, 2, {s + 3 * (1 - s), 2 * s + 4 * (1 - s)}), 1e-14));
}

TEST(Attention, OutIsWeightsTimesV) {
  Rng rng(11);
  const Matrix Q = random_matrix(4, 3, rng), K = random_matrix(6, 3, rng),
               V = random_matrix(6, 5, rng);
  auto r = attention(Q, K, V);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(MatrixNear(r.value.out, test::naive_matmul(r.value.weights, V), 1e-12));
}

TEST(Attention, WeightsAreSoftmaxOfScaledScores) {
  Rng rng(12);
  const std::size_t d_k = 7;
  const Matrix Q = random_matrix(5, d_k, rng), K = random_matrix(4, d_k, rng),
               V = random_matrix(4, 2, rng);
  auto r = attention(Q, K, V);
  ASSERT_TRUE(r.ok());
  Matrix expected(5, 4);  // (n_q, n_k)
  for (std::size_t i = 0; i < 5; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < 4; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) dot += Q(i, c) * K(j, c);
      expected(i, j) = std::exp(dot / std::sqrt(7.0));
      sum += expected(i, j);
    }
    for (std::size_t j = 0; j < 4; ++j) expected(i, j) /= sum;
  }
  EXPECT_TRUE(MatrixNear(r.value.weights, expected, 1e-14));
}

TEST(Attention, RowsSumToOneOnRandomShapes) {
  Rng rng(2024);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 12),
                      n_k = test::random_between(rng, 1, 12);
    const std::size_t d_k = test::random_between(rng, 1, 16),
                      d_v = test::random_between(rng, 1, 16);
    const Matrix Q = random_matrix(n_q, d_k, rng, 3.0);
    const Matrix K = random_matrix(n_k, d_k, rng, 3.0);
    const Matrix V = random_matrix(n_k, d_v, rng);
    auto r = attention(Q, K, V);
    ASSERT_TRUE(r.ok()) << r.status.message;
    ASSERT_EQ(r.value.weights.rows, n_q);
    ASSERT_EQ(r.value.weights.cols, n_k);
    ASSERT_EQ(r.value.out.rows, n_q);
    ASSERT_EQ(r.value.out.cols, d_v);
    SCOPED_TRACE("trial " + std::to_string(trial));
    expect_rows_sum_to_one(r.value.weights);
  }
}

TEST(Attention, AgreesWithReference) {
  Rng rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 20),
                      n_k = test::random_between(rng, 1, 20);
    const std::size_t d_k = test::random_between(rng, 1, 24),
                      d_v = test::random_between(rng, 1, 24);
    const Matrix Q = random_matrix(n_q, d_k, rng), K = random_matrix(n_k, d_k, rng);
    const Matrix V = random_matrix(n_k, d_v, rng);
    const Mask m = random_mask(n_q, n_k, rng);
    const Mask* mask = trial % 2 ? &m : nullptr;
    auto r = attention(Q, K, V, mask);
    ASSERT_TRUE(r.ok());
    const AttentionResult ref = attention_reference(Q, K, V, mask, true);
    EXPECT_TRUE(MatrixNear(r.value.weights, ref.weights, 1e-12)) << "trial " << trial;
    EXPECT_TRUE(MatrixNear(r.value.out, ref.out, 1e-12)) << "trial " << trial;
  }
}

// ---------------------------------------------------------------- masking

TEST(Attention, CausalMaskedWeightsAreExactlyZero) {
  Rng rng(3);
  const std::size_t n = 8, d = 6;
  // large scores: a −1e4 sentinel or a post-softmax multiply would leak here
  const Matrix X = random_matrix(n, d, rng, 30.0);
  const Mask mask = causal_mask(n).value;
  auto r = attention(X, X, X, &mask);
  ASSERT_TRUE(r.ok());
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) EXPECT_EQ(r.value.weights(i, j), 0.0) << i << "," << j;
  expect_rows_sum_to_one(r.value.weights);
  // query 0 sees only key 0, so its output is V's row 0
  for (std::size_t c = 0; c < d; ++c) EXPECT_EQ(r.value.out(0, c), X(0, c));
}

TEST(Attention, MaskHoldsWhenVisibleScoresAreHugelyNegative) {
  // Query 0 sees only key 0, whose score is −10⁵; the hidden key 1 scores +5.
  // A finite sentinel such as −1e4 would hand almost all weight to key 1.
  const Matrix Q(2, 1, {1.0, 1.0});
  const Matrix K(2, 1, {-1e5, 5.0});
  const Matrix V(2, 2, {1.0, 2.0, 30.0, 40.0});
  const Mask mask = causal_mask(2).value;
  auto r = attention(Q, K, V, &mask, false);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.weights(0, 0), 1.0);
  EXPECT_EQ(r.value.weights(0, 1), 0.0);
  EXPECT_EQ(r.value.out(0, 0), 1.0);
  EXPECT_EQ(r.value.out(0, 1), 2.0);
}

TEST(Attention, RandomMaskedWeightsAreExactlyZero) {
  Rng rng(4);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 10),
                      n_k = test::random_between(rng, 1, 10);
    const Matrix Q = random_matrix(n_q, 4, rng, 10.0), K = random_matrix(n_k, 4, rng, 10.0);
    const Matrix V = random_matrix(n_k, 3, rng);
    const Mask mask = random_mask(n_q, n_k, rng);
    auto r = attention(Q, K, V, &mask);
    ASSERT_TRUE(r.ok());
    for (std::size_t i = 0; i < n_q; ++i)
      for (std::size_t j = 0; j < n_k; ++j)
        if (!mask.sees(i, j)) {
          EXPECT_EQ(r.value.weights(i, j), 0.0) << i << "," << j;
        } else {
          EXPECT_GT(r.value.weights(i, j), 0.0);
        }
    expect_rows_sum_to_one(r.value.weights);
  }
}

TEST(Attention, MaskEqualsDroppingTheHiddenKeys) {
  // Hiding keys 1 and 3 must give the same result as not having them at all.
  Rng rng(5);
  const Matrix Q = random_matrix(3, 4, rng), K = random_matrix(5, 4, rng),
               V = random_matrix(5, 2, rng);
  Mask mask(3, 5, true);
  for (std::size_t i = 0; i < 3; ++i) {
    mask.set(i, 1, false);
    mask.set(i, 3, false);
  }
  Matrix K2(3, 4), V2(3, 2);
  const std::size_t kept[3] = {0, 2, 4};
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 0; c < 4; ++c) K2(r, c) = K(kept[r], c);
    for (std::size_t c = 0; c < 2; ++c) V2(r, c) = V(kept[r], c);
  }
  auto masked = attention(Q, K, V, &mask);
  auto dropped = attention(Q, K2, V2);
  ASSERT_TRUE(masked.ok() && dropped.ok());
  EXPECT_TRUE(MatrixNear(masked.value.out, dropped.value.out, 1e-14));
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t r = 0; r < 3; ++r)
      EXPECT_NEAR(masked.value.weights(i, kept[r]), dropped.value.weights(i, r), 1e-15);
}

TEST(Attention, FullyMaskedRowGivesZerosNotNaN) {
  Rng rng(6);
  const Matrix Q = random_matrix(4, 3, rng), K = random_matrix(5, 3, rng),
               V = random_matrix(5, 2, rng);
  Mask mask(4, 5, true);
  for (std::size_t j = 0; j < 5; ++j) mask.set(2, j, false);  // query 2 sees nothing
  auto r = attention(Q, K, V, &mask);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(test::all_finite(r.value.weights.data));
  EXPECT_TRUE(test::all_finite(r.value.out.data));
  for (std::size_t j = 0; j < 5; ++j) EXPECT_EQ(r.value.weights(2, j), 0.0);
  for (std::size_t c = 0; c < 2; ++c) EXPECT_EQ(r.value.out(2, c), 0.0);
  // the other rows are untouched by the empty one
  for (std::size_t i : {0u, 1u, 3u}) {
    double sum = 0.0;
    for (std::size_t j = 0; j < 5; ++j) sum += r.value.weights(i, j);
    EXPECT_NEAR(sum, 1.0, 1e-12) << "row " << i;
  }
}

TEST(Attention, EverythingMaskedGivesAllZeros) {
  Rng rng(8);
  const Matrix X = random_matrix(3, 2, rng);
  const Mask none(3, 3, false);
  auto r = attention(X, X, X, &none);
  ASSERT_TRUE(r.ok());
  for (double w : r.value.weights.data) EXPECT_EQ(w, 0.0);
  for (double o : r.value.out.data) EXPECT_EQ(o, 0.0);
}

TEST(Attention, AllVisibleMaskEqualsNoMask) {
  Rng rng(9);
  const Matrix Q = random_matrix(3, 4, rng), K = random_matrix(6, 4, rng),
               V = random_matrix(6, 5, rng);
  const Mask all(3, 6, true);
  auto a = attention(Q, K, V, &all);
  auto b = attention(Q, K, V);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(MatrixIdentical(a.value.weights, b.value.weights));
  EXPECT_TRUE(MatrixIdentical(a.value.out, b.value.out));
}

// ---------------------------------------------------------------- scale

TEST(Attention, UnscaledEqualsScaledWithQTimesSqrtDk) {
  Rng rng(10);
  for (std::size_t d_k : {1u, 4u, 5u, 16u, 64u}) {
    const Matrix Q = random_matrix(5, d_k, rng), K = random_matrix(7, d_k, rng);
    const Matrix V = random_matrix(7, 3, rng);
    Matrix Qs = Q;
    for (double& x : Qs.data) x *= std::sqrt(static_cast<double>(d_k));
    const Mask mask = causal_mask(5, 7).value;
    auto unscaled = attention(Q, K, V, &mask, false);
    auto scaled = attention(Qs, K, V, &mask, true);
    ASSERT_TRUE(unscaled.ok() && scaled.ok());
    EXPECT_TRUE(MatrixNear(unscaled.value.weights, scaled.value.weights, 1e-12)) << "d_k " << d_k;
    EXPECT_TRUE(MatrixNear(unscaled.value.out, scaled.value.out, 1e-12)) << "d_k " << d_k;
  }
}

TEST(Attention, ScaleFlagChangesTheResult) {
  Rng rng(13);
  const Matrix X = random_matrix(4, 16, rng);
  auto scaled = attention(X, X, X, nullptr, true);
  auto unscaled = attention(X, X, X, nullptr, false);
  ASSERT_TRUE(scaled.ok() && unscaled.ok());
  EXPECT_GT(test::max_abs_diff(scaled.value.weights, unscaled.value.weights), 1e-3);
}

TEST(Attention, WithoutScalingLargeDkCollapsesToOneKey) {
  // The seed's 02-scale experiment: d = 64 random vectors, unscaled weights
  // pick (nearly) one key; dividing by √d keeps them spread out.
  Rng rng(64);
  const std::size_t n = 8, d = 64;
  const Matrix Q = random_matrix(n, d, rng), K = random_matrix(n, d, rng),
               V = random_matrix(n, d, rng);
  auto scaled = attention(Q, K, V, nullptr, true);
  auto unscaled = attention(Q, K, V, nullptr, false);
  ASSERT_TRUE(scaled.ok() && unscaled.ok());
  double max_scaled = 0.0, max_unscaled = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    double a = 0.0, b = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      a = std::max(a, scaled.value.weights(i, j));
      b = std::max(b, unscaled.value.weights(i, j));
    }
    max_scaled += a / n;
    max_unscaled += b / n;
  }
  EXPECT_GT(max_unscaled, 0.9);
  EXPECT_LT(max_scaled, max_unscaled);
}

// ---------------------------------------------------------------- shapes

TEST(Attention, CrossAttentionShapes) {
  Rng rng(14);
  const std::size_t n_q = 3, n_k = 5, d_k = 4, d_v = 7;
  const Matrix Q = random_matrix(n_q, d_k, rng), K = random_matrix(n_k, d_k, rng);
  const Matrix V = random_matrix(n_k, d_v, rng);
  const Mask mask = causal_mask(n_q, n_k).value;
  for (const Mask* m : {static_cast<const Mask*>(nullptr), &mask}) {
    auto r = attention(Q, K, V, m);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_EQ(r.value.out.rows, n_q);
    EXPECT_EQ(r.value.out.cols, d_v);
    EXPECT_EQ(r.value.out.data.size(), n_q * d_v);
    EXPECT_EQ(r.value.weights.rows, n_q);
    EXPECT_EQ(r.value.weights.cols, n_k);
    expect_rows_sum_to_one(r.value.weights);
    EXPECT_TRUE(MatrixNear(r.value.out, test::naive_matmul(r.value.weights, V), 1e-12));
  }
}

// ---------------------------------------------------------------- order

TEST(Attention, PermutationEquivariantWithoutPositions) {
  Rng rng(15);
  const std::size_t n = 7, d = 8;
  const Matrix X = random_matrix(n, d, rng);
  const std::vector<std::size_t> p = {3, 0, 6, 1, 5, 2, 4};
  const Matrix PX = test::permute_rows(X, p);
  auto base = attention(X, X, X);
  auto perm = attention(PX, PX, PX);
  ASSERT_TRUE(base.ok() && perm.ok());
  // attention(PX, PX, PX) = P · attention(X, X, X), weights = P·W·Pᵀ
  EXPECT_TRUE(MatrixNear(perm.value.out, test::permute_rows(base.value.out, p), 1e-12));
  EXPECT_TRUE(MatrixNear(perm.value.weights, test::permute_both(base.value.weights, p), 1e-12));
}

TEST(Attention, RandomPermutationsAreEquivariant) {
  Rng rng(16);
  for (int trial = 0; trial < 10; ++trial) {
    const std::size_t n = test::random_between(rng, 2, 12), d = test::random_between(rng, 1, 10);
    const Matrix X = random_matrix(n, d, rng);
    const std::vector<std::size_t> p = random_permutation(n, rng);
    const Matrix PX = test::permute_rows(X, p);
    auto base = attention(X, X, X);
    auto perm = attention(PX, PX, PX);
    ASSERT_TRUE(base.ok() && perm.ok());
    EXPECT_TRUE(MatrixNear(perm.value.out, test::permute_rows(base.value.out, p), 1e-12))
        << "trial " << trial;
  }
}

TEST(Attention, NotEquivariantWithPositionalEncoding) {
  Rng rng(15);
  const std::size_t n = 7, d = 8;
  const Matrix X = random_matrix(n, d, rng);
  const Matrix PE = pos_encoding(n, d).value;
  const std::vector<std::size_t> p = {3, 0, 6, 1, 5, 2, 4};
  auto add = [](Matrix a, const Matrix& b) {
    for (std::size_t k = 0; k < a.data.size(); ++k) a.data[k] += b.data[k];
    return a;
  };
  const Matrix XE = add(X, PE);                          // X + PE
  const Matrix PXE = add(test::permute_rows(X, p), PE);  // PX + PE: positions stay put
  auto base = attention(XE, XE, XE);
  auto perm = attention(PXE, PXE, PXE);
  ASSERT_TRUE(base.ok() && perm.ok());
  EXPECT_GT(test::max_abs_diff(perm.value.out, test::permute_rows(base.value.out, p)), 1e-3);
}

// ---------------------------------------------------------------- temperature

// Entropy of each row in nats, −Σ w ln w with 0·ln 0 = 0.
std::vector<double> row_entropy(const Matrix& w) {
  std::vector<double> H(w.rows, 0.0);
  for (std::size_t i = 0; i < w.rows; ++i)
    for (std::size_t j = 0; j < w.cols; ++j)
      if (w(i, j) > 0.0) H[i] -= w(i, j) * std::log(w(i, j));
  return H;
}

// Q·s, every value multiplied by s.
Matrix times(Matrix M, double s) {
  for (double& x : M.data) x *= s;
  return M;
}

// Only a bool reads as options: a number or an int passed where the scale flag
// was would silently mean "scale on", so it does not compile.
static_assert(std::is_convertible_v<bool, AttentionOptions>);
static_assert(!std::is_convertible_v<double, AttentionOptions>);
static_assert(!std::is_convertible_v<int, AttentionOptions>);

TEST(AttentionTemperature, FactorAtOneIsExactlyTheOldOne) {
  // the multiplier before temperatures existed: scale ? 1/√d_k : 1
  for (std::size_t d_k = 1; d_k <= 4096; ++d_k) {
    ASSERT_EQ(score_factor(d_k, {true, 1.0}), 1.0 / std::sqrt(static_cast<double>(d_k))) << d_k;
    ASSERT_EQ(score_factor(d_k, {false, 1.0}), 1.0) << d_k;
    ASSERT_EQ(score_factor(d_k, true), score_factor(d_k, {true, 1.0}));
  }
  EXPECT_EQ(score_factor(4, {true, 0.5}), 1.0);  // 1 / (0.5·2)
  EXPECT_EQ(score_factor(9, {false, 0.05}), 1.0 / 0.05);
  EXPECT_EQ(score_factor(1, {false, 5e-324}), kInf);  // 1/τ beyond float64
}

TEST(AttentionTemperature, OneIsTheDefaultBitForBit) {
  Rng rng(41);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 9), n_k = test::random_between(rng, 1, 9);
    const std::size_t d_k = test::random_between(rng, 1, 12);
    const Matrix Q = random_matrix(n_q, d_k, rng, 2.0), K = random_matrix(n_k, d_k, rng, 2.0);
    const Matrix V = random_matrix(n_k, 3, rng);
    const Mask m = random_mask(n_q, n_k, rng);
    const Mask* mask = trial % 2 ? &m : nullptr;
    for (bool scale : {true, false}) {
      SCOPED_TRACE("trial " + std::to_string(trial) + (scale ? " scaled" : " unscaled"));
      const auto a = attention(Q, K, V, mask, scale), t = attention(Q, K, V, mask, {scale, 1.0});
      ASSERT_TRUE(a.ok() && t.ok());
      EXPECT_TRUE(MatrixIdentical(t.value.weights, a.value.weights));
      EXPECT_TRUE(MatrixIdentical(t.value.out, a.value.out));
      const auto s = attention_steps(Q, K, V, mask, {scale, 1.0});
      ASSERT_TRUE(s.ok());
      EXPECT_TRUE(MatrixIdentical(s.value.weights, a.value.weights));
    }
  }
}

// Dividing the scores by τ is the same as dividing Q by τ: exactly so when τ is
// a power of two (both only move exponents), within rounding otherwise.
TEST(AttentionTemperature, EqualsDividingQByTau) {
  Rng rng(42);
  const Matrix Q = random_matrix(7, 6, rng), K = random_matrix(9, 6, rng);
  const Matrix V = random_matrix(9, 4, rng);
  const Mask causal = causal_mask(7, 9).value;
  for (const Mask* mask : {static_cast<const Mask*>(nullptr), &causal})
    for (bool scale : {true, false}) {
      for (double tau : {0.0625, 0.5, 2.0, 16.0}) {
        const auto t = attention(Q, K, V, mask, {scale, tau});
        const auto q = attention(times(Q, 1.0 / tau), K, V, mask, scale);
        ASSERT_TRUE(t.ok() && q.ok());
        EXPECT_TRUE(MatrixIdentical(t.value.weights, q.value.weights)) << "τ = " << tau;
        EXPECT_TRUE(MatrixIdentical(t.value.out, q.value.out)) << "τ = " << tau;
      }
      for (double tau : {0.05, 0.3, 3.7, 20.0}) {
        const auto t = attention(Q, K, V, mask, {scale, tau});
        const auto q = attention(times(Q, 1.0 / tau), K, V, mask, scale);
        ASSERT_TRUE(t.ok() && q.ok());
        EXPECT_TRUE(MatrixNear(t.value.weights, q.value.weights, 1e-13)) << "τ = " << tau;
        EXPECT_TRUE(MatrixNear(t.value.out, q.value.out, 1e-13)) << "τ = " << tau;
      }
    }
}

// τ < 1 sharpens, τ > 1 flattens: every row's entropy falls as τ falls, from
// ln(visible keys) (uniform) at τ → ∞ to 0 (all weight on the largest score)
// at τ → 0.
TEST(AttentionTemperature, SmallSharpensLargeFlattens) {
  Rng rng(43);
  const std::size_t n_q = 6, n_k = 8;
  const Matrix Q = random_matrix(n_q, 4, rng), K = random_matrix(n_k, 4, rng);
  const Matrix V = random_matrix(n_k, 2, rng);
  const Mask causal = causal_mask(n_q, n_k).value;
  for (const Mask* mask : {static_cast<const Mask*>(nullptr), &causal}) {
    std::vector<double> before(n_q, -1.0);  // entropies at the previous, smaller τ
    for (double tau : {1e-3, 0.05, 0.2, 0.5, 1.0, 2.0, 5.0, 20.0, 1e6}) {
      const auto r = attention(Q, K, V, mask, {true, tau});
      ASSERT_TRUE(r.ok());
      expect_rows_sum_to_one(r.value.weights);
      const std::vector<double> H = row_entropy(r.value.weights);
      for (std::size_t i = 0; i < n_q; ++i) {
        const std::size_t visible = mask ? std::min(i + 1, n_k) : n_k;
        if (visible > 1) {
          EXPECT_GT(H[i], before[i]) << "row " << i << ", τ = " << tau;
        }
        EXPECT_LE(H[i], std::log(static_cast<double>(visible)) + 1e-12);
      }
      before = H;
    }
    // the limits: τ = 1e6 is uniform over the visible keys, τ = 1e-3 one-hot
    const auto flat = attention(Q, K, V, mask, {true, 1e6});
    const auto sharp = attention(Q, K, V, mask, {true, 1e-3});
    const auto scores = attention_steps(Q, K, V, mask);
    ASSERT_TRUE(flat.ok() && sharp.ok() && scores.ok());
    for (std::size_t i = 0; i < n_q; ++i) {
      const std::size_t visible = mask ? std::min(i + 1, n_k) : n_k;
      std::size_t best = 0;
      for (std::size_t j = 0; j < visible; ++j) {
        EXPECT_NEAR(flat.value.weights(i, j), 1.0 / static_cast<double>(visible), 1e-5);
        if (scores.value.scores(i, j) > scores.value.scores(i, best)) best = j;
      }
      EXPECT_NEAR(sharp.value.weights(i, best), 1.0, 1e-12) << "row " << i;
    }
  }
}

TEST(AttentionTemperature, StepsDivideTheScoresByTauSqrtDk) {
  Rng rng(44);
  const Matrix Q = random_matrix(3, 4, rng), K = random_matrix(5, 4, rng);
  const Matrix V = random_matrix(5, 2, rng);
  for (bool scale : {true, false}) {
    const AttentionOptions opts{scale, 0.25};
    const auto s = attention_steps(Q, K, V, nullptr, opts);
    ASSERT_TRUE(s.ok());
    const double factor = score_factor(4, opts);
    EXPECT_EQ(factor, scale ? 2.0 : 4.0);  // 1 / (0.25·√4), 1 / 0.25
    for (std::size_t k = 0; k < s.value.scores.data.size(); ++k)
      EXPECT_EQ(s.value.scaled.data[k], s.value.scores.data[k] * factor);
    const auto a = attention(Q, K, V, nullptr, opts);
    EXPECT_TRUE(MatrixIdentical(s.value.weights, a.value.weights));
    EXPECT_TRUE(MatrixIdentical(s.value.out, a.value.out));
  }
}

// A small τ can take a finite score beyond float64 in the steps, which cannot
// show it; attention() itself still gives finite weights (bounds_test.cpp).
TEST(AttentionTemperature, StepsRefuseScaledScoresBeyondFloat64) {
  const Matrix Q(1, 1, {1e300}), K(2, 1, {1.0, 0.0}), V(2, 1, {1.0, 2.0});
  const auto r = attention_steps(Q, K, V, nullptr, {false, 1e-10});
  EXPECT_EQ(r.status.code, "non_finite_result");
  EXPECT_EQ(r.status.message,
            "attention: the scaled score Q[0]·K[0] / τ overflows float64 (it is Infinity): use a "
            "larger temperature than 1e-10 or scale Q or K down");
  const auto a = attention(Q, K, V, nullptr, {false, 1e-10});
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value.weights.data, (std::vector<double>{1.0, 0.0}));
  // 1/τ beyond float64: zero scores stay 0, so all-zero scores still show
  const auto zero = attention_steps(Matrix(1, 1, {0.0}), K, V, nullptr, {true, 5e-324});
  ASSERT_TRUE(zero.ok()) << zero.status.message;
  EXPECT_EQ(zero.value.scaled.data, (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(zero.value.weights.data, (std::vector<double>{0.5, 0.5}));
}

TEST(AttentionTemperature, MustBeAFiniteNumberAboveZero) {
  const Matrix X(2, 2, 1.0);
  const double nan = kNaN;
  for (double tau : {0.0, -0.0, -1.0, -1e-300, nan, kInf, -kInf}) {
    SCOPED_TRACE(tau);
    const std::string want =
        "attention: temperature = " + number_str(tau) + " must be a finite number > 0";
    const auto a = attention(X, X, X, nullptr, {true, tau});
    EXPECT_EQ(a.status.code, "invalid_argument");
    EXPECT_EQ(a.status.message, want);
    EXPECT_EQ(attention_buffers(X, X, X, nullptr, {false, tau}).status.message, want);
    EXPECT_EQ(attention_steps(X, X, X, nullptr, {true, tau}).status.message, want);
  }
  EXPECT_EQ(attention(X, X, X, nullptr, {true, 0.0}).status.message,
            "attention: temperature = 0 must be a finite number > 0");
  EXPECT_EQ(attention(X, X, X, nullptr, {true, nan}).status.message,
            "attention: temperature = NaN must be a finite number > 0");
  EXPECT_EQ(attention(X, X, X, nullptr, {true, -kInf}).status.message,
            "attention: temperature = -Infinity must be a finite number > 0");
  // the extremes that are allowed, and the module keeps working after the errors
  for (double tau : {5e-324, 1e-300, 1e300, std::numeric_limits<double>::max()}) {
    const auto r = attention(X, X, X, nullptr, {true, tau});
    ASSERT_TRUE(r.ok()) << tau;
    expect_rows_sum_to_one(r.value.weights);
  }
}

// ---------------------------------------------------------------- steps

TEST(AttentionSteps, EveryStepMatchesItsDefinition) {
  Rng rng(17);
  const std::size_t n_q = 4, n_k = 6, d_k = 5, d_v = 3;
  const Matrix Q = random_matrix(n_q, d_k, rng), K = random_matrix(n_k, d_k, rng);
  const Matrix V = random_matrix(n_k, d_v, rng);
  const Mask mask = causal_mask(n_q, n_k).value;
  auto s = attention_steps(Q, K, V, &mask);
  ASSERT_TRUE(s.ok()) << s.status.message;
  const AttentionSteps& t = s.value;
  Matrix Kt(d_k, n_k);  // (d_k, n_k)
  for (std::size_t j = 0; j < n_k; ++j)
    for (std::size_t c = 0; c < d_k; ++c) Kt(c, j) = K(j, c);
  EXPECT_TRUE(MatrixNear(t.scores, test::naive_matmul(Q, Kt), 1e-13));
  Matrix scaled = t.scores;
  for (double& x : scaled.data) x /= std::sqrt(static_cast<double>(d_k));
  EXPECT_TRUE(MatrixNear(t.scaled, scaled, 1e-14));
  ASSERT_EQ(t.masked.rows, n_q);
  ASSERT_EQ(t.masked.cols, n_k);
  for (std::size_t i = 0; i < n_q; ++i)
    for (std::size_t j = 0; j < n_k; ++j)
      if (mask.sees(i, j)) {
        EXPECT_EQ(t.masked(i, j), t.scaled(i, j)) << i << "," << j;
      } else {
        EXPECT_EQ(t.masked(i, j), -kInf) << i << "," << j;
      }
  auto a = attention(Q, K, V, &mask);
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(MatrixIdentical(t.weights, a.value.weights));
  EXPECT_TRUE(MatrixIdentical(t.out, a.value.out));
}

TEST(AttentionSteps, NoMaskMeansMaskedEqualsScaled) {
  Rng rng(18);
  const Matrix X = random_matrix(5, 4, rng);
  auto s = attention_steps(X, X, X);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(MatrixIdentical(s.value.masked, s.value.scaled));
  for (double x : s.value.masked.data) EXPECT_TRUE(std::isfinite(x));
}

TEST(AttentionSteps, UnscaledMeansScaledEqualsScores) {
  Rng rng(19);
  const Matrix X = random_matrix(5, 9, rng);
  auto s = attention_steps(X, X, X, nullptr, false);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(MatrixIdentical(s.value.scaled, s.value.scores));
  auto a = attention(X, X, X, nullptr, false);
  EXPECT_TRUE(MatrixIdentical(s.value.weights, a.value.weights));
}

TEST(AttentionSteps, ReportsTheSameErrorsAsAttention) {
  const Matrix Q(3, 4, 1.0), K(3, 2, 1.0), V(3, 2, 1.0);
  auto s = attention_steps(Q, K, V);
  auto a = attention(Q, K, V);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.status.code, a.status.code);
  EXPECT_EQ(s.status.message, a.status.message);
}

// ---------------------------------------------------------------- errors

TEST(AttentionErrors, QKWidthMismatch) {
  const Matrix Q(3, 4, 1.0), K(3, 2, 1.0), V(3, 2, 1.0);
  auto r = attention(Q, K, V);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "attention"));
  EXPECT_TRUE(Contains(r.status.message, "Q is (3, 4)"));
  EXPECT_TRUE(Contains(r.status.message, "K is (3, 2)"));
  EXPECT_TRUE(Contains(r.status.message, "d_k"));
}

TEST(AttentionErrors, KVRowMismatch) {
  const Matrix Q(2, 4, 1.0), K(3, 4, 1.0), V(2, 5, 1.0);
  auto r = attention(Q, K, V);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "attention"));
  EXPECT_TRUE(Contains(r.status.message, "K is (3, 4)"));
  EXPECT_TRUE(Contains(r.status.message, "V is (2, 5)"));
}

TEST(AttentionErrors, WrongMaskShape) {
  const Matrix Q(3, 4, 1.0), K(5, 4, 1.0), V(5, 2, 1.0);
  for (const Mask& mask : {Mask(3, 3), Mask(5, 3), Mask(3, 4)}) {
    auto r = attention(Q, K, V, &mask);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status.code, "shape");
    EXPECT_TRUE(
        Contains(r.status.message, "attention: mask is " + shape_str(mask.rows, mask.cols)));
    EXPECT_TRUE(Contains(r.status.message, "(3, 5)"));
  }
}

TEST(AttentionErrors, MaskWithWrongDataSize) {
  const Matrix X(3, 2, 1.0);
  Mask mask(3, 3);
  mask.data.pop_back();  // shape says 9, data holds 8
  auto r = attention(X, X, X, &mask);
  EXPECT_EQ(r.status.code, "shape");
}

TEST(AttentionErrors, Empty) {
  const Matrix ok(3, 4, 1.0), none(0, 4), thin(3, 0);
  auto r = attention(none, ok, ok);
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "attention: Q is empty (0, 4)"));
  EXPECT_EQ(attention(ok, none, ok).status.code, "empty");
  EXPECT_EQ(attention(ok, ok, thin).status.code, "empty");
  EXPECT_TRUE(Contains(attention(ok, ok, thin).status.message, "V is empty (3, 0)"));
}

TEST(AttentionErrors, InconsistentMatrixData) {
  Matrix Q(2, 3, 1.0);
  Q.data.push_back(1.0);  // 7 values for a (2, 3) shape
  const Matrix K(2, 3, 1.0);
  auto r = attention(Q, K, K);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "attention: Q has 7 values but its shape (2, 3) needs 6"));
}

TEST(AttentionErrors, NonFinite) {
  Matrix Q(3, 4, 1.0);
  Q(1, 2) = kNaN;
  const Matrix K(3, 4, 1.0);
  auto r = attention(Q, K, K);
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "attention: Q[1][2] is NaN"));

  Matrix V(3, 4, 1.0);
  V(2, 0) = -kInf;
  auto v = attention(K, K, V);
  EXPECT_EQ(v.status.code, "non_finite");
  EXPECT_TRUE(Contains(v.status.message, "attention: V[2][0] is -Infinity"));

  Matrix Kb(3, 4, 1.0);
  Kb(0, 3) = kInf;
  EXPECT_TRUE(Contains(attention(K, Kb, K).status.message, "K[0][3] is Infinity"));
}

TEST(AttentionErrors, TooLarge) {
  const Matrix Q(4097, 1, 0.5), K(2, 1, 0.5), V(2, 1, 0.5);
  auto r = attention(Q, K, V);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "attention"));
  EXPECT_TRUE(Contains(r.status.message, "(4097, 1)"));
  const Matrix wide(2, 4097, 0.5);
  auto w = attention(wide, wide, wide);
  EXPECT_EQ(w.status.code, "too_large");
  EXPECT_TRUE(Contains(w.status.message, "(2, 4097)"));
}

TEST(AttentionErrors, ModuleKeepsWorkingAfterAnError) {
  const Matrix bad(0, 0), X(2, 2, 1.0);
  EXPECT_FALSE(attention(bad, bad, bad).ok());
  auto r = attention(X, X, X);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.weights(0, 0), 0.5);
}

}  // namespace
}  // namespace ap
