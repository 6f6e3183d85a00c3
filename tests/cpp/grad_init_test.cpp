// grad_init_test.cpp — seeded initialisation from the core's SplitMix64
// generator: the same values as random_normal, reproducible, in range, errors.
#include "grad_init.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

TEST(GradInit, NormalIsRandomNormalForAFreshGenerator) {
  Rng rng(2024);
  auto a = init_normal(5, 7, 0.02, rng);
  auto b = random_normal(5, 7, 2024, 0.02);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(test::MatrixIdentical(a.value, b.value));
}

TEST(GradInit, OneSeedGivesTheSameModelAndSuccessiveDrawsDiffer) {
  Rng r1(7), r2(7);
  const Matrix e1 = init_normal(4, 3, 1.0, r1).value, w1 = init_uniform(3, 3, 0.5, r1).value;
  const Matrix e2 = init_normal(4, 3, 1.0, r2).value, w2 = init_uniform(3, 3, 0.5, r2).value;
  EXPECT_TRUE(test::MatrixIdentical(e1, e2));
  EXPECT_TRUE(test::MatrixIdentical(w1, w2));
  Rng r3(7);
  const Matrix first = init_normal(2, 2, 1.0, r3).value, second = init_normal(2, 2, 1.0, r3).value;
  EXPECT_NE(first.data, second.data);
}

TEST(GradInit, ValuesHaveTheirDistribution) {
  Rng rng(99);
  const Matrix n = init_normal(200, 200, 0.02, rng).value;
  double mean = 0.0, sq = 0.0;
  for (double x : n.data) mean += x;
  mean /= 40000.0;
  for (double x : n.data) sq += (x - mean) * (x - mean);
  EXPECT_NEAR(mean, 0.0, 0.001);
  EXPECT_NEAR(std::sqrt(sq / 40000.0), 0.02, 0.0005);
  const Matrix u = init_uniform(100, 100, 0.25, rng).value;
  for (double x : u.data) {
    EXPECT_GE(x, -0.25);
    EXPECT_LT(x, 0.25);
  }
  EXPECT_TRUE(test::MatrixIdentical(init_constant(2, 3, 1.0).value, Matrix(2, 3, 1.0)));
  EXPECT_TRUE(test::MatrixIdentical(init_normal(2, 2, 0.0, rng).value, Matrix(2, 2, 0.0)));
}

TEST(GradInit, RejectsBadInputs) {
  Rng rng(1);
  auto s = init_normal(2, 2, -1.0, rng);
  EXPECT_EQ(s.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(s.status.message, "init_normal: std = -1"));
  EXPECT_EQ(init_normal(0, 2, 1.0, rng).status.code, "empty");
  EXPECT_EQ(init_normal(5000, 2, 1.0, rng).status.code, "too_large");
  EXPECT_EQ(init_uniform(2, 2, std::numeric_limits<double>::infinity(), rng).status.code,
            "invalid_argument");
  EXPECT_EQ(init_constant(2, 2, std::numeric_limits<double>::quiet_NaN()).status.code,
            "invalid_argument");
}

}  // namespace
}  // namespace ap
