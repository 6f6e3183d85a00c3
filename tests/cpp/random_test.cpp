// random_test.cpp — the seeded generator: reproducible, pinned to SplitMix64,
// uniforms in [0, 1), standard normals, unbiased permutations.
#include "random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

TEST(Rng, SameSeedSameSequence) {
  Rng a(123), b(123);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.next_u64(), b.next_u64()) << i;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.uniform(), b.uniform()) << i;
  for (int i = 0; i < 1001; ++i) ASSERT_EQ(a.normal(), b.normal()) << i;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.below(17), b.below(17)) << i;
}

TEST(Rng, DifferentSeedsDiffer) {
  for (std::uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull}) {
    Rng a(seed), b(seed + 1);
    int same = 0;
    for (int i = 0; i < 100; ++i) same += a.next_u64() == b.next_u64();
    EXPECT_EQ(same, 0) << "seed " << seed;
  }
}

TEST(Rng, PinnedSplitMix64Values) {
  // Computed once from this implementation; a change here means every
  // seeded example, golden vector and shared URL changes its numbers.
  Rng r(42);
  EXPECT_EQ(r.next_u64(), 0xBDD732262FEB6E95ull);
  EXPECT_EQ(r.next_u64(), 0x28EFE333B266F103ull);
  EXPECT_EQ(r.next_u64(), 0x47526757130F9F52ull);
  EXPECT_EQ(r.next_u64(), 0x581CE1FF0E4AE394ull);
  // the published SplitMix64 reference output for seed 0
  EXPECT_EQ(Rng(0).next_u64(), 0xE220A8397B1DCDAFull);
}

TEST(Rng, PinnedUniformAndNormal) {
  Rng u(42);
  EXPECT_EQ(u.uniform(), static_cast<double>(0xBDD732262FEB6E95ull >> 11) * 0x1.0p-53);
  EXPECT_EQ(Rng(42).uniform(), 0.74156487877182331);
  Rng n(42);
  EXPECT_NEAR(n.normal(), 0.88224890622226881, 1e-15);
  EXPECT_NEAR(n.normal(), 1.3884732852877071, 1e-15);  // the Box–Muller spare
}

TEST(Rng, UniformInHalfOpenUnitInterval) {
  Rng rng(7);
  double sum = 0.0, lo = 1.0, hi = 0.0;
  const int N = 100000;
  for (int i = 0; i < N; ++i) {
    const double u = rng.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    lo = std::min(lo, u);
    hi = std::max(hi, u);
  }
  EXPECT_NEAR(sum / N, 0.5, 0.01);
  EXPECT_LT(lo, 1e-3);
  EXPECT_GT(hi, 1.0 - 1e-3);
}

TEST(Rng, NormalHasMeanZeroVarianceOne) {
  Rng rng(8);
  const int N = 100000;
  double sum = 0.0, sum2 = 0.0, sum3 = 0.0;
  int beyond_two_sigma = 0;
  for (int i = 0; i < N; ++i) {
    const double x = rng.normal();
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    sum2 += x * x;
    sum3 += x * x * x;
    beyond_two_sigma += std::fabs(x) > 2.0;
  }
  const double mean = sum / N, var = sum2 / N - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.02);
  EXPECT_NEAR(var, 1.0, 0.02);
  EXPECT_NEAR(sum3 / N, 0.0, 0.05);  // symmetric
  EXPECT_NEAR(static_cast<double>(beyond_two_sigma) / N, 0.0455, 0.005);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(9);
  std::vector<int> seen(10, 0);
  for (int i = 0; i < 10000; ++i) {
    const std::size_t k = rng.below(10);
    ASSERT_LT(k, 10u);
    ++seen[k];
  }
  for (int c : seen) EXPECT_NEAR(c, 1000, 150);
  EXPECT_EQ(rng.below(1), 0u);
}

TEST(RandomPermutation, IsAPermutation) {
  Rng rng(10);
  for (std::size_t n : {0u, 1u, 2u, 10u, 1000u}) {
    std::vector<std::size_t> p = random_permutation(n, rng);
    ASSERT_EQ(p.size(), n);
    std::sort(p.begin(), p.end());
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(p[i], i) << "n = " << n;
  }
}

TEST(RandomPermutation, ShufflesAndIsSeeded) {
  Rng a(11), b(11), c(12);
  const auto pa = random_permutation(50, a), pb = random_permutation(50, b);
  const auto pc = random_permutation(50, c);
  EXPECT_EQ(pa, pb);
  EXPECT_NE(pa, pc);
  std::vector<std::size_t> identity(50);
  std::iota(identity.begin(), identity.end(), std::size_t{0});
  EXPECT_NE(pa, identity);
}

TEST(RandomPermutation, AllOrdersEquallyLikely) {
  // Fisher–Yates gives each of the 3! orders probability 1/6; the classic
  // swap-with-any-index bug does not.
  Rng rng(12);
  std::map<std::vector<std::size_t>, int> counts;
  const int N = 60000;
  for (int i = 0; i < N; ++i) ++counts[random_permutation(3, rng)];
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [perm, count] : counts) EXPECT_NEAR(count, N / 6, 500);
}

TEST(RandomNormal, ShapeSeedAndScale) {
  auto a = random_normal(3, 4, 99);
  auto b = random_normal(3, 4, 99);
  auto twice = random_normal(3, 4, 99, 2.0);
  auto other = random_normal(3, 4, 100);
  ASSERT_TRUE(a.ok() && b.ok() && twice.ok() && other.ok());
  EXPECT_EQ(a.value.rows, 3u);
  EXPECT_EQ(a.value.cols, 4u);
  ASSERT_EQ(a.value.data.size(), 12u);
  EXPECT_EQ(a.value.data, b.value.data);
  EXPECT_NE(a.value.data, other.value.data);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(twice.value.data[k], 2.0 * a.value.data[k]);
  // row-major draws from Rng(seed).normal()
  Rng rng(99);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(a.value.data[k], rng.normal());
}

TEST(RandomNormal, Errors) {
  auto e = random_normal(0, 4, 1);
  EXPECT_EQ(e.status.code, "empty");
  EXPECT_TRUE(Contains(e.status.message, "random_normal"));
  EXPECT_TRUE(Contains(e.status.message, "(0, 4)"));
  EXPECT_EQ(random_normal(4, 0, 1).status.code, "empty");
  auto t = random_normal(4097, 1, 1);
  EXPECT_EQ(t.status.code, "too_large");
  EXPECT_TRUE(Contains(t.status.message, "(4097, 1)"));
}

}  // namespace
}  // namespace ap
