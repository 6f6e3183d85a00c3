// grad_linear_test.cpp — the unembedding logits = X·W_U and its gradients,
// against torch's autograd of X @ W_U (tests/golden/grad_unembedding.json),
// finite differences, and errors.
#include "grad_linear.h"

#include <gtest/gtest.h>

#include <string>

#include "grad_check.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_matrix;
using test::MatchesTorch;

TEST(GradUnembedding, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_unembedding.json", "unembedding")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix X = golden_matrix(c["X"]), W_U = golden_matrix(c["W_U"]);
    auto f = unembedding(X, W_U);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("unembedding logits", f.value, c["out"]));
    auto g = unembedding_backward(X, W_U, golden_matrix(c["G"]));
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("unembedding_backward dX", g.value.dX, c["dX"]));
    EXPECT_TRUE(MatchesTorch("unembedding_backward dW_U", g.value.dW, c["dW_U"]));
  }
}

TEST(GradUnembedding, AgreesWithFiniteDifferences) {
  Rng rng(511);
  Matrix X = test::random_matrix(5, 4, rng), W = test::random_matrix(4, 9, rng);
  const Matrix G = test::random_matrix(5, 9, rng);
  auto g = unembedding_backward(X, W, G);
  ASSERT_TRUE(g.ok());
  auto loss = [&] { return test::dot(unembedding(X, W).value.data, G.data); };
  EXPECT_TRUE(
      AgreesWithFiniteDifferences("unembedding_backward dX", X.data, g.value.dX.data, loss));
  EXPECT_TRUE(
      AgreesWithFiniteDifferences("unembedding_backward dW_U", W.data, g.value.dW.data, loss));
}

TEST(GradUnembedding, TransposedProductsMatchTheNaiveOnes) {
  Rng rng(512);
  const Matrix A = test::random_matrix(3, 5, rng), B = test::random_matrix(4, 5, rng),
               C = test::random_matrix(3, 2, rng);
  Matrix Bt(5, 4), At(5, 3);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 5; ++j) Bt(j, i) = B(i, j);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 5; ++j) At(j, i) = A(i, j);
  EXPECT_TRUE(test::MatrixNear(matmul_transposed_b(A, B), test::naive_matmul(A, Bt), 1e-14));
  EXPECT_TRUE(test::MatrixNear(matmul_transposed_a(A, C), test::naive_matmul(At, C), 1e-14));
}

TEST(GradUnembedding, RejectsBadInputs) {
  const Matrix X(2, 3, 1.0), W(3, 5, 1.0);
  auto a = unembedding(X, Matrix(4, 5, 1.0));
  EXPECT_EQ(a.status.code, "shape");
  EXPECT_TRUE(Contains(a.status.message, "unembedding: X is (2, 3) but W_U is (4, 5)"));
  auto b = unembedding_backward(X, W, Matrix(2, 4));
  EXPECT_EQ(b.status.code, "shape");
  EXPECT_TRUE(Contains(b.status.message, "d_logits is (2, 4)"));
  EXPECT_EQ(unembedding(Matrix(), W).status.code, "empty");
}

}  // namespace
}  // namespace ap
