// grad_layer_norm_test.cpp — layer norm with γ and β, forward and backward,
// against torch's autograd of F.layer_norm (tests/golden/grad_layer_norm.json,
// with a constant row), finite differences, agreement with layer_norm(), errors.
#include "grad_layer_norm.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "grad_check.h"
#include "layer_norm.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_matrix;
using test::golden_vector;
using test::MatchesTorch;

TEST(GradLayerNorm, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_layer_norm.json", "layer_norm")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const std::vector<double> gamma = golden_vector(c["gamma"]), beta = golden_vector(c["beta"]);
    auto f = layer_norm_forward(golden_matrix(c["X"]), gamma, beta, c["eps"].get<double>());
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("layer_norm out (" + name + ")", f.value.out, c["out"]));
    auto g = layer_norm_backward(f.value.cache, gamma, golden_matrix(c["G"]));
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("layer_norm_backward dX (" + name + ")", g.value.dX, c["dX"]));
    EXPECT_TRUE(
        MatchesTorch("layer_norm_backward d_gamma (" + name + ")", g.value.d_gamma, c["d_gamma"]));
    EXPECT_TRUE(
        MatchesTorch("layer_norm_backward d_beta (" + name + ")", g.value.d_beta, c["d_beta"]));
  }
}

TEST(GradLayerNorm, AgreesWithFiniteDifferences) {
  Rng rng(561);
  Matrix X = test::random_matrix(4, 6, rng, 2.0);
  std::vector<double> gamma = test::random_vector(6, rng), beta = test::random_vector(6, rng);
  const Matrix G = test::random_matrix(4, 6, rng);
  auto f = layer_norm_forward(X, gamma, beta);
  ASSERT_TRUE(f.ok());
  auto g = layer_norm_backward(f.value.cache, gamma, G);
  ASSERT_TRUE(g.ok());
  auto loss = [&] { return test::dot(layer_norm_forward(X, gamma, beta).value.out.data, G.data); };
  EXPECT_TRUE(AgreesWithFiniteDifferences("layer_norm_backward dX", X.data, g.value.dX.data, loss));
  EXPECT_TRUE(
      AgreesWithFiniteDifferences("layer_norm_backward d_gamma", gamma, g.value.d_gamma, loss));
  EXPECT_TRUE(
      AgreesWithFiniteDifferences("layer_norm_backward d_beta", beta, g.value.d_beta, loss));
}

TEST(GradLayerNorm, WithUnitGainAndZeroBiasItIsLayerNorm) {
  Rng rng(562);
  const Matrix X = test::random_matrix(3, 7, rng, 4.0);
  auto f = layer_norm_forward(X, std::vector<double>(7, 1.0), std::vector<double>(7, 0.0));
  ASSERT_TRUE(f.ok());
  for (std::size_t i = 0; i < 3; ++i) {
    auto row = layer_norm(std::vector<double>(X.row(i), X.row(i) + 7));
    ASSERT_TRUE(row.ok());
    EXPECT_TRUE(test::VectorNear(std::vector<double>(f.value.out.row(i), f.value.out.row(i) + 7),
                                 row.value, 1e-15));
  }
}

TEST(GradLayerNorm, EachRowOfDxSumsToZero) {
  // LN(x + c) = LN(x): shifting a whole row changes nothing
  Rng rng(563);
  const Matrix X = test::random_matrix(3, 5, rng);
  const std::vector<double> gamma = test::random_vector(5, rng), beta(5, 0.0);
  auto g = layer_norm_backward(layer_norm_forward(X, gamma, beta).value.cache, gamma,
                               test::random_matrix(3, 5, rng));
  ASSERT_TRUE(g.ok());
  for (std::size_t i = 0; i < 3; ++i) {
    double sum = 0.0;
    for (std::size_t c = 0; c < 5; ++c) sum += g.value.dX(i, c);
    EXPECT_NEAR(sum, 0.0, 1e-14) << "row " << i;
  }
}

TEST(GradLayerNorm, AConstantRowWithEpsZeroHasZeroGradient) {
  const Matrix X(1, 4, 2.5);
  const std::vector<double> gamma(4, 1.5), beta(4, 0.25);
  auto f = layer_norm_forward(X, gamma, beta, 0.0);
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(test::MatrixIdentical(f.value.out, Matrix(1, 4, 0.25)));
  auto g = layer_norm_backward(f.value.cache, gamma, Matrix(1, 4, 3.0));
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(test::MatrixIdentical(g.value.dX, Matrix(1, 4, 0.0)));
}

TEST(GradLayerNorm, RejectsBadInputs) {
  const Matrix X(2, 3, 1.0);
  const std::vector<double> three(3, 1.0);
  auto gamma = layer_norm_forward(X, std::vector<double>(2, 1.0), three);
  EXPECT_EQ(gamma.status.code, "shape");
  EXPECT_TRUE(Contains(gamma.status.message, "gamma has 2 values but a row of X has 3"));
  EXPECT_EQ(layer_norm_forward(X, three, three, -1.0).status.code, "invalid_argument");
  EXPECT_EQ(
      layer_norm_forward(X, three, three, std::numeric_limits<double>::infinity()).status.code,
      "invalid_argument");
  const std::vector<double> two(2, 1.0);
  EXPECT_EQ(
      layer_norm_forward(Matrix(1, 2, std::vector<double>{1e200, -1e200}), two, two).status.code,
      "non_finite_result");
  auto f = layer_norm_forward(X, three, three);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(layer_norm_backward(f.value.cache, three, Matrix(3, 3)).status.code, "shape");
  EXPECT_EQ(layer_norm_backward(f.value.cache, std::vector<double>(4), Matrix(2, 3)).status.code,
            "shape");
}

}  // namespace
}  // namespace ap
