// kv_cache_test.cpp — decoding with a K/V cache equals the full causal pass.
//
// kv_decode(X, params, {H, G}) stacked over its steps must equal
// grouped_query_attention(X, X, X, params, H, G, causal_mask(n)) within 1e-12,
// outputs and the new query's weights (row t of each head's causal weights,
// its first t + 1 entries), for MHA (G = H), GQA (1 < G < H) and MQA (G = 1);
// the cache holds G·(d_k + d_v)·(t + 1) values after step t; bad heads,
// shapes and steps are errors.
//
// Shapes: X (n, d_in); Wq (d_in, H·d_k), Wk (d_in, G·d_k), Wv (d_in, G·d_v),
// Wo (H·d_v, d_o).
#include "kv_cache.h"

#include <gtest/gtest.h>

#include <string>

#include "mask.h"
#include "projected.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::MatrixNear;
using test::random_matrix;
using test::random_vector;

ProjectionParams random_params(std::size_t d_in, std::size_t H, std::size_t G, std::size_t d_k,
                               std::size_t d_v, std::size_t d_o, bool biases, Rng& rng) {
  ProjectionParams p;
  p.Wq = random_matrix(d_in, H * d_k, rng, 0.5);
  p.Wk = random_matrix(d_in, G * d_k, rng, 0.5);
  p.Wv = random_matrix(d_in, G * d_v, rng, 0.5);
  p.Wo = random_matrix(H * d_v, d_o, rng, 0.5);
  if (biases) {
    p.bq = random_vector(H * d_k, rng);
    p.bk = random_vector(G * d_k, rng);
    p.bv = random_vector(G * d_v, rng);
    p.bo = random_vector(d_o, rng);
  }
  return p;
}

TEST(KvDecode, EqualsTheFullCausalPassForMhaGqaMqa) {
  Rng rng(1111);
  struct Case {
    const char* name;
    std::size_t n, d_in, H, G, d_k, d_v, d_o;
    bool biases;
  };
  for (const Case& c :
       {Case{"MHA", 9, 8, 4, 4, 2, 2, 8, true}, Case{"GQA", 12, 16, 8, 2, 4, 3, 5, false},
        Case{"MQA", 7, 6, 6, 1, 3, 3, 6, true}, Case{"one token", 1, 3, 2, 1, 2, 2, 1, false}}) {
    SCOPED_TRACE(c.name);
    const Matrix X = random_matrix(c.n, c.d_in, rng);
    const ProjectionParams p = random_params(c.d_in, c.H, c.G, c.d_k, c.d_v, c.d_o, c.biases, rng);
    auto r = kv_decode(X, p, KvDecodeOptions{c.H, c.G});
    ASSERT_TRUE(r.ok()) << r.status.message;
    Tensor3 x(1, c.n, c.d_in);
    x.data = X.data;
    const Mask causal = causal_mask(c.n).value;
    auto full = grouped_query_attention(x, x, x, p, c.H, c.G, &causal);
    ASSERT_TRUE(full.ok()) << full.status.message;
    EXPECT_TRUE(MatrixNear(r.value.out, Matrix(c.n, c.d_o, full.value.out.data), 1e-12));
    ASSERT_EQ(r.value.weights.size(), c.n);
    ASSERT_EQ(r.value.cache_values.size(), c.n);
    EXPECT_EQ(r.value.head_dim_k, c.d_k);
    EXPECT_EQ(r.value.head_dim_v, c.d_v);
    for (std::size_t t = 0; t < c.n; ++t) {
      const Matrix& w = r.value.weights[t];  // (H, t + 1)
      ASSERT_EQ(w.rows, c.H);
      ASSERT_EQ(w.cols, t + 1);
      Matrix want(c.H, t + 1);
      for (std::size_t h = 0; h < c.H; ++h)
        for (std::size_t j = 0; j <= t; ++j)
          want(h, j) = full.value.weights[(h * c.n + t) * c.n + j];
      EXPECT_TRUE(MatrixNear(w, want, 1e-12)) << "step " << t;
      EXPECT_EQ(r.value.cache_values[t], c.G * (c.d_k + c.d_v) * (t + 1));
    }
  }
}

TEST(KvDecode, FewerStepsAreThePrefix) {
  Rng rng(1112);
  const Matrix X = random_matrix(10, 4, rng);
  const ProjectionParams p = random_params(4, 4, 2, 2, 2, 4, true, rng);
  auto all = kv_decode(X, p, KvDecodeOptions{4, 2});
  auto some = kv_decode(X, p, KvDecodeOptions{4, 2, 3});
  ASSERT_TRUE(all.ok() && some.ok());
  ASSERT_EQ(some.value.out.rows, 3u);
  for (std::size_t t = 0; t < 3; ++t)
    for (std::size_t c = 0; c < 4; ++c) EXPECT_EQ(some.value.out(t, c), all.value.out(t, c));
  // MQA's cache is H / G = 4 times smaller than MHA's
  auto mha = kv_decode(X, random_params(4, 4, 4, 2, 2, 4, false, rng), KvDecodeOptions{4, 4});
  auto mqa = kv_decode(X, random_params(4, 4, 1, 2, 2, 4, false, rng), KvDecodeOptions{4, 1});
  ASSERT_TRUE(mha.ok() && mqa.ok());
  EXPECT_EQ(mha.value.cache_values.back(), 2u * 4 * 2 * 10);  // 2·G·head_dim·n
  EXPECT_EQ(mha.value.cache_values.back(), 4 * mqa.value.cache_values.back());
}

TEST(KvDecode, BadHeadsShapesAndStepsAreErrors) {
  Rng rng(1113);
  const Matrix X = random_matrix(5, 4, rng);
  const ProjectionParams p = random_params(4, 4, 2, 2, 2, 3, true, rng);
  auto expect = [](const Result<KvDecodeResult>& r, const char* code, const std::string& part) {
    EXPECT_EQ(r.status.code, code) << r.status.message;
    EXPECT_NE(r.status.message.find(part), std::string::npos) << r.status.message;
  };
  expect(kv_decode(X, p, {0, 2}), "invalid_argument",
         "kv_decode: num_heads = 0 and num_kv_heads = 2");
  expect(kv_decode(X, p, {4, 3}), "divisibility",
         "num_heads = 4 is not divisible by num_kv_heads = 3");
  expect(kv_decode(X, p, {300, 1}), "too_large", "num_heads = 300 is over the limit of 256");
  expect(kv_decode(X, p, {4, 4}), "shape", "Wk is (4, 4) but it needs num_kv_heads × d_k = 4 × 2");
  expect(kv_decode(X, p, {4, 2, 0}), "invalid_argument", "steps = 0 must be a whole number from 1");
  expect(kv_decode(X, p, {4, 2, 6}), "invalid_argument", "steps = 6");
  expect(kv_decode(random_matrix(5, 3, rng), p, {4, 2}), "shape", "Wq is (4, 8) but X is (5, 3)");
  ProjectionParams q = p;
  q.bo.push_back(1.0);
  expect(kv_decode(X, q, {4, 2}), "shape", "bo has 4 values but it needs 3");
  q = p;
  q.Wo = random_matrix(7, 3, rng);
  expect(kv_decode(X, q, {4, 2}), "shape",
         "Wo is (7, 3) but it needs num_heads × d_v = 4 × 2 = 8 rows");
  q = p;
  q.Wq = random_matrix(4, 7, rng);
  expect(kv_decode(X, q, {4, 2}), "divisibility", "Wq is (4, 7)");
  Matrix bad = X;
  bad(1, 1) = std::nan("");
  expect(kv_decode(bad, p, {4, 2}), "non_finite", "kv_decode: X[1][1] is NaN");
  Matrix big = X;
  big(2, 0) = 1e308;
  q = p;
  q.Wq.data.assign(q.Wq.data.size(), 1e10);
  expect(kv_decode(big, q, {4, 2}), "non_finite_result", "at step 2");
  expect(kv_decode(Matrix(), p, {4, 2}), "empty", "kv_decode: X is empty");
}

}  // namespace
}  // namespace ap
