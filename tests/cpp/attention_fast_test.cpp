// attention_fast_test.cpp — the tiled kernel against the readable reference.
//
// attention_fast must compute exactly the maths of attention_reference:
// max |fast − reference| ≤ 1e-12 on weights and output for every shape
// (output: 1e-12 · max(1, max |V|), as it scales with V),
// hidden keys weigh exactly 0.0, visible rows sum to 1, and a fully hidden row
// gives zero weights and zero output. Shapes are chosen to hit every tail of
// the tiling: n_q not a multiple of 4, n_k and d_v not multiples of the tile.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "attention.h"
#include "attention_fast.h"
#include "mask.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::MatrixIdentical;
using test::MatrixNear;
using test::max_abs_diff;
using test::random_between;
using test::random_matrix;

constexpr double kTol = 1e-12;

enum class MaskKind { None, Causal, Random, RandomWithHiddenRows, Sparse, AllHidden };

const char* name(MaskKind k) {
  switch (k) {
    case MaskKind::None: return "none";
    case MaskKind::Causal: return "causal";
    case MaskKind::Random: return "random";
    case MaskKind::RandomWithHiddenRows: return "random+hidden rows";
    case MaskKind::Sparse: return "sparse";
    case MaskKind::AllHidden: return "all hidden";
  }
  return "?";
}

// A (n_q, n_k) mask of the given kind.
Mask make_mask(MaskKind kind, std::size_t n_q, std::size_t n_k, Rng& rng) {
  Mask m(n_q, n_k, true);  // (n_q, n_k)
  switch (kind) {
    case MaskKind::None: break;
    case MaskKind::Causal: m = causal_mask(n_q, n_k).value; break;
    case MaskKind::Random:
      for (auto& b : m.data) b = rng.uniform() < 0.6 ? 1 : 0;
      break;
    case MaskKind::RandomWithHiddenRows:
      for (auto& b : m.data) b = rng.uniform() < 0.5 ? 1 : 0;
      for (std::size_t i = 0; i < n_q; ++i)
        if (rng.uniform() < 0.3)
          for (std::size_t j = 0; j < n_k; ++j) m.set(i, j, false);
      break;
    case MaskKind::Sparse:  // one or two visible keys per row, anywhere
      for (auto& b : m.data) b = 0;
      for (std::size_t i = 0; i < n_q; ++i) {
        m.set(i, rng.below(n_k), true);
        m.set(i, rng.below(n_k), true);
      }
      break;
    case MaskKind::AllHidden:
      for (auto& b : m.data) b = 0;
      break;
  }
  return m;
}

// The largest differences seen by one test, printed when it ends.
struct Worst {
  const char* test;
  double weights = 0.0, out = 0.0;
  int cases = 0;
  explicit Worst(const char* t) : test(t) {}
  void add(double w, double o) {
    weights = w > weights ? w : weights;
    out = o > out ? o : out;
    ++cases;
  }
  ~Worst() {
    std::printf(
        "[attention_fast] %s: %d cases, max |fast - reference| weights %.3g, out/max(1,|V|) %.3g\n",
        test, cases, weights, out);
  }
};

// Runs both kernels and checks every part of the contract.
void check_case(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                const AttentionOptions& opts, const std::string& what, Worst& worst) {
  SCOPED_TRACE(what);
  const AttentionResult ref = attention_reference(Q, K, V, mask, opts);
  const AttentionResult fast = attention_fast(Q, K, V, mask, opts);
  ASSERT_EQ(fast.weights.rows, Q.rows);
  ASSERT_EQ(fast.weights.cols, K.rows);
  ASSERT_EQ(fast.out.rows, Q.rows);
  ASSERT_EQ(fast.out.cols, V.cols);
  // 1. the same numbers as the reference. The output is linear in V, so its
  //    tolerance grows with |V| (a weight off by 1e-16 moves out by 1e-16·|V|).
  double v_max = 1.0;
  for (double x : V.data) v_max = std::fabs(x) > v_max ? std::fabs(x) : v_max;
  EXPECT_TRUE(MatrixNear(fast.weights, ref.weights, kTol));
  EXPECT_TRUE(MatrixNear(fast.out, ref.out, kTol * v_max));
  worst.add(max_abs_diff(fast.weights, ref.weights), max_abs_diff(fast.out, ref.out) / v_max);
  // 2. hidden keys weigh exactly 0; visible rows sum to 1; hidden rows are all 0
  for (std::size_t i = 0; i < Q.rows; ++i) {
    bool any_visible = false;
    double sum = 0.0;
    for (std::size_t j = 0; j < K.rows; ++j) {
      const bool visible = !mask || mask->sees(i, j);
      any_visible = any_visible || visible;
      if (!visible) {
        ASSERT_EQ(fast.weights(i, j), 0.0) << "hidden key " << i << ", " << j;
      }
      sum += fast.weights(i, j);
    }
    if (any_visible) {
      ASSERT_NEAR(sum, 1.0, kTol) << "row " << i;
    } else {
      ASSERT_EQ(sum, 0.0) << "fully hidden row " << i;
      for (std::size_t c = 0; c < V.cols; ++c) ASSERT_EQ(fast.out(i, c), 0.0) << "row " << i;
    }
  }
}

TEST(AttentionFast, AgreesWithReferenceOnRandomShapes) {
  Worst worst("AgreesWithReferenceOnRandomShapes");
  Rng rng(20240611);
  const MaskKind kinds[] = {MaskKind::None,   MaskKind::Causal,
                            MaskKind::Random, MaskKind::RandomWithHiddenRows,
                            MaskKind::Sparse, MaskKind::AllHidden};
  for (int t = 0; t < 600; ++t) {
    const std::size_t n_q = random_between(rng, 1, 70), n_k = random_between(rng, 1, 70);
    const std::size_t d_k = random_between(rng, 1, 80), d_v = random_between(rng, 1, 80);
    const MaskKind kind = kinds[t % 6];
    const bool scale = (t / 6) % 2 == 0;
    // every fourth case: large inputs, so most weights underflow and the max wins
    const double qk_scale = t % 4 == 3 ? 30.0 : 1.0;
    const double v_scale = t % 8 == 7 ? 100.0 : 1.0;
    const Matrix Q = random_matrix(n_q, d_k, rng, qk_scale);  // (n_q, d_k)
    const Matrix K = random_matrix(n_k, d_k, rng, qk_scale);  // (n_k, d_k)
    const Matrix V = random_matrix(n_k, d_v, rng, v_scale);   // (n_k, d_v)
    const Mask mask = make_mask(kind, n_q, n_k, rng);         // (n_q, n_k)
    char what[160];
    std::snprintf(what, sizeof what,
                  "case %d: n_q=%zu n_k=%zu d_k=%zu d_v=%zu mask=%s scale=%d |QK|x%g |V|x%g", t,
                  n_q, n_k, d_k, d_v, name(kind), scale, qk_scale, v_scale);
    check_case(Q, K, V, kind == MaskKind::None ? nullptr : &mask, scale, what, worst);
    if (HasFatalFailure()) return;
  }
}

TEST(AttentionFast, EveryTailOfTheTiling) {
  Worst worst("EveryTailOfTheTiling");
  // all small shapes around the tile sizes (rows of 4, keys/columns of 4 or 8)
  Rng rng(7);
  const std::size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17};
  for (std::size_t n_q : sizes)
    for (std::size_t n_k : sizes)
      for (std::size_t d : {1, 3, 8, 9}) {
        const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng);
        const Matrix V = random_matrix(n_k, d + 2, rng);  // d_v ≠ d_k
        const Mask causal = causal_mask(n_q, n_k).value;
        const std::string what = "n_q=" + std::to_string(n_q) + " n_k=" + std::to_string(n_k) +
                                 " d=" + std::to_string(d);
        check_case(Q, K, V, nullptr, true, what + " no mask", worst);
        check_case(Q, K, V, &causal, true, what + " causal", worst);
        if (HasFatalFailure()) return;
      }
}

// The softmax temperature only changes the factor the scores are multiplied
// by: the kernel still agrees with the reference, from τ = 0.05 (scores × 20)
// to τ = 20, on every mask kind and tail of the tiling.
TEST(AttentionFast, AgreesWithReferenceAtEveryTemperature) {
  Worst worst("AgreesWithReferenceAtEveryTemperature");
  Rng rng(99);
  const MaskKind kinds[] = {MaskKind::None,   MaskKind::Causal,
                            MaskKind::Random, MaskKind::RandomWithHiddenRows,
                            MaskKind::Sparse, MaskKind::AllHidden};
  const double taus[] = {0.05, 0.1, 0.5, 0.9, 1.0, 1.5, 2.0, 7.0, 20.0};
  for (int t = 0; t < 216; ++t) {
    const std::size_t n_q = random_between(rng, 1, 19), n_k = random_between(rng, 1, 19);
    const std::size_t d_k = random_between(rng, 1, 20), d_v = random_between(rng, 1, 11);
    const MaskKind kind = kinds[t % 6];
    const AttentionOptions opts{(t / 6) % 2 == 0, taus[t % 9]};
    const Matrix Q = random_matrix(n_q, d_k, rng, t % 4 == 3 ? 10.0 : 1.0);  // (n_q, d_k)
    const Matrix K = random_matrix(n_k, d_k, rng);                           // (n_k, d_k)
    const Matrix V = random_matrix(n_k, d_v, rng);                           // (n_k, d_v)
    const Mask mask = make_mask(kind, n_q, n_k, rng);                        // (n_q, n_k)
    char what[160];
    std::snprintf(what, sizeof what,
                  "case %d: n_q=%zu n_k=%zu d_k=%zu d_v=%zu mask=%s scale=%d tau=%g", t, n_q, n_k,
                  d_k, d_v, name(kind), opts.scale, opts.temperature);
    check_case(Q, K, V, kind == MaskKind::None ? nullptr : &mask, opts, what, worst);
    if (HasFatalFailure()) return;
  }
}

TEST(AttentionFast, LargeCausal) {
  Worst worst("LargeCausal");
  // the benchmark's shape: n = 1024 would be slow unoptimised, 300 keeps every path
  Rng rng(3);
  const std::size_t n = 300, d = 64;
  const Matrix Q = random_matrix(n, d, rng), K = random_matrix(n, d, rng);
  const Matrix V = random_matrix(n, d, rng);
  const Mask causal = causal_mask(n).value;
  check_case(Q, K, V, &causal, true, "n=300 d=64 causal", worst);
  check_case(Q, K, V, nullptr, false, "n=300 d=64 unscaled", worst);
}

TEST(AttentionFast, HugeScoresStillAgree) {
  Worst worst("HugeScoresStillAgree");
  // scores of order 1e6: one key takes all the weight, the others underflow to 0
  Rng rng(11);
  const Matrix Q = random_matrix(13, 7, rng, 1000.0), K = random_matrix(21, 7, rng, 1000.0);
  const Matrix V = random_matrix(21, 5, rng);
  check_case(Q, K, V, nullptr, true, "|Q|, |K| ~ 1000", worst);
  const Mask mask = make_mask(MaskKind::RandomWithHiddenRows, 13, 21, rng);
  check_case(Q, K, V, &mask, false, "|Q|, |K| ~ 1000, masked, unscaled", worst);
}

TEST(AttentionFast, ExpIsAccurateOverItsWholeRange) {
  // d_k = 1, Q = [[1]], unscaled: the scores are K's column itself, so the
  // weights are softmax(x) with x from 0 down to −760 (past the underflow at −745).
  const std::size_t n_k = 1000;
  Matrix Q(1, 1, 1.0);  // (1, 1)
  Matrix K(n_k, 1);     // (n_k, 1)
  for (std::size_t j = 0; j < n_k; ++j) K(j, 0) = -0.76 * static_cast<double>(j) - 1e-3 * (j % 7);
  const Matrix V(n_k, 1, 1.0);  // (n_k, 1)
  const AttentionResult ref = attention_reference(Q, K, V, nullptr, false);
  const AttentionResult fast = attention_fast(Q, K, V, nullptr, false);
  double worst_rel = 0.0;
  for (std::size_t j = 0; j < n_k; ++j) {
    const double r = ref.weights(0, j), f = fast.weights(0, j);
    if (r > 1e-300) {  // normal range: a few ulp of relative error
      const double rel = std::fabs(f - r) / r;
      worst_rel = rel > worst_rel ? rel : worst_rel;
    } else {  // denormal or zero in the reference: fast gives 0 (or a denormal)
      EXPECT_LE(std::fabs(f - r), 1e-300) << "j = " << j;
    }
  }
  std::printf("[attention_fast] exp over [-760, 0]: max relative error %.3g\n", worst_rel);
  EXPECT_LT(worst_rel, 1e-14);
}

TEST(AttentionFast, AttentionUsesTheFastKernel) {
  Rng rng(5);
  const Matrix Q = random_matrix(9, 6, rng), K = random_matrix(11, 6, rng);
  const Matrix V = random_matrix(11, 3, rng);
  const Mask causal = causal_mask(9, 11).value;
  const auto checked = attention(Q, K, V, &causal);
  ASSERT_TRUE(checked.ok());
  const AttentionResult fast = attention_fast(Q, K, V, &causal, true);
  EXPECT_TRUE(MatrixIdentical(checked.value.weights, fast.weights));
  EXPECT_TRUE(MatrixIdentical(checked.value.out, fast.out));
}

TEST(AttentionFast, IntoWritesEveryElement) {
  // buffers full of NaN: any element the kernel skipped would stay NaN
  Rng rng(13);
  const MaskKind kinds[] = {MaskKind::None, MaskKind::Causal, MaskKind::RandomWithHiddenRows,
                            MaskKind::Sparse, MaskKind::AllHidden};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int t = 0; t < 100; ++t) {
    const std::size_t n_q = random_between(rng, 1, 23), n_k = random_between(rng, 1, 23);
    const std::size_t d_k = random_between(rng, 1, 11), d_v = random_between(rng, 1, 11);
    const MaskKind kind = kinds[t % 5];
    const Matrix Q = random_matrix(n_q, d_k, rng), K = random_matrix(n_k, d_k, rng);
    const Matrix V = random_matrix(n_k, d_v, rng);
    const Mask mask = make_mask(kind, n_q, n_k, rng);
    const Mask* m = kind == MaskKind::None ? nullptr : &mask;
    Matrix out(n_q, d_v, nan), weights(n_q, n_k, nan);  // (n_q, d_v), (n_q, n_k)
    attention_fast_into(Q, K, V, m, true, out.data.data(), weights.data.data());
    const AttentionResult fast = attention_fast(Q, K, V, m, true);
    EXPECT_TRUE(MatrixIdentical(weights, fast.weights)) << "case " << t << " mask " << name(kind);
    EXPECT_TRUE(MatrixIdentical(out, fast.out)) << "case " << t << " mask " << name(kind);
  }
}

TEST(AttentionFast, BuffersMatchAttention) {
  Rng rng(17);
  const Matrix Q = random_matrix(29, 8, rng), K = random_matrix(31, 8, rng);
  const Matrix V = random_matrix(31, 5, rng);
  const Mask causal = causal_mask(29, 31).value;
  const auto a = attention(Q, K, V, &causal);
  const auto b = attention_buffers(Q, K, V, &causal);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(b.value.n_q, 29u);
  ASSERT_EQ(b.value.n_k, 31u);
  ASSERT_EQ(b.value.d_v, 5u);
  const Matrix out(29, 5, std::vector<double>(b.value.out.get(), b.value.out.get() + 29 * 5));
  const Matrix w(29, 31,
                 std::vector<double>(b.value.weights.get(), b.value.weights.get() + 29 * 31));
  EXPECT_TRUE(MatrixIdentical(a.value.out, out));
  EXPECT_TRUE(MatrixIdentical(a.value.weights, w));
  EXPECT_FALSE(attention_buffers(Q, K, Matrix(30, 5)).ok());  // V rows ≠ K rows: checked
}

TEST(AttentionFast, IsDeterministic) {
  Rng rng(9);
  const Matrix Q = random_matrix(37, 19, rng), K = random_matrix(45, 19, rng);
  const Matrix V = random_matrix(45, 23, rng);
  const Mask mask = make_mask(MaskKind::Random, 37, 45, rng);
  const AttentionResult a = attention_fast(Q, K, V, &mask, true);
  const AttentionResult b = attention_fast(Q, K, V, &mask, true);
  EXPECT_TRUE(MatrixIdentical(a.weights, b.weights));
  EXPECT_TRUE(MatrixIdentical(a.out, b.out));
}

}  // namespace
}  // namespace ap
