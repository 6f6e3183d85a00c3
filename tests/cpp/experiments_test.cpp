// experiments_test.cpp — the seed 003 experiments: scaling, permutation,
// quadratic cost, h = 1. The fixture constants below are asserted again by
// tests/web/experiments.test.ts through the WASM build (same seed, same numbers).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "attention.h"
#include "experiments.h"
#include "mask.h"
#include "random.h"
#include "size_limits.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::random_matrix;

// scaling_point(64, 8, 200, seed = 7), computed once natively; the Vitest
// suite checks the WASM build against the same numbers.
constexpr double kMaxScaledMean64 = 0.3459673299625507;
constexpr double kMaxScaledStd64 = 0.11127659554153715;
constexpr double kMaxUnscaledMean64 = 0.85384387254352423;
constexpr double kMaxUnscaledStd64 = 0.17473386618962833;
constexpr double kMaxScaledMedian64 = 0.32238661463286589;
constexpr double kMaxUnscaledMedian64 = 0.94292230830010682;
constexpr double kEntropyScaled64 = 1.7461963306688835;
constexpr double kEntropyUnscaled64 = 0.36611032759347956;
constexpr double kFixtureTol = 1e-12;

std::vector<std::size_t> default_ds() {
  std::vector<std::size_t> ds;
  for (std::size_t d = 1; d <= 1024; d *= 2) ds.push_back(d);
  return ds;  // 1, 2, 4, …, 1024: 11 values
}

// ---------------------------------------------------------------- scaling

TEST(ScalingExperiment, FixtureForSeed7) {
  auto r = scaling_point(64, 8, 200, 7);
  ASSERT_TRUE(r.ok()) << r.status.message;
  const ScalingPoint& p = r.value;
  EXPECT_NEAR(p.max_scaled_mean, kMaxScaledMean64, kFixtureTol);
  EXPECT_NEAR(p.max_scaled_std, kMaxScaledStd64, kFixtureTol);
  EXPECT_NEAR(p.max_unscaled_mean, kMaxUnscaledMean64, kFixtureTol);
  EXPECT_NEAR(p.max_unscaled_std, kMaxUnscaledStd64, kFixtureTol);
  EXPECT_NEAR(p.max_scaled_median, kMaxScaledMedian64, kFixtureTol);
  EXPECT_NEAR(p.max_unscaled_median, kMaxUnscaledMedian64, kFixtureTol);
  EXPECT_NEAR(p.entropy_scaled_mean, kEntropyScaled64, kFixtureTol);
  EXPECT_NEAR(p.entropy_unscaled_mean, kEntropyUnscaled64, kFixtureTol);
  EXPECT_EQ(p.d, 64u);
  EXPECT_EQ(p.n, 8u);
  EXPECT_EQ(p.trials, 200u);
  EXPECT_EQ(p.seed, scaling_seed(7, 64));
}

TEST(ScalingExperiment, ScaledMaxIsWellBelowUnscaledAtD64) {
  for (std::uint64_t seed : {1u, 7u, 42u, 2024u}) {
    auto r = scaling_point(64, 8, 200, seed);
    ASSERT_TRUE(r.ok()) << r.status.message;
    const ScalingPoint& p = r.value;
    // without ÷√d the scores have spread 8: one key takes almost everything
    EXPECT_GT(p.max_unscaled_mean, 0.75) << "seed " << seed;
    EXPECT_GT(p.max_unscaled_median, 0.85) << "seed " << seed;
    // with ÷√d they have spread 1: a weighted average over the 8 keys
    EXPECT_LT(p.max_scaled_mean, 0.5) << "seed " << seed;
    EXPECT_GT(p.max_unscaled_mean - p.max_scaled_mean, 0.3) << "seed " << seed;
    // and the entropy says the same: near ln 8 scaled, near 0 unscaled
    EXPECT_GT(p.entropy_scaled_mean, 1.5) << "seed " << seed;
    EXPECT_LT(p.entropy_unscaled_mean, 0.6) << "seed " << seed;
  }
}

TEST(ScalingExperiment, DefaultSweepShapesAndBounds) {
  const auto t0 = std::chrono::steady_clock::now();
  auto r = scaling_experiment(default_ds(), 8, 200, 7);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(r.ok()) << r.status.message;
  std::printf("[ scaling ] 11 d × 200 trials × n = 8 natively: %.3f s\n", seconds);
  ASSERT_EQ(r.value.size(), 11u);
  for (const ScalingPoint& p : r.value) {
    EXPECT_GE(p.max_scaled_mean, 1.0 / 8.0);
    EXPECT_LE(p.max_unscaled_mean, 1.0);
    EXPECT_GE(p.entropy_scaled_mean, 0.0);
    EXPECT_LE(p.entropy_scaled_mean, std::log(8.0) + 1e-12);
    EXPECT_LE(p.entropy_unscaled_mean, std::log(8.0) + 1e-12);
    EXPECT_DOUBLE_EQ(p.entropy_max, std::log(8.0));
  }
  // d = 1: √1 = 1, scaling changes nothing
  EXPECT_EQ(r.value[0].max_scaled_mean, r.value[0].max_unscaled_mean);
  // unscaled, the largest weight climbs towards 1 as d grows
  EXPECT_GT(r.value.back().max_unscaled_mean, 0.95);
  EXPECT_GT(r.value.back().max_unscaled_mean, r.value[2].max_unscaled_mean);
}

TEST(ScalingExperiment, OnePointRecomputesAloneAndSeedsReproduce) {
  auto all = scaling_experiment({4, 64, 256}, 8, 50, 11);
  ASSERT_TRUE(all.ok());
  auto alone = scaling_point(64, 8, 50, 11);
  ASSERT_TRUE(alone.ok());
  EXPECT_EQ(all.value[1].max_scaled_mean, alone.value.max_scaled_mean);
  EXPECT_EQ(all.value[1].max_unscaled_std, alone.value.max_unscaled_std);
  EXPECT_EQ(all.value[1].entropy_unscaled_mean, alone.value.entropy_unscaled_mean);
  auto other = scaling_point(64, 8, 50, 12);
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other.value.max_scaled_mean, alone.value.max_scaled_mean);
  EXPECT_NE(scaling_seed(11, 64), scaling_seed(11, 128));
  EXPECT_NE(scaling_seed(11, 64), scaling_seed(12, 64));
}

TEST(ScalingExperiment, BadSettingsNameFunctionAndArgument) {
  auto d0 = scaling_point(0, 8, 200, 7);
  ASSERT_FALSE(d0.ok());
  EXPECT_EQ(d0.status.code, "invalid_argument");
  EXPECT_EQ(d0.status.message, "scaling_point: d = 0 must be at least 1");
  auto big = scaling_point(64, kMaxRows + 1, 200, 7);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status.code, "too_large");
  EXPECT_TRUE(Contains(big.status.message, "scaling_point: n = 4097 is over the limit of 4096"));
  EXPECT_TRUE(Contains(scaling_point(64, 8, 0, 7).status.message, "trials = 0"));
  auto sweep = scaling_experiment({1, 2, 0}, 8, 200, 7);
  ASSERT_FALSE(sweep.ok());
  EXPECT_EQ(sweep.status.message, "scaling_experiment: d = 0 (ds[2]) must be at least 1");
  EXPECT_TRUE(Contains(scaling_experiment({}, 8, 200, 7).status.message, "ds is empty"));
  EXPECT_TRUE(Contains(scaling_experiment({4}, 0, 200, 7).status.message,
                       "scaling_experiment: n = 0 must be at least 1"));
}

// ---------------------------------------------------------------- permutation

TEST(PermutationExperiment, EquivariantWithoutPeNotWithPe) {
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    Rng rng(seed);
    const std::size_t n = test::random_between(rng, 4, 12);
    const std::size_t d = 2 * test::random_between(rng, 2, 8);
    const Matrix X = random_matrix(n, d, rng);
    std::vector<std::size_t> perm = random_permutation(n, rng);
    if (std::is_sorted(perm.begin(), perm.end())) std::swap(perm[0], perm[1]);

    auto plain = permutation_experiment(X, perm, false);
    ASSERT_TRUE(plain.ok()) << plain.status.message;
    EXPECT_LT(plain.value.max_abs_diff, 1e-12) << "seed " << seed;
    auto pe = permutation_experiment(X, perm, true);
    ASSERT_TRUE(pe.ok()) << pe.status.message;
    EXPECT_GT(pe.value.max_abs_diff, 1e-3) << "seed " << seed;
    std::printf("[ perm ] seed %llu n %zu d %zu: without PE %.3g, with PE %.3g\n",
                static_cast<unsigned long long>(seed), n, d, plain.value.max_abs_diff,
                pe.value.max_abs_diff);
  }
}

TEST(PermutationExperiment, MatricesAreWhatTheyClaim) {
  Rng rng(9);
  const Matrix X = random_matrix(5, 4, rng);
  const std::vector<std::size_t> perm = {3, 4, 2, 0, 1};
  auto r = permutation_experiment(X, perm, false);
  ASSERT_TRUE(r.ok()) << r.status.message;
  const PermutationResult& p = r.value;
  EXPECT_EQ(p.perm, perm);
  EXPECT_FALSE(p.use_pe);
  EXPECT_TRUE(test::MatrixIdentical(p.permuted_input, test::permute_rows(X, perm)));
  auto a = attention(X, X, X);
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(test::MatrixIdentical(p.out, a.value.out));
  EXPECT_TRUE(test::MatrixIdentical(p.weights, a.value.weights));
  EXPECT_TRUE(test::MatrixIdentical(p.permuted_out, test::permute_rows(a.value.out, perm)));
  // the weights follow the order on both axes: W(PX) = P·W(X)·Pᵀ
  EXPECT_TRUE(test::MatrixNear(p.weights_permuted, test::permute_both(p.weights, perm), 1e-12));
  EXPECT_EQ(test::max_abs_diff(p.out_permuted, p.permuted_out), p.max_abs_diff);
}

TEST(PermutationExperiment, IdentityPermutationChangesNothingEvenWithPe) {
  Rng rng(10);
  const Matrix X = random_matrix(6, 8, rng);
  auto r = permutation_experiment(X, {0, 1, 2, 3, 4, 5}, true);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.max_abs_diff, 0.0);
}

TEST(PermutationExperiment, InvalidPermutationsNameTheEntry) {
  Rng rng(11);
  const Matrix X = random_matrix(3, 4, rng);
  auto dup = permutation_experiment(X, {0, 0, 2}, false);
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.status.code, "invalid_argument");
  EXPECT_EQ(dup.status.message,
            "permutation_experiment: perm[1] = 0 repeats perm[0]: each of 0 … 2 must appear "
            "exactly once");
  auto range = permutation_experiment(X, {0, 3, 1}, false);
  ASSERT_FALSE(range.ok());
  EXPECT_EQ(range.status.message,
            "permutation_experiment: perm[1] = 3 is out of range: entries must be 0 … 2");
  auto size = permutation_experiment(X, {0, 1}, true);
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.status.code, "shape");
  EXPECT_TRUE(Contains(size.status.message, "perm has 2 entries but X has 3 rows"));
  Matrix bad = X;
  bad(1, 2) = NAN;
  EXPECT_TRUE(Contains(permutation_experiment(bad, {0, 1, 2}, false).status.message,
                       "permutation_experiment: X[1][2] is NaN"));
}

TEST(PermutationExperiment, SeededPermutationIsAPermutationAndReproducible) {
  auto a = seeded_permutation(10, 5);
  auto b = seeded_permutation(10, 5);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value, b.value);
  std::vector<std::size_t> sorted = a.value;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> iota(10);
  std::iota(iota.begin(), iota.end(), std::size_t{0});
  EXPECT_EQ(sorted, iota);
  EXPECT_EQ(seeded_permutation(0, 5).status.message,
            "seeded_permutation: n = 0 must be at least 1");
}

// ---------------------------------------------------------------- quadratic

TEST(QuadraticExperiment, EntriesAreExactlyNSquared) {
  std::vector<double> ns, times;
  for (std::size_t n = 16; n <= 1024; n *= 2) {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = quadratic_point(n, 16, 3);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_EQ(r.value.entries, static_cast<double>(n * n));
    EXPECT_EQ(r.value.bytes, static_cast<double>(8 * n * n));
    EXPECT_TRUE(std::isfinite(r.value.checksum));
    ns.push_back(static_cast<double>(n));
    times.push_back(s);
  }
  // the limit itself: 4096² = 16,777,216 entries, 128 MiB (d = 1 keeps it quick)
  auto top = quadratic_point(kMaxRows, 1, 3);
  ASSERT_TRUE(top.ok()) << top.status.message;
  EXPECT_EQ(top.value.entries, 16777216.0);
  EXPECT_EQ(top.value.bytes, 134217728.0);
  // the measured slope is printed, not asserted (timing depends on the machine)
  std::vector<double> big_n(ns.end() - 3, ns.end()), big_t(times.end() - 3, times.end());
  auto fit = fit_loglog_slope(big_n, big_t);
  if (fit.ok()) std::printf("[ quadratic ] time slope for n = 256 … 1024: %.2f\n", fit.value.slope);
}

TEST(QuadraticExperiment, SameSeedSameChecksum) {
  auto a = quadratic_point(64, 8, 5), b = quadratic_point(64, 8, 5), c = quadratic_point(64, 8, 6);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(a.value.checksum, b.value.checksum);
  EXPECT_NE(a.value.checksum, c.value.checksum);
}

TEST(QuadraticExperiment, BadSettings) {
  EXPECT_EQ(quadratic_point(0, 8, 1).status.message, "quadratic_point: n = 0 must be at least 1");
  auto big = quadratic_point(kMaxRows + 1, 8, 1);
  EXPECT_EQ(big.status.code, "too_large");
  EXPECT_EQ(big.status.message, "quadratic_point: n = 4097 is over the limit of 4096");
  EXPECT_EQ(quadratic_point(16, 0, 1).status.message, "quadratic_point: d = 0 must be at least 1");
}

TEST(FitLogLogSlope, RecoversPowerLaws) {
  std::vector<double> xs, sq, cube;
  for (double n = 16; n <= 4096; n *= 2) {
    xs.push_back(n);
    sq.push_back(n * n);
    cube.push_back(0.5 * n * n * n);
  }
  auto a = fit_loglog_slope(xs, sq);
  ASSERT_TRUE(a.ok());
  EXPECT_NEAR(a.value.slope, 2.0, 1e-12);
  EXPECT_NEAR(a.value.intercept, 0.0, 1e-10);
  EXPECT_NEAR(a.value.r2, 1.0, 1e-12);
  auto b = fit_loglog_slope(xs, cube);
  ASSERT_TRUE(b.ok());
  EXPECT_NEAR(b.value.slope, 3.0, 1e-12);
  EXPECT_NEAR(b.value.intercept, std::log(0.5), 1e-10);
}

TEST(FitLogLogSlope, BadInputs) {
  EXPECT_TRUE(
      Contains(fit_loglog_slope({1, 2}, {1}).status.message, "xs has 2 values but ys has 1"));
  EXPECT_TRUE(Contains(fit_loglog_slope({1}, {1}).status.message, "at least 2"));
  EXPECT_TRUE(Contains(fit_loglog_slope({1, 2}, {1, 0}).status.message, "fit_loglog_slope: ys[1]"));
  EXPECT_TRUE(Contains(fit_loglog_slope({3, 3}, {1, 2}).status.message, "every x is the same"));
}

// ---------------------------------------------------------------- h = 1

TEST(H1Check, MultiHeadWithOneHeadIsExactlyAttention) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Rng rng(seed);
    const std::size_t n_q = test::random_between(rng, 1, 9);
    const std::size_t n_k = test::random_between(rng, 1, 9);
    const std::size_t d = test::random_between(rng, 1, 16);
    const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng),
                 V = random_matrix(n_k, d + 1, rng);
    auto r = h1_check(Q, K, V);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_EQ(r.value.max_out_diff, 0.0);
    EXPECT_EQ(r.value.max_weight_diff, 0.0);
    auto mask = causal_mask(n_q, n_k);
    ASSERT_TRUE(mask.ok());
    auto m = h1_check(Q, K, V, &mask.value);
    ASSERT_TRUE(m.ok()) << m.status.message;
    EXPECT_EQ(m.value.max_out_diff, 0.0);
    EXPECT_EQ(m.value.max_weight_diff, 0.0);
  }
}

TEST(H1Check, BadShapesNameTheFunction) {
  const Matrix Q(2, 4, 1.0), K(3, 5, 1.0), V(3, 4, 1.0);
  auto r = h1_check(Q, K, V);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "h1_check: Q is (2, 4) but K is (3, 5)"));
}

}  // namespace
}  // namespace ap
