// rope_options_test.cpp — the rope option of multi_head and the rope / alibi
// options of block: golden values from tests/golden/rope_options.json
// (scripts/make_golden.py make_rope_options, PyTorch float64, within 1e-9),
// the conventions (queries are the last n_q positions; V is never turned; each
// head turned with its own width d/h), and every error.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "alibi.h"
#include "attention.h"
#include "block.h"
#include "layer_norm.h"
#include "mask.h"
#include "multi_head.h"
#include "positions_golden.h"
#include "rope.h"
#include "test_util.h"

namespace ap {
namespace {

using test::golden_mask;
using test::golden_matrix;
using test::golden_tensor;
using test::MatrixIdentical;
using test::MatrixNear;
using test::random_matrix;

constexpr double kTol = 1e-9;

std::vector<nlohmann::json> cases(const std::string& op) {
  return test::golden_cases("rope_options.json", op);
}

RopeOptions golden_rope(const nlohmann::json& j) {
  return RopeOptions{j.at("base").get<double>(),
                     j.at("pairing") == "half" ? Pairing::half : Pairing::interleaved,
                     j.at("offset").get<double>()};
}

TEST(RopeOptions, MultiHeadMatchesGolden) {
  for (const nlohmann::json& c : cases("multi_head")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix Q = golden_matrix(c["Q"]), K = golden_matrix(c["K"]), V = golden_matrix(c["V"]);
    const std::size_t h = c["h"].get<std::size_t>();
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    Tensor3 B;
    if (!c["bias"].is_null()) B = golden_tensor(c["bias"]);
    const Tensor3* bp = c["bias"].is_null() ? nullptr : &B;
    const RopeOptions rope = golden_rope(c["rope"]);
    const double tau = c["temperature"].get<double>();
    auto r = multi_head(Q, K, V, h, mp, tau, bp, &rope);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.out, golden_matrix(c["out"]), kTol));
    ASSERT_EQ(r.value.weights.size(), h);
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(MatrixNear(r.value.weights[t], golden_matrix(c["weights"][t]), kTol));
    // the unchecked core turns the slices itself: the same numbers, bit for bit
    const MultiHeadResult u = multi_head_unchecked(Q, K, V, h, mp, tau, bp, &rope);
    EXPECT_TRUE(MatrixIdentical(u.out, r.value.out));
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(MatrixIdentical(u.weights[t], r.value.weights[t]));
  }
}

TEST(RopeOptions, BlockMatchesGolden) {
  for (const nlohmann::json& c : cases("block")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix X = golden_matrix(c["X"]);
    const std::size_t h = c["h"].get<std::size_t>();
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    RopeOptions rope;
    if (!c["rope"].is_null()) rope = golden_rope(c["rope"]);
    const BlockOptions o{c["eps"].get<double>(), c["rope"].is_null() ? nullptr : &rope,
                         c["alibi"].get<bool>()};
    auto r = block(X, h, mp, o);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.normed, golden_matrix(c["normed"]), kTol));
    EXPECT_TRUE(MatrixNear(r.value.attended, golden_matrix(c["attended"]), kTol));
    EXPECT_TRUE(MatrixNear(r.value.out, golden_matrix(c["out"]), kTol));
    ASSERT_EQ(r.value.weights.size(), h);
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(MatrixNear(r.value.weights[t], golden_matrix(c["weights"][t]), kTol));
  }
}

// The attention op's convention: turn first, rope(Q, offset + n_k − n_q) and
// rope(K, offset), then attend — the same as multi_head with h = 1 and rope.
TEST(RopeOptions, AttentionOnTurnedQAndKMatchesGoldenAndMultiHeadH1) {
  for (const nlohmann::json& c : cases("attention")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix Q = golden_matrix(c["Q"]), K = golden_matrix(c["K"]), V = golden_matrix(c["V"]);
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    const RopeOptions rope = golden_rope(c["rope"]);
    RopeOptions q_rope = rope;
    q_rope.offset += static_cast<double>(K.rows - Q.rows);
    auto q = ap::rope(Q, q_rope), k = ap::rope(K, rope);
    ASSERT_TRUE(q.ok() && k.ok());
    EXPECT_TRUE(MatrixNear(q.value, golden_matrix(c["q_rot"]), kTol));
    EXPECT_TRUE(MatrixNear(k.value, golden_matrix(c["k_rot"]), kTol));
    auto a = attention(q.value, k.value, V, mp);
    ASSERT_TRUE(a.ok()) << a.status.message;
    EXPECT_TRUE(MatrixNear(a.value.out, golden_matrix(c["out"]), kTol));
    EXPECT_TRUE(MatrixNear(a.value.weights, golden_matrix(c["weights"]), kTol));
    auto mh = multi_head(Q, K, V, 1, mp, 1.0, nullptr, &rope);
    ASSERT_TRUE(mh.ok()) << mh.status.message;
    EXPECT_TRUE(MatrixNear(mh.value.out, a.value.out, 1e-13));
    EXPECT_TRUE(MatrixNear(mh.value.weights[0], a.value.weights, 1e-13));
  }
}

// Head t with rope is attention on rope(its slice) with width d/h; V is untouched.
TEST(RopeOptions, EachHeadIsAttentionOnItsOwnTurnedSlice) {
  Rng rng(21);
  const Matrix Q = random_matrix(3, 12, rng), K = random_matrix(5, 12, rng),
               V = random_matrix(5, 6, rng);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    const RopeOptions rope{500.0, p, 4.0};
    const RopeOptions q_rope{500.0, p, 6.0};  // offset + n_k − n_q
    for (std::size_t h : {1u, 2u, 3u, 6u}) {
      auto r = multi_head(Q, K, V, h, nullptr, 1.0, nullptr, &rope);
      ASSERT_TRUE(r.ok()) << r.status.message;
      const std::size_t dh = 12 / h, dvh = 6 / h;
      for (std::size_t t = 0; t < h; ++t) {
        auto q = ap::rope(test::column_slice(Q, t * dh, dh), q_rope);
        auto k = ap::rope(test::column_slice(K, t * dh, dh), rope);
        auto a = attention(q.value, k.value, test::column_slice(V, t * dvh, dvh));
        ASSERT_TRUE(a.ok());
        EXPECT_TRUE(MatrixIdentical(r.value.weights[t], a.value.weights));
        EXPECT_TRUE(MatrixIdentical(test::column_slice(r.value.out, t * dvh, dvh), a.value.out));
      }
    }
  }
}

// The scores depend on positions only through p_i − j: moving the offset
// changes nothing but rounding.
TEST(RopeOptions, OffsetOnlyShiftsEveryPositionTogether) {
  Rng rng(22);
  const Matrix X = random_matrix(6, 8, rng);
  auto c = causal_mask(6).value;
  const RopeOptions at0{10000.0, Pairing::half, 0.0}, at1000{10000.0, Pairing::half, 1000.0};
  auto a = block(X, 2, &c, BlockOptions{1e-5, &at0, true});
  auto b = block(X, 2, &c, BlockOptions{1e-5, &at1000, true});
  ASSERT_TRUE(a.ok() && b.ok());
  for (std::size_t t = 0; t < 2; ++t)
    EXPECT_TRUE(MatrixNear(a.value.weights[t], b.value.weights[t], 1e-10));
}

TEST(RopeOptions, BlockWithoutPositionsIsTheOldBlockBitForBit) {
  Rng rng(23);
  const Matrix X = random_matrix(5, 8, rng);
  auto c = causal_mask(5).value;
  auto old_form = block(X, 2, &c, 1e-3);
  auto new_form = block(X, 2, &c, BlockOptions{1e-3, nullptr, false});
  ASSERT_TRUE(old_form.ok() && new_form.ok());
  EXPECT_TRUE(MatrixIdentical(old_form.value.out, new_form.value.out));
  for (std::size_t t = 0; t < 2; ++t)
    EXPECT_TRUE(MatrixIdentical(old_form.value.weights[t], new_form.value.weights[t]));
  auto no_opts = block(X, 2);
  ASSERT_TRUE(no_opts.ok());
}

// alibi: multi_head on LN(X) with alibi_bias(h, n, n); rope: the same with rope.
TEST(RopeOptions, BlockIsMultiHeadOnTheNormedRowsWithThePositions) {
  Rng rng(24);
  const Matrix X = random_matrix(4, 8, rng);
  Matrix N = X;
  for (std::size_t i = 0; i < 4; ++i) layer_norm_inplace(N.row(i), 8, 1e-5);
  const Tensor3 bias = alibi_bias(4, 4, 4).value;
  const RopeOptions rope{100.0, Pairing::interleaved, 3.0};
  auto b = block(X, 4, nullptr, BlockOptions{1e-5, &rope, true});
  auto mh = multi_head(N, N, N, 4, nullptr, 1.0, &bias, &rope);
  ASSERT_TRUE(b.ok() && mh.ok());
  EXPECT_TRUE(MatrixIdentical(b.value.attended, mh.value.out));
}

void expect_error(const Status& s, const std::string& code, const std::string& message) {
  EXPECT_EQ(s.code, code);
  EXPECT_EQ(s.message, message);
}

TEST(RopeOptions, Errors) {
  const Matrix Q6(2, 6, 0.5), K6(3, 6, 0.25), V6(3, 6, 1.0);
  RopeOptions rope;
  // d/h odd: 6 / 2 = 3
  expect_error(multi_head(Q6, K6, V6, 2, nullptr, 1.0, nullptr, &rope).status, "divisibility",
               "multi_head: rope needs an even head width d/h = 3");
  expect_error(block(Matrix(3, 6, 0.5), 2, nullptr, BlockOptions{1e-5, &rope, false}).status,
               "divisibility", "block: rope needs an even head width d/h = 3");
  // d = 6, h = 1: even, fine; n_q > n_k is not
  expect_error(multi_head(Matrix(4, 6, 0.5), K6, V6, 1, nullptr, 1.0, nullptr, &rope).status,
               "shape",
               "multi_head: rope needs n_q ≤ n_k (the queries are the last n_q of the n_k "
               "positions), got n_q = 4 and n_k = 3");
  EXPECT_TRUE(multi_head(Matrix(4, 6, 0.5), K6, V6, 1).ok());  // without rope it is fine
  const std::string base_rule = " must be a finite number > 1 (10000 in RoFormer and Llama 2)";
  const double inf = std::numeric_limits<double>::infinity();
  for (auto [b, shown] : std::vector<std::pair<double, std::string>>{
           {1.0, "1"}, {0.5, "0.5"}, {-3.0, "-3"}, {inf, "Infinity"}, {std::nan(""), "NaN"}}) {
    const RopeOptions o{b, Pairing::half, 0.0};
    expect_error(multi_head(Q6, K6, V6, 1, nullptr, 1.0, nullptr, &o).status, "invalid_argument",
                 "multi_head: rope.base = " + shown + base_rule);
    expect_error(block(Matrix(3, 6, 0.5), 1, nullptr, BlockOptions{1e-5, &o, true}).status,
                 "invalid_argument", "block: rope.base = " + shown + base_rule);
  }
  for (auto [off, shown] : std::vector<std::pair<double, std::string>>{
           {-1.0, "-1"}, {1.5, "1.5"}, {std::nan(""), "NaN"}}) {
    const RopeOptions o{10000.0, Pairing::interleaved, off};
    expect_error(multi_head(Q6, K6, V6, 1, nullptr, 1.0, nullptr, &o).status, "invalid_argument",
                 "multi_head: rope.offset = " + shown + " must be a whole number ≥ 0");
  }
  const RopeOptions far{10000.0, Pairing::half, 2147483649.0};
  expect_error(multi_head(Q6, K6, V6, 1, nullptr, 1.0, nullptr, &far).status, "too_large",
               "multi_head: rope.offset = 2147483649 is over the limit of 2147483648");
  // the queries sit at offset + n_k − n_q: the limit holds for them too
  const RopeOptions edge{10000.0, Pairing::half, 2147483648.0};
  expect_error(multi_head(Q6, K6, V6, 1, nullptr, 1.0, nullptr, &edge).status, "too_large",
               "multi_head: rope.offset + n_k − n_q = 2147483649 (the first query's position) is "
               "over the limit of 2147483648");
  EXPECT_TRUE(multi_head(K6, K6, V6, 1, nullptr, 1.0, nullptr, &edge).ok());
  // a rotated value past float64: (1.5e308, −1.5e308) at position 1 turns to ±2.07e308
  Matrix big(2, 2, 0.0);
  big(1, 0) = 1.5e308;
  big(1, 1) = -1.5e308;
  expect_error(
      multi_head(big, Matrix(2, 2, 0.0), Matrix(2, 2, 1.0), 1, nullptr, 1.0, nullptr, &rope).status,
      "non_finite_result",
      "multi_head: rope turns head 0 of Q past float64 (a rotated value overflows): "
      "scale Q down below 1e307");
  expect_error(
      multi_head(Matrix(2, 2, 0.0), big, Matrix(2, 2, 1.0), 1, nullptr, 1.0, nullptr, &rope).status,
      "non_finite_result",
      "multi_head: rope turns head 0 of K past float64 (a rotated value overflows): "
      "scale K down below 1e307");
  // the earlier checks come first: h, the bias, eps
  expect_error(multi_head(Q6, K6, V6, 0, nullptr, 1.0, nullptr, &rope).status, "invalid_argument",
               "multi_head: h = 0: it needs at least one head");
  expect_error(block(Matrix(3, 4, 0.5), 2, nullptr, BlockOptions{-1.0, &rope, true}).status,
               "invalid_argument", "block: eps = -1.000000 must be a finite number ≥ 0");
}

}  // namespace
}  // namespace ap
