// block_test.cpp — the pre-LN block out = X + multi_head(LN(X), LN(X), LN(X), h).
#include "block.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "layer_norm.h"
#include "mask.h"
#include "multi_head.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::MatrixNear;
using test::random_matrix;

// LN applied to every row through the public, checked layer_norm.
Matrix normalise_rows(const Matrix& X, double eps) {
  Matrix N(X.rows, X.cols);  // (n, d)
  for (std::size_t i = 0; i < X.rows; ++i) {
    auto r = layer_norm(std::vector<double>(X.row(i), X.row(i) + X.cols), eps);
    EXPECT_TRUE(r.ok());
    for (std::size_t c = 0; c < X.cols; ++c) N(i, c) = r.value[c];
  }
  return N;
}

TEST(Block, EqualsXPlusMultiHeadOfLayerNorm) {
  Rng rng(41);
  for (std::size_t h : {1u, 2u, 4u}) {
    const std::size_t n = 6, d = 8;
    const Matrix X = random_matrix(n, d, rng, 3.0);
    const Mask mask = causal_mask(n).value;
    for (const Mask* m : {static_cast<const Mask*>(nullptr), &mask}) {
      auto b = block(X, h, m);
      ASSERT_TRUE(b.ok()) << b.status.message;
      // recompute by hand: LN row by row, multi_head on it, add X back
      const Matrix N = normalise_rows(X, 1e-5);
      auto mh = multi_head(N, N, N, h, m);
      ASSERT_TRUE(mh.ok());
      Matrix expected = X;
      for (std::size_t k = 0; k < expected.data.size(); ++k)
        expected.data[k] += mh.value.out.data[k];
      SCOPED_TRACE("h = " + std::to_string(h) + (m ? ", causal" : ", no mask"));
      EXPECT_TRUE(MatrixNear(b.value.normed, N, 1e-14));
      EXPECT_TRUE(MatrixNear(b.value.attended, mh.value.out, 1e-12));
      EXPECT_TRUE(MatrixNear(b.value.out, expected, 1e-12));
      ASSERT_EQ(b.value.weights.size(), h);
      for (std::size_t t = 0; t < h; ++t)
        EXPECT_TRUE(MatrixNear(b.value.weights[t], mh.value.weights[t], 1e-12));
    }
  }
}

TEST(Block, Shapes) {
  Rng rng(42);
  const std::size_t n = 5, d = 12, h = 3;
  auto b = block(random_matrix(n, d, rng), h);
  ASSERT_TRUE(b.ok()) << b.status.message;
  for (const Matrix* m : {&b.value.normed, &b.value.attended, &b.value.out}) {
    EXPECT_EQ(m->rows, n);
    EXPECT_EQ(m->cols, d);
    EXPECT_EQ(m->data.size(), n * d);
  }
  ASSERT_EQ(b.value.weights.size(), h);
  for (const Matrix& w : b.value.weights) {
    EXPECT_EQ(w.rows, n);
    EXPECT_EQ(w.cols, n);
  }
}

TEST(Block, ResidualIsOutMinusX) {
  Rng rng(43);
  const Matrix X = random_matrix(7, 8, rng, 5.0);
  auto b = block(X, 2);
  ASSERT_TRUE(b.ok());
  Matrix diff = b.value.out;
  for (std::size_t k = 0; k < diff.data.size(); ++k) diff.data[k] -= X.data[k];
  EXPECT_TRUE(MatrixNear(b.value.attended, diff, 1e-12));
  // the residual really is there: out differs from attended by X
  EXPECT_GT(test::max_abs_diff(b.value.out, b.value.attended), 1.0);
}

TEST(Block, NormedRowsHaveMeanZero) {
  Rng rng(44);
  Matrix X = random_matrix(4, 16, rng);
  for (double& x : X.data) x = 10.0 * x + 50.0;
  auto b = block(X, 4);
  ASSERT_TRUE(b.ok());
  for (std::size_t i = 0; i < 4; ++i) {
    double s = 0.0;
    for (std::size_t c = 0; c < 16; ++c) s += b.value.normed(i, c);
    EXPECT_NEAR(s / 16.0, 0.0, 1e-12);
  }
}

TEST(Block, CausalFirstRowAttendsOnlyToItself) {
  // query 0 sees only key 0, so attended row 0 = LN(X) row 0
  Rng rng(45);
  const Matrix X = random_matrix(5, 8, rng);
  const Mask mask = causal_mask(5).value;
  auto b = block(X, 2, &mask);
  ASSERT_TRUE(b.ok());
  for (std::size_t c = 0; c < 8; ++c) {
    EXPECT_NEAR(b.value.attended(0, c), b.value.normed(0, c), 1e-15);
    EXPECT_NEAR(b.value.out(0, c), X(0, c) + b.value.normed(0, c), 1e-15);
  }
  for (const Matrix& w : b.value.weights)
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = i + 1; j < 5; ++j) EXPECT_EQ(w(i, j), 0.0);
}

TEST(Block, EpsIsPassedToLayerNorm) {
  Rng rng(46);
  const Matrix X = random_matrix(3, 4, rng, 0.01);  // small variance: eps matters
  auto a = block(X, 1, nullptr, 1e-5);
  auto b = block(X, 1, nullptr, 1e-1);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(MatrixNear(b.value.normed, normalise_rows(X, 1e-1), 1e-14));
  EXPECT_GT(test::max_abs_diff(a.value.normed, b.value.normed), 1e-2);
}

TEST(Block, ConstantRowsStayFiniteEvenWithZeroEps) {
  Matrix X(3, 4, 2.5);  // every row constant: LN gives 0s, attention averages 0s
  X(1, 0) = X(1, 1) = X(1, 2) = X(1, 3) = -1.0;
  for (double eps : {1e-5, 0.0}) {
    auto b = block(X, 2, nullptr, eps);
    ASSERT_TRUE(b.ok()) << b.status.message;
    for (double x : b.value.normed.data) EXPECT_EQ(x, 0.0) << "eps " << eps;
    EXPECT_TRUE(MatrixNear(b.value.out, X, 0.0)) << "eps " << eps;
  }
}

TEST(BlockErrors, HMustDivideD) {
  const Matrix X(4, 8, 1.0);
  auto r = block(X, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "divisibility");
  EXPECT_EQ(r.status.message, "block: h = 3 does not divide d = 8 (the width of X)");
}

TEST(BlockErrors, ZeroHeads) {
  auto r = block(Matrix(4, 8, 1.0), 0);
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(r.status.message, "block: h = 0"));
}

TEST(BlockErrors, WrongMaskShape) {
  const Mask mask(3, 3);
  auto r = block(Matrix(4, 8, 1.0), 2, &mask);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "block: mask is (3, 3) but the scores are (4, 4)"));
}

TEST(BlockErrors, EmptyX) {
  auto r = block(Matrix(0, 8), 2);
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "block: X is empty (0, 8)"));
}

TEST(BlockErrors, NonFiniteXIsReportedAsX) {
  Matrix X(3, 4, 1.0);
  X(2, 1) = std::numeric_limits<double>::quiet_NaN();
  auto r = block(X, 2);
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "block: X[2][1] is NaN"));
}

TEST(BlockErrors, NegativeEps) {
  auto r = block(Matrix(2, 4, 1.0), 2, nullptr, -1.0);
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(r.status.message, "block: eps"));
}

}  // namespace
}  // namespace ap
