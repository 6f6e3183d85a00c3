// mask_test.cpp — causal_mask: query i sees key j exactly when j ≤ i.
#include "mask.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

TEST(CausalMask, SeesExactlyThePastAndItself) {
  for (std::size_t n = 1; n <= 9; ++n) {
    auto r = causal_mask(n);
    ASSERT_TRUE(r.ok()) << r.status.message;
    const Mask& m = r.value;
    ASSERT_EQ(m.rows, n);
    ASSERT_EQ(m.cols, n);
    ASSERT_EQ(m.data.size(), n * n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        EXPECT_EQ(m.sees(i, j), j <= i) << "n = " << n << " at (" << i << ", " << j << ")";
  }
}

TEST(CausalMask, OneByOneSeesItself) {
  auto r = causal_mask(1);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.value.sees(0, 0));
}

TEST(CausalMask, CountsTheLowerTriangle) {
  auto r = causal_mask(10);
  ASSERT_TRUE(r.ok());
  std::size_t visible = 0;
  for (auto v : r.value.data) visible += v != 0;
  EXPECT_EQ(visible, 10u * 11u / 2u);
}

TEST(CausalMask, RectangularMoreKeysThanQueries) {
  auto r = causal_mask(3, 5);  // (n_q, n_k)
  ASSERT_TRUE(r.ok()) << r.status.message;
  ASSERT_EQ(r.value.rows, 3u);
  ASSERT_EQ(r.value.cols, 5u);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 5; ++j) EXPECT_EQ(r.value.sees(i, j), j <= i) << i << "," << j;
}

TEST(CausalMask, RectangularMoreQueriesThanKeys) {
  auto r = causal_mask(5, 3);
  ASSERT_TRUE(r.ok()) << r.status.message;
  ASSERT_EQ(r.value.rows, 5u);
  ASSERT_EQ(r.value.cols, 3u);
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 3; ++j) EXPECT_EQ(r.value.sees(i, j), j <= i) << i << "," << j;
}

TEST(CausalMask, SquareFormEqualsRectangularNByN) {
  auto a = causal_mask(7);
  auto b = causal_mask(7, 7);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.value.data, b.value.data);
}

TEST(CausalMask, ZeroIsAnError) {
  auto r = causal_mask(0);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "causal_mask"));
  EXPECT_TRUE(Contains(r.status.message, "n = 0"));
}

TEST(CausalMask, RectangularZeroIsAnError) {
  EXPECT_EQ(causal_mask(0, 3).status.code, "empty");
  EXPECT_EQ(causal_mask(3, 0).status.code, "empty");
}

TEST(CausalMask, TooLargeIsAnError) {
  auto r = causal_mask(4097);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "causal_mask: n = 4097"));
  EXPECT_EQ(causal_mask(2, 5000).status.code, "too_large");
  EXPECT_TRUE(causal_mask(4096, 1).ok());
}

}  // namespace
}  // namespace ap
