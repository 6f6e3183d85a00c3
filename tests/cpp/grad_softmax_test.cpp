// grad_softmax_test.cpp — softmax_backward against torch.softmax's autograd
// (tests/golden/grad_softmax.json), finite differences, masked entries, errors.
#include "grad_softmax.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "grad_check.h"
#include "softmax.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_matrix;
using test::MatchesTorch;

constexpr double kInf = std::numeric_limits<double>::infinity();

// softmax of every row of X (−∞ entries get weight 0).
Matrix softmax_rows(Matrix X) {
  for (std::size_t i = 0; i < X.rows; ++i) softmax_inplace(X.row(i), X.cols);
  return X;
}

TEST(GradSoftmax, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_softmax.json", "softmax")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const Matrix Y = softmax_rows(golden_matrix(c["X"]));
    EXPECT_TRUE(MatchesTorch("softmax out (" + name + ")", Y, c["out"]));
    auto r = softmax_backward(Y, golden_matrix(c["G"]));
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatchesTorch("softmax_backward dX (" + name + ")", r.value, c["dX"]));
  }
}

TEST(GradSoftmax, AgreesWithFiniteDifferences) {
  Rng rng(501);
  Matrix X = test::random_matrix(4, 7, rng, 2.0);
  const Matrix G = test::random_matrix(4, 7, rng);
  auto r = softmax_backward(softmax_rows(X), G);
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_TRUE(AgreesWithFiniteDifferences("softmax_backward dX", X.data, r.value.data,
                                          [&] { return test::dot(softmax_rows(X).data, G.data); }));
}

TEST(GradSoftmax, EachRowOfTheGradientSumsToZero) {
  // softmax(x + c) = softmax(x): moving every score of a row together changes nothing
  Rng rng(502);
  const Matrix Y = softmax_rows(test::random_matrix(5, 6, rng, 3.0));
  auto r = softmax_backward(Y, test::random_matrix(5, 6, rng));
  ASSERT_TRUE(r.ok());
  for (std::size_t i = 0; i < 5; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < 6; ++j) sum += r.value(i, j);
    EXPECT_NEAR(sum, 0.0, 1e-15) << "row " << i;
  }
}

TEST(GradSoftmax, MaskedEntriesAndAllMaskedRowsGetExactlyZero) {
  Matrix X(3, 4,
           std::vector<double>{0.3, -kInf, 1.2, -kInf,      // two hidden keys
                               -kInf, -kInf, -kInf, -kInf,  // every key hidden
                               0.1, 0.2, 0.3, 0.4});
  const Matrix Y = softmax_rows(X);
  EXPECT_EQ(Y(0, 1), 0.0);
  EXPECT_EQ(Y(0, 3), 0.0);
  Rng rng(503);
  auto r = softmax_backward(Y, test::random_matrix(3, 4, rng, 10.0));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value(0, 1), 0.0);
  EXPECT_EQ(r.value(0, 3), 0.0);
  for (std::size_t j = 0; j < 4; ++j) EXPECT_EQ(r.value(1, j), 0.0);
  EXPECT_NE(r.value(0, 0), 0.0);
}

TEST(GradSoftmax, RejectsBadInputs) {
  const Matrix Y(2, 3, 1.0 / 3.0);
  auto shape = softmax_backward(Y, Matrix(2, 4));
  EXPECT_EQ(shape.status.code, "shape");
  EXPECT_TRUE(Contains(shape.status.message, "softmax_backward: dY is (2, 4) but Y is (2, 3)"));
  Matrix bad(2, 3);
  bad(1, 2) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(softmax_backward(Y, bad).status.code, "non_finite");
  EXPECT_EQ(softmax_backward(Matrix(), Matrix()).status.code, "empty");
}

}  // namespace
}  // namespace ap
