// bias_test.cpp — attention and multi_head with an additive bias:
// logits = Q·Kᵀ / (τ·√d_k) + bias, then hidden keys −∞. Golden values from
// tests/golden/bias.json (scripts/make_golden.py make_bias, PyTorch float64).
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention.h"
#include "attention_fast.h"
#include "mask.h"
#include "multi_head.h"
#include "positions_golden.h"
#include "test_util.h"

namespace ap {
namespace {

using test::golden_mask;
using test::golden_matrix;
using test::golden_tensor;
using test::MatrixNear;
using test::random_matrix;

std::vector<nlohmann::json> bias_cases(const std::string& op) {
  return test::golden_cases("bias.json", op);
}

bool identical(const Matrix& a, const Matrix& b) {
  return a.data.size() == b.data.size() &&
         std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(double)) == 0;
}

TEST(Bias, AttentionMatchesGolden) {
  for (const nlohmann::json& c : bias_cases("attention")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix Q = golden_matrix(c["Q"]), K = golden_matrix(c["K"]), V = golden_matrix(c["V"]);
    const Matrix B = golden_matrix(c["bias"]);
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    const AttentionOptions o{c["scale"].get<bool>(), c["temperature"].get<double>(), &B};
    auto r = attention(Q, K, V, mp, o);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.weights, golden_matrix(c["weights"]), 1e-12));
    EXPECT_TRUE(MatrixNear(r.value.out, golden_matrix(c["out"]), 1e-12));
    const AttentionResult ref = attention_reference(Q, K, V, mp, o);
    EXPECT_TRUE(MatrixNear(ref.weights, golden_matrix(c["weights"]), 1e-12));
    auto s = attention_steps(Q, K, V, mp, o);
    ASSERT_TRUE(s.ok()) << s.status.message;
    EXPECT_TRUE(identical(s.value.weights, r.value.weights));
    // the scaled step includes the bias
    const double f = score_factor(Q.cols, o);
    for (std::size_t k = 0; k < B.data.size(); ++k)
      EXPECT_EQ(s.value.scaled.data[k],
                (s.value.scores.data[k] != 0.0 ? s.value.scores.data[k] * f : 0.0) + B.data[k]);
  }
}

TEST(Bias, MultiHeadMatchesGoldenAndEachHeadIsAttentionOnItsSlice) {
  for (const nlohmann::json& c : bias_cases("multi_head")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix Q = golden_matrix(c["Q"]), K = golden_matrix(c["K"]), V = golden_matrix(c["V"]);
    const Tensor3 B = golden_tensor(c["bias"]);
    const std::size_t h = c["h"].get<std::size_t>();
    Mask m;
    if (!c["mask"].is_null()) m = golden_mask(c["mask"]);
    const Mask* mp = c["mask"].is_null() ? nullptr : &m;
    const double tau = c["temperature"].get<double>();
    auto r = multi_head(Q, K, V, h, mp, tau, &B);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.out, golden_matrix(c["out"]), 1e-12));
    for (std::size_t t = 0; t < h; ++t) {
      EXPECT_TRUE(MatrixNear(r.value.weights[t], golden_matrix(c["weights"][t]), 1e-12));
      const std::size_t dh = Q.cols / h, dvh = V.cols / h;
      const Matrix Bt(Q.rows, K.rows,
                      std::vector<double>(B.matrix(t), B.matrix(t) + Q.rows * K.rows));
      auto a = attention(test::column_slice(Q, t * dh, dh), test::column_slice(K, t * dh, dh),
                         test::column_slice(V, t * dvh, dvh), mp, AttentionOptions{true, tau, &Bt});
      ASSERT_TRUE(a.ok());
      EXPECT_TRUE(identical(a.value.weights, r.value.weights[t]));
      EXPECT_TRUE(identical(a.value.out, test::column_slice(r.value.out, t * dvh, dvh)));
    }
  }
}

TEST(Bias, ZeroBiasIsNoBiasBitForBit) {
  Rng rng(7);
  for (std::size_t n : {1, 3, 5, 9, 17}) {
    const Matrix Q = random_matrix(n, 6, rng), K = random_matrix(n + 2, 6, rng),
                 V = random_matrix(n + 2, 5, rng);
    const Matrix Z(n, n + 2, 0.0);
    auto c = causal_mask(n, n + 2).value;
    for (const Mask* mp : {static_cast<const Mask*>(nullptr), static_cast<const Mask*>(&c)}) {
      auto a = attention(Q, K, V, mp, AttentionOptions{true, 0.7});
      auto b = attention(Q, K, V, mp, AttentionOptions{true, 0.7, &Z});
      ASSERT_TRUE(a.ok() && b.ok());
      EXPECT_TRUE(identical(a.value.weights, b.value.weights));
      EXPECT_TRUE(identical(a.value.out, b.value.out));
      const AttentionResult ra = attention_reference(Q, K, V, mp, AttentionOptions{true, 0.7});
      const AttentionResult rb = attention_reference(Q, K, V, mp, AttentionOptions{true, 0.7, &Z});
      EXPECT_TRUE(identical(ra.weights, rb.weights));
    }
  }
  const Matrix X = random_matrix(4, 8, rng);
  const Tensor3 Z(2, 4, 4, 0.0);
  auto a = multi_head(X, X, X, 2), b = multi_head(X, X, X, 2, nullptr, 1.0, &Z);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(identical(a.value.out, b.value.out));
}

TEST(Bias, NeverUnmasks) {
  Rng rng(3);
  const Matrix Q = random_matrix(6, 4, rng), K = random_matrix(6, 4, rng),
               V = random_matrix(6, 3, rng);
  const Mask c = causal_mask(6).value;
  Matrix B(6, 6, 0.0);
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = i + 1; j < 6; ++j) B(i, j) = 1e300;  // huge on every hidden key
  auto r = attention(Q, K, V, &c, AttentionOptions{true, 1.0, &B});
  ASSERT_TRUE(r.ok());
  auto plain = attention(Q, K, V, &c);
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = i + 1; j < 6; ++j) EXPECT_EQ(r.value.weights(i, j), 0.0);
  EXPECT_TRUE(MatrixNear(r.value.weights, plain.value.weights, 1e-15));
  auto s = attention_steps(Q, K, V, &c, AttentionOptions{true, 1.0, &B});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value.masked(0, 5), -std::numeric_limits<double>::infinity());
}

TEST(Bias, HugeBiasStaysFinite) {
  // bias near DBL_MAX: the kernel hands over to the wide path, no NaN
  const Matrix Q(2, 2, 1.0), K(3, 2, 1.0), V{3, 1, {1.0, 2.0, 3.0}};
  const Matrix B{2, 3, {1e308, -1e308, 0.0, -1.7e308, 1.7e308, 1.7e308}};
  auto r = attention(Q, K, V, nullptr, AttentionOptions{true, 1.0, &B});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.weights(0, 0), 1.0);
  EXPECT_EQ(r.value.weights(0, 1), 0.0);
  EXPECT_DOUBLE_EQ(r.value.weights(1, 1), 0.5);
  EXPECT_DOUBLE_EQ(r.value.out(1, 0), 2.5);
  // a huge score (small τ) plus a huge opposite bias
  const Matrix Qb(1, 1, 1e154), Kb{2, 1, {1e154, 1.0}}, Vb{2, 1, {1.0, 2.0}};
  const Matrix Bb{1, 2, {-1.7e308, 1.7e308}};
  auto w = attention(Qb, Kb, Vb, nullptr, AttentionOptions{false, 0.5, &Bb});
  ASSERT_TRUE(w.ok());
  for (double x : w.value.weights.data) EXPECT_TRUE(std::isfinite(x));
  // logits 2e308 − 1.7e308 = 3e307 and 2e154 + 1.7e308 ≈ 1.7e308: the second key takes it all
  EXPECT_EQ(w.value.weights(0, 0), 0.0);
  EXPECT_EQ(w.value.weights(0, 1), 1.0);
}

TEST(Bias, Errors) {
  const Matrix Q(2, 3, 1.0), K(4, 3, 1.0), V(4, 2, 1.0);
  const Matrix wrong(4, 2, 0.0);
  auto r = attention(Q, K, V, nullptr, AttentionOptions{true, 1.0, &wrong});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_EQ(r.status.message,
            "attention: bias is (4, 2) but the scores are (2, 4): the bias needs one row per query "
            "and one column per key");
  Matrix nan(2, 4, 0.0);
  nan(1, 2) = std::numeric_limits<double>::quiet_NaN();
  auto n = attention_steps(Q, K, V, nullptr, AttentionOptions{true, 1.0, &nan});
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.status.code, "non_finite");
  EXPECT_EQ(n.status.message, "attention: bias[1][2] is NaN: every value must be a finite number");
  const Tensor3 heads(3, 2, 4, 0.0);
  auto m =
      multi_head(Matrix(2, 4, 1.0), Matrix(4, 4, 1.0), Matrix(4, 2, 1.0), 2, nullptr, 1.0, &heads);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status.code, "shape");
  EXPECT_EQ(m.status.message,
            "multi_head: bias is (3, 2, 4) but it must be (h, n_q, n_k) = (2, 2, 4): one (n_q, "
            "n_k) matrix per head");
  Tensor3 inf(2, 2, 4, 0.0);
  inf.data[9] = std::numeric_limits<double>::infinity();
  auto mi =
      multi_head(Matrix(2, 4, 1.0), Matrix(4, 4, 1.0), Matrix(4, 2, 1.0), 2, nullptr, 1.0, &inf);
  ASSERT_FALSE(mi.ok());
  EXPECT_EQ(mi.status.code, "non_finite");
  EXPECT_EQ(mi.status.message,
            "multi_head: bias[1][0][1] is Infinity: every value must be a finite number");
  // steps: a finite bias that takes a scaled score beyond float64
  const Matrix one(1, 1, 1e154), big(1, 1, 1.7e308);
  auto o = attention_steps(one, one, one, nullptr, AttentionOptions{false, 1.0, &big});
  ASSERT_FALSE(o.ok());
  EXPECT_EQ(o.status.code, "non_finite_result");
  EXPECT_NE(o.status.message.find("plus bias[0][0]"), std::string::npos) << o.status.message;
}

}  // namespace
}  // namespace ap
