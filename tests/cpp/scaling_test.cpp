// scaling_test.cpp — the scaling experiment: the largest softmax weight with
// and without ÷√d_k. The fixture constants below are asserted again by
// tests/web/experiments/experiments.test.ts through the WASM build (same seed, same numbers).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "scaling.h"
#include "size_limits.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

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

}  // namespace
}  // namespace ap
