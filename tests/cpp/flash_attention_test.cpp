// flash_attention_test.cpp — tiles and an online softmax against PyTorch and
// against attention().
//
// - golden: tests/golden/flash.json (scripts/make_golden.py: torch float64 out
//   and torch.logsumexp, and a plain-Python online-softmax trace), within 1e-9;
// - flash_attention's out agrees with attention()'s within 1e-12 (times
//   max(1, max|V|)) over random shapes: n not a multiple of the tiles, tiles of
//   1, n_q ≠ n_k, causal, masks, fully hidden rows (out 0, lse −∞); lse against
//   a long-double log-sum-exp;
// - every bad input is an error naming the argument;
// - memory: at n = 16,384, d = 64 the call allocates no n² buffer (every
//   allocation is counted through a replaced global operator new).
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k).
#include "flash_attention.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <string>

#include "attention.h"
#include "mask.h"
#include "random.h"
#include "size_limits.h"
#include "test_util.h"

// ---- counting every allocation of this test binary while g_counting is on ----
// (GCC sees free() of memory from operator new once both are inlined; the
// replaced pair below is matched: new uses malloc, delete free.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_allocated{0};  // bytes requested while counting
std::atomic<std::size_t> g_largest{0};    // the largest single request while counting
}  // namespace

void* operator new(std::size_t n) {
  if (g_counting.load(std::memory_order_relaxed)) {
    g_allocated += n;
    std::size_t seen = g_largest.load();
    while (n > seen && !g_largest.compare_exchange_weak(seen, n)) {
    }
  }
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace ap {
namespace {

using nlohmann::json;
using test::MatrixNear;
using test::random_between;
using test::random_matrix;
using test::VectorNear;

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// ------------------------------------------------------------------ golden

json load_flash() {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/flash.json";
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path << " (run /usr/bin/python3 scripts/make_golden.py)";
    return json::array();
  }
  return json::parse(in);
}

Matrix matrix(const json& j) {
  Matrix m(j.size(), j.at(0).size());  // (rows, cols)
  for (std::size_t i = 0; i < m.rows; ++i)
    for (std::size_t c = 0; c < m.cols; ++c) m(i, c) = j.at(i).at(c).get<double>();
  return m;
}

// numbers with null for −∞
std::vector<double> with_neg_inf(const json& j) {
  std::vector<double> v;
  for (const json& x : j) v.push_back(x.is_null() ? kNegInf : x.get<double>());
  return v;
}

// Equal within tol, and −∞ exactly where the other is −∞.
::testing::AssertionResult LseNear(const std::vector<double>& got, const std::vector<double>& want,
                                   double tol) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool a = got[i] == kNegInf, b = want[i] == kNegInf;
    if (a != b || (!a && !(std::fabs(got[i] - want[i]) <= tol)))
      return ::testing::AssertionFailure() << "lse[" << i << "] = " << got[i] << " vs " << want[i];
  }
  return ::testing::AssertionSuccess();
}

std::unique_ptr<Mask> mask_of(const json& j) {
  if (j.is_null()) return nullptr;
  auto m = std::make_unique<Mask>(j.size(), j.at(0).size());
  for (std::size_t i = 0; i < m->rows; ++i)
    for (std::size_t c = 0; c < m->cols; ++c) m->set(i, c, j.at(i).at(c).get<bool>());
  return m;
}

TEST(FlashGolden, OutAndLseMatchTorch) {
  std::size_t cases = 0;
  for (const json& c : load_flash()) {
    if (c.at("kind") != "flash") continue;
    SCOPED_TRACE(c.at("name").get<std::string>());
    auto m = mask_of(c.at("mask"));
    FlashOptions o{c.at("scale").get<bool>(), c.at("causal").get<bool>(),
                   c.at("block_q").get<std::size_t>(), c.at("block_k").get<std::size_t>()};
    auto r = flash_attention(matrix(c.at("Q")), matrix(c.at("K")), matrix(c.at("V")), m.get(), o);
    ASSERT_TRUE(r.ok()) << r.status.message;
    EXPECT_TRUE(MatrixNear(r.value.out, matrix(c.at("out")), 1e-9));
    EXPECT_TRUE(LseNear(r.value.lse, with_neg_inf(c.at("lse")), 1e-9));
    ++cases;
  }
  EXPECT_GE(cases, 11u);
}

TEST(FlashGolden, TraceMatchesThePythonOnlineSoftmax) {
  std::size_t cases = 0;
  for (const json& c : load_flash()) {
    if (c.at("kind") != "trace") continue;
    SCOPED_TRACE(c.at("name").get<std::string>());
    FlashOptions o;
    o.scale = c.at("scale").get<bool>();
    o.causal = c.at("causal").get<bool>();
    o.block_k = c.at("block_k").get<std::size_t>();
    auto r = flash_trace(matrix(c.at("Q")), matrix(c.at("K")), matrix(c.at("V")), o);
    ASSERT_TRUE(r.ok()) << r.status.message;
    const json& steps = c.at("steps");
    ASSERT_EQ(r.value.steps.size(), steps.size());
    for (std::size_t t = 0; t < steps.size(); ++t) {
      SCOPED_TRACE("step " + std::to_string(t));
      const FlashTraceStep& s = r.value.steps[t];
      EXPECT_EQ(s.key_begin, steps[t].at("key_begin").get<std::size_t>());
      EXPECT_EQ(s.key_end, steps[t].at("key_end").get<std::size_t>());
      EXPECT_TRUE(LseNear(s.m, with_neg_inf(steps[t].at("m")), 1e-9));  // −∞ while nothing seen
      EXPECT_TRUE(VectorNear(s.l, steps[t].at("l").get<std::vector<double>>(), 1e-9));
      EXPECT_TRUE(MatrixNear(s.acc, matrix(steps[t].at("acc")), 1e-9));
      EXPECT_TRUE(MatrixNear(s.partial, matrix(steps[t].at("partial")), 1e-9));
    }
    EXPECT_TRUE(MatrixNear(r.value.result.out, matrix(c.at("out")), 1e-9));
    EXPECT_TRUE(LseNear(r.value.result.lse, with_neg_inf(c.at("lse")), 1e-9));
    // the last step's partial output is the result
    EXPECT_TRUE(MatrixNear(r.value.steps.back().partial, r.value.result.out, 0.0));
    ++cases;
  }
  EXPECT_EQ(cases, 3u);
}

// ------------------------------------------------- agreement with attention()

// ln Σ_j e^(logit_ij) over row i's visible keys, in long double; −∞ if none.
std::vector<double> lse_reference(const Matrix& Q, const Matrix& K, const Mask* mask, bool causal,
                                  bool scale) {
  const long double f = scale ? 1.0L / std::sqrt(static_cast<long double>(Q.cols)) : 1.0L;
  std::vector<double> out(Q.rows, kNegInf);
  for (std::size_t i = 0; i < Q.rows; ++i) {
    std::vector<long double> s;
    for (std::size_t j = 0; j < K.rows; ++j) {
      if ((causal && j > i) || (mask && !mask->sees(i, j))) continue;
      long double dot = 0.0L;
      for (std::size_t c = 0; c < Q.cols; ++c) dot += static_cast<long double>(Q(i, c)) * K(j, c);
      s.push_back(dot * f);
    }
    if (s.empty()) continue;
    long double top = s[0], sum = 0.0L;
    for (long double x : s) top = std::max(top, x);
    for (long double x : s) sum += std::exp(x - top);
    out[i] = static_cast<double>(top + std::log(sum));
  }
  return out;
}

double max_abs(const Matrix& m) {
  double a = 0.0;
  for (double x : m.data) a = std::max(a, std::fabs(x));
  return a;
}

TEST(FlashAttention, AgreesWithAttentionOnRandomShapes) {
  Rng rng(1101);
  const std::size_t tiles[] = {1, 2, 3, 4, 5, 7, 8, 16, 31, 64, 100};
  double worst = 0.0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n_q = random_between(rng, 1, 70), n_k = random_between(rng, 1, 70);
    const std::size_t d_k = random_between(rng, 1, 19), d_v = random_between(rng, 1, 19);
    const double size = trial % 5 == 0 ? 8.0 : 1.0;  // some large scores
    const Matrix Q = random_matrix(n_q, d_k, rng, size), K = random_matrix(n_k, d_k, rng, size);
    const Matrix V = random_matrix(n_k, d_v, rng, trial % 7 == 0 ? 100.0 : 1.0);
    FlashOptions o;
    o.scale = trial % 4 != 3;
    o.causal = trial % 2 == 0;
    o.block_q = tiles[rng.below(11)];
    o.block_k = tiles[rng.below(11)];
    const int kind = trial % 3;  // 0: no mask, 1: random mask, 2: random with hidden rows
    Mask mask(n_q, n_k, true);
    for (auto& b : mask.data) b = rng.uniform() < 0.6 ? 1 : 0;
    if (kind == 2)
      for (std::size_t i = 0; i < n_q; i += 3)
        for (std::size_t j = 0; j < n_k; ++j) mask.set(i, j, false);
    const Mask* m = kind == 0 ? nullptr : &mask;
    // attention's mask: the same, and j ≤ i with causal
    Mask full = kind == 0 ? Mask(n_q, n_k, true) : mask;
    if (o.causal)
      for (std::size_t i = 0; i < n_q; ++i)
        for (std::size_t j = i + 1; j < n_k; ++j) full.set(i, j, false);
    auto f = flash_attention(Q, K, V, m, o);
    ASSERT_TRUE(f.ok()) << f.status.message;
    auto a = attention(Q, K, V, &full, AttentionOptions{o.scale});
    ASSERT_TRUE(a.ok()) << a.status.message;
    const double tol = 1e-12 * std::max(1.0, max_abs(V));
    ASSERT_TRUE(MatrixNear(f.value.out, a.value.out, tol))
        << "trial " << trial << ": n_q " << n_q << ", n_k " << n_k << ", d_k " << d_k << ", d_v "
        << d_v << ", tiles " << o.block_q << " × " << o.block_k << ", causal " << o.causal;
    worst =
        std::max(worst, test::max_abs_diff(f.value.out, a.value.out) / std::max(1.0, max_abs(V)));
    const std::vector<double> want = lse_reference(Q, K, m, o.causal, o.scale);
    double lse_size = 1.0;
    for (double x : want)
      if (x != kNegInf) lse_size = std::max(lse_size, std::fabs(x));
    ASSERT_TRUE(LseNear(f.value.lse, want, 1e-12 * lse_size)) << "trial " << trial;
    for (std::size_t i = 0; i < n_q; ++i) {
      if (f.value.lse[i] != kNegInf) continue;
      for (std::size_t c = 0; c < d_v; ++c) ASSERT_EQ(f.value.out(i, c), 0.0);  // sees no key: 0
    }
  }
  std::printf("[ flash    ] 400 random shapes: max |flash − attention| / max(1, max|V|) = %.3g\n",
              worst);
}

TEST(FlashAttention, LargerShapesAndTheDefaultTiles) {
  Rng rng(1102);
  for (auto [n_q, n_k, d] : {std::tuple<std::size_t, std::size_t, std::size_t>{300, 300, 64},
                             {257, 513, 33},
                             {1024, 1024, 64}}) {
    const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng),
                 V = random_matrix(n_k, d, rng);
    for (bool causal : {false, true}) {
      FlashOptions o;
      o.causal = causal;
      auto f = flash_attention(Q, K, V, nullptr, o);
      ASSERT_TRUE(f.ok()) << f.status.message;
      Mask full = causal_mask(n_q, n_k).value;
      auto a = attention(Q, K, V, causal ? &full : nullptr);
      ASSERT_TRUE(a.ok());
      EXPECT_TRUE(MatrixNear(f.value.out, a.value.out, 1e-12)) << n_q << " × " << n_k;
    }
  }
}

TEST(FlashAttention, FullyHiddenRowsGiveZeroAndMinusInfinity) {
  Rng rng(1103);
  const Matrix Q = random_matrix(5, 3, rng), K = random_matrix(6, 3, rng),
               V = random_matrix(6, 2, rng);
  Mask none(5, 6, false);
  auto r = flash_attention(Q, K, V, &none, FlashOptions{true, false, 2, 4});
  ASSERT_TRUE(r.ok());
  for (double x : r.value.out.data) EXPECT_EQ(x, 0.0);
  for (double x : r.value.lse) EXPECT_EQ(x, kNegInf);
  // causal with more keys than queries hides nothing of row 0 but keys 1 …; with
  // a mask hiding key 0 from row 0 as well, row 0 sees nothing
  Mask m(5, 6, true);
  m.set(0, 0, false);
  auto c = flash_attention(Q, K, V, &m, FlashOptions{true, true, 3, 1});
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.value.lse[0], kNegInf);
  EXPECT_EQ(c.value.out(0, 0), 0.0);
  EXPECT_NE(c.value.lse[1], kNegInf);
}

TEST(FlashTrace, TheLastStepIsTheSoftmaxOfTheWholeRow) {
  Rng rng(1104);
  const Matrix Q = random_matrix(16, 4, rng), K = random_matrix(16, 4, rng),
               V = random_matrix(16, 3, rng);
  FlashOptions o;
  o.causal = true;
  o.block_k = 4;
  auto t = flash_trace(Q, K, V, o);
  ASSERT_TRUE(t.ok());
  ASSERT_EQ(t.value.steps.size(), 4u);
  EXPECT_EQ(t.value.steps[1].key_begin, 4u);
  EXPECT_EQ(t.value.steps[1].key_end, 8u);
  // row 2 has seen all its keys after the first tile: later steps leave it alone
  EXPECT_EQ(t.value.steps[3].m[2], t.value.steps[0].m[2]);
  // row 9 has not seen a key of the third tile yet after step 1
  EXPECT_EQ(t.value.steps[1].m[0], t.value.steps[0].m[0]);
  auto f = flash_attention(Q, K, V, nullptr, o);
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(MatrixNear(t.value.result.out, f.value.out, 1e-14));
  EXPECT_TRUE(LseNear(t.value.result.lse, f.value.lse, 1e-14));
  Mask cm = causal_mask(16).value;
  auto a = attention(Q, K, V, &cm);
  EXPECT_TRUE(MatrixNear(t.value.steps.back().partial, a.value.out, 1e-12));
}

// ------------------------------------------------------------------- errors

TEST(FlashAttention, EveryBadInputIsAnError) {
  Rng rng(1105);
  const Matrix Q = random_matrix(4, 3, rng), K = random_matrix(5, 3, rng),
               V = random_matrix(5, 2, rng);
  auto expect = [](const Status& s, const char* code, const char* part) {
    EXPECT_EQ(s.code, code) << s.message;
    EXPECT_TRUE(Contains(s.message, part)) << s.message;
  };
  expect(flash_attention(Q, K, V, nullptr, FlashOptions{true, false, 0, 4}).status,
         "invalid_argument", "flash_attention: block_q = 0 must be a whole number from 1 to 65536");
  expect(flash_attention(Q, K, V, nullptr, FlashOptions{true, false, 4, 0}).status,
         "invalid_argument", "block_k = 0");
  expect(flash_trace(Q, K, V, FlashOptions{true, false, 4, 0}).status, "invalid_argument",
         "flash_trace: block_k = 0");
  expect(flash_attention(Q, random_matrix(5, 2, rng), V).status, "shape",
         "Q is (4, 3) but K is (5, 2)");
  expect(flash_attention(Q, K, random_matrix(4, 2, rng)).status, "shape",
         "K is (5, 3) but V is (4, 2)");
  expect(flash_attention(Matrix(), K, V).status, "empty", "flash_attention: Q is empty");
  Mask wrong(4, 4, true);
  expect(flash_attention(Q, K, V, &wrong).status, "shape", "mask is (4, 4)");
  Matrix bad = Q;
  bad(2, 1) = std::nan("");
  expect(flash_attention(bad, K, V).status, "non_finite", "Q[2][1] is NaN");
  Matrix huge = Q;
  huge(0, 0) = 1e305;
  expect(flash_attention(huge, K, V).status, "too_large", "too large for the online softmax");
  // the limits: rows, values per argument, work, result bytes, a mask's entries
  expect(flash_attention(Matrix(kMaxFlashRows + 1, 1), Matrix(1, 1), Matrix(1, 1)).status,
         "too_large", "Q is (65537, 1): the limit is 65536 rows and 4096 columns");
  expect(flash_attention(Matrix(1, 1), Matrix(1, 1), Matrix(1, kMaxCols + 1)).status, "too_large",
         "V is (1, 4097)");
  expect(flash_attention(Matrix(1, 1), Matrix(8192, 1), Matrix(8192, 4096)).status, "too_large",
         "values per argument");
  expect(flash_attention(Matrix(65536, 64), Matrix(65536, 64), Matrix(65536, 64), nullptr,
                         FlashOptions{true, true, 64, 64})
             .status,
         "too_large", "multiply-adds");
  expect(flash_attention(Matrix(65536, 1), Matrix(1, 1), Matrix(1, 4096)).status, "too_large",
         "out and lse would need");
  Mask big(8192, 4096, true);
  expect(flash_attention(Matrix(8192, 1), Matrix(4096, 1), Matrix(4096, 1), &big).status,
         "too_large", "a mask of (8192, 4096) would have more than 16777216 entries");
  expect(flash_trace(random_matrix(65, 2, rng), random_matrix(3, 2, rng), random_matrix(3, 2, rng))
             .status,
         "too_large", "flash_trace: Q has 65 rows: the limit is 64");
}

TEST(FlashAttention, ThirtyTwoThousandCausalIsWithinTheLimits) {
  // n = 32,768, d = 64, causal: 6.9e10 multiply-adds, under the cap of 2³⁷
  EXPECT_LE(flash_multiply_adds(32768, 32768, 64, 64, true), kMaxFlashMultiplyAdds);
  EXPECT_EQ(flash_multiply_adds(32768, 32768, 64, 64, false), kMaxFlashMultiplyAdds);
  EXPECT_GT(flash_multiply_adds(32768, 32768, 64, 65, false), kMaxFlashMultiplyAdds);
  EXPECT_EQ(flash_multiply_adds(10, 4, 1, 1, true), 2.0 * (1 + 2 + 3 + 4 * 7));
  // every check up to the work passes; values too large for the online softmax
  // (checked last) stop it before it runs
  Matrix Q(32768, 64, 1e300), K(32768, 64, 1.0), V(32768, 64, 1.0);
  auto r = flash_attention(Q, K, V, nullptr, FlashOptions{true, true, 64, 64});
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "too large for the online softmax")) << r.status.message;
}

TEST(Attention, ItsSizeErrorNamesFlashAttention) {
  Matrix Q(5000, 2), K(5000, 2), V(5000, 2);
  auto r = attention(Q, K, V);
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_TRUE(Contains(r.status.message, "flash_attention")) << r.status.message;
}

// ------------------------------------------------------------------- memory

TEST(FlashAttention, SixteenThousandRowsNeedNoSquareBuffer) {
  const std::size_t n = 16384, d = 64;
  Rng rng(1106);
  const Matrix Q = random_matrix(n, d, rng), K = random_matrix(n, d, rng),
               V = random_matrix(n, d, rng);
  g_allocated = 0;
  g_largest = 0;
  g_counting = true;
  auto r = flash_attention(Q, K, V, nullptr, FlashOptions{true, true, 256, 64});
  g_counting = false;
  ASSERT_TRUE(r.ok()) << r.status.message;
  const double mib = 1048576.0, allocated = static_cast<double>(g_allocated.load()) / mib;
  std::printf(
      "[ flash    ] n = 16384, d = 64, causal: %.2f MiB allocated, largest %.2f MiB "
      "(n² float64 would be %.0f MiB)\n",
      allocated, static_cast<double>(g_largest.load()) / mib, 8.0 * n * n / mib);
  // out (n, d) is 8 MiB; everything else is a tile
  EXPECT_LT(allocated, 9.0);
  EXPECT_LE(g_largest.load(), n * d * sizeof(double));
  // spot check rows against attention on a slice: row i sees keys 0 … i
  for (std::size_t i : {std::size_t{0}, std::size_t{1000}, kMaxRows - 1}) {
    const Matrix q(1, d, std::vector<double>(Q.row(i), Q.row(i) + d));
    const Matrix k(i + 1, d, std::vector<double>(K.data.begin(), K.data.begin() + (i + 1) * d));
    const Matrix v(i + 1, d, std::vector<double>(V.data.begin(), V.data.begin() + (i + 1) * d));
    auto a = attention(q, k, v);
    const Matrix row(1, d, std::vector<double>(r.value.out.row(i), r.value.out.row(i) + d));
    EXPECT_TRUE(MatrixNear(row, a.value.out, 1e-12)) << "row " << i;
  }
}

}  // namespace
}  // namespace ap
