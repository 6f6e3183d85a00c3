// linear_attention_test.cpp — linear attention (Katharopoulos et al. 2020)
// against PyTorch and against its own definition.
//
// - golden: tests/golden/linear_attention.json (scripts/make_golden.py: torch
//   float64, the quadratic form of eq. 4 checked there against the prefix-sum
//   form of eq. 5 and 8–10), out and weights within 1e-9;
// - properties: rows of weights sum to 1 (0 for a row that sees no key),
//   hidden keys exactly 0, out = weights·V, causal with shift n_k − n_q equals
//   the last n_q rows of the square causal call, and no weights asked = the
//   same out;
// - every bad input is an error naming the function and the shapes.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v).
#include "linear_attention.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "positions_golden.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::golden_cases;
using test::golden_matrix;
using test::MatrixNear;

TEST(LinearAttention, GoldenOutAndWeightsMatchPyTorch) {
  for (const nlohmann::json& c : golden_cases("linear_attention.json", "linear_attention")) {
    LinearOptions o;
    o.causal = c.at("causal").get<bool>();
    o.shift = c.at("shift").get<long long>();
    auto r = linear_attention(golden_matrix(c.at("Q")), golden_matrix(c.at("K")),
                              golden_matrix(c.at("V")), o);
    ASSERT_TRUE(r.ok()) << c.at("name") << ": " << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.out, golden_matrix(c.at("out")), 1e-9)) << c.at("name");
    EXPECT_TRUE(MatrixNear(r.value.weights, golden_matrix(c.at("weights")), 1e-9)) << c.at("name");
  }
}

TEST(LinearAttention, FeatureMapIsEluPlusOne) {
  EXPECT_EQ(linear_feature(2.5), 3.5);
  EXPECT_EQ(linear_feature(0.0), 1.0);
  EXPECT_DOUBLE_EQ(linear_feature(-1.0), std::exp(-1.0));
  EXPECT_GT(linear_feature(-700.0), 0.0);
}

TEST(LinearAttention, WeightsAreADistributionAndMakeTheOutput) {
  Rng rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 9), n_k = test::random_between(rng, 1, 9);
    const std::size_t d_k = test::random_between(rng, 1, 6), d_v = test::random_between(rng, 1, 5);
    const Matrix Q = test::random_matrix(n_q, d_k, rng, 2.0),
                 K = test::random_matrix(n_k, d_k, rng, 2.0);
    const Matrix V = test::random_matrix(n_k, d_v, rng);
    LinearOptions o;
    o.causal = trial % 2 == 1;
    o.shift = static_cast<long long>(test::random_between(rng, 0, 8)) - 4;
    auto r = linear_attention(Q, K, V, o);
    ASSERT_TRUE(r.ok()) << r.status.message;
    const Matrix& w = r.value.weights;
    for (std::size_t i = 0; i < n_q; ++i) {
      double sum = 0.0;
      long long last = static_cast<long long>(i) + o.shift;
      for (std::size_t j = 0; j < n_k; ++j) {
        const bool seen = !o.causal || static_cast<long long>(j) <= last;
        if (!seen) {
          EXPECT_EQ(w(i, j), 0.0) << "hidden key " << j << " of query " << i;
        }
        sum += w(i, j);
      }
      const bool any = !o.causal || last >= 0;
      EXPECT_NEAR(sum, any ? 1.0 : 0.0, 1e-12) << "row " << i;
      for (std::size_t c = 0; c < d_v; ++c) {
        double made = 0.0;
        for (std::size_t j = 0; j < n_k; ++j) made += w(i, j) * V(j, c);
        EXPECT_NEAR(r.value.out(i, c), made, 1e-12);
      }
    }
    o.weights = false;
    auto lean = linear_attention(Q, K, V, o);
    ASSERT_TRUE(lean.ok());
    EXPECT_TRUE(test::MatrixIdentical(lean.value.out, r.value.out));
    EXPECT_TRUE(lean.value.weights.data.empty());
  }
}

TEST(LinearAttention, BottomRightIsTheLastRowsOfTheSquareCall) {
  Rng rng(9);
  const Matrix X = test::random_matrix(7, 3, rng), V = test::random_matrix(7, 2, rng);
  LinearOptions causal;
  causal.causal = true;
  auto square = linear_attention(X, X, V, causal);
  ASSERT_TRUE(square.ok());
  const Matrix last3 = test::row_slice(X, 4, 3);
  causal.shift = 4;  // n_k − n_q
  auto decoding = linear_attention(last3, X, V, causal);
  ASSERT_TRUE(decoding.ok());
  EXPECT_TRUE(MatrixNear(decoding.value.out, test::row_slice(square.value.out, 4, 3), 1e-15));
}

TEST(LinearAttention, BadInputsAreErrorsThatNameTheShapes) {
  const Matrix Q(2, 3, 1.0), K(4, 3, 1.0), V(4, 2, 1.0);
  auto r = linear_attention(Q, Matrix(4, 2, 1.0), V);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_NE(r.status.message.find("linear_attention: Q is (2, 3) but K is (4, 2)"),
            std::string::npos)
      << r.status.message;
  r = linear_attention(Q, K, Matrix(3, 2, 1.0));
  EXPECT_EQ(r.status.code, "shape");
  Matrix bad = Q;
  bad(1, 2) = std::numeric_limits<double>::quiet_NaN();
  r = linear_attention(bad, K, V);
  EXPECT_EQ(r.status.code, "non_finite");
  r = linear_attention(Matrix(), K, V);
  EXPECT_EQ(r.status.code, "empty");
  r = linear_attention(Matrix(1, 1, 1e300), Matrix(1, 1, 1e300), Matrix(1, 1, 1e300));
  EXPECT_EQ(r.status.code, "non_finite_result") << r.status.message;
  r = linear_attention(Matrix(1, 1, -800.0), Matrix(1, 1, 1.0), Matrix(1, 1, 1.0));
  EXPECT_EQ(r.status.code, "non_finite_result");
  EXPECT_NE(r.status.message.find("underflows"), std::string::npos) << r.status.message;
}

TEST(LinearAttention, CostGrowsLikeNWithoutTheWeights) {
  // 4096 × 4096 queries and keys of width 64: n·d² work, allowed; with the weights n²·d as well
  EXPECT_LT(linear_multiply_adds(4096, 4096, 64, 64, false), 1e9);
  EXPECT_GT(linear_multiply_adds(4096, 4096, 64, 64, true), 1e9);
  const double small = linear_multiply_adds(1024, 1024, 16, 16, false);
  EXPECT_NEAR(linear_multiply_adds(2048, 2048, 16, 16, false) / small, 2.0, 1e-9);
}

}  // namespace
}  // namespace ap
