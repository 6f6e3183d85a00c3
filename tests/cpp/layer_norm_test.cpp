// layer_norm_test.cpp — mean 0, biased variance 1 within the row, eps guards
// constant rows.
#include "layer_norm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::VectorNear;

double mean_of(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

double biased_var_of(const std::vector<double>& v) {
  const double m = mean_of(v);
  double s = 0.0;
  for (double x : v) s += (x - m) * (x - m);
  return s / static_cast<double>(v.size());
}

TEST(LayerNorm, MeanZeroVarianceOne) {
  Rng rng(31);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = test::random_between(rng, 2, 64);
    const double scale = 0.5 + 10.0 * rng.uniform(), offset = 100.0 * rng.normal();
    std::vector<double> row = test::random_vector(n, rng, scale);
    for (double& x : row) x += offset;
    auto r = layer_norm(row);
    ASSERT_TRUE(r.ok()) << r.status.message;
    ASSERT_EQ(r.value.size(), n);
    EXPECT_NEAR(mean_of(r.value), 0.0, 1e-12) << "trial " << trial;
    EXPECT_NEAR(biased_var_of(r.value), 1.0, 1e-4) << "trial " << trial;
    // exactly var / (var + eps), the biased variance of the input row
    const double var = biased_var_of(row);
    EXPECT_NEAR(biased_var_of(r.value), var / (var + 1e-5), 1e-12) << "trial " << trial;
  }
}

TEST(LayerNorm, KnownValuesUseTheBiasedVariance) {
  // [1, 2, 3, 4]: mean 2.5, biased variance 1.25 (unbiased would be 5/3).
  auto r = layer_norm({1.0, 2.0, 3.0, 4.0}, 0.0);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(VectorNear(
      r.value, {-1.3416407864998738, -0.4472135954999579, 0.4472135954999579, 1.3416407864998738},
      1e-15));
}

TEST(LayerNorm, EpsEntersUnderTheSquareRoot) {
  const double eps = 0.75;  // (x − 2.5) / √(1.25 + 0.75) = (x − 2.5) / √2
  auto r = layer_norm({1.0, 2.0, 3.0, 4.0}, eps);
  ASSERT_TRUE(r.ok());
  const double s = std::sqrt(2.0);
  EXPECT_TRUE(VectorNear(r.value, {-1.5 / s, -0.5 / s, 0.5 / s, 1.5 / s}, 1e-15));
}

TEST(LayerNorm, InvariantToShiftAndPositiveScale) {
  Rng rng(32);
  const std::vector<double> row = test::random_vector(16, rng);
  std::vector<double> moved = row;
  for (double& x : moved) x = 3.0 * x - 7.0;
  EXPECT_TRUE(VectorNear(layer_norm(moved, 0.0).value, layer_norm(row, 0.0).value, 1e-13));
}

TEST(LayerNorm, ConstantRowGivesFiniteZeros) {
  for (double c : {0.0, 3.0, -1e6}) {
    for (std::size_t n : {1u, 2u, 7u}) {
      auto r = layer_norm(std::vector<double>(n, c));
      ASSERT_TRUE(r.ok());
      for (double x : r.value) EXPECT_EQ(x, 0.0) << "c = " << c << ", n = " << n;
    }
  }
  // a constant that is not exactly representable as its own mean still stays ~0
  auto r = layer_norm(std::vector<double>(3, 0.1));
  ASSERT_TRUE(r.ok());
  for (double x : r.value) {
    EXPECT_TRUE(std::isfinite(x));
    EXPECT_NEAR(x, 0.0, 1e-9);
  }
}

TEST(LayerNorm, ConstantRowWithZeroEpsIsStillFinite) {
  // eps = 0 is accepted, so a constant row must not turn into 0/0 = NaN.
  auto r = layer_norm({2.0, 2.0, 2.0, 2.0}, 0.0);
  ASSERT_TRUE(r.ok()) << r.status.message;
  for (double x : r.value) EXPECT_EQ(x, 0.0);
}

TEST(LayerNorm, SingleElementIsZero) {
  auto r = layer_norm({42.0});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value[0], 0.0);
}

TEST(LayerNormErrors, NegativeEps) {
  auto r = layer_norm({1.0, 2.0}, -1e-5);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(r.status.message, "layer_norm: eps"));
}

TEST(LayerNormErrors, NonFiniteEps) {
  EXPECT_EQ(layer_norm({1.0, 2.0}, std::numeric_limits<double>::quiet_NaN()).status.code,
            "invalid_argument");
  EXPECT_EQ(layer_norm({1.0, 2.0}, std::numeric_limits<double>::infinity()).status.code,
            "invalid_argument");
}

TEST(LayerNormErrors, EmptyRow) {
  auto r = layer_norm({});
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "layer_norm: row"));
}

TEST(LayerNormErrors, NonFiniteRow) {
  auto r = layer_norm({1.0, 2.0, std::numeric_limits<double>::quiet_NaN()});
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "layer_norm: row[2] is NaN"));
}

}  // namespace
}  // namespace ap
