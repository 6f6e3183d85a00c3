// finite_test.cpp — first_non_finite (finite.h): the first NaN or ±∞ wherever it
// sits (in a whole block, at a block's edge, in the last values), none found in
// finite values of every size and sign (−0, the largest double).
#include "finite.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace ap {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

TEST(Finite, FindsNoneInFiniteValues) {
  for (std::size_t n : {0u, 1u, 3u, 255u, 256u, 257u, 1000u}) {
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = i % 3 == 0 ? -0.0 : (i % 3 == 1 ? std::numeric_limits<double>::max() : -1e-300);
    EXPECT_EQ(first_non_finite(x.data(), n), n) << "n = " << n;
  }
}

TEST(Finite, FindsTheFirstNaNOrInfinityWhereverItSits) {
  const std::size_t n = 1000;  // three whole blocks of 256 and 232 values after them
  for (double bad : {kNaN, kInf, -kInf})
    for (std::size_t at : {0u, 1u, 255u, 256u, 511u, 700u, 767u, 768u, 999u}) {
      std::vector<double> x(n, 2.5);
      x[at] = bad;
      if (at + 3 < n) x[at + 3] = kNaN;  // a later one is not the first
      EXPECT_EQ(first_non_finite(x.data(), n), at) << bad << " at " << at;
    }
}

}  // namespace
}  // namespace ap
