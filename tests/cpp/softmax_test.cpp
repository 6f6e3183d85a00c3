// softmax_test.cpp — softmax sums to 1, never overflows, rejects bad input.
#include "softmax.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::VectorNear;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(Softmax, SumsToOneAndIsPositive) {
  Rng rng(1);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = test::random_between(rng, 1, 40);
    const std::vector<double> xs = test::random_vector(n, rng, 5.0);
    auto r = softmax(xs);
    ASSERT_TRUE(r.ok()) << r.status.message;
    ASSERT_EQ(r.value.size(), n);
    const double sum = std::accumulate(r.value.begin(), r.value.end(), 0.0);
    EXPECT_NEAR(sum, 1.0, 1e-12) << "trial " << trial;
    for (double w : r.value) {
      EXPECT_GT(w, 0.0);
      EXPECT_LE(w, 1.0);
    }
  }
}

TEST(Softmax, KnownValues) {
  // exp(k) / (e + e² + e³) for k = 1, 2, 3
  auto r = softmax({1.0, 2.0, 3.0});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(
      VectorNear(r.value, {0.09003057317038046, 0.24472847105479767, 0.6652409557748219}, 1e-15));
}

TEST(Softmax, PreservesOrder) {
  auto r = softmax({0.5, -2.0, 3.0, 0.5});
  ASSERT_TRUE(r.ok());
  EXPECT_LT(r.value[1], r.value[0]);
  EXPECT_LT(r.value[0], r.value[2]);
  EXPECT_EQ(r.value[0], r.value[3]);
}

TEST(Softmax, LargeInputsDoNotOverflow) {
  auto big = softmax({1000.0, 1001.0, 1002.0});
  auto small = softmax({0.0, 1.0, 2.0});
  ASSERT_TRUE(big.ok());
  ASSERT_TRUE(small.ok());
  EXPECT_TRUE(test::all_finite(big.value));
  EXPECT_TRUE(VectorNear(big.value, small.value, 1e-15));
  EXPECT_NEAR(big.value[0] + big.value[1] + big.value[2], 1.0, 1e-15);
}

TEST(Softmax, VeryNegativeInputsDoNotUnderflowToNaN) {
  auto r = softmax({-1000.0, -1001.0, -1002.0});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(test::all_finite(r.value));
  EXPECT_TRUE(VectorNear(r.value, softmax({0.0, -1.0, -2.0}).value, 1e-15));
}

TEST(Softmax, ShiftInvariant) {
  Rng rng(2);
  const std::vector<double> xs = test::random_vector(10, rng);
  std::vector<double> shifted = xs;
  for (double& x : shifted) x += 123.25;
  EXPECT_TRUE(VectorNear(softmax(shifted).value, softmax(xs).value, 1e-13));
}

TEST(Softmax, SingleElementIsOne) {
  for (double x : {0.0, -5.0, 1e300, -1e300}) {
    auto r = softmax({x});
    ASSERT_TRUE(r.ok()) << x;
    ASSERT_EQ(r.value.size(), 1u);
    EXPECT_EQ(r.value[0], 1.0) << x;
  }
}

TEST(Softmax, EqualInputsAreUniform) {
  auto r = softmax(std::vector<double>(4, 7.0));
  ASSERT_TRUE(r.ok());
  for (double w : r.value) EXPECT_EQ(w, 0.25);
}

TEST(Softmax, EmptyIsAnError) {
  auto r = softmax({});
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "softmax"));
}

TEST(Softmax, NaNIsAnError) {
  auto r = softmax({1.0, kNaN, 2.0});
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "softmax"));
  EXPECT_TRUE(Contains(r.status.message, "xs[1] is NaN"));
}

TEST(Softmax, InfinityIsAnError) {
  auto r = softmax({1.0, 2.0, kInf});
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "softmax: xs[2] is Infinity"));
  auto m = softmax({-kInf, 0.0});
  EXPECT_EQ(m.status.code, "non_finite");
  EXPECT_TRUE(Contains(m.status.message, "xs[0] is -Infinity"));
}

// The unchecked kernel is what attention uses for masked rows.
TEST(SoftmaxInplace, MinusInfinityGetsExactlyZero) {
  std::vector<double> row = {1.0, -kInf, 2.0, -kInf};
  softmax_inplace(row.data(), row.size());
  EXPECT_EQ(row[1], 0.0);
  EXPECT_EQ(row[3], 0.0);
  EXPECT_NEAR(row[0] + row[2], 1.0, 1e-15);
  EXPECT_TRUE(VectorNear({row[0], row[2]}, softmax({1.0, 2.0}).value, 1e-15));
}

TEST(SoftmaxInplace, AllMinusInfinityBecomesZerosNotNaN) {
  std::vector<double> row(5, -kInf);
  softmax_inplace(row.data(), row.size());
  for (double w : row) EXPECT_EQ(w, 0.0);
}

}  // namespace
}  // namespace ap
