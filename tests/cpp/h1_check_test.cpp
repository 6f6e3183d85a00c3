// h1_check_test.cpp — multi_head with one head is exactly attention.
#include <gtest/gtest.h>

#include "h1_check.h"
#include "mask.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::random_matrix;

TEST(H1Check, MultiHeadWithOneHeadIsExactlyAttention) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Rng rng(seed);
    const std::size_t n_q = test::random_between(rng, 1, 9);
    const std::size_t n_k = test::random_between(rng, 1, 9);
    const std::size_t d = test::random_between(rng, 1, 16);
    const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng),
                 V = random_matrix(n_k, d + 1, rng);
    auto r = h1_check(Q, K, V);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_EQ(r.value.max_out_diff, 0.0);
    EXPECT_EQ(r.value.max_weight_diff, 0.0);
    auto mask = causal_mask(n_q, n_k);
    ASSERT_TRUE(mask.ok());
    auto m = h1_check(Q, K, V, &mask.value);
    ASSERT_TRUE(m.ok()) << m.status.message;
    EXPECT_EQ(m.value.max_out_diff, 0.0);
    EXPECT_EQ(m.value.max_weight_diff, 0.0);
  }
}

TEST(H1Check, BadShapesNameTheFunction) {
  const Matrix Q(2, 4, 1.0), K(3, 5, 1.0), V(3, 4, 1.0);
  auto r = h1_check(Q, K, V);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "h1_check: Q is (2, 4) but K is (3, 5)"));
}

}  // namespace
}  // namespace ap
