// grad_multi_head_test.cpp — multi-head self-attention with projections,
// forward and backward, against torch's autograd of the same maths
// (tests/golden/grad_multi_head.json: causal; RoPE with both pairings), finite
// differences for X and every weight, agreement with multi_head(), errors.
#include "grad_multi_head.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "grad_check.h"
#include "mask.h"
#include "matmul.h"
#include "multi_head.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_mask;
using test::golden_matrix;
using test::MatchesTorch;

Matrix identity(std::size_t n) {
  Matrix I(n, n);
  for (std::size_t i = 0; i < n; ++i) I(i, i) = 1.0;
  return I;
}

TEST(GradMultiHead, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_multi_head.json", "multi_head")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const Matrix X = golden_matrix(c["X"]);
    const MultiHeadWeights w{golden_matrix(c["W_Q"]), golden_matrix(c["W_K"]),
                             golden_matrix(c["W_V"]), golden_matrix(c["W_O"])};
    const std::size_t h = c["h"].get<std::size_t>();
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    RopeOptions rope;
    if (!c["rope"].is_null()) rope = test::golden_rope_options(c["rope"]);
    const RopeOptions* rp = c["rope"].is_null() ? nullptr : &rope;
    auto f = multi_head_attention_forward(X, w, h, mp, rp);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("multi_head out (" + name + ")", f.value.out, c["out"]));
    ASSERT_EQ(f.value.cache.weights.size(), h);
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(
          MatchesTorch("multi_head weights of head " + std::to_string(t) + " (" + name + ")",
                       f.value.cache.weights[t], c["weights"][t]));
    auto g = multi_head_attention_backward(f.value.cache, w, golden_matrix(c["G"]));
    ASSERT_TRUE(g.ok()) << g.status.message;
    const std::string suffix = " (" + name + ")";
    EXPECT_TRUE(MatchesTorch("multi_head_backward dX" + suffix, g.value.dX, c["dX"]));
    EXPECT_TRUE(MatchesTorch("multi_head_backward dW_Q" + suffix, g.value.dW_Q, c["dW_Q"]));
    EXPECT_TRUE(MatchesTorch("multi_head_backward dW_K" + suffix, g.value.dW_K, c["dW_K"]));
    EXPECT_TRUE(MatchesTorch("multi_head_backward dW_V" + suffix, g.value.dW_V, c["dW_V"]));
    EXPECT_TRUE(MatchesTorch("multi_head_backward dW_O" + suffix, g.value.dW_O, c["dW_O"]));
  }
}

TEST(GradMultiHead, AgreesWithFiniteDifferences) {
  Rng rng(551);
  const std::size_t n = 5, d = 8, h = 2;
  Matrix X = test::random_matrix(n, d, rng);
  MultiHeadWeights w{test::random_matrix(d, 8, rng, 0.5), test::random_matrix(d, 8, rng, 0.5),
                     test::random_matrix(d, 6, rng, 0.5), test::random_matrix(6, 7, rng, 0.5)};
  const Matrix G = test::random_matrix(n, 7, rng);
  const Mask causal = causal_mask(n).value;
  const RopeOptions rope{10000.0, Pairing::interleaved, 1.0};
  for (const RopeOptions* rp : {static_cast<const RopeOptions*>(nullptr), &rope}) {
    const std::string what = rp ? " (causal, rope)" : " (causal)";
    auto f = multi_head_attention_forward(X, w, h, &causal, rp);
    ASSERT_TRUE(f.ok()) << f.status.message;
    auto g = multi_head_attention_backward(f.value.cache, w, G);
    ASSERT_TRUE(g.ok()) << g.status.message;
    auto loss = [&] {
      return test::dot(multi_head_attention_forward(X, w, h, &causal, rp).value.out.data, G.data);
    };
    EXPECT_TRUE(AgreesWithFiniteDifferences("multi_head_backward dX" + what, X.data,
                                            g.value.dX.data, loss));
    EXPECT_TRUE(AgreesWithFiniteDifferences("multi_head_backward dW_Q" + what, w.W_Q.data,
                                            g.value.dW_Q.data, loss));
    EXPECT_TRUE(AgreesWithFiniteDifferences("multi_head_backward dW_K" + what, w.W_K.data,
                                            g.value.dW_K.data, loss));
    EXPECT_TRUE(AgreesWithFiniteDifferences("multi_head_backward dW_V" + what, w.W_V.data,
                                            g.value.dW_V.data, loss));
    EXPECT_TRUE(AgreesWithFiniteDifferences("multi_head_backward dW_O" + what, w.W_O.data,
                                            g.value.dW_O.data, loss));
  }
}

// With W_Q = W_K = W_V = W_O = I it is multi_head(X, X, X, h): the same heads and weights.
TEST(GradMultiHead, IdentityProjectionsGiveMultiHead) {
  Rng rng(552);
  const Matrix X = test::random_matrix(4, 6, rng);
  const MultiHeadWeights w{identity(6), identity(6), identity(6), identity(6)};
  const Mask causal = causal_mask(4).value;
  for (std::size_t h : {1u, 2u, 3u}) {
    auto f = multi_head_attention_forward(X, w, h, &causal);
    auto m = multi_head(X, X, X, h, &causal);
    ASSERT_TRUE(f.ok() && m.ok());
    EXPECT_TRUE(test::MatrixNear(f.value.out, m.value.out, 1e-15)) << "h = " << h;
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(test::MatrixNear(f.value.cache.weights[t], m.value.weights[t], 1e-15));
  }
}

TEST(GradMultiHead, RejectsBadInputs) {
  const Matrix X(3, 4, 0.5);
  const MultiHeadWeights w{Matrix(4, 4, 0.1), Matrix(4, 4, 0.2), Matrix(4, 4, 0.3),
                           Matrix(4, 2, 0.4)};
  auto three = multi_head_attention_forward(X, w, 3);
  EXPECT_EQ(three.status.code, "divisibility");
  EXPECT_EQ(multi_head_attention_forward(X, w, 0).status.code, "invalid_argument");
  MultiHeadWeights wk = w;
  wk.W_K = Matrix(4, 2, 0.2);
  auto k = multi_head_attention_forward(X, wk, 2);
  EXPECT_EQ(k.status.code, "shape");
  EXPECT_TRUE(Contains(k.status.message, "W_K is (4, 2) but it must be (4, 4)"));
  MultiHeadWeights wo = w;
  wo.W_O = Matrix(3, 2, 0.4);
  EXPECT_EQ(multi_head_attention_forward(X, wo, 2).status.code, "shape");
  EXPECT_EQ(multi_head_attention_forward(Matrix(3, 5), w, 2).status.code, "shape");
  const Mask m(3, 4);
  EXPECT_EQ(multi_head_attention_forward(X, w, 2, &m).status.code, "shape");
  const RopeOptions rope;
  EXPECT_EQ(multi_head_attention_forward(X, w, 4, nullptr, &rope).status.code, "divisibility");
  auto f = multi_head_attention_forward(X, w, 2);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(multi_head_attention_backward(f.value.cache, w, Matrix(3, 3)).status.code, "shape");
  MultiHeadWeights wv = w;
  wv.W_V = Matrix(4, 6, 0.3);
  wv.W_O = Matrix(6, 2, 0.4);
  auto mismatch = multi_head_attention_backward(f.value.cache, wv, Matrix(3, 2));
  EXPECT_EQ(mismatch.status.code, "shape");
  EXPECT_TRUE(Contains(mismatch.status.message, "do not fit the cache"));
}

}  // namespace
}  // namespace ap
