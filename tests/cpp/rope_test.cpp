// rope_test.cpp — RoPE (cpp/rope.h) against PyTorch float64 (Hugging Face's
// rotate_half form and the complex form), and its defining properties:
// rotations keep norms, (R_p q)·(R_s k) depends only on p − s, an offset shifts.
#include "rope.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "positions_golden.h"
#include "random.h"
#include "test_util.h"

namespace {

using ap::Matrix;
using ap::Pairing;
using ap::RopeOptions;

constexpr double kTol = 1e-12;

Pairing pairing_of(const std::string& s) {
  return s == "half" ? Pairing::half : Pairing::interleaved;
}

double dot(const double* a, const double* b, std::size_t d) {
  double s = 0.0;
  for (std::size_t c = 0; c < d; ++c) s += a[c] * b[c];
  return s;
}

// One row repeated n times: the same vector at every position.
Matrix repeated(const Matrix& row, std::size_t n) {
  Matrix M(n, row.cols);  // (n, d)
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < row.cols; ++c) M(r, c) = row(0, c);
  return M;
}

TEST(Rope, GoldenBothPairings) {
  std::size_t checked = 0;
  for (const auto& c : ap::test::position_cases("rope")) {
    const RopeOptions o{c.at("base").get<double>(), pairing_of(c.at("pairing")),
                        c.at("offset").get<double>()};
    auto r = ap::rope(ap::test::golden_matrix(c.at("X")), o);
    ASSERT_TRUE(r.ok()) << c.at("name") << ": " << r.status.message;
    const Matrix want = ap::test::golden_matrix(c.at("out"));
    EXPECT_EQ(r.value.rows, want.rows);
    EXPECT_LE(ap::test::max_abs_diff(r.value.data, want.data), kTol) << c.at("name");
    ++checked;
  }
  EXPECT_GE(checked, 26u);
}

TEST(Rope, PositionZeroIsTheIdentity) {
  ap::Rng rng(1);
  const Matrix X = ap::test::random_matrix(1, 8, rng);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    auto r = ap::rope(X, {10000.0, p, 0.0});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value.data, X.data);
  }
}

TEST(Rope, KeepsEveryRowsNorm) {
  ap::Rng rng(2);
  const Matrix X = ap::test::random_matrix(50, 64, rng);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    auto r = ap::rope(X, {10000.0, p, 1000.0});
    ASSERT_TRUE(r.ok());
    for (std::size_t i = 0; i < X.rows; ++i) {
      const double before = std::sqrt(dot(X.row(i), X.row(i), X.cols));
      const double after = std::sqrt(dot(r.value.row(i), r.value.row(i), X.cols));
      EXPECT_NEAR(after, before, 1e-12 * before) << "row " << i;
    }
  }
}

TEST(Rope, ScoreDependsOnlyOnThePositionDifference) {
  // q and k repeated at every position: (R_p q)·(R_s k) is a function of p − s
  ap::Rng rng(3);
  const std::size_t n = 24, d = 16;
  const Matrix q = ap::test::random_matrix(1, d, rng), k = ap::test::random_matrix(1, d, rng);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    auto rq = ap::rope(repeated(q, n), {10000.0, p, 0.0});
    auto rk = ap::rope(repeated(k, n), {10000.0, p, 0.0});
    ASSERT_TRUE(rq.ok() && rk.ok());
    double worst = 0.0;
    for (std::size_t i = 1; i < n; ++i)
      for (std::size_t j = 1; j < n; ++j) {
        // score(i, j) against score(i − 1, j − 1): one step along the diagonal
        const double a = dot(rq.value.row(i), rk.value.row(j), d);
        const double b = dot(rq.value.row(i - 1), rk.value.row(j - 1), d);
        worst = std::max(worst, std::fabs(a - b));
      }
    EXPECT_LT(worst, 1e-12);
    // and it does depend on it: the scores along a row differ
    EXPECT_GT(std::fabs(dot(rq.value.row(0), rk.value.row(0), d) -
                        dot(rq.value.row(0), rk.value.row(5), d)),
              1e-3);
  }
}

TEST(Rope, OffsetShiftsThePositions) {
  // rope(X, offset = 7) row r == rope of (7 zero-padded rows + X) at row 7 + r
  ap::Rng rng(4);
  const Matrix X = ap::test::random_matrix(5, 12, rng);
  Matrix padded(12, 12);  // (7 + 5, 12)
  for (std::size_t r = 0; r < 5; ++r)
    for (std::size_t c = 0; c < 12; ++c) padded(7 + r, c) = X(r, c);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    auto shifted = ap::rope(X, {500000.0, p, 7.0});
    auto whole = ap::rope(padded, {500000.0, p, 0.0});
    ASSERT_TRUE(shifted.ok() && whole.ok());
    for (std::size_t r = 0; r < 5; ++r)
      for (std::size_t c = 0; c < 12; ++c) EXPECT_EQ(shifted.value(r, c), whole.value(7 + r, c));
  }
}

TEST(Rope, HalfIsInterleavedOnReorderedColumns) {
  // columns (i, i + d/2) of the half form are columns (2i, 2i + 1) of the interleaved form
  ap::Rng rng(5);
  const std::size_t n = 6, d = 10, h = d / 2;
  const Matrix X = ap::test::random_matrix(n, d, rng);
  Matrix Xi(n, d);  // (n, d), interleaved order
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t i = 0; i < h; ++i) {
      Xi(r, 2 * i) = X(r, i);
      Xi(r, 2 * i + 1) = X(r, i + h);
    }
  auto a = ap::rope(X, {10000.0, Pairing::half, 3.0});
  auto b = ap::rope(Xi, {10000.0, Pairing::interleaved, 3.0});
  ASSERT_TRUE(a.ok() && b.ok());
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t i = 0; i < h; ++i) {
      EXPECT_EQ(a.value(r, i), b.value(r, 2 * i));
      EXPECT_EQ(a.value(r, i + h), b.value(r, 2 * i + 1));
    }
}

TEST(Rope, LargestOffsetIsAccepted) {
  auto r = ap::rope(Matrix(2, 4, 1.0), {10000.0, Pairing::half, ap::kMaxRopeOffset});
  ASSERT_TRUE(r.ok()) << r.status.message;
  for (double x : r.value.data) EXPECT_TRUE(std::isfinite(x));
}

void expect_error(const Matrix& X, const RopeOptions& o, const char* code, const char* words) {
  auto r = ap::rope(X, o);
  ASSERT_FALSE(r.ok()) << words;
  EXPECT_EQ(r.status.code, code) << r.status.message;
  EXPECT_NE(r.status.message.find("rope: "), std::string::npos) << r.status.message;
  EXPECT_NE(r.status.message.find(words), std::string::npos) << r.status.message;
}

TEST(Rope, Errors) {
  const Matrix X(3, 4, 0.5);
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expect_error(Matrix(3, 5, 0.5), {}, "divisibility", "d = 5 must be even");
  expect_error(Matrix(2, 1, 0.5), {}, "divisibility", "d = 1 must be even");
  expect_error(Matrix(), {}, "empty", "X");
  expect_error(Matrix(4097, 2, 0.5), {}, "too_large", "X");
  Matrix bad = X;
  bad(1, 2) = nan;
  expect_error(bad, {}, "non_finite", "X");
  expect_error(X, {1.0, Pairing::half, 0.0}, "invalid_argument", "base = 1 must be");
  expect_error(X, {0.5, Pairing::half, 0.0}, "invalid_argument", "base = 0.5");
  expect_error(X, {-2.0, Pairing::half, 0.0}, "invalid_argument", "base = -2");
  expect_error(X, {inf, Pairing::half, 0.0}, "invalid_argument", "base = ");
  expect_error(X, {nan, Pairing::half, 0.0}, "invalid_argument", "base = ");
  expect_error(X, {10000.0, Pairing::half, -1.0}, "invalid_argument", "offset = -1");
  expect_error(X, {10000.0, Pairing::half, 2.5}, "invalid_argument", "offset = 2.5");
  expect_error(X, {10000.0, Pairing::half, nan}, "invalid_argument", "offset = ");
  expect_error(X, {10000.0, Pairing::half, ap::kMaxRopeOffset + 1}, "too_large", "offset = ");
  expect_error(Matrix(1, 2, 1.7e308), {10000.0, Pairing::half, 1.0}, "non_finite_result",
               "overflows");
}

}  // namespace
