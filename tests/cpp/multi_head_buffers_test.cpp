// multi_head_buffers_test.cpp — multi_head_buffers (the WASM bindings' form of
// multi_head: the h weight matrices in one buffer) gives multi_head's numbers
// bit for bit, with a mask, a bias and rope, and fails with the same errors.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>

#include "mask.h"
#include "multi_head.h"
#include "test_util.h"

namespace ap {
namespace {

using test::random_matrix;

// Every value of b's out and of its weight buffer equals a's, bit for bit.
void expect_identical(const MultiHeadResult& a, const MultiHeadBuffers& b) {
  ASSERT_EQ(a.out.data.size(), b.out.data.size());
  EXPECT_EQ(0, std::memcmp(a.out.data.data(), b.out.data.data(), a.out.data.size() * 8));
  ASSERT_EQ(a.weights.size(), b.h);
  for (std::size_t t = 0; t < b.h; ++t) {
    ASSERT_EQ(a.weights[t].data.size(), b.n_q * b.n_k);
    EXPECT_EQ(0, std::memcmp(a.weights[t].data.data(), b.weights.get() + t * b.n_q * b.n_k,
                             b.n_q * b.n_k * 8))
        << "head " << t;
  }
}

TEST(MultiHeadBuffers, SameNumbersAsMultiHead) {
  Rng rng(7);
  for (std::size_t n_q : {1, 5, 9}) {
    const std::size_t n_k = n_q + 3, d = 12, h = 3;
    const Matrix Q = random_matrix(n_q, d, rng), K = random_matrix(n_k, d, rng),
                 V = random_matrix(n_k, 6, rng);
    const Mask mask = causal_mask(n_q, n_k).value;
    Tensor3 bias(h, n_q, n_k);
    for (double& x : bias.data) x = rng.normal();
    const RopeOptions rope{100.0, Pairing::interleaved, 2.0};
    for (const Mask* m : std::initializer_list<const Mask*>{nullptr, &mask})
      for (const Tensor3* b : std::initializer_list<const Tensor3*>{nullptr, &bias})
        for (const RopeOptions* r : std::initializer_list<const RopeOptions*>{nullptr, &rope}) {
          const auto a = multi_head(Q, K, V, h, m, 0.7, b, r);
          const auto f = multi_head_buffers(Q, K, V, h, m, 0.7, b, r);
          ASSERT_TRUE(a.ok() && f.ok()) << a.status.message << f.status.message;
          expect_identical(a.value, f.value);
        }
  }
}

TEST(MultiHeadBuffers, SameErrorsAsMultiHead) {
  const Matrix Q(2, 4, 1.0), K(3, 4, 1.0), V(3, 2, 1.0);
  const RopeOptions odd{10000.0, Pairing::half, 0.0};
  struct Case {
    const Matrix& q;
    std::size_t h;
    double temperature;
    const RopeOptions* rope;
  };
  for (const Case& c :
       {Case{Q, 3, 1.0, nullptr}, Case{Q, 2, 0.0, nullptr}, Case{Q, 4, 1.0, &odd}}) {
    const auto a = multi_head(c.q, K, V, c.h, nullptr, c.temperature, nullptr, c.rope);
    const auto b = multi_head_buffers(c.q, K, V, c.h, nullptr, c.temperature, nullptr, c.rope);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.status.code, b.status.code);
    EXPECT_EQ(a.status.message, b.status.message);
  }
}

}  // namespace
}  // namespace ap
