// multi_head_test.cpp — h = 1 is attention, h heads are h attentions on
// column slices scaled by τ·√(d/h), and the divisibility and temperature rules.
#include "multi_head.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "attention.h"
#include "mask.h"
#include "test_util.h"

namespace ap {
namespace {

using test::column_slice;
using test::Contains;
using test::MatrixIdentical;
using test::MatrixNear;
using test::random_matrix;

TEST(MultiHead, OneHeadIsAttentionBitForBit) {
  Rng rng(21);
  for (int trial = 0; trial < 10; ++trial) {
    const std::size_t n_q = test::random_between(rng, 1, 9), n_k = test::random_between(rng, 1, 9);
    const std::size_t d = test::random_between(rng, 1, 16), d_v = test::random_between(rng, 1, 16);
    const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng);
    const Matrix V = random_matrix(n_k, d_v, rng);
    const Mask mask = causal_mask(n_q, n_k).value;
    const Mask* m = trial % 2 ? &mask : nullptr;
    auto mh = multi_head(Q, K, V, 1, m);
    auto a = attention(Q, K, V, m);
    ASSERT_TRUE(mh.ok()) << mh.status.message;
    ASSERT_TRUE(a.ok());
    ASSERT_EQ(mh.value.weights.size(), 1u);
    SCOPED_TRACE("trial " + std::to_string(trial));
    EXPECT_TRUE(MatrixIdentical(mh.value.out, a.value.out));
    EXPECT_TRUE(MatrixIdentical(mh.value.weights[0], a.value.weights));
  }
}

TEST(MultiHead, TwoHeadsAreAttentionOnColumnSlices) {
  Rng rng(22);
  const std::size_t n_q = 5, n_k = 6, d = 8, d_v = 6, h = 2;
  const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng);
  const Matrix V = random_matrix(n_k, d_v, rng);
  auto mh = multi_head(Q, K, V, h);
  ASSERT_TRUE(mh.ok()) << mh.status.message;
  ASSERT_EQ(mh.value.weights.size(), h);
  for (std::size_t t = 0; t < h; ++t) {
    // head t: Q, K columns [4t, 4t + 4), V columns [3t, 3t + 3); attention scales by √4
    auto a =
        attention(column_slice(Q, t * 4, 4), column_slice(K, t * 4, 4), column_slice(V, t * 3, 3));
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(MatrixNear(mh.value.weights[t], a.value.weights, 1e-12)) << "head " << t;
    EXPECT_TRUE(MatrixNear(column_slice(mh.value.out, t * 3, 3), a.value.out, 1e-12))
        << "head " << t;
  }
}

TEST(MultiHead, HeadsScaleByTheirOwnWidth) {
  // Head 0 of h = 2 with d = 8: scores divided by √4 = 2, not by √8.
  Rng rng(23);
  const Matrix Q = random_matrix(3, 8, rng), K = random_matrix(4, 8, rng),
               V = random_matrix(4, 8, rng);
  auto mh = multi_head(Q, K, V, 2);
  ASSERT_TRUE(mh.ok());
  for (double divisor : {2.0, std::sqrt(8.0)}) {
    Matrix w(3, 4);  // (n_q, n_k)
    for (std::size_t i = 0; i < 3; ++i) {
      double sum = 0.0;
      for (std::size_t j = 0; j < 4; ++j) {
        double dot = 0.0;
        for (std::size_t c = 0; c < 4; ++c) dot += Q(i, c) * K(j, c);
        w(i, j) = std::exp(dot / divisor);
        sum += w(i, j);
      }
      for (std::size_t j = 0; j < 4; ++j) w(i, j) /= sum;
    }
    if (divisor == 2.0) {
      EXPECT_TRUE(MatrixNear(mh.value.weights[0], w, 1e-13));
    } else {
      EXPECT_GT(test::max_abs_diff(mh.value.weights[0], w), 1e-6);
    }
  }
}

TEST(MultiHead, ManyHeadsWithMaskMatchSlices) {
  Rng rng(24);
  const std::size_t n = 6, d = 12, h = 4;
  const Matrix X = random_matrix(n, d, rng, 4.0);
  const Mask mask = causal_mask(n).value;
  auto mh = multi_head(X, X, X, h, &mask);
  ASSERT_TRUE(mh.ok());
  ASSERT_EQ(mh.value.weights.size(), h);
  for (std::size_t t = 0; t < h; ++t) {
    const Matrix Xt = column_slice(X, t * 3, 3);
    auto a = attention(Xt, Xt, Xt, &mask);
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(MatrixNear(mh.value.weights[t], a.value.weights, 1e-12)) << "head " << t;
    EXPECT_TRUE(MatrixNear(column_slice(mh.value.out, t * 3, 3), a.value.out, 1e-12));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) EXPECT_EQ(mh.value.weights[t](i, j), 0.0);
  }
}

TEST(MultiHead, HeadsDiffer) {
  // Sanity check that the heads really read different slices.
  Rng rng(25);
  const Matrix X = random_matrix(5, 8, rng);
  auto mh = multi_head(X, X, X, 2);
  ASSERT_TRUE(mh.ok());
  EXPECT_GT(test::max_abs_diff(mh.value.weights[0], mh.value.weights[1]), 1e-6);
}

TEST(MultiHead, OutputShape) {
  Rng rng(26);
  const std::size_t n_q = 3, n_k = 7, d = 6, d_v = 9, h = 3;
  const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng);
  const Matrix V = random_matrix(n_k, d_v, rng);
  auto mh = multi_head(Q, K, V, h);
  ASSERT_TRUE(mh.ok()) << mh.status.message;
  EXPECT_EQ(mh.value.out.rows, n_q);
  EXPECT_EQ(mh.value.out.cols, d_v);
  EXPECT_EQ(mh.value.out.data.size(), n_q * d_v);
  ASSERT_EQ(mh.value.weights.size(), h);
  for (const Matrix& w : mh.value.weights) {
    EXPECT_EQ(w.rows, n_q);
    EXPECT_EQ(w.cols, n_k);
    for (std::size_t i = 0; i < n_q; ++i)
      EXPECT_NEAR(std::accumulate(w.row(i), w.row(i) + n_k, 0.0), 1.0, 1e-12);
  }
}

TEST(MultiHead, SelfAttentionKeepsTheInputShape) {
  Rng rng(27);
  const Matrix X = random_matrix(4, 8, rng);
  for (std::size_t h : {1u, 2u, 4u, 8u}) {
    auto mh = multi_head(X, X, X, h);
    ASSERT_TRUE(mh.ok()) << "h " << h;
    EXPECT_EQ(mh.value.out.rows, X.rows);
    EXPECT_EQ(mh.value.out.cols, X.cols);
  }
}

TEST(MultiHeadTemperature, EveryHeadIsAttentionAtTheSameTau) {
  Rng rng(29);
  const std::size_t h = 2;
  const Matrix Q = random_matrix(5, 8, rng), K = random_matrix(6, 8, rng);
  const Matrix V = random_matrix(6, 6, rng);
  const Mask mask = causal_mask(5, 6).value;
  for (double tau : {0.05, 0.5, 1.0, 2.0, 20.0}) {
    SCOPED_TRACE(tau);
    auto mh = multi_head(Q, K, V, h, &mask, tau);
    ASSERT_TRUE(mh.ok()) << mh.status.message;
    for (std::size_t t = 0; t < h; ++t) {
      auto a = attention(column_slice(Q, t * 4, 4), column_slice(K, t * 4, 4),
                         column_slice(V, t * 3, 3), &mask, {true, tau});
      ASSERT_TRUE(a.ok());
      EXPECT_TRUE(MatrixIdentical(mh.value.weights[t], a.value.weights)) << "head " << t;
      for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t c = 0; c < 3; ++c)
          EXPECT_EQ(mh.value.out(i, t * 3 + c), a.value.out(i, c));
    }
  }
}

TEST(MultiHeadTemperature, OneIsTheDefaultAndH1IsAttention) {
  Rng rng(30);
  const Matrix X = random_matrix(4, 6, rng);
  auto plain = multi_head(X, X, X, 3), one = multi_head(X, X, X, 3, nullptr, 1.0);
  ASSERT_TRUE(plain.ok() && one.ok());
  EXPECT_TRUE(MatrixIdentical(one.value.out, plain.value.out));
  for (std::size_t t = 0; t < 3; ++t)
    EXPECT_TRUE(MatrixIdentical(one.value.weights[t], plain.value.weights[t]));
  auto mh = multi_head(X, X, X, 1, nullptr, 0.3);
  auto a = attention(X, X, X, nullptr, {true, 0.3});
  ASSERT_TRUE(mh.ok() && a.ok());
  EXPECT_TRUE(MatrixIdentical(mh.value.out, a.value.out));
  EXPECT_TRUE(MatrixIdentical(mh.value.weights[0], a.value.weights));
}

TEST(MultiHeadErrors, TemperatureMustBeAFiniteNumberAboveZero) {
  const Matrix X(4, 8, 1.0);
  for (double tau : {0.0, -2.0, std::nan(""), static_cast<double>(INFINITY)}) {
    auto r = multi_head(X, X, X, 2, nullptr, tau);
    EXPECT_EQ(r.status.code, "invalid_argument");
    EXPECT_TRUE(Contains(r.status.message, "multi_head: temperature = ")) << r.status.message;
    EXPECT_TRUE(Contains(r.status.message, " must be a finite number > 0"));
  }
  EXPECT_EQ(multi_head(X, X, X, 2, nullptr, -2.0).status.message,
            "multi_head: temperature = -2 must be a finite number > 0");
  EXPECT_TRUE(multi_head(X, X, X, 2, nullptr, 1e-3).ok());
}

TEST(MultiHeadErrors, HMustDivideD) {
  const Matrix X(4, 8, 1.0);
  auto r = multi_head(X, X, X, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "divisibility");
  EXPECT_TRUE(Contains(r.status.message, "multi_head: h = 3 does not divide d = 8"));
}

TEST(MultiHeadErrors, HMustDivideDv) {
  const Matrix Q(4, 6, 1.0), V(4, 4, 1.0);
  auto r = multi_head(Q, Q, V, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "divisibility");
  EXPECT_TRUE(Contains(r.status.message, "multi_head: h = 3 does not divide d_v = 4"));
}

TEST(MultiHeadErrors, ZeroHeads) {
  const Matrix X(4, 8, 1.0);
  auto r = multi_head(X, X, X, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(r.status.message, "multi_head: h = 0"));
}

TEST(MultiHeadErrors, TooManyHeads) {
  const Matrix X(2, 512, 1.0);
  auto r = multi_head(X, X, X, 512);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "multi_head: h = 512"));
  EXPECT_TRUE(multi_head(X, X, X, 256).ok());
}

TEST(MultiHeadErrors, ShapeErrorsNameMultiHead) {
  const Matrix Q(3, 4, 1.0), K(3, 2, 1.0);
  auto r = multi_head(Q, K, K, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "multi_head: Q is (3, 4) but K is (3, 2)"));
  const Mask wrong(2, 3);
  auto m = multi_head(Q, Q, Q, 2, &wrong);
  EXPECT_EQ(m.status.code, "shape");
  EXPECT_TRUE(Contains(m.status.message, "multi_head: mask is (2, 3)"));
  auto e = multi_head(Matrix(), Q, Q, 2);
  EXPECT_EQ(e.status.code, "empty");
  EXPECT_TRUE(Contains(e.status.message, "multi_head"));
}

}  // namespace
}  // namespace ap
