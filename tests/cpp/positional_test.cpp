// positional_test.cpp — sinusoidal encoding: bounded, distinct rows, the formula.
#include "positional.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

TEST(PosEncoding, Shape) {
  auto r = pos_encoding(5, 6);
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_EQ(r.value.rows, 5u);
  EXPECT_EQ(r.value.cols, 6u);
  EXPECT_EQ(r.value.data.size(), 30u);
}

TEST(PosEncoding, ValuesInMinusOneToOne) {
  for (auto [n, d] : {std::pair<std::size_t, std::size_t>{50, 16}, {4096, 8}, {7, 1}, {3, 129}}) {
    auto r = pos_encoding(n, d);
    ASSERT_TRUE(r.ok());
    for (double x : r.value.data) {
      ASSERT_TRUE(std::isfinite(x));
      ASSERT_GE(x, -1.0);
      ASSERT_LE(x, 1.0);
    }
  }
}

TEST(PosEncoding, AllRowsDistinct) {
  for (std::size_t d : {1u, 2u, 3u, 8u, 64u}) {
    const std::size_t n = 100;
    auto r = pos_encoding(n, d);
    ASSERT_TRUE(r.ok());
    double closest = INFINITY;
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b) {
        double dist2 = 0.0;
        for (std::size_t c = 0; c < d; ++c) {
          const double diff = r.value(a, c) - r.value(b, c);
          dist2 += diff * diff;
        }
        closest = std::min(closest, std::sqrt(dist2));
      }
    EXPECT_GT(closest, 1e-6) << "d = " << d;
  }
}

TEST(PosEncoding, RowZeroIsSinZeroCosZero) {
  auto r = pos_encoding(3, 10);
  ASSERT_TRUE(r.ok());
  for (std::size_t c = 0; c < 10; ++c) EXPECT_EQ(r.value(0, c), c % 2 == 0 ? 0.0 : 1.0) << c;
}

TEST(PosEncoding, KnownValues) {
  // d = 4: column pairs use frequencies 1 and 1/10000^(2/4) = 1/100.
  auto r = pos_encoding(3, 4);
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR(r.value(1, 0), 0.8414709848078965, 1e-15);    // sin 1
  EXPECT_NEAR(r.value(1, 1), 0.5403023058681398, 1e-15);    // cos 1
  EXPECT_NEAR(r.value(1, 2), 0.009999833334166664, 1e-15);  // sin 0.01
  EXPECT_NEAR(r.value(1, 3), 0.9999500004166653, 1e-15);    // cos 0.01
  EXPECT_NEAR(r.value(2, 0), 0.9092974268256817, 1e-15);    // sin 2
  EXPECT_NEAR(r.value(2, 1), -0.4161468365471424, 1e-15);   // cos 2
  EXPECT_NEAR(r.value(2, 2), 0.019998666693333080, 1e-15);  // sin 0.02
  EXPECT_NEAR(r.value(2, 3), 0.9998000066665778, 1e-15);    // cos 0.02
}

TEST(PosEncoding, MatchesTheFormula) {
  const std::size_t n = 20, d = 7;  // odd d: the last column is a lone sine
  auto r = pos_encoding(n, d);
  ASSERT_TRUE(r.ok());
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t i = 0; 2 * i < d; ++i) {
      const double angle = static_cast<double>(p) / std::pow(10000.0, 2.0 * i / d);
      EXPECT_NEAR(r.value(p, 2 * i), std::sin(angle), 1e-14) << p << "," << 2 * i;
      if (2 * i + 1 < d) {
        EXPECT_NEAR(r.value(p, 2 * i + 1), std::cos(angle), 1e-14);
      }
    }
}

TEST(PosEncoding, PrefixIsStableInN) {
  // Position p's vector does not depend on how many positions are asked for.
  auto small = pos_encoding(5, 8), big = pos_encoding(50, 8);
  ASSERT_TRUE(small.ok() && big.ok());
  for (std::size_t k = 0; k < small.value.data.size(); ++k)
    EXPECT_EQ(small.value.data[k], big.value.data[k]);
}

TEST(PosEncodingErrors, Empty) {
  auto n0 = pos_encoding(0, 4);
  EXPECT_EQ(n0.status.code, "empty");
  EXPECT_TRUE(Contains(n0.status.message, "pos_encoding"));
  EXPECT_TRUE(Contains(n0.status.message, "n = 0"));
  auto d0 = pos_encoding(4, 0);
  EXPECT_EQ(d0.status.code, "empty");
  EXPECT_TRUE(Contains(d0.status.message, "d = 0"));
}

TEST(PosEncodingErrors, TooLarge) {
  auto r = pos_encoding(4097, 2);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "pos_encoding"));
  EXPECT_TRUE(Contains(r.status.message, "4097"));
  EXPECT_EQ(pos_encoding(2, 4097).status.code, "too_large");
}

}  // namespace
}  // namespace ap
