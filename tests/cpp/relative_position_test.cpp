// relative_position_test.cpp — experiment 5 (cpp/relative_position.h) and the
// RoPE / ALiBi cases of the permutation experiment
// (cpp/permutation.h) against PyTorch float64 (tests/golden/relative_position.json),
// their properties, and every error.
#include "relative_position.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments.h"
#include "positions_golden.h"
#include "test_util.h"

namespace {

using ap::Matrix;
using ap::Pairing;
using ap::Positions;
using ap::RopeOptions;
using ap::test::Contains;
using ap::test::golden_matrix;
using ap::test::max_abs_diff;

constexpr double kTol = 1e-12;

std::vector<nlohmann::json> cases(const std::string& op) {
  return ap::test::golden_cases("relative_position.json", op);
}

Pairing pairing_of(const std::string& s) {
  return s == "half" ? Pairing::half : Pairing::interleaved;
}

TEST(RelativePosition, GoldenScoresAndDeviations) {
  std::size_t checked = 0;
  for (const auto& c : cases("relative_position")) {
    const RopeOptions o{c.at("base").get<double>(), pairing_of(c.at("pairing")), 0.0};
    auto r = ap::relative_position_scores(c.at("q").get<std::vector<double>>(),
                                          c.at("k").get<std::vector<double>>(),
                                          c.at("n").get<std::size_t>(), o);
    ASSERT_TRUE(r.ok()) << c.at("name") << ": " << r.status.message;
    EXPECT_LE(max_abs_diff(r.value.rope_scores.data, golden_matrix(c.at("rope_scores")).data), kTol)
        << c.at("name");
    EXPECT_LE(max_abs_diff(r.value.sin_scores.data, golden_matrix(c.at("sin_scores")).data), kTol)
        << c.at("name");
    EXPECT_NEAR(r.value.rope_deviation, c.at("rope_deviation").get<double>(), kTol) << c.at("name");
    EXPECT_NEAR(r.value.sin_deviation, c.at("sin_deviation").get<double>(), kTol) << c.at("name");
    EXPECT_LT(r.value.rope_deviation, 1e-12);
    EXPECT_GT(r.value.sin_deviation, 1e-3);
    ++checked;
  }
  EXPECT_EQ(checked, 8u);
}

TEST(RelativePosition, SeededRunDrawsQThenK) {
  const RopeOptions o{10000.0, Pairing::half, 0.0};
  auto r = ap::relative_position_experiment(16, 8, 7, o);
  ASSERT_TRUE(r.ok()) << r.status.message;
  ap::Rng rng(7);
  for (double x : r.value.q) EXPECT_EQ(x, rng.normal());
  for (double x : r.value.k) EXPECT_EQ(x, rng.normal());
  EXPECT_EQ(r.value.rope_scores.rows, 16u);
  EXPECT_EQ(r.value.sin_scores.cols, 16u);
  EXPECT_LT(r.value.rope_deviation, 1e-13);
  EXPECT_GT(r.value.sin_deviation, 0.1);
  // the same q, k through the explicit form give the same numbers
  auto same = ap::relative_position_scores(r.value.q, r.value.k, 16, o);
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(same.value.rope_scores.data, r.value.rope_scores.data);
  EXPECT_EQ(same.value.sin_deviation, r.value.sin_deviation);
}

TEST(RelativePosition, DiagonalDeviationOfSmallMatrices) {
  // Toeplitz: 0; one changed entry on the main diagonal: its change
  EXPECT_EQ(ap::diagonal_deviation(Matrix(3, 3, {1, 2, 3, 4, 1, 2, 5, 4, 1})), 0.0);
  EXPECT_EQ(ap::diagonal_deviation(Matrix(3, 3, {1, 2, 3, 4, 1.5, 2, 5, 4, 1})), 0.5);
  // a corner is a diagonal of one entry: never a deviation
  EXPECT_EQ(ap::diagonal_deviation(Matrix(2, 2, {0, 9, -9, 0})), 0.0);
  EXPECT_EQ(ap::diagonal_deviation(Matrix(2, 3, {0, 1, 2, 3, 0, 7})), 6.0);
}

TEST(RelativePosition, EveryBadSettingIsNamed) {
  const RopeOptions o{};
  const auto msg = [](const auto& r) { return r.status.message; };
  EXPECT_EQ(msg(ap::relative_position_experiment(1, 8, 0, o)),
            "relative_position_experiment: n = 1 must be at least 2 (a diagonal needs two "
            "positions)");
  EXPECT_EQ(ap::relative_position_experiment(4097, 8, 0, o).status.code, "too_large");
  EXPECT_EQ(msg(ap::relative_position_experiment(4, 0, 0, o)),
            "relative_position_experiment: d = 0 must be at least 2");
  auto odd = ap::relative_position_experiment(4, 7, 0, o);
  EXPECT_EQ(odd.status.code, "divisibility");
  EXPECT_EQ(msg(odd),
            "relative_position_experiment: d = 7 must be even (RoPE turns pairs of columns)");
  EXPECT_EQ(ap::relative_position_experiment(4, 4098, 0, o).status.code, "too_large");
  for (double base : {1.0, 0.5, -3.0, double(NAN), double(INFINITY)}) {
    auto r = ap::relative_position_experiment(4, 8, 0, RopeOptions{base, Pairing::half, 0.0});
    EXPECT_EQ(r.status.code, "invalid_argument") << base;
    EXPECT_TRUE(Contains(msg(r), "relative_position_experiment: base = ")) << msg(r);
  }
  // the work: 4096 positions of width 4096 is far over the limit
  auto big = ap::relative_position_experiment(4096, 4096, 0, o);
  EXPECT_EQ(big.status.code, "too_large");
  EXPECT_TRUE(Contains(msg(big), "use a smaller n or d")) << msg(big);
  // explicit q and k
  auto shape = ap::relative_position_scores({1, 2}, {1, 2, 3, 4}, 3, o);
  EXPECT_EQ(shape.status.code, "shape");
  EXPECT_EQ(msg(shape),
            "relative_position_scores: q has 2 values but k has 4: q and k must have the same "
            "length d");
  EXPECT_EQ(ap::relative_position_scores({}, {}, 3, o).status.code, "empty");
  auto nan = ap::relative_position_scores({1, NAN}, {1, 2}, 3, o);
  EXPECT_EQ(nan.status.code, "non_finite");
  EXPECT_TRUE(Contains(msg(nan), "relative_position_scores: q[1] is NaN")) << msg(nan);
  EXPECT_EQ(ap::relative_position_scores({1, 2, 3}, {1, 2, 3}, 3, o).status.code, "divisibility");
  EXPECT_EQ(ap::relative_position_scores({1, 2}, {1, 2}, 1, o).status.code, "invalid_argument");
}

// ------------------------------------- the permutation experiment with positions

Positions positions_of(const std::string& s) {
  return s == "rope" ? Positions::rope : Positions::alibi;
}

TEST(PermutationPositions, GoldenRopeAndAlibi) {
  std::size_t checked = 0;
  for (const auto& c : cases("permutation")) {
    const Matrix X = golden_matrix(c.at("X"));
    const auto perm = c.at("perm").get<std::vector<std::size_t>>();
    auto r = ap::permutation_experiment(X, perm, positions_of(c.at("positions")));
    ASSERT_TRUE(r.ok()) << c.at("name") << ": " << r.status.message;
    EXPECT_EQ(r.value.positions, positions_of(c.at("positions")));
    EXPECT_FALSE(r.value.use_pe);
    for (const char* key : {"out", "out_permuted", "permuted_out", "weights", "weights_permuted"}) {
      const Matrix& got = std::string(key) == "out"            ? r.value.out
                          : std::string(key) == "out_permuted" ? r.value.out_permuted
                          : std::string(key) == "permuted_out" ? r.value.permuted_out
                          : std::string(key) == "weights"      ? r.value.weights
                                                               : r.value.weights_permuted;
      EXPECT_LE(max_abs_diff(got.data, golden_matrix(c.at(key)).data), kTol) << c.at("name") << key;
    }
    EXPECT_NEAR(r.value.max_abs_diff, c.at("max_abs_diff").get<double>(), kTol) << c.at("name");
    EXPECT_GT(r.value.max_abs_diff, 1e-6) << c.at("name");  // equivariance is broken
    ++checked;
  }
  EXPECT_EQ(checked, 4u);
}

TEST(PermutationPositions, TheBoolFormIsNoneOrSinusoidal) {
  ap::Rng rng(3);
  const Matrix X = ap::test::random_matrix(5, 4, rng);
  const std::vector<std::size_t> perm = {4, 2, 0, 1, 3};
  auto off = ap::permutation_experiment(X, perm, false);
  auto none = ap::permutation_experiment(X, perm, Positions::none);
  auto on = ap::permutation_experiment(X, perm, true);
  auto sin = ap::permutation_experiment(X, perm, Positions::sinusoidal);
  ASSERT_TRUE(off.ok() && none.ok() && on.ok() && sin.ok());
  EXPECT_EQ(off.value.out_permuted.data, none.value.out_permuted.data);
  EXPECT_EQ(on.value.out_permuted.data, sin.value.out_permuted.data);
  EXPECT_TRUE(on.value.use_pe);
  EXPECT_EQ(on.value.positions, Positions::sinusoidal);
  EXPECT_LT(none.value.max_abs_diff, 1e-12);
  // the identity permutation keeps every case equal, RoPE and ALiBi included
  for (Positions p : {Positions::rope, Positions::alibi}) {
    auto id = ap::permutation_experiment(X, {0, 1, 2, 3, 4}, p);
    ASSERT_TRUE(id.ok());
    EXPECT_EQ(id.value.max_abs_diff, 0.0);
  }
}

TEST(PermutationPositions, RopeNeedsAnEvenWidthAndAGoodBase) {
  ap::Rng rng(4);
  const Matrix X = ap::test::random_matrix(3, 5, rng);
  auto odd = ap::permutation_experiment(X, {2, 0, 1}, Positions::rope);
  EXPECT_EQ(odd.status.code, "divisibility");
  EXPECT_EQ(odd.status.message,
            "permutation_experiment: X is (3, 5): d = 5 must be even for RoPE (it turns pairs of "
            "columns)");
  // ALiBi takes any width
  EXPECT_TRUE(ap::permutation_experiment(X, {2, 0, 1}, Positions::alibi).ok());
  const Matrix Y = ap::test::random_matrix(3, 4, rng);
  auto base = ap::permutation_experiment(Y, {2, 0, 1}, Positions::rope, RopeOptions{1.0});
  EXPECT_EQ(base.status.code, "invalid_argument");
  EXPECT_TRUE(Contains(base.status.message, "permutation_experiment: base = 1"))
      << base.status.message;
  // interleaved pairing is the same rotation of other columns: also not equivariant
  auto inter = ap::permutation_experiment(Y, {2, 0, 1}, Positions::rope,
                                          RopeOptions{10000.0, Pairing::interleaved, 0.0});
  ASSERT_TRUE(inter.ok());
  EXPECT_GT(inter.value.max_abs_diff, 1e-6);
}

}  // namespace
