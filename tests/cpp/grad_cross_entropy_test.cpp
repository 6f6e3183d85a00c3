// grad_cross_entropy_test.cpp — the mean cross-entropy over the positions that
// count and its gradient, against torch's F.cross_entropy with ignore_index
// (tests/golden/grad_cross_entropy.json), finite differences, errors.
#include "grad_cross_entropy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
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

TEST(GradCrossEntropy, MatchesTorch) {
  for (const nlohmann::json& c : test::grad_cases("grad_cross_entropy.json", "cross_entropy")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    std::vector<std::uint8_t> counts;
    if (!c["counts"].is_null())
      for (const nlohmann::json& e : c["counts"]) counts.push_back(e.get<std::uint8_t>());
    auto f = cross_entropy_forward(golden_matrix(c["logits"]), golden_ids(c["targets"]),
                                   c["counts"].is_null() ? nullptr : &counts);
    ASSERT_TRUE(f.ok()) << f.status.message;
    const double want = c["loss"].get<double>();
    test::report_diff("cross_entropy loss (" + name + ")", std::fabs(f.value.loss - want));
    EXPECT_NEAR(f.value.loss, want, test::kGradTol);
    auto g = cross_entropy_backward(f.value.cache, c["d_loss"].get<double>());
    ASSERT_TRUE(g.ok()) << g.status.message;
    EXPECT_TRUE(
        MatchesTorch("cross_entropy_backward d_logits (" + name + ")", g.value, c["d_logits"]));
  }
}

TEST(GradCrossEntropy, AgreesWithFiniteDifferences) {
  Rng rng(571);
  Matrix logits = test::random_matrix(5, 7, rng, 3.0);
  const std::vector<std::size_t> targets = {3, 0, 6, 6, 2};
  const std::vector<std::uint8_t> counts = {1, 1, 0, 1, 1};
  for (const std::vector<std::uint8_t>* cp :
       {static_cast<const std::vector<std::uint8_t>*>(nullptr), &counts}) {
    auto f = cross_entropy_forward(logits, targets, cp);
    ASSERT_TRUE(f.ok());
    auto g = cross_entropy_backward(f.value.cache, 0.75);
    ASSERT_TRUE(g.ok());
    EXPECT_TRUE(AgreesWithFiniteDifferences(
        cp ? "cross_entropy_backward d_logits (counts)" : "cross_entropy_backward d_logits",
        logits.data, g.value.data,
        [&] { return 0.75 * cross_entropy_forward(logits, targets, cp).value.loss; }));
  }
}

TEST(GradCrossEntropy, PositionsThatDoNotCountGetNoGradientAndAreNotRead) {
  const Matrix logits(3, 4, std::vector<double>{1, 2, 3, 4, 4, 3, 2, 1, 0, 0, 0, 0});
  const std::vector<std::uint8_t> counts = {1, 0, 1};
  // the target of position 1 is padding (99, not a token): it is not read
  auto f = cross_entropy_forward(logits, {3, 99, 1}, &counts);
  ASSERT_TRUE(f.ok()) << f.status.message;
  EXPECT_EQ(f.value.cache.count, 2u);
  // −log softmax(1, 2, 3, 4)[3] and −log(1/4), averaged over the two
  const double l0 = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0) + std::exp(4.0)) - 4.0;
  EXPECT_NEAR(f.value.loss, (l0 + std::log(4.0)) / 2.0, 1e-15);
  auto g = cross_entropy_backward(f.value.cache);
  ASSERT_TRUE(g.ok());
  for (std::size_t j = 0; j < 4; ++j) EXPECT_EQ(g.value(1, j), 0.0);
  for (std::size_t i : {0u, 2u}) {
    double sum = 0.0;  // Σ_j (p_j − onehot_j) = 0
    for (std::size_t j = 0; j < 4; ++j) sum += g.value(i, j);
    EXPECT_NEAR(sum, 0.0, 1e-16);
  }
  EXPECT_DOUBLE_EQ(g.value(2, 1), (0.25 - 1.0) / 2.0);
}

TEST(GradCrossEntropy, LargeLogitsStayFinite) {
  const Matrix logits(2, 3, std::vector<double>{1000, 0, -1000, -1e300, 1e300, 0});
  auto f = cross_entropy_forward(logits, {1, 1});
  ASSERT_TRUE(f.ok());
  EXPECT_NEAR(f.value.loss, 1000.0 / 2.0, 1e-12);  // row 0: 1000 − 0; row 1: 0
  auto g = cross_entropy_backward(f.value.cache);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(test::all_finite(g.value.data));
}

TEST(GradCrossEntropy, RejectsBadInputs) {
  const Matrix logits(2, 3, 0.5);
  auto t = cross_entropy_forward(logits, {0, 3});
  EXPECT_EQ(t.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(t.status.message, "targets[1] = 3 is not a column of the logits"));
  EXPECT_EQ(cross_entropy_forward(logits, {0}).status.code, "shape");
  const std::vector<std::uint8_t> none = {0, 0}, short_counts = {1};
  auto n = cross_entropy_forward(logits, {0, 1}, &none);
  EXPECT_EQ(n.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(n.status.message, "no position counts"));
  EXPECT_EQ(cross_entropy_forward(logits, {0, 1}, &short_counts).status.code, "shape");
  auto f = cross_entropy_forward(logits, {0, 1});
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(
      cross_entropy_backward(f.value.cache, std::numeric_limits<double>::quiet_NaN()).status.code,
      "non_finite");
  EXPECT_EQ(cross_entropy_backward(CrossEntropyCache{}).status.code, "shape");
}

}  // namespace
}  // namespace ap
