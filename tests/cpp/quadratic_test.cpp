// quadratic_test.cpp — the quadratic-cost experiment (n² scores per call) and
// the log–log fit of its timings.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "quadratic.h"
#include "size_limits.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

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

}  // namespace
}  // namespace ap
