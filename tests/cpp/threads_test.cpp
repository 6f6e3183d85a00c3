// threads_test.cpp — the kernels on two threads (parallel.h) give the same numbers, bit for
// bit, as on one: each row is computed by the same code in the same order whichever thread
// runs it. Causal and not, a mask, tiles that do not divide n, more queries than keys.
#include <gtest/gtest.h>

#include "attention.h"
#include "flash_attention.h"
#include "mask.h"
#include "multi_head.h"
#include "parallel.h"
#include "random.h"

namespace ap {
namespace {

struct TwoThreads {  // one thread again after each test
  ~TwoThreads() { set_threads(1); }
};

Matrix draw(std::size_t rows, std::size_t cols, std::uint64_t seed) {
  return random_normal(rows, cols, seed).value;
}

FlashResult flash_on(std::size_t threads_wanted, const Matrix& Q, const Matrix& K, const Matrix& V,
                     const Mask* mask, const FlashOptions& opts) {
  set_threads(threads_wanted);
  auto r = flash_attention(Q, K, V, mask, opts);
  EXPECT_TRUE(r.ok()) << r.status.message;
  return r.value;
}

void expect_same(const FlashResult& a, const FlashResult& b) {
  ASSERT_EQ(a.out.data.size(), b.out.data.size());
  for (std::size_t p = 0; p < a.out.data.size(); ++p) ASSERT_EQ(a.out.data[p], b.out.data[p]) << p;
  ASSERT_EQ(a.lse, b.lse);
}

TEST(Threads, FlashAttentionIsBitIdenticalOnTwoThreads) {
  TwoThreads restore;
  struct Case {
    std::size_t n_q, n_k, d, block_q, block_k;
    bool causal;
  };
  for (const Case& c : {Case{1000, 1000, 64, 256, 64, true}, Case{777, 777, 48, 100, 37, true},
                        Case{640, 300, 64, 64, 64, false}, Case{900, 1200, 32, 128, 50, true}}) {
    const Matrix Q = draw(c.n_q, c.d, 1), K = draw(c.n_k, c.d, 2), V = draw(c.n_k, c.d, 3);
    const FlashOptions opts{true, c.causal, c.block_q, c.block_k};
    ASSERT_GE(flash_multiply_adds(c.n_q, c.n_k, c.d, c.d, c.causal), kThreadWork);  // two threads
    expect_same(flash_on(1, Q, K, V, nullptr, opts), flash_on(2, Q, K, V, nullptr, opts));
  }
}

TEST(Threads, FlashAttentionWithAMaskIsBitIdenticalOnTwoThreads) {
  TwoThreads restore;
  const std::size_t n = 700, d = 64;
  const Matrix Q = draw(n, d, 4), K = draw(n, d, 5), V = draw(n, d, 6);
  const Mask mask = causal_mask(n).value;
  const FlashOptions opts{true, false, 96, 64};
  expect_same(flash_on(1, Q, K, V, &mask, opts), flash_on(2, Q, K, V, &mask, opts));
}

void expect_same(const Matrix& a, const Matrix& b) {
  ASSERT_EQ(a.data.size(), b.data.size());
  for (std::size_t p = 0; p < a.data.size(); ++p) ASSERT_EQ(a.data[p], b.data[p]) << p;
}

TEST(Threads, AttentionIsBitIdenticalOnTwoThreads) {
  TwoThreads restore;
  // causal (the cut past the middle), no mask, a bias, an odd n (the last rows' short block)
  for (std::size_t n : {1001u, 640u}) {
    const std::size_t d = 64;
    const Matrix Q = draw(n, d, 7), K = draw(n, d, 8), V = draw(n, d, 9), B = draw(n, n, 10);
    const Mask mask = causal_mask(n).value;
    for (const Mask* m : {static_cast<const Mask*>(nullptr), &mask})
      for (const Matrix* bias : {static_cast<const Matrix*>(nullptr), &B}) {
        set_threads(1);
        const auto one = attention(Q, K, V, m, AttentionOptions(true, 1.0, bias));
        set_threads(2);
        const auto two = attention(Q, K, V, m, AttentionOptions(true, 1.0, bias));
        ASSERT_TRUE(one.ok() && two.ok());
        expect_same(one.value.out, two.value.out);
        expect_same(one.value.weights, two.value.weights);
      }
  }
}

TEST(Threads, MultiHeadIsBitIdenticalOnTwoThreads) {
  TwoThreads restore;
  const std::size_t n = 512, d = 256, h = 4;
  const Matrix Q = draw(n, d, 11), K = draw(n, d, 12), V = draw(n, d, 13);
  const Mask mask = causal_mask(n).value;
  set_threads(1);
  const auto one = multi_head(Q, K, V, h, &mask);
  set_threads(2);
  const auto two = multi_head(Q, K, V, h, &mask);
  ASSERT_TRUE(one.ok() && two.ok());
  expect_same(one.value.out, two.value.out);
  for (std::size_t k = 0; k < h; ++k) expect_same(one.value.weights[k], two.value.weights[k]);
  // the bindings' form: every head's weights in one buffer
  const auto buffers = multi_head_buffers(Q, K, V, h, &mask);
  ASSERT_TRUE(buffers.ok());
  expect_same(one.value.out, buffers.value.out);
  for (std::size_t k = 0; k < h; ++k)
    for (std::size_t p = 0; p < n * n; ++p)
      ASSERT_EQ(one.value.weights[k].data[p], buffers.value.weights[k * n * n + p]);
}

}  // namespace
}  // namespace ap
