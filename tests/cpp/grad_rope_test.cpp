// grad_rope_test.cpp — rope_backward against torch's autograd of
// x·cos + rotate(x)·sin for both pairings (tests/golden/grad_rope.json),
// finite differences through rope(), the transpose as the inverse, errors.
#include "grad_rope.h"

#include <gtest/gtest.h>

#include <string>

#include "grad_check.h"
#include "rope.h"
#include "test_util.h"

namespace ap {
namespace {

using test::AgreesWithFiniteDifferences;
using test::Contains;
using test::golden_matrix;
using test::MatchesTorch;

TEST(GradRope, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_rope.json", "rope")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const RopeOptions o = test::golden_rope_options(c);
    auto f = rope(golden_matrix(c["X"]), o);
    ASSERT_TRUE(f.ok()) << f.status.message;
    EXPECT_TRUE(MatchesTorch("rope out (" + name + ")", f.value, c["out"]));
    auto g = rope_backward(golden_matrix(c["G"]), o);
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(MatchesTorch("rope_backward dX (" + name + ")", g.value, c["dX"]));
  }
}

TEST(GradRope, AgreesWithFiniteDifferences) {
  Rng rng(531);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    const RopeOptions o{500.0, p, 7.0};
    Matrix X = test::random_matrix(5, 8, rng);
    const Matrix G = test::random_matrix(5, 8, rng);
    auto g = rope_backward(G, o);
    ASSERT_TRUE(g.ok());
    EXPECT_TRUE(AgreesWithFiniteDifferences(
        p == Pairing::half ? "rope_backward dX (half)" : "rope_backward dX (interleaved)", X.data,
        g.value.data, [&] { return test::dot(rope(X, o).value.data, G.data); }));
  }
}

TEST(GradRope, TheTransposeUndoesTheRotation) {
  Rng rng(532);
  const Matrix X = test::random_matrix(6, 10, rng);
  for (Pairing p : {Pairing::half, Pairing::interleaved}) {
    const RopeOptions o{10000.0, p, 3.0};
    auto back = rope_backward(rope(X, o).value, o);
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(test::MatrixNear(back.value, X, 1e-14));
  }
}

TEST(GradRope, HeadsAreTurnedBackWithTheirOwnWidth) {
  Rng rng(533);
  const Matrix dY = test::random_matrix(3, 12, rng);
  const RopeOptions o{10000.0, Pairing::half, 2.0};
  auto all = rope_heads_backward(dY, 3, o);
  ASSERT_TRUE(all.ok());
  for (std::size_t t = 0; t < 3; ++t) {
    auto one = rope_backward(test::column_slice(dY, 4 * t, 4), o);
    EXPECT_TRUE(test::MatrixIdentical(test::column_slice(all.value, 4 * t, 4), one.value));
  }
}

TEST(GradRope, RejectsBadInputs) {
  auto odd = rope_backward(Matrix(2, 3));
  EXPECT_EQ(odd.status.code, "divisibility");
  EXPECT_TRUE(Contains(odd.status.message, "rope_backward: dY is (2, 3): d = 3 must be even"));
  EXPECT_EQ(rope_backward(Matrix(2, 4), RopeOptions{1.0, Pairing::half, 0.0}).status.code,
            "invalid_argument");
  EXPECT_EQ(rope_backward(Matrix(2, 4), RopeOptions{10000.0, Pairing::half, 0.5}).status.code,
            "invalid_argument");
  EXPECT_EQ(rope_backward(Matrix(2, 4), RopeOptions{10000.0, Pairing::half, 3e9}).status.code,
            "too_large");
  EXPECT_EQ(rope_backward(Matrix()).status.code, "empty");
}

}  // namespace
}  // namespace ap
