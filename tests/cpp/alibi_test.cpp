// alibi_test.cpp — ALiBi (cpp/alibi.h) against Press et al.'s get_slopes and
// PyTorch float64, and its properties: slopes in (0, 1) and falling for a
// power of two, every row's largest bias 0 at j = p_i, linear in distance.
#include "alibi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "positions_golden.h"
#include "size_limits.h"

namespace {

constexpr double kTol = 1e-12;

TEST(Alibi, GoldenSlopes) {
  std::size_t checked = 0;
  for (const auto& c : ap::test::position_cases("alibi_slopes")) {
    auto r = ap::alibi_slopes(c.at("h").get<std::size_t>());
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_LE(ap::test::max_abs_diff(r.value, c.at("slopes").get<std::vector<double>>()), kTol)
        << c.at("name");
    ++checked;
  }
  EXPECT_GE(checked, 8u);  // h = 1, 2, 3, 4, 6, 8, 12, 16 at least
}

TEST(Alibi, GoldenBias) {
  for (const auto& c : ap::test::position_cases("alibi_bias")) {
    auto r = ap::alibi_bias(c.at("h"), c.at("n_q"), c.at("n_k"));
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_EQ(r.value.batch, c.at("h").get<std::size_t>());
    EXPECT_EQ(r.value.rows, c.at("n_q").get<std::size_t>());
    EXPECT_EQ(r.value.cols, c.at("n_k").get<std::size_t>());
    std::vector<double> want;
    ap::test::flatten_into(c.at("bias"), want);
    EXPECT_LE(ap::test::max_abs_diff(r.value.data, want), kTol) << c.at("name");
  }
}

TEST(Alibi, PowerOfTwoSlopesAreTheGeometricSequence) {
  // h = 8: 1/2, 1/4, …, 1/256 exactly (the paper's example)
  auto r = ap::alibi_slopes(8);
  ASSERT_TRUE(r.ok());
  for (std::size_t t = 0; t < 8; ++t) EXPECT_EQ(r.value[t], std::ldexp(1.0, -int(t) - 1));
  for (std::size_t h : {1u, 2u, 4u, 16u, 32u, 64u, 128u, 256u}) {
    auto s = ap::alibi_slopes(h);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(s.value.size(), h);
    for (std::size_t t = 0; t < h; ++t) {
      EXPECT_NEAR(s.value[t], std::pow(2.0, -8.0 * double(t + 1) / double(h)), 1e-15);
      if (t > 0) {
        EXPECT_LT(s.value[t], s.value[t - 1]);
      }
    }
  }
}

TEST(Alibi, EveryCountOfHeadsHasDistinctSlopesInZeroOne) {
  for (std::size_t h = 1; h <= ap::kMaxHeads; ++h) {
    auto s = ap::alibi_slopes(h);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(s.value.size(), h);
    std::vector<double> sorted = s.value;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t t = 0; t < h; ++t) {
      EXPECT_GT(sorted[t], 0.0);
      EXPECT_LT(sorted[t], 1.0);
      if (t > 0) {
        EXPECT_LT(sorted[t - 1], sorted[t]) << "h = " << h;
      }
    }
  }
}

TEST(Alibi, RowMaximumIsZeroAtTheQueryPosition) {
  const std::size_t h = 5, n_q = 4, n_k = 9;
  auto r = ap::alibi_bias(h, n_q, n_k);
  auto m = ap::alibi_slopes(h);
  ASSERT_TRUE(r.ok() && m.ok());
  for (std::size_t t = 0; t < h; ++t)
    for (std::size_t i = 0; i < n_q; ++i) {
      const double* row = r.value.matrix(t) + i * n_k;
      const std::size_t p = i + n_k - n_q;
      EXPECT_EQ(row[p], 0.0);
      EXPECT_FALSE(std::signbit(row[p]));  // +0, not −0
      for (std::size_t j = 0; j < n_k; ++j) {
        if (j != p) {
          EXPECT_LT(row[j], 0.0);
        }
        // linear in the distance, with head t's slope
        EXPECT_DOUBLE_EQ(row[j], -m.value[t] * std::fabs(double(p) - double(j)));
      }
    }
}

void expect_error(std::size_t h, std::size_t n_q, std::size_t n_k, const char* code,
                  const char* words) {
  auto r = ap::alibi_bias(h, n_q, n_k);
  ASSERT_FALSE(r.ok()) << words;
  EXPECT_EQ(r.status.code, code) << r.status.message;
  EXPECT_NE(r.status.message.find("alibi_bias: "), std::string::npos) << r.status.message;
  EXPECT_NE(r.status.message.find(words), std::string::npos) << r.status.message;
}

TEST(Alibi, Errors) {
  auto s0 = ap::alibi_slopes(0);
  ASSERT_FALSE(s0.ok());
  EXPECT_EQ(s0.status.code, "invalid_argument");
  EXPECT_NE(s0.status.message.find("alibi_slopes: h = 0"), std::string::npos);
  auto big = ap::alibi_slopes(ap::kMaxHeads + 1);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status.code, "too_large");
  EXPECT_NE(big.status.message.find("h = 257"), std::string::npos);

  expect_error(0, 2, 2, "invalid_argument", "h = 0");
  expect_error(257, 2, 2, "too_large", "h = 257");
  expect_error(2, 0, 2, "empty", "n_q = 0");
  expect_error(2, 1, 0, "empty", "n_k = 0");
  expect_error(2, 3, 2, "shape", "n_q = 3 is more than n_k = 2");
  expect_error(1, 4097, 4097, "too_large", "n_q = 4097");
  expect_error(2, 4096, 4096, "too_large", "h·n_q·n_k = 2·4096·4096");
  // exactly at the limit: 1 × 4096 × 4096 = 2²⁴ values
  EXPECT_TRUE(ap::alibi_bias(1, 4096, 4096).ok());
}

}  // namespace
