// cost_test.cpp — the cost of each entry point from its shapes alone
// (cpp/cost.h), against the entry point itself: over the caps, the message
// cost_of gives is the one the call gives (the same formula, one place);
// within them, the call runs. The page asks cost_of through the bindings
// before it builds anything, so these are the messages a learner reads.
#include "cost.h"

#include <gtest/gtest.h>

#include "attention.h"
#include "block.h"
#include "linear_attention.h"
#include "mask.h"
#include "multi_head.h"
#include "projected.h"
#include "random.h"
#include "size_limits.h"

namespace ap {
namespace {

// The message cost_of's numbers give for `fn` with `dims` ("" within the caps).
std::string said(const std::string& fn, const std::vector<double>& dims) {
  auto c = cost_of(fn, dims);
  EXPECT_TRUE(c.ok()) << c.status.message;
  const Status s = check_cost(c.value.fn, c.value);
  return s.ok() ? "" : s.message;
}

TEST(Cost, AttentionAndItsStepsSayWhatTheCallsSay) {
  const Mask hidden(4096, 4096, false);
  const Matrix Q(4096, 128, 1.0), V_over(4096, 129, 1.0);
  const std::string over = attention(Q, Q, V_over, &hidden).status.message;
  EXPECT_FALSE(over.empty());
  EXPECT_EQ(said("attention", {4096, 4096, 128, 129}), over);
  EXPECT_EQ(said("attention", {4096, 4096, 128, 128}), "");
  const Matrix K(4096, 1, 0.25), V(4096, 1, 1.0);
  EXPECT_EQ(said("attention_steps", {2048, 4096, 1, 1}),
            attention_steps(Matrix(2048, 1, 0.5), K, V).status.message);
  EXPECT_EQ(said("attention_steps", {2047, 4096, 1, 1}), "");
}

TEST(Cost, MultiHeadBlockSingleHeadSayWhatTheCallsSay) {
  const Mask hidden(4096, 4096, false);
  const Matrix Q(4096, 128, 1.0), V_over(4096, 129, 1.0);
  EXPECT_EQ(said("multi_head", {4096, 4096, 128, 129, 1, 0}),
            multi_head(Q, Q, V_over, 1, &hidden).status.message);
  EXPECT_EQ(said("block", {4096, 128, 1, 0, 0}),
            block(Matrix(4096, 128, 1.0), 1, &hidden).status.message);
  EXPECT_EQ(said("block", {4096, 127, 1, 0, 0}), "");
  const Matrix X(4096, 1, 0.5), W(1, 128, 0.5);
  EXPECT_EQ(said("single_head", {4096, 1, 128, 128}), single_head(X, W, W, W).status.message);
  // rope and alibi add to a block's cost, as the call counts them
  EXPECT_GT(cost_of("block", {64, 8, 2, 1, 1}).value.multiply_adds,
            cost_of("block", {64, 8, 2, 0, 0}).value.multiply_adds);
}

TEST(Cost, ProjectSaysWhatTheCallSays) {
  // 4096 · 257 · 4096 multiply-adds is just over the cap (2³²); 256 columns is at it
  const std::string over = project(Matrix(4096, 257, 0.5), Matrix(257, 4096, 0.5)).status.message;
  EXPECT_FALSE(over.empty());
  EXPECT_EQ(said("project", {4096, 257, 4096}), over);
  EXPECT_EQ(said("project", {4096, 256, 4096}), "");
  EXPECT_EQ(cost_of("project", {3, 4, 5}).value.result_bytes, 8.0 * 3 * 5);
}

TEST(Cost, GroupedQueryAttentionSaysWhatTheCallSays) {
  ProjectionParams p;
  p.Wq = Matrix(1, 128, 0.5);
  p.Wk = Matrix(1, 128, 0.5);
  p.Wv = Matrix(1, 128, 0.5);
  p.Wo = Matrix(128, 1, 0.5);
  const Tensor3 x(1, 4096, 1, 1.0);
  const Mask hidden(4096, 4096, false);
  EXPECT_EQ(said("grouped_query_attention", {1, 4096, 4096, 1, 1, 1, 1, 1, 128, 128, 1}),
            grouped_query_attention(x, x, x, p, 1, 1, &hidden).status.message);
  EXPECT_EQ(said("grouped_query_attention", {1, 4096, 4096, 1, 1, 1, 1, 1, 127, 127, 1}), "");
}

TEST(Cost, TheSmallCallsAndLinearAttention) {
  // causal_mask and random_normal are within the caps at every size the row limits allow
  EXPECT_EQ(cost_of("causal_mask", {4096, 4096}).value.multiply_adds, 4096.0 * 4096.0);
  EXPECT_EQ(cost_of("random_normal", {3, 2}).value.multiply_adds, kTranscendentalCost * 6);
  EXPECT_EQ(cost_of("random_normal", {3, 2}).value.result_bytes, 48.0);
  // a link may ask for 2³² − 1 rows: the cost is counted in double, and refused
  EXPECT_NE(said("random_normal", {4294967295.0, 4}), "");
  EXPECT_EQ(cost_of("linear_attention", {100, 100, 8, 8, 0}).value.multiply_adds,
            linear_multiply_adds(100, 100, 8, 8, false));
  EXPECT_EQ(said("linear_attention", {4096, 4096, 64, 64, 0}), "");
}

TEST(Cost, UnknownFunctionsAndWrongCountsAreErrors) {
  auto r = cost_of("softmax", {3});
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_EQ(r.status.message, "cost: no function \"softmax\" has a cost");
  r = cost_of("attention", {1, 2, 3});
  EXPECT_EQ(r.status.message, "cost: attention takes 4 dimensions (n_q, n_k, d_k, d_v), got 3");
}

}  // namespace
}  // namespace ap
