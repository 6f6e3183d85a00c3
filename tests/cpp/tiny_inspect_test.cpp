// tiny_inspect_test.cpp — one head's queries, keys and values from
// tiny_head_inputs give, through attention with the causal mask, exactly the
// weights tiny_forward reports; and the argument errors.
#include "tiny_inspect.h"

#include <gtest/gtest.h>

#include <cmath>

#include "attention.h"
#include "mask.h"
#include "tasks.h"

namespace ap {
namespace {

TinyConfig inspect_config(bool layer_norm, Positions positions) {
  TinyConfig c;
  c.layers = 2;
  c.heads = 2;
  c.d_model = 8;
  c.vocab = 6;
  c.context = 6;
  c.layer_norm = layer_norm;
  c.positions = positions;
  c.seed = 3;
  c.init_std = 0.5;
  return c;
}

void expect_weights_match(bool layer_norm, Positions positions) {
  Result<TinyTransformer> m = make_tiny_transformer(inspect_config(layer_norm, positions));
  ASSERT_TRUE(m.ok());
  Result<TaskBatch> batch = induction_task(1, 6, 6, 11);
  ASSERT_TRUE(batch.ok());
  Result<TinyPass> pass = tiny_forward(m.value, batch.value);
  ASSERT_TRUE(pass.ok());
  Result<Mask> causal = causal_mask(6);
  ASSERT_TRUE(causal.ok());
  for (std::size_t l = 0; l < 2; ++l)
    for (std::size_t t = 0; t < 2; ++t) {
      Result<HeadInputsResult> in = tiny_head_inputs(m.value, batch.value.tokens, l, t);
      ASSERT_TRUE(in.ok()) << in.status.message;
      EXPECT_EQ(in.value.q.rows, 6u);
      EXPECT_EQ(in.value.q.cols, 4u);
      Result<AttentionResult> a =
          attention(in.value.q, in.value.k, in.value.v, &causal.value, true);
      ASSERT_TRUE(a.ok());
      const Matrix& want = pass.value.attention[l * 2 + t];
      ASSERT_EQ(a.value.weights.data.size(), want.data.size());
      for (std::size_t i = 0; i < want.data.size(); ++i) {
        EXPECT_NEAR(a.value.weights.data[i], want.data[i], 1e-12);
        EXPECT_NEAR(in.value.weights.data[i], want.data[i], 1e-12);
      }
    }
}

TEST(TinyHeadInputs, LearnedPositionsMatchTheForwardPass) {
  expect_weights_match(false, Positions::kLearned);
}
TEST(TinyHeadInputs, LearnedPositionsWithLayerNormMatchTheForwardPass) {
  expect_weights_match(true, Positions::kLearned);
}
TEST(TinyHeadInputs, RopeMatchesTheForwardPass) { expect_weights_match(false, Positions::kRope); }
TEST(TinyHeadInputs, RopeWithLayerNormMatchesTheForwardPass) {
  expect_weights_match(true, Positions::kRope);
}

TEST(TinyHeadInputs, RejectsBadArguments) {
  Result<TinyTransformer> m = make_tiny_transformer(inspect_config(false, Positions::kLearned));
  ASSERT_TRUE(m.ok());
  const std::vector<std::size_t> tokens = {1, 2, 3};
  EXPECT_EQ(tiny_head_inputs(m.value, tokens, 2, 0).status.code, "invalid_argument");
  EXPECT_EQ(tiny_head_inputs(m.value, tokens, 0, 2).status.code, "invalid_argument");
  EXPECT_EQ(tiny_head_inputs(m.value, {1, 6}, 0, 0).status.code, "invalid_argument");
  EXPECT_EQ(tiny_head_inputs(m.value, {}, 0, 0).status.code, "shape");
  EXPECT_EQ(tiny_head_inputs(m.value, std::vector<std::size_t>(7, 1), 0, 0).status.code, "shape");
}

}  // namespace
}  // namespace ap
