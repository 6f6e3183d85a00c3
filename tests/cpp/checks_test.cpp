// checks_test.cpp — the shared validation: shape strings and message formats.
#include "checks.h"

#include <gtest/gtest.h>

#include <limits>

#include "size_limits.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(ShapeStr, TwoAndThreeDimensions) {
  EXPECT_EQ(shape_str(3, 4), "(3, 4)");
  EXPECT_EQ(shape_str(0, 0), "(0, 0)");
  EXPECT_EQ(shape_str(4096, 1), "(4096, 1)");
  EXPECT_EQ(shape_str(10, 2, 128), "(10, 2, 128)");
}

TEST(Status, OkAndError) {
  const Status ok = Status::Ok();
  EXPECT_TRUE(ok.ok());
  EXPECT_TRUE(ok.code.empty());
  EXPECT_TRUE(ok.message.empty());
  const Status bad = Status::Error("shape", "f: x");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.code, "shape");
  EXPECT_EQ(bad.message, "f: x");
  EXPECT_FALSE(Result<int>::Fail(bad).ok());
}

TEST(CheckMatrix, AcceptsAFiniteMatrix) {
  EXPECT_TRUE(check_matrix("f", "A", Matrix(2, 3, 0.5)).ok());
  EXPECT_TRUE(check_matrix("f", "A", Matrix(kMaxRows, 1)).ok());
}

TEST(CheckMatrix, NonFinitePositionIsReported) {
  Matrix Q(2, 4, 1.0);
  Q(1, 2) = kNaN;
  const Status s = check_matrix("attention", "Q", Q);
  EXPECT_EQ(s.code, "non_finite");
  EXPECT_EQ(s.message, "attention: Q[1][2] is NaN: every value must be a finite number");
}

TEST(CheckMatrix, FirstNonFiniteInRowMajorOrderWins) {
  Matrix Q(3, 3, 1.0);
  Q(2, 0) = kNaN;
  Q(1, 2) = kInf;
  Q(1, 1) = -kInf;
  EXPECT_TRUE(Contains(check_matrix("f", "Q", Q).message, "f: Q[1][1] is -Infinity"));
  Q(1, 1) = 0.0;
  EXPECT_TRUE(Contains(check_matrix("f", "Q", Q).message, "f: Q[1][2] is Infinity"));
}

TEST(CheckMatrix, Empty) {
  const Status s = check_matrix("f", "K", Matrix(0, 5));
  EXPECT_EQ(s.code, "empty");
  EXPECT_TRUE(Contains(s.message, "f: K is empty (0, 5)"));
  EXPECT_EQ(check_matrix("f", "K", Matrix(5, 0)).code, "empty");
}

TEST(CheckMatrix, DataSizeMustMatchShape) {
  Matrix m(2, 3);
  m.data.resize(5);
  const Status s = check_matrix("f", "M", m);
  EXPECT_EQ(s.code, "shape");
  EXPECT_EQ(s.message, "f: M has 5 values but its shape (2, 3) needs 6");
}

TEST(CheckMatrix, TooLarge) {
  const Status s = check_matrix("f", "M", Matrix(kMaxRows + 1, 1));
  EXPECT_EQ(s.code, "too_large");
  EXPECT_TRUE(Contains(s.message, "f: M is (4097, 1)"));
  EXPECT_EQ(check_matrix("f", "M", Matrix(1, kMaxCols + 1)).code, "too_large");
}

TEST(CheckTensor, NonFinitePositionIsReported) {
  Tensor3 t(2, 3, 4, 1.0);
  t.data[(1 * 3 + 0) * 4 + 2] = kNaN;
  const Status s = check_tensor("g", "q", t);
  EXPECT_EQ(s.code, "non_finite");
  EXPECT_TRUE(Contains(s.message, "g: q[1][0][2] is NaN"));
}

TEST(CheckTensor, EmptyShapeAndLimits) {
  EXPECT_TRUE(check_tensor("g", "q", Tensor3(1, 1, 1)).ok());
  const Status e = check_tensor("g", "q", Tensor3(2, 0, 4));
  EXPECT_EQ(e.code, "empty");
  EXPECT_TRUE(Contains(e.message, "g: q is empty (2, 0, 4)"));
  Tensor3 t(2, 2, 2);
  t.data.pop_back();
  const Status s = check_tensor("g", "k", t);
  EXPECT_EQ(s.code, "shape");
  EXPECT_TRUE(Contains(s.message, "k has 7 values but its shape (2, 2, 2) needs 8"));
  EXPECT_EQ(check_tensor("g", "v", Tensor3(kMaxBatch + 1, 1, 1)).code, "too_large");
}

TEST(CheckVector, Messages) {
  EXPECT_TRUE(check_vector("softmax", "xs", {1.0}).ok());
  const Status e = check_vector("softmax", "xs", {});
  EXPECT_EQ(e.code, "empty");
  EXPECT_TRUE(Contains(e.message, "softmax: xs is empty"));
  const Status n = check_vector("softmax", "xs", {0.0, 1.0, 2.0, -kInf});
  EXPECT_EQ(n.code, "non_finite");
  EXPECT_TRUE(Contains(n.message, "softmax: xs[3] is -Infinity"));
}

TEST(CheckMask, NullMeansNoMask) { EXPECT_TRUE(check_mask("f", nullptr, 3, 5).ok()); }

TEST(CheckMask, ShapeMustMatchScores) {
  const Mask right(3, 5), wrong(5, 3);
  EXPECT_TRUE(check_mask("f", &right, 3, 5).ok());
  const Status s = check_mask("f", &wrong, 3, 5);
  EXPECT_EQ(s.code, "shape");
  EXPECT_TRUE(Contains(s.message, "f: mask is (5, 3) but the scores are (3, 5)"));
  Mask short_data(3, 5);
  short_data.data.resize(14);
  EXPECT_EQ(check_mask("f", &short_data, 3, 5).code, "shape");
}

TEST(CheckQkv, ChecksInOrderAndNamesShapes) {
  const Matrix Q(3, 4, 1.0), K(3, 4, 1.0), V(3, 2, 1.0);
  EXPECT_TRUE(check_qkv("f", Q, K, V, nullptr).ok());
  // every matrix is validated before the cross-shape rules
  Matrix Kbad = K;
  Kbad(0, 0) = kNaN;
  EXPECT_TRUE(
      Contains(check_qkv("f", Q, Kbad, Matrix(1, 1, 1.0), nullptr).message, "K[0][0] is NaN"));
  const Status qk = check_qkv("f", Q, Matrix(3, 2, 1.0), V, nullptr);
  EXPECT_EQ(qk.message,
            "f: Q is (3, 4) but K is (3, 2): Q and K must have the same number of columns (d_k)");
  const Status kv = check_qkv("f", Q, K, Matrix(2, 2, 1.0), nullptr);
  EXPECT_TRUE(Contains(kv.message, "f: K is (3, 4) but V is (2, 2)"));
  const Mask wrong(3, 2);
  EXPECT_TRUE(Contains(check_qkv("f", Q, K, V, &wrong).message, "mask is (3, 2)"));
}

}  // namespace
}  // namespace ap
