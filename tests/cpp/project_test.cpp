// project_test.cpp — project(X, W, b) = X·W + b, the projection every head
// starts with, against PyTorch and against its definition.
//
// - golden: tests/golden/project.json (scripts/make_golden.py: torch float64
//   nn.Linear with its weight Wᵀ, checked there against X @ W + b), within
//   1e-9 relative to the largest value of the case;
// - seed 000's q = X·Wq equals single_head's q exactly;
// - every bad input is an error naming the function, the arguments and the
//   shapes; a product beyond float64 is refused, not returned as ±∞.
//
// Shapes: X (n, d_in), W (d_in, d_out), b (d_out) or empty → (n, d_out).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "positions_golden.h"
#include "projected.h"
#include "test_util.h"

namespace ap {
namespace {

using test::golden_cases;
using test::golden_matrix;
using test::MatrixNear;

std::vector<double> bias_of(const nlohmann::json& b) {
  return b.is_null() ? std::vector<double>() : b.get<std::vector<double>>();
}

TEST(Project, GoldenMatchesPyTorch) {
  for (const nlohmann::json& c : golden_cases("project.json", "project")) {
    const Matrix want = golden_matrix(c.at("out"));
    double largest = 1.0;
    for (double x : want.data) largest = std::max(largest, std::fabs(x));
    auto r = project(golden_matrix(c.at("X")), golden_matrix(c.at("W")), bias_of(c.at("b")));
    ASSERT_TRUE(r.ok()) << c.at("name") << ": " << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value, want, 1e-9 * largest)) << c.at("name");
  }
}

TEST(Project, SeedZeroQueriesAreSingleHeadsQ) {
  const Matrix X(3, 4, {0.1, 0.2, 0.3, 0.4, 0.5, 0.4, 0.3, 0.2, 0.0, 0.1, 0.0, 0.1});
  const Matrix Wq(4, 2, {0.2, -0.1, 0.0, 0.1, 0.1, 0.2, -0.1, 0.0});
  const Matrix Wv(4, 3, {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1});
  auto p = project(X, Wq);
  auto s = single_head(X, Wq, Wq, Wv);
  ASSERT_TRUE(p.ok() && s.ok());
  EXPECT_EQ(p.value.data, s.value.q.data);
}

TEST(Project, TheBiasIsAddedToEveryRow) {
  const Matrix X(2, 1, {1.0, -2.0});
  const Matrix W(1, 2, {3.0, 0.5});
  auto r = project(X, W, {10.0, 20.0});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.data, (std::vector<double>{13.0, 20.5, 4.0, 19.0}));
}

TEST(Project, BadInputsNameTheFunctionTheArgumentsAndTheShapes) {
  const Matrix X(3, 4, 0.5), W(5, 2, 0.5);
  auto r = project(X, W);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_EQ(r.status.message,
            "project: W is (5, 2) but X is (3, 4): W needs one row per column of X (4)");
  r = project(X, Matrix(4, 2, 0.5), {1.0, 2.0, 3.0});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.message,
            "project: b has 3 values but W is (4, 2): it needs 2 (one per column of W)");
  r = project(Matrix(), Matrix(4, 2, 0.5));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status.message.find("project: X"), std::string::npos) << r.status.message;
  Matrix nan(3, 4, 0.5);
  nan.data[5] = std::numeric_limits<double>::quiet_NaN();
  r = project(nan, Matrix(4, 2, 0.5));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status.message.find("project: X"), std::string::npos) << r.status.message;
}

TEST(Project, AProductBeyondFloat64IsRefused) {
  auto r = project(Matrix(2, 2, 1e200), Matrix(2, 3, 1e200), {0.0, 1.0, 2.0});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "non_finite_result");
  EXPECT_EQ(r.status.message,
            "project: X·W + b overflows float64 (at row 0, column 0 it is Infinity): scale X, W "
            "or b down");
}

}  // namespace
}  // namespace ap
