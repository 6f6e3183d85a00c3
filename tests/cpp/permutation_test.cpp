// permutation_test.cpp — the permutation experiment: attention(PX) against
// P·attention(X), with and without the sinusoidal encoding, and seeded_permutation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "attention.h"
#include "permutation.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::random_matrix;

TEST(PermutationExperiment, EquivariantWithoutPeNotWithPe) {
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    Rng rng(seed);
    const std::size_t n = test::random_between(rng, 4, 12);
    const std::size_t d = 2 * test::random_between(rng, 2, 8);
    const Matrix X = random_matrix(n, d, rng);
    std::vector<std::size_t> perm = random_permutation(n, rng);
    if (std::is_sorted(perm.begin(), perm.end())) std::swap(perm[0], perm[1]);

    auto plain = permutation_experiment(X, perm, false);
    ASSERT_TRUE(plain.ok()) << plain.status.message;
    EXPECT_LT(plain.value.max_abs_diff, 1e-12) << "seed " << seed;
    auto pe = permutation_experiment(X, perm, true);
    ASSERT_TRUE(pe.ok()) << pe.status.message;
    EXPECT_GT(pe.value.max_abs_diff, 1e-3) << "seed " << seed;
    std::printf("[ perm ] seed %llu n %zu d %zu: without PE %.3g, with PE %.3g\n",
                static_cast<unsigned long long>(seed), n, d, plain.value.max_abs_diff,
                pe.value.max_abs_diff);
  }
}

TEST(PermutationExperiment, MatricesAreWhatTheyClaim) {
  Rng rng(9);
  const Matrix X = random_matrix(5, 4, rng);
  const std::vector<std::size_t> perm = {3, 4, 2, 0, 1};
  auto r = permutation_experiment(X, perm, false);
  ASSERT_TRUE(r.ok()) << r.status.message;
  const PermutationResult& p = r.value;
  EXPECT_EQ(p.perm, perm);
  EXPECT_FALSE(p.use_pe);
  EXPECT_TRUE(test::MatrixIdentical(p.permuted_input, test::permute_rows(X, perm)));
  auto a = attention(X, X, X);
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(test::MatrixIdentical(p.out, a.value.out));
  EXPECT_TRUE(test::MatrixIdentical(p.weights, a.value.weights));
  EXPECT_TRUE(test::MatrixIdentical(p.permuted_out, test::permute_rows(a.value.out, perm)));
  // the weights follow the order on both axes: W(PX) = P·W(X)·Pᵀ
  EXPECT_TRUE(test::MatrixNear(p.weights_permuted, test::permute_both(p.weights, perm), 1e-12));
  EXPECT_EQ(test::max_abs_diff(p.out_permuted, p.permuted_out), p.max_abs_diff);
}

TEST(PermutationExperiment, IdentityPermutationChangesNothingEvenWithPe) {
  Rng rng(10);
  const Matrix X = random_matrix(6, 8, rng);
  auto r = permutation_experiment(X, {0, 1, 2, 3, 4, 5}, true);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.max_abs_diff, 0.0);
}

TEST(PermutationExperiment, InvalidPermutationsNameTheEntry) {
  Rng rng(11);
  const Matrix X = random_matrix(3, 4, rng);
  auto dup = permutation_experiment(X, {0, 0, 2}, false);
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.status.code, "invalid_argument");
  EXPECT_EQ(dup.status.message,
            "permutation_experiment: perm[1] = 0 repeats perm[0]: each of 0 … 2 must appear "
            "exactly once");
  auto range = permutation_experiment(X, {0, 3, 1}, false);
  ASSERT_FALSE(range.ok());
  EXPECT_EQ(range.status.message,
            "permutation_experiment: perm[1] = 3 is out of range: entries must be 0 … 2");
  auto size = permutation_experiment(X, {0, 1}, true);
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.status.code, "shape");
  EXPECT_TRUE(Contains(size.status.message, "perm has 2 entries but X has 3 rows"));
  Matrix bad = X;
  bad(1, 2) = NAN;
  EXPECT_TRUE(Contains(permutation_experiment(bad, {0, 1, 2}, false).status.message,
                       "permutation_experiment: X[1][2] is NaN"));
}

TEST(PermutationExperiment, SeededPermutationIsAPermutationAndReproducible) {
  auto a = seeded_permutation(10, 5);
  auto b = seeded_permutation(10, 5);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value, b.value);
  std::vector<std::size_t> sorted = a.value;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> iota(10);
  std::iota(iota.begin(), iota.end(), std::size_t{0});
  EXPECT_EQ(sorted, iota);
  EXPECT_EQ(seeded_permutation(0, 5).status.message,
            "seeded_permutation: n = 0 must be at least 1");
}

}  // namespace
}  // namespace ap
