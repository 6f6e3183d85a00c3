// grad_embedding_test.cpp — the token embedding (scatter-add backward) and
// the learned positional embedding, against torch's autograd of
// F.embedding and X + P[:n] (tests/golden/grad_embedding.json), finite
// differences, and errors.
#include "grad_embedding.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grad_check.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_ids;
using test::golden_matrix;
using test::MatchesTorch;

TEST(GradEmbedding, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_embedding.json", "embedding")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix E = golden_matrix(c["E"]);
    const std::vector<std::size_t> ids = golden_ids(c["ids"]);
    auto f = embedding(E, ids);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("embedding out", f.value, c["out"]));
    auto g = embedding_backward(ids, E.rows, golden_matrix(c["G"]));
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("embedding_backward dE", g.value, c["dE"]));
  }
}

TEST(GradEmbedding, LearnedPositionsMatchTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_embedding.json", "positions")) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix X = golden_matrix(c["X"]), P = golden_matrix(c["P"]), G = golden_matrix(c["G"]);
    auto f = learned_positions(X, P);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("learned_positions out", f.value, c["out"]));
    EXPECT_TRUE(MatchesTorch("learned_positions dX (= dY)", G, c["dX"]));
    auto g = learned_positions_backward(P.rows, G);
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("learned_positions_backward dP", g.value, c["dP"]));
  }
}

TEST(GradEmbedding, AgreesWithFiniteDifferences) {
  Rng rng(521);
  Matrix E = test::random_matrix(6, 3, rng), P = test::random_matrix(7, 3, rng);
  const std::vector<std::size_t> ids = {2, 5, 2, 0, 2};
  const Matrix G = test::random_matrix(ids.size(), 3, rng);
  // L = Σ (E[ids] + P[0:n]) ⊙ G: the token and the position tables together
  auto loss = [&] {
    return test::dot(learned_positions(embedding(E, ids).value, P).value.data, G.data);
  };
  auto dE = embedding_backward(ids, E.rows, G);
  auto dP = learned_positions_backward(P.rows, G);
  ASSERT_TRUE(dE.ok() && dP.ok());
  EXPECT_TRUE(AgreesWithFiniteDifferences("embedding_backward dE", E.data, dE.value.data, loss));
  EXPECT_TRUE(
      AgreesWithFiniteDifferences("learned_positions_backward dP", P.data, dP.value.data, loss));
}

TEST(GradEmbedding, RepeatedTokensAddUpAndUnusedOnesGetZero) {
  const Matrix dX(3, 2, std::vector<double>{1, 2, 10, 20, 100, 200});
  auto g = embedding_backward({1, 3, 1}, 4, dX);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(test::MatrixIdentical(
      g.value, Matrix(4, 2, std::vector<double>{0, 0, 101, 202, 0, 0, 10, 20})));
}

TEST(GradEmbedding, RejectsBadInputs) {
  const Matrix E(4, 2, 1.0);
  auto id = embedding(E, {0, 4});
  EXPECT_EQ(id.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(id.status.message, "embedding: ids[1] = 4 is not a row of E (vocab = 4)"));
  EXPECT_EQ(embedding(E, {}).status.code, "empty");
  auto rows = embedding_backward({0, 1}, 4, Matrix(3, 2));
  EXPECT_EQ(rows.status.code, "shape");
  EXPECT_TRUE(Contains(rows.status.message, "dX is (3, 2) for 2 ids"));
  EXPECT_EQ(embedding_backward({0, 9}, 4, Matrix(2, 2)).status.code, "invalid_argument");
  auto p = learned_positions(Matrix(5, 2), Matrix(4, 2));
  EXPECT_EQ(p.status.code, "shape");
  EXPECT_TRUE(Contains(p.status.message, "n ≤ n_max"));
  EXPECT_EQ(learned_positions(Matrix(2, 2), Matrix(4, 3)).status.code, "shape");
  EXPECT_EQ(learned_positions_backward(2, Matrix(3, 2)).status.code, "shape");
}

}  // namespace
}  // namespace ap
