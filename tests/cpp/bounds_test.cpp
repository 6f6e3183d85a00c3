// bounds_test.cpp — the work and memory bounds of every entry point
// (kMaxMultiplyAdds, kMaxResultBytes, kMaxValues) and "finite in, finite out".
//
// Each limit is tested at its edge: one step over → "too_large" with the
// message; at or just under → the call works. A "just under" call that would
// do ~2³² multiply-adds of real work hides every key with a mask (the kernel
// then skips them all; the count is an upper bound that ignores the mask).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attention.h"
#include "block.h"
#include "checks.h"
#include "experiments.h"
#include "layer_norm.h"
#include "mask.h"
#include "multi_head.h"
#include "positional.h"
#include "projected.h"
#include "random.h"
#include "size_limits.h"
#include "softmax.h"
#include "test_util.h"

namespace ap {
namespace {

using test::all_finite;
using test::Contains;
using test::MatrixNear;
using test::VectorNear;

constexpr double kMax = std::numeric_limits<double>::max();

const std::string kAttentionHint =
    "use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)";

// ---------------------------------------------------------------- the limits

TEST(Limits, ValuesAndTheirReasons) {
  EXPECT_EQ(kMaxMultiplyAdds, 4294967296.0);  // 2³²
  EXPECT_EQ(kMaxResultBytes, 268435456.0);    // 256 MiB
  EXPECT_EQ(kMaxValues, std::size_t{1} << 24);
  // the page's largest call: the quadratic experiment's last point
  EXPECT_EQ(attention_multiply_adds(4096, 4096, 64, 64), 2147483648.0);
  EXPECT_LE(attention_multiply_adds(4096, 4096, 64, 64) + kTranscendentalCost * 3 * 4096 * 64,
            kMaxMultiplyAdds);
  EXPECT_LE(attention_result_bytes(4096, 4096, 64), kMaxResultBytes);
  // functions bounded by their per-dimension limits alone never reach the budget
  EXPECT_LE(kTranscendentalCost * kMaxRows * kMaxCols, kMaxMultiplyAdds);  // pos_encoding, …
  EXPECT_LE(8.0 * kMaxRows * kMaxCols, kMaxResultBytes);
}

TEST(CheckCost, MessagesSayWhatToReduce) {
  EXPECT_TRUE(check_cost("f", kMaxMultiplyAdds, kMaxResultBytes, "x").ok());
  const Status work = check_cost("f", 6.9e10, 0.0, "use fewer rows");
  EXPECT_EQ(work.code, "too_large");
  EXPECT_EQ(work.message,
            "f: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: use fewer rows");
  // as many digits as it takes for the two numbers to differ
  EXPECT_EQ(check_cost("f", kMaxMultiplyAdds + 1, 0.0, "r").message,
            "f: this call needs 4.294967297e9 multiply-adds; the limit is 4.294967296e9 per call: "
            "r");
  const Status bytes = check_cost("f", 1.0, 512.0 * 1048576.0, "use fewer keys");
  EXPECT_EQ(bytes.code, "too_large");
  EXPECT_EQ(bytes.message,
            "f: this call's results need 512 MiB; the limit is 256 MiB per call: use fewer keys");
  EXPECT_EQ(check_cost("f", 1.0, kMaxResultBytes + 8, "r").message,
            "f: this call's results need 256.00001 MiB; the limit is 256 MiB per call: r");
  // NaN is not within any limit
  EXPECT_EQ(check_cost("f", std::nan(""), 0.0, "r").code, "too_large");
}

// The fuzz case: Q = K (4096, 1), V (4096, 4096) took 19.7 s in WASM.
TEST(Limits, AttentionOfWideValuesIsRefused) {
  const auto r = attention(Matrix(4096, 1, 0.5), Matrix(4096, 1, 0.5), Matrix(4096, 4096, 1.0));
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_EQ(r.status.message,
            "attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: " +
                kAttentionHint);
}

// n_q = n_k = 4096 and d_k + d_v = 256: exactly 2³².
TEST(Limits, AttentionAtTheEdge) {
  const Matrix Q(4096, 128, 1.0), K(4096, 128, 1.0), V(4096, 128, 1.0), V_over(4096, 129, 1.0);
  const Mask hidden(4096, 4096, false);
  const auto at = attention(Q, K, V, &hidden);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_EQ(at.value.weights.rows, 4096u);
  EXPECT_EQ(at.value.out.data[0], 0.0);  // every key hidden: zero output
  EXPECT_TRUE(attention_buffers(Q, K, V, &hidden).ok());
  const std::string over =
      "attention: this call needs 4.31e9 multiply-adds; the limit is 4.29e9 per call: " +
      kAttentionHint;
  EXPECT_EQ(attention(Q, K, V_over, &hidden).status.message, over);
  const auto buffers = attention_buffers(Q, K, V_over, &hidden);
  EXPECT_EQ(buffers.status.code, "too_large");
  EXPECT_EQ(buffers.status.message, over);
}

// attention_steps returns four (n_q, n_k) matrices: n_q·(4·n_k + d_v) ≤ 2²⁵ doubles.
TEST(Limits, AttentionStepsResultBytes) {
  const Matrix K(4096, 1, 0.25), V(4096, 1, 1.0);
  const auto under = attention_steps(Matrix(2047, 1, 0.5), K, V);  // 2047·16385 doubles
  ASSERT_TRUE(under.ok()) << under.status.message;
  EXPECT_EQ(under.value.scores.rows, 2047u);
  const auto over = attention_steps(Matrix(2048, 1, 0.5), K, V);  // 2048·16385
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "attention: this call's results need 256.02 MiB; the limit is 256 MiB per call: " +
                kAttentionHint);
}

// the scores twice (2·n_q·n_k·d_k) and weights·V: 2²²·(2·341 + 342) = 2³² at n = 2048
TEST(Limits, AttentionStepsWork) {
  const auto over =
      attention_steps(Matrix(2048, 341, 0.0), Matrix(2048, 341, 0.0), Matrix(2048, 343, 0.0));
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_TRUE(Contains(over.status.message, "attention: this call needs 4.30e9 multiply-adds"));
}

TEST(Limits, MultiHeadAtTheEdge) {
  const Matrix Q(4096, 128, 1.0), V(4096, 128, 1.0), V_over(4096, 129, 1.0);
  const Mask hidden(4096, 4096, false);
  const auto at = multi_head(Q, Q, V, 1, &hidden);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_EQ(at.value.weights.size(), 1u);
  const auto over = multi_head(Q, Q, V_over, 1, &hidden);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "multi_head: this call needs 4.31e9 multiply-adds; the limit is 4.29e9 per call: " +
                kAttentionHint);
}

// n²·2d + 4·n·d at n = 4096: d = 127 fits, d = 128 is 2³² + 2²¹
TEST(Limits, BlockAtTheEdge) {
  const Mask hidden(4096, 4096, false);
  Rng rng(3);
  const auto at = block(test::random_matrix(4096, 127, rng), 1, &hidden);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_TRUE(all_finite(at.value.out.data));
  const auto over = block(Matrix(4096, 128, 1.0), 1, &hidden);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "block: this call needs 4.30e9 multiply-adds; the limit is 4.29e9 per call: use "
            "fewer rows (tokens) or columns of X");
}

// n·d_in·(2·d_k + d_v) + n²·(d_k + d_v) at n = 4096, d_in = 1, d_k = d_v = m:
// m = 127 fits, m = 128 does not. (The one "just under" test that computes for
// real, ~0.7 s: single_head takes no mask to hide the work behind.)
TEST(Limits, SingleHeadAtTheEdge) {
  Rng rng(5);
  const Matrix X = test::random_matrix(4096, 1, rng);
  const Matrix W = test::random_matrix(1, 127, rng), W_over = test::random_matrix(1, 128, rng);
  const auto at = single_head(X, W, W, W);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_TRUE(all_finite(at.value.out.data));
  const auto over = single_head(X, W_over, W_over, W_over);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "single_head: this call needs 4.30e9 multiply-adds; the limit is 4.29e9 per call: use "
            "fewer rows of X or narrower weights (columns of Wq, Wk, Wv)");
}

// Widths 1 in, d_k = d_v = m per head, d_o = 1, n_q = n_k = 4096: m·(4·4096 + 2²⁵).
TEST(Limits, GroupedQueryAttentionWork) {
  auto params = [](std::size_t m) {
    ProjectionParams p;
    p.Wq = Matrix(1, m, 0.5);
    p.Wk = Matrix(1, m, 0.5);
    p.Wv = Matrix(1, m, 0.5);
    p.Wo = Matrix(m, 1, 0.5);
    return p;
  };
  const Tensor3 x(1, 4096, 1, 1.0);
  const Mask hidden(4096, 4096, false);
  const auto at = grouped_query_attention(x, x, x, params(127), 1, 1, &hidden);
  ASSERT_TRUE(at.ok()) << at.status.message;
  const auto over = grouped_query_attention(x, x, x, params(128), 1, 1, &hidden);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "grouped_query_attention: this call needs 4.30e9 multiply-adds; the limit is 4.29e9 "
            "per call: use fewer rows, a smaller batch or narrower matrices");
}

// out (batch, n_q, d_o) + weights (batch, H, n_q, n_k): 1024·8·(d_o + 1) ≤ 2²⁵ doubles.
TEST(Limits, GroupedQueryAttentionResultBytes) {
  auto params = [](std::size_t d_o) {
    ProjectionParams p;
    p.Wq = Matrix(1, 1, 0.5);
    p.Wk = Matrix(1, 1, 0.5);
    p.Wv = Matrix(1, 1, 0.5);
    p.Wo = Matrix(1, d_o, 0.5);
    return p;
  };
  const Tensor3 q(1024, 8, 1, 1.0), kv(1024, 1, 1, 1.0);
  const auto at = grouped_query_attention(q, kv, kv, params(4095), 1, 1);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_EQ(at.value.out.data.size(), 1024u * 8 * 4095);
  const auto over = grouped_query_attention(q, kv, kv, params(4096), 1, 1);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "grouped_query_attention: this call's results need 256.1 MiB; the limit is 256 MiB "
            "per call: use fewer rows, a smaller batch or narrower matrices");
}

// The fuzz case: q = k = v of 96 × 1024 × 1024 (800 MB each) aborted the
// module. The bindings refuse such a batch before copying it in (the web test
// bounds.test.ts); the core refuses it too, here with 17 × 1024 × 1024.
TEST(Limits, GroupedQueryAttentionBatchOfTooManyValues) {
  ProjectionParams p;
  p.Wq = p.Wk = p.Wv = p.Wo = Matrix(1024, 1024, 0.01);
  const Tensor3 t(17, 1024, 1024, 0.001);
  const auto r = grouped_query_attention(t, t, t, p, 1, 1);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_EQ(r.status.message,
            "grouped_query_attention: q is (17, 1024, 1024), 17825792 values: the limit is "
            "16777216 values per argument (128 MiB): use a smaller batch, fewer rows or fewer "
            "columns");
  // a batch of 8 has few enough values, but 5.2e10 multiply-adds of work
  const Tensor3 t8(8, 1024, 1024, 0.001);
  EXPECT_TRUE(Contains(grouped_query_attention(t8, t8, t8, p, 1, 1).status.message,
                       "grouped_query_attention: this call needs 5.2e10 multiply-adds"));
}

TEST(Limits, CheckTensorValues) {
  const Tensor3 at(4, 4096, 1024);  // 2²⁴ values
  EXPECT_TRUE(check_tensor("g", "q", at).ok());
  const Tensor3 over(5, 4096, 820);  // 16,793,600 values
  const Status s = check_tensor("g", "q", over);
  EXPECT_EQ(s.code, "too_large");
  EXPECT_TRUE(
      Contains(s.message, "g: q is (5, 4096, 820), 16793600 values: the limit is 16777216"));
}

// trials·(2·n·(d + 1) + 128·(n + 1)·d) at d = 4096, n = 1: 4064 trials fit, 4065 do not.
TEST(Limits, ScalingPointAtTheEdge) {
  const auto at = scaling_point(4096, 1, 4064, 7);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_EQ(at.value.max_scaled_mean, 1.0);  // one key takes everything
  const auto over = scaling_point(4096, 1, 4065, 7);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "scaling_point: this call needs 4.30e9 multiply-adds; the limit is 4.29e9 per call: "
            "use fewer trials, a smaller n or smaller values of d");
  // the largest settings of old: 3.4e12 multiply-adds, minutes of work
  EXPECT_EQ(scaling_point(kMaxCols, kMaxRows, kMaxTrials, 7).status.code, "too_large");
}

// the points of one experiment add up: each fits alone, the two together do not
TEST(Limits, ScalingExperimentAddsItsPoints) {
  const auto over = scaling_experiment({4096, 4096}, 1, 4064, 7);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_TRUE(Contains(over.status.message, "scaling_experiment: this call needs 8.6e9"));
  EXPECT_TRUE(
      Contains(over.status.message, "use fewer trials, a smaller n or smaller values of d"));
  // checks of n and trials still come first, as before
  EXPECT_EQ(scaling_experiment({1}, 0, 1, 7).status.message,
            "scaling_experiment: n = 0 must be at least 1");
}

// 3·n·d draws (128 each) and n²·2d: at n = 4096, d = 122 fits, 123 does not.
TEST(Limits, QuadraticPointAtTheEdge) {
  const auto page = quadratic_point(4096, 64, 7);  // the page's largest point works (~0.8 s)
  ASSERT_TRUE(page.ok()) << page.status.message;
  EXPECT_TRUE(std::isfinite(page.value.checksum));
  const auto over = quadratic_point(4096, 123, 7);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "quadratic_point: this call needs 4.32e9 multiply-adds; the limit is 4.29e9 per call: "
            "use a smaller n or d");
}

// results 4·(n, d) and 2·(n, n): at n = 4095 d = 1 fits, d = 2 does not
TEST(Limits, PermutationExperimentResultBytes) {
  Rng rng(2);
  const std::vector<std::size_t> perm = random_permutation(4095, rng);
  const auto at = permutation_experiment(test::random_matrix(4095, 1, rng), perm, false);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_LT(at.value.max_abs_diff, 1e-12);
  const auto over = permutation_experiment(Matrix(4095, 2, 1.0), perm, false);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "permutation_experiment: this call's results need 256.1 MiB; the limit is 256 MiB "
            "per call: use fewer rows or columns of X");
}

// two attentions of 4n²d: at n = 2048 d = 256 fits (not run), 257 does not
TEST(Limits, PermutationExperimentWork) {
  std::vector<std::size_t> perm(2048);
  for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = i;
  const auto over = permutation_experiment(Matrix(2048, 257, 0.0), perm, false);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_TRUE(Contains(over.status.message, "permutation_experiment: this call needs 4.31e9"));
}

// attention and multi_head(h = 1): 2·n²·(d + d_v) = 2³² at n = 4096, d = d_v = 64
TEST(Limits, H1CheckAtTheEdge) {
  const Matrix Q(4096, 64, 1.0), V(4096, 64, 1.0), V_over(4096, 65, 1.0);
  const Mask hidden(4096, 4096, false);
  const auto at = h1_check(Q, Q, V, &hidden);
  ASSERT_TRUE(at.ok()) << at.status.message;
  EXPECT_EQ(at.value.max_out_diff, 0.0);
  const auto over = h1_check(Q, Q, V_over, &hidden);
  EXPECT_EQ(over.status.code, "too_large");
  EXPECT_EQ(over.status.message,
            "h1_check: this call needs 4.33e9 multiply-adds; the limit is 4.29e9 per call: " +
                kAttentionHint);
}

// Bounded by their per-dimension limits alone (Limits.ValuesAndTheirReasons):
// the largest shapes work, one more is refused as before.
TEST(Limits, SmallFunctionsAtTheirLargest) {
  EXPECT_TRUE(pos_encoding(kMaxRows, 1).ok());
  EXPECT_TRUE(pos_encoding(1, kMaxCols).ok());
  EXPECT_EQ(pos_encoding(kMaxRows + 1, 1).status.code, "too_large");
  EXPECT_TRUE(random_normal(kMaxRows, 2, 1).ok());
  EXPECT_EQ(random_normal(1, kMaxCols + 1, 1).status.code, "too_large");
  EXPECT_TRUE(causal_mask(kMaxRows).ok());
  EXPECT_EQ(causal_mask(kMaxRows + 1).status.code, "too_large");
  EXPECT_TRUE(softmax(std::vector<double>(kMaxValues, 1.0)).ok());
  EXPECT_EQ(softmax(std::vector<double>(kMaxValues + 1, 1.0)).status.code, "too_large");
  EXPECT_TRUE(layer_norm(std::vector<double>(kMaxValues, 1.0)).ok());
  EXPECT_EQ(layer_norm(std::vector<double>(kMaxValues + 1, 1.0)).status.code, "too_large");
  EXPECT_TRUE(seeded_permutation(kMaxRows, 1).ok());
  EXPECT_TRUE(fit_loglog_slope({1, 2}, {1, 4}).ok());
}

// ---------------------------------------------------------------- finite in, finite out

// weights rows sum to 1 (or are all 0), every value finite
::testing::AssertionResult WellFormed(const AttentionResult& a) {
  if (!all_finite(a.out.data) || !all_finite(a.weights.data))
    return ::testing::AssertionFailure() << "a value is not finite";
  for (std::size_t i = 0; i < a.weights.rows; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < a.weights.cols; ++j) sum += a.weights(i, j);
    if (!(std::fabs(sum - 1.0) <= 1e-12 || sum == 0.0))
      return ::testing::AssertionFailure() << "row " << i << " sums to " << sum;
  }
  return ::testing::AssertionSuccess();
}

// The case: the score 1e400 overflowed and the weights were NaN.
TEST(FiniteOut, AttentionScoresBeyondFloat64) {
  const auto r = attention(Matrix(1, 1, {1e200}), Matrix(2, 1, {1e200, 1.0}), Matrix(2, 1, {1, 2}));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.weights.data, (std::vector<double>{1.0, 0.0}));  // e^(1e400 − 1e200)
  EXPECT_EQ(r.value.out.data, (std::vector<double>{1.0}));
}

TEST(FiniteOut, TiedScoresBeyondFloat64ShareTheWeight) {
  const auto r =
      attention(Matrix(1, 1, {1e200}), Matrix(3, 1, {1e200, 1e200, 1.0}), Matrix(3, 1, {1, 2, 3}));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value.weights.data, (std::vector<double>{0.5, 0.5, 0.0}));
  EXPECT_EQ(r.value.out.data, (std::vector<double>{1.5}));
}

TEST(FiniteOut, ScoresBelowMinusFloat64) {
  // every key far below: the least negative wins
  const auto all =
      attention(Matrix(1, 1, {1e200}), Matrix(2, 1, {-2e200, -1e200}), Matrix(2, 1, {1, 2}));
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all.value.weights.data, (std::vector<double>{0.0, 1.0}));
  // one far below, one finite: the finite one takes everything
  const auto mixed =
      attention(Matrix(1, 1, {1e200}), Matrix(2, 1, {-1e200, 1e-200}), Matrix(2, 1, {1, 2}));
  ASSERT_TRUE(mixed.ok());
  EXPECT_EQ(mixed.value.weights.data, (std::vector<double>{0.0, 1.0}));
}

// A partial sum overflows (1e308 + 1e308) but the dot product is 1: exact.
TEST(FiniteOut, OverflowingPartialSumsOfAModerateScore) {
  const Matrix Q(1, 5, {1e308, 1e308, -1e308, -1e308, 1.0});
  const Matrix K(2, 5, {1, 1, 1, 1, 1, 0, 0, 0, 0, 2});
  const Matrix V(2, 1, {10.0, 20.0});
  const auto r = attention(Q, K, V, nullptr, false);
  ASSERT_TRUE(r.ok());
  // softmax([1, 2])
  EXPECT_TRUE(VectorNear(r.value.weights.data, {0.2689414213699951, 0.7310585786300049}, 1e-15));
  EXPECT_NEAR(r.value.out.data[0], 17.310585786300049, 1e-13);
}

// Values near DBL_MAX: their weighted mean is finite, the plain sum was not.
TEST(FiniteOut, ValuesNearTheLargestDouble) {
  const Matrix Q(1, 1, {0.0}), K(3, 1, {0.0, 0.0, 0.0});
  const auto r = attention(Q, K, Matrix(3, 2, {kMax, kMax, kMax, -kMax, kMax, 0.0}));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(WellFormed(r.value));
  EXPECT_NEAR(r.value.out.data[0] / kMax, 1.0, 1e-15);
  EXPECT_NEAR(r.value.out.data[1] / kMax, 0.0, 1e-15);
}

// M / 1e307, to compare outputs of size ~1e307 at a 1e-12 tolerance.
Matrix shrunk(Matrix M) {
  for (double& x : M.data) x /= 1e307;
  return M;
}

// Inputs large enough for the scalar path (d_k·max|Q|·max|K| > 2¹⁰⁰⁰) whose
// scores the reference can still compute: both agree as the kernels do.
TEST(FiniteOut, WidePathAgreesWithTheReference) {
  Rng rng(11);
  for (std::size_t n : {1, 5, 9}) {
    const Matrix Q = test::random_matrix(n, 4, rng, 1e152);
    const Matrix K = test::random_matrix(n + 2, 4, rng, 1e152);
    const Matrix V = test::random_matrix(n + 2, 3, rng, 2e307);  // and > 2¹⁰²⁰ for V
    Mask m = causal_mask(n, n + 2).value;
    for (const Mask* mask : {static_cast<const Mask*>(nullptr), static_cast<const Mask*>(&m)})
      for (bool scale : {true, false}) {
        const auto fast = attention(Q, K, V, mask, scale);
        ASSERT_TRUE(fast.ok());
        const AttentionResult ref = attention_reference(Q, K, V, mask, scale);
        EXPECT_TRUE(MatrixNear(fast.value.weights, ref.weights, 1e-12));
        EXPECT_TRUE(MatrixNear(shrunk(fast.value.out), shrunk(ref.out), 1e-12));
      }
  }
}

// The temperature multiplies the scores by 1/τ: the same large inputs at
// τ = 0.05 (× 20) and τ = 20, on either side of the kernel's bound, agree with
// the reference wherever its scores are finite.
TEST(FiniteOut, LargeInputsAtSmallAndLargeTemperatures) {
  Rng rng(17);
  for (double size : {1e149, 1e152}) {
    const Matrix Q = test::random_matrix(5, 4, rng, size);
    const Matrix K = test::random_matrix(7, 4, rng, size);
    const Matrix V = test::random_matrix(7, 3, rng, 1e300);
    Mask m = causal_mask(5, 7).value;
    for (const Mask* mask : {static_cast<const Mask*>(nullptr), static_cast<const Mask*>(&m)})
      for (bool scale : {true, false})
        for (double tau : {0.05, 20.0}) {
          SCOPED_TRACE("|Q|, |K| ~ " + std::to_string(size) + (scale ? " scaled" : " unscaled") +
                       " τ = " + std::to_string(tau));
          const auto fast = attention(Q, K, V, mask, {scale, tau});
          ASSERT_TRUE(fast.ok());
          EXPECT_TRUE(WellFormed(fast.value));
          const AttentionResult ref = attention_reference(Q, K, V, mask, {scale, tau});
          ASSERT_TRUE(all_finite(ref.weights.data));  // 4·(4e152)²·20 < 1e308
          EXPECT_TRUE(MatrixNear(fast.value.weights, ref.weights, 1e-12));
          EXPECT_TRUE(MatrixNear(shrunk(fast.value.out), shrunk(ref.out), 1e-12));
        }
  }
}

// The scalar path on ordinary rows (a hidden key of 1e305 sends every row
// there) computes what the reference does, at every temperature; also when
// the largest score is tiny (≈ 1e-323 here) and another is −0.14: the
// difference is taken in plain doubles, not in the tiny one's units.
TEST(FiniteOut, WidePathOnOrdinaryRows) {
  Rng rng(19);
  Matrix Q = test::random_matrix(6, 3, rng), K = test::random_matrix(8, 3, rng);
  const Matrix V = test::random_matrix(8, 2, rng);
  K(7, 0) = 1e305;
  Mask m(6, 8, true);
  for (std::size_t i = 0; i < 6; ++i) m.set(i, 7, false);
  for (double tau : {0.05, 0.5, 1.0, 3.0, 20.0})
    for (bool scale : {true, false}) {
      const auto fast = attention(Q, K, V, &m, {scale, tau});
      ASSERT_TRUE(fast.ok());
      const AttentionResult ref = attention_reference(Q, K, V, &m, {scale, tau});
      EXPECT_TRUE(MatrixNear(fast.value.weights, ref.weights, 1e-15)) << tau << " " << scale;
      EXPECT_TRUE(MatrixNear(fast.value.out, ref.out, 1e-14)) << tau << " " << scale;
    }
  const Matrix q(1, 2, {5e-324, 0.5});
  const Matrix k(3, 2, {-6.0, -5.625, 5.875, 0.0, 1e305, 0.0});
  Mask seen(1, 3, true);  // scores −2.8125 and 3e-323; the third is hidden
  seen.set(0, 2, false);
  const auto r = attention(q, k, Matrix(3, 1, {1.0, 2.0, 3.0}), &seen, {false, 20.0});
  ASSERT_TRUE(r.ok());
  const double w0 = 1.0 / (1.0 + std::exp(2.8125 / 20.0));  // softmax([−0.140625, 0])
  EXPECT_TRUE(VectorNear(r.value.weights.data, {w0, 1.0 - w0, 0.0}, 1e-15));
}

// d_k·max|Q|·max|K| = 1e300 is inside the τ = 1 bound, but 1/τ = 1e10 takes the
// score to 1e310: the bound must count the factor, or the weights are NaN.
TEST(FiniteOut, TheKernelBoundCountsTheTemperature) {
  const Matrix Q(2, 1, {1e150, -1e150}), K(2, 1, {1e150, 1.0}), V(2, 1, {1.0, 2.0});
  const auto r = attention(Q, K, V, nullptr, {false, 1e-10});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(WellFormed(r.value));
  EXPECT_EQ(r.value.weights.data, (std::vector<double>{1.0, 0.0, 0.0, 1.0}));
  EXPECT_EQ(r.value.out.data, (std::vector<double>{1.0, 2.0}));
}

// Dot products beyond float64 divided by a τ near DBL_MAX come back to small
// logits (2 and 1 here): their difference still counts, softmax([2, 1]).
TEST(FiniteOut, HugeDotsAtAHugeTemperatureKeepTheirDifference) {
  const Matrix Q(1, 1, {1e154}), K(2, 1, {2e154, 1e154}), V(2, 1, {1.0, 0.0});
  const auto r = attention(Q, K, V, nullptr, {false, 1e308});  // dots 2e308 (∞) and 1e308
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(VectorNear(r.value.weights.data, {0.7310585786300049, 0.2689414213699951}, 1e-15));
  EXPECT_NEAR(r.value.out.data[0], 0.7310585786300049, 1e-15);
}

// τ = 5e-324: 1/τ is beyond float64, yet every row is well formed: the
// largest score takes all the weight, equal ones share it, zeros stay equal.
TEST(FiniteOut, TemperatureWhoseInverseOverflows) {
  const Matrix Q(3, 1, {1.0, 0.0, -1.0}), K(3, 1, {2.0, 1.0, 2.0}), V(3, 1, {1.0, 2.0, 4.0});
  for (bool scale : {true, false}) {
    const auto r = attention(Q, K, V, nullptr, {scale, 5e-324});
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(WellFormed(r.value));
    const double third = 1.0 / 3.0;
    EXPECT_TRUE(VectorNear(r.value.weights.data,
                           {0.5, 0.0, 0.5, third, third, third, 0.0, 1.0, 0.0}, 1e-16));
  }
  const auto mh = multi_head(Matrix(2, 2, {1, 2, 3, 4}), Matrix(2, 2, {1, 2, 3, 4}),
                             Matrix(2, 2, {1, 2, 3, 4}), 2, nullptr, 5e-324);
  ASSERT_TRUE(mh.ok());
  EXPECT_TRUE(all_finite(mh.value.out.data));
  EXPECT_EQ(mh.value.weights[0].data, (std::vector<double>{0.0, 1.0, 0.0, 1.0}));
}

TEST(FiniteOut, EveryFunctionBuiltOnAttention) {
  Rng rng(13);
  const Matrix X = test::random_matrix(6, 4, rng, 1e300);
  const Mask causal = causal_mask(6).value;
  const auto mh = multi_head(X, X, X, 2, &causal);
  ASSERT_TRUE(mh.ok());
  EXPECT_TRUE(all_finite(mh.value.out.data));
  for (const Matrix& w : mh.value.weights) EXPECT_TRUE(all_finite(w.data));
  const auto b = block(test::random_matrix(6, 4, rng, 5e307), 2, &causal);
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(all_finite(b.value.out.data));
  EXPECT_TRUE(all_finite(b.value.normed.data));
  const auto h1 = h1_check(X, X, X, &causal);
  ASSERT_TRUE(h1.ok());
  EXPECT_EQ(h1.value.max_out_diff, 0.0);
  const auto perm = permutation_experiment(X, {5, 4, 3, 2, 1, 0}, true);
  ASSERT_TRUE(perm.ok()) << perm.status.message;
  EXPECT_TRUE(all_finite(perm.value.out_permuted.data));
  // q·k = 1e320 overflows inside single_head, its projections do not
  const auto sh = single_head(Matrix(3, 1, {1e160, -1e160, 1.0}), Matrix(1, 1, {1.0}),
                              Matrix(1, 1, {1.0}), Matrix(1, 1, {1.0}));
  ASSERT_TRUE(sh.ok());
  EXPECT_TRUE(all_finite(sh.value.weights.data));
  EXPECT_EQ(sh.value.weights(1, 0), 0.0);  // −1e320 against 1e320: all on key 1
  EXPECT_EQ(sh.value.weights(1, 1), 1.0);
}

// The scores are a result of attention_steps: one beyond float64 cannot be shown.
TEST(FiniteOut, AttentionStepsRefusesScoresBeyondFloat64) {
  const auto r =
      attention_steps(Matrix(1, 1, {1e200}), Matrix(2, 1, {1e200, 1.0}), Matrix(2, 1, {1, 2}));
  EXPECT_EQ(r.status.code, "non_finite_result");
  EXPECT_EQ(r.status.message,
            "attention: the score Q[0]·K[0] overflows float64 (it is Infinity): scale Q or K down "
            "so that the scores stay below 1e308");
  // hidden keys are −∞ in `masked` by design; everything else is finite
  const Mask causal = causal_mask(2).value;
  const auto ok = attention_steps(Matrix(2, 1, {1e150, 1.0}), Matrix(2, 1, {1e150, 2.0}),
                                  Matrix(2, 1, {1, 2}), &causal);
  ASSERT_TRUE(ok.ok());
  EXPECT_TRUE(all_finite(ok.value.scores.data));
  EXPECT_EQ(ok.value.masked(0, 1), -INFINITY);
}

// A projection beyond float64 has no finite answer: non_finite_result.
TEST(FiniteOut, ProjectionsBeyondFloat64) {
  const auto sh = single_head(Matrix(2, 1, {1e200, 1.0}), Matrix(1, 1, {1.0}),
                              Matrix(1, 1, {1e200}), Matrix(1, 1, {1.0}));
  EXPECT_EQ(sh.status.code, "non_finite_result");
  EXPECT_EQ(sh.status.message,
            "single_head: X·Wk overflows float64 (at row 0, column 0 it is Infinity): scale X or "
            "Wk down");
  ProjectionParams p;
  p.Wq = Matrix(1, 1, {1.0});
  p.Wk = Matrix(1, 1, {1.0});
  p.Wv = Matrix(1, 1, {1e300});
  p.Wo = Matrix(1, 1, {1.0});
  p.bv = {1.0};
  const Tensor3 x(2, 1, 1, 1e10);
  const auto g = grouped_query_attention(x, x, x, p, 1, 1);
  EXPECT_EQ(g.status.code, "non_finite_result");
  EXPECT_EQ(g.status.message,
            "grouped_query_attention: v·Wv + bv overflows float64 (at batch 0, row 0, column 0 it "
            "is Infinity): scale v, Wv or bv down");
  // finite projections, but heads·Wo overflows
  p.Wv = Matrix(1, 1, {1e290});
  p.Wo = Matrix(1, 1, {1e100});
  const auto o = grouped_query_attention(x, x, x, p, 1, 1);
  EXPECT_EQ(o.status.code, "non_finite_result");
  EXPECT_TRUE(Contains(o.status.message, "the output projection heads·Wo overflows float64"));
  // huge weights whose products stay finite: fine, and finite
  p.Wo = Matrix(1, 1, {1.0});
  p.Wq = Matrix(1, 1, {1e290});
  p.Wk = Matrix(1, 1, {-1e290});
  const auto fine = grouped_query_attention(x, x, x, p, 1, 1);
  ASSERT_TRUE(fine.ok());
  EXPECT_TRUE(all_finite(fine.value.out.data));
  EXPECT_TRUE(all_finite(fine.value.weights));
}

TEST(FiniteOut, SoftmaxOfExtremes) {
  const auto r = softmax({kMax, -kMax, 0.0});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value, (std::vector<double>{1.0, 0.0, 0.0}));
}

// ---------------------------------------------------------------- layer_norm of huge values

// The case: [1e308, 1e308] gave [NaN, NaN].
TEST(LayerNormHuge, EqualHugeValuesGiveZeros) {
  EXPECT_EQ(layer_norm({1e308, 1e308}).value, (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(layer_norm({-kMax, -kMax, -kMax}, 0.0).value, (std::vector<double>{0.0, 0.0, 0.0}));
  EXPECT_EQ(layer_norm({1e-310, 1e-310}, 0.0).value, (std::vector<double>{0.0, 0.0}));
}

// Expected values: PyTorch float64 (torch 1.13, F.layer_norm) on the same row
// scaled by 2^−e (exact) with eps·2^−2e, where torch on the row itself gives
// NaN. LN(x, eps) = LN(x·c, eps·c²) for c > 0.
TEST(LayerNormHuge, MatchesPyTorchOnTheScaledRow) {
  struct Case {
    std::vector<double> row;
    double eps;
    std::vector<double> out;
  };
  const std::vector<Case> cases = {
      // torch: [nan, nan, nan]; ×2^−1024
      {{1e308, -1e308, 5e307},
       1e-5,
       {0.9805806756909201, -1.3728129459672882, 0.39223227027636803}},
      // torch: all nan; ×2^−1024
      {{1.7e308, 1.6e308, -1.7e308, 0.5e308},
       1e-5,
       {0.8588146507486744, 0.7857240421743191, -1.6262660407794047, -0.01827265214358883}},
      // torch: all nan (the squares overflow); ×2^−666
      {{3e200, -1e200, 2e200, 5e199},
       1e-5,
       {1.237179148263484, -1.4021363680319483, 0.5773502691896258, -0.4123930494211613}},
      // tiny values with eps = 0: torch gives [nan, nan, -inf]; ×2^994
      {{1e-300, 3e-300, -2e-300},
       0.0,
       {0.16222142113076243, 1.1355499479153377, -1.2977713690461004}},
  };
  for (const Case& c : cases) {
    const auto r = layer_norm(c.row, c.eps);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(VectorNear(r.value, c.out, 1e-14)) << c.row[0];
  }
}

// Where torch itself is finite, the same numbers (the scaled path runs above 2⁴⁰⁰).
TEST(LayerNormHuge, MatchesPyTorchWhereItIsFinite) {
  EXPECT_TRUE(VectorNear(layer_norm({1e150, 2e150, -3e150}).value,
                         {0.4629100498862758, 0.9258200997725516, -1.3887301496588274}, 1e-14));
  // tiny values: eps dominates, (x − mean)/√eps
  EXPECT_TRUE(VectorNear(layer_norm({1e-300, 3e-300}).value,
                         {-3.16227766016838e-298, 3.1622776601683784e-298}, 1e-310));
  EXPECT_TRUE(VectorNear(layer_norm({1e-300, 3e-300, -2e-300}, 5e-324).value,
                         {1.499637931514398e-139, 1.0497465520600791e-138, -1.199710345211519e-138},
                         1e-150));
}

TEST(LayerNormHuge, BlockOfHugeRowsIsFinite) {
  const auto b = block(Matrix(2, 4, {1e308, 1e308, -1e308, 5e307, kMax, kMax, kMax, kMax}), 2);
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(all_finite(b.value.normed.data));
  EXPECT_TRUE(all_finite(b.value.out.data));
  EXPECT_EQ(b.value.normed(1, 0), 0.0);
}

// ---------------------------------------------------------------- random_normal's scale

TEST(RandomNormalScale, MustBeFiniteAndSmallEnough) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {std::nan(""), inf, -inf, 1e308, -1e308}) {
    const auto r = random_normal(2, 2, 1, bad);
    EXPECT_EQ(r.status.code, "invalid_argument") << bad;
    EXPECT_TRUE(Contains(r.status.message, "random_normal: scale = ")) << r.status.message;
  }
  EXPECT_EQ(random_normal(2, 2, 1, std::nan("")).status.message,
            "random_normal: scale = NaN must be a finite number with |scale| ≤ 2.8089e+306 "
            "(DBL_MAX / 64)");
  EXPECT_EQ(random_normal(2, 2, 1, 1e308).status.message,
            "random_normal: scale = 1e+308 must be a finite number with |scale| ≤ 2.8089e+306 "
            "(DBL_MAX / 64)");
  // the largest scale: every value finite (|normal| < 8.6)
  const auto top = random_normal(64, 64, 1, kMaxNormalScale);
  ASSERT_TRUE(top.ok());
  EXPECT_TRUE(all_finite(top.value.data));
  const auto neg = random_normal(64, 64, 1, -kMaxNormalScale);
  ASSERT_TRUE(neg.ok());
  EXPECT_TRUE(all_finite(neg.value.data));
  EXPECT_EQ(random_normal(2, 2, 1, 0.0).value.data, (std::vector<double>(4, 0.0)));
}

}  // namespace
}  // namespace ap
