// grad_attention_test.cpp — attention_forward / attention_backward against
// torch's autograd of the written-out attention (tests/golden/grad_attention.json:
// no mask, causal, a padding mask with an all-hidden row), finite differences,
// hidden keys (weights exactly 0, no gradient through them), errors.
#include "grad_attention.h"

#include <gtest/gtest.h>

#include <string>

#include "attention.h"
#include "grad_check.h"
#include "mask.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_mask;
using test::golden_matrix;
using test::MatchesTorch;

TEST(GradAttention, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_attention.json", "attention")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    auto f =
        attention_forward(golden_matrix(c["Q"]), golden_matrix(c["K"]), golden_matrix(c["V"]), mp);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("attention out (" + name + ")", f.value.out, c["out"]));
    EXPECT_TRUE(
        MatchesTorch("attention weights (" + name + ")", f.value.cache.weights, c["weights"]));
    auto g = attention_backward(f.value.cache, golden_matrix(c["G"]));
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("attention_backward dQ (" + name + ")", g.value.dQ, c["dQ"]));
    EXPECT_TRUE(MatchesTorch("attention_backward dK (" + name + ")", g.value.dK, c["dK"]));
    EXPECT_TRUE(MatchesTorch("attention_backward dV (" + name + ")", g.value.dV, c["dV"]));
  }
}

TEST(GradAttention, AgreesWithFiniteDifferences) {
  Rng rng(541);
  Matrix Q = test::random_matrix(4, 6, rng), K = test::random_matrix(5, 6, rng),
         V = test::random_matrix(5, 3, rng);
  const Matrix G = test::random_matrix(4, 3, rng);
  Mask m(4, 5);
  m.set(0, 4, false);
  m.set(2, 1, false);
  for (const Mask* mp : {static_cast<const Mask*>(nullptr), static_cast<const Mask*>(&m)}) {
    for (double tau : {1.0, 0.7}) {
      const AttentionOptions o{true, tau};
      const std::string what =
          std::string(mp ? "masked" : "no mask") + ", τ = " + (tau == 1.0 ? "1" : "0.7");
      auto f = attention_forward(Q, K, V, mp, o);
      ASSERT_TRUE(f.ok());
      auto g = attention_backward(f.value.cache, G);
      ASSERT_TRUE(g.ok());
      auto loss = [&] {
        return test::dot(attention_forward(Q, K, V, mp, o).value.out.data, G.data);
      };
      EXPECT_TRUE(AgreesWithFiniteDifferences("attention_backward dQ (" + what + ")", Q.data,
                                              g.value.dQ.data, loss));
      EXPECT_TRUE(AgreesWithFiniteDifferences("attention_backward dK (" + what + ")", K.data,
                                              g.value.dK.data, loss));
      EXPECT_TRUE(AgreesWithFiniteDifferences("attention_backward dV (" + what + ")", V.data,
                                              g.value.dV.data, loss));
    }
  }
}

TEST(GradAttention, HiddenKeysGetExactlyZeroWeightAndNoGradient) {
  Rng rng(542);
  const Matrix Q = test::random_matrix(3, 4, rng), K = test::random_matrix(4, 4, rng),
               V = test::random_matrix(4, 2, rng);
  Mask m(3, 4);
  for (std::size_t i = 0; i < 3; ++i) m.set(i, 2, false);  // key 2: hidden from every query
  for (std::size_t j = 0; j < 4; ++j) m.set(1, j, false);  // query 1: sees no key
  m.set(0, 3, false);
  auto f = attention_forward(Q, K, V, &m);
  ASSERT_TRUE(f.ok());
  const Matrix& W = f.value.cache.weights;
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      if (!m.sees(i, j)) {
        EXPECT_EQ(W(i, j), 0.0) << "weight (" << i << ", " << j << ")";
      }
  auto g = attention_backward(f.value.cache, test::random_matrix(3, 2, rng, 10.0));
  ASSERT_TRUE(g.ok());
  for (std::size_t c = 0; c < 4; ++c) EXPECT_EQ(g.value.dK(2, c), 0.0);  // nobody looks at key 2
  for (std::size_t c = 0; c < 2; ++c) EXPECT_EQ(g.value.dV(2, c), 0.0);
  for (std::size_t c = 0; c < 4; ++c) EXPECT_EQ(g.value.dQ(1, c), 0.0);  // query 1 sees nothing
  for (std::size_t c = 0; c < 2; ++c) EXPECT_EQ(f.value.out(1, c), 0.0);
  // moving a hidden key changes nothing: its weight stays exactly 0
  Matrix K2 = K;
  for (std::size_t c = 0; c < 4; ++c) K2(2, c) += 5.0;
  auto f2 = attention_forward(Q, K2, V, &m);
  EXPECT_TRUE(test::MatrixIdentical(f2.value.out, f.value.out));
}

TEST(GradAttention, ForwardIsAttention) {
  Rng rng(543);
  const Matrix Q = test::random_matrix(4, 3, rng), K = test::random_matrix(4, 3, rng),
               V = test::random_matrix(4, 5, rng);
  const Mask m = causal_mask(4).value;
  auto a = attention(Q, K, V, &m);
  auto f = attention_forward(Q, K, V, &m);
  ASSERT_TRUE(a.ok() && f.ok());
  EXPECT_TRUE(test::MatrixIdentical(f.value.out, a.value.out));
  EXPECT_TRUE(test::MatrixIdentical(f.value.cache.weights, a.value.weights));
}

TEST(GradAttention, RejectsBadInputs) {
  const Matrix Q(2, 3, 0.1), K(4, 3, 0.2), V(4, 5, 0.3);
  EXPECT_EQ(attention_forward(Q, Matrix(4, 2), V).status.code, "shape");
  auto f = attention_forward(Q, K, V);
  ASSERT_TRUE(f.ok());
  auto g = attention_backward(f.value.cache, Matrix(2, 4));
  EXPECT_EQ(g.status.code, "shape");
  EXPECT_TRUE(Contains(g.status.message, "attention_backward: d_out is (2, 4)"));
  AttentionCache broken = f.value.cache;
  broken.weights = Matrix(2, 3);
  EXPECT_EQ(attention_backward(broken, Matrix(2, 5)).status.code, "shape");
  EXPECT_EQ(attention_backward(AttentionCache{}, Matrix(1, 1)).status.code, "shape");
}

}  // namespace
}  // namespace ap
