// projected_test.cpp — single_head projections and grouped-query attention:
// MQA = GQA with the one KV head repeated, GQA = MHA with KV heads repeated
// per group, MHA = per-head attention by hand, and the shape checks.
#include "projected.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>

#include "attention.h"
#include "mask.h"
#include "test_util.h"

namespace ap {
namespace {

using test::column_slice;
using test::Contains;
using test::MatrixIdentical;
using test::MatrixNear;
using test::random_matrix;
using test::random_tensor;
using test::random_vector;
using test::VectorNear;

// ------------------------------------------------------------ single head

TEST(SingleHead, ProjectionsAreXTimesW) {
  Rng rng(51);
  const std::size_t n = 5, d_model = 6, d_k = 4, d_v = 3;
  const Matrix X = random_matrix(n, d_model, rng);
  const Matrix Wq = random_matrix(d_model, d_k, rng), Wk = random_matrix(d_model, d_k, rng);
  const Matrix Wv = random_matrix(d_model, d_v, rng);
  auto r = single_head(X, Wq, Wk, Wv);
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_TRUE(MatrixNear(r.value.q, test::naive_matmul(X, Wq), 1e-13));
  EXPECT_TRUE(MatrixNear(r.value.k, test::naive_matmul(X, Wk), 1e-13));
  EXPECT_TRUE(MatrixNear(r.value.v, test::naive_matmul(X, Wv), 1e-13));
  EXPECT_EQ(r.value.out.rows, n);
  EXPECT_EQ(r.value.out.cols, d_v);
  EXPECT_EQ(r.value.weights.rows, n);
  EXPECT_EQ(r.value.weights.cols, n);
}

TEST(SingleHead, CausalIsAttentionWithCausalMask) {
  Rng rng(52);
  const std::size_t n = 6, d_model = 8, d_k = 4;
  const Matrix X = random_matrix(n, d_model, rng);
  const Matrix Wq = random_matrix(d_model, d_k, rng), Wk = random_matrix(d_model, d_k, rng);
  const Matrix Wv = random_matrix(d_model, d_k, rng);
  auto r = single_head(X, Wq, Wk, Wv, true);
  ASSERT_TRUE(r.ok());
  for (std::size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j > i) {
        EXPECT_EQ(r.value.weights(i, j), 0.0) << i << "," << j;
      }
      sum += r.value.weights(i, j);
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
  const Mask mask = causal_mask(n).value;
  auto a = attention(r.value.q, r.value.k, r.value.v, &mask);
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(MatrixNear(r.value.weights, a.value.weights, 1e-12));
  EXPECT_TRUE(MatrixNear(r.value.out, a.value.out, 1e-12));
}

TEST(SingleHead, NonCausalSeesTheFuture) {
  Rng rng(53);
  const Matrix X = random_matrix(4, 5, rng);
  const Matrix W = random_matrix(5, 5, rng);
  auto r = single_head(X, W, W, W, false);
  ASSERT_TRUE(r.ok());
  auto a = attention(r.value.q, r.value.k, r.value.v);
  EXPECT_TRUE(MatrixNear(r.value.weights, a.value.weights, 1e-12));
  EXPECT_GT(r.value.weights(0, 3), 0.0);
}

TEST(SingleHeadErrors, WqRowsMustMatchX) {
  const Matrix X(3, 5, 1.0), Wq(4, 2, 1.0), W(5, 2, 1.0);
  auto r = single_head(X, Wq, W, W);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "single_head: Wq is (4, 2) but X is (3, 5)"));
}

TEST(SingleHeadErrors, WkColsMustMatchWq) {
  const Matrix X(3, 5, 1.0), Wq(5, 2, 1.0), Wk(5, 3, 1.0);
  auto r = single_head(X, Wq, Wk, Wq);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "single_head: Wq is (5, 2) but Wk is (5, 3)"));
}

TEST(SingleHeadErrors, NonFinite) {
  Matrix X(3, 5, 1.0);
  X(0, 4) = std::numeric_limits<double>::infinity();
  const Matrix W(5, 2, 1.0);
  auto r = single_head(X, W, W, W);
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "single_head: X[0][4] is Infinity"));
}

// ------------------------------------------------------------ grouped query

// Shared setting: batch 2, n_q 4, n_k 5, input widths 6 / 7 / 3, d_k 3, d_v 2, d_o 5.
struct GqaCase {
  std::size_t batch = 2, n_q = 4, n_k = 5, d_k = 3, d_v = 2, d_o = 5;
  Tensor3 q, k, v;
  explicit GqaCase(Rng& rng)
      : q(random_tensor(2, 4, 6, rng)),
        k(random_tensor(2, 5, 7, rng)),
        v(random_tensor(2, 5, 3, rng)) {}

  // Random weights for H query heads and G KV heads, with biases.
  ProjectionParams params(std::size_t H, std::size_t G, Rng& rng) const {
    ProjectionParams p;
    p.Wq = random_matrix(q.cols, H * d_k, rng);
    p.bq = random_vector(H * d_k, rng);
    p.Wk = random_matrix(k.cols, G * d_k, rng);
    p.bk = random_vector(G * d_k, rng);
    p.Wv = random_matrix(v.cols, G * d_v, rng);
    p.bv = random_vector(G * d_v, rng);
    p.Wo = random_matrix(H * d_v, d_o, rng);
    p.bo = random_vector(d_o, rng);
    return p;
  }
};

// Columns of head `kv` (width w) placed for every query head i = kv·group … :
// the output has H blocks, block i copies block ⌊i / group⌋ of W.
Matrix repeat_heads(const Matrix& W, std::size_t w, std::size_t H, std::size_t group) {
  Matrix R(W.rows, H * w);  // (d_in, H·w)
  for (std::size_t i = 0; i < H; ++i)
    for (std::size_t r = 0; r < W.rows; ++r)
      for (std::size_t c = 0; c < w; ++c) R(r, i * w + c) = W(r, (i / group) * w + c);
  return R;
}

std::vector<double> repeat_heads(const std::vector<double>& b, std::size_t w, std::size_t H,
                                 std::size_t group) {
  return repeat_heads(Matrix(1, b.size(), b), w, H, group).data;
}

// [W W … W]: `times` copies side by side.
Matrix tile(const Matrix& W, std::size_t times) {
  Matrix R(W.rows, W.cols * times);  // (rows, times·cols)
  for (std::size_t t = 0; t < times; ++t)
    for (std::size_t r = 0; r < W.rows; ++r)
      for (std::size_t c = 0; c < W.cols; ++c) R(r, t * W.cols + c) = W(r, c);
  return R;
}

std::vector<double> tile(const std::vector<double>& b, std::size_t times) {
  return tile(Matrix(1, b.size(), b), times).data;
}

Matrix batch_matrix(const Tensor3& t, std::size_t b) {
  return Matrix(t.rows, t.cols, std::vector<double>(t.matrix(b), t.matrix(b) + t.rows * t.cols));
}

Matrix add_bias(Matrix M, const std::vector<double>& bias) {
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < M.cols; ++c) M(i, c) += bias[c];
  return M;
}

TEST(GroupedQuery, ShapesAndRowsSumToOne) {
  Rng rng(61);
  const GqaCase s(rng);
  const std::size_t H = 4, G = 2;
  const ProjectionParams p = s.params(H, G, rng);
  auto r = grouped_query_attention(s.q, s.k, s.v, p, H, G);
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_EQ(r.value.num_heads, H);
  EXPECT_EQ(r.value.out.batch, s.batch);
  EXPECT_EQ(r.value.out.rows, s.n_q);
  EXPECT_EQ(r.value.out.cols, s.d_o);
  EXPECT_EQ(r.value.out.data.size(), s.batch * s.n_q * s.d_o);
  ASSERT_EQ(r.value.weights.size(), s.batch * H * s.n_q * s.n_k);
  for (std::size_t row = 0; row < s.batch * H * s.n_q; ++row) {
    const double* w = r.value.weights.data() + row * s.n_k;
    EXPECT_NEAR(std::accumulate(w, w + s.n_k, 0.0), 1.0, 1e-12) << "row " << row;
    for (std::size_t j = 0; j < s.n_k; ++j) EXPECT_GT(w[j], 0.0);
  }
}

TEST(GroupedQuery, MhaEqualsPerHeadAttentionByHand) {
  Rng rng(62);
  const GqaCase s(rng);
  const std::size_t H = 3;
  const ProjectionParams p = s.params(H, H, rng);
  auto r = grouped_query_attention(s.q, s.k, s.v, p, H, H);
  ASSERT_TRUE(r.ok()) << r.status.message;
  for (std::size_t b = 0; b < s.batch; ++b) {
    // Qp (n_q, H·d_k), Kp (n_k, H·d_k), Vp (n_k, H·d_v), heads (n_q, H·d_v)
    const Matrix Qp = add_bias(test::naive_matmul(batch_matrix(s.q, b), p.Wq), p.bq);
    const Matrix Kp = add_bias(test::naive_matmul(batch_matrix(s.k, b), p.Wk), p.bk);
    const Matrix Vp = add_bias(test::naive_matmul(batch_matrix(s.v, b), p.Wv), p.bv);
    Matrix heads(s.n_q, H * s.d_v);
    for (std::size_t i = 0; i < H; ++i) {
      auto a = attention(column_slice(Qp, i * s.d_k, s.d_k), column_slice(Kp, i * s.d_k, s.d_k),
                         column_slice(Vp, i * s.d_v, s.d_v));
      ASSERT_TRUE(a.ok());
      const Matrix w(
          s.n_q, s.n_k,
          std::vector<double>(r.value.weights.begin() + (b * H + i) * s.n_q * s.n_k,
                              r.value.weights.begin() + (b * H + i + 1) * s.n_q * s.n_k));
      EXPECT_TRUE(MatrixNear(w, a.value.weights, 1e-12)) << "batch " << b << " head " << i;
      for (std::size_t row = 0; row < s.n_q; ++row)
        for (std::size_t c = 0; c < s.d_v; ++c) heads(row, i * s.d_v + c) = a.value.out(row, c);
    }
    const Matrix expected = add_bias(test::naive_matmul(heads, p.Wo), p.bo);  // (n_q, d_o)
    EXPECT_TRUE(MatrixNear(batch_matrix(r.value.out, b), expected, 1e-12)) << "batch " << b;
  }
}

TEST(GroupedQuery, MqaEqualsGqaWithTheKvHeadTiled) {
  Rng rng(63);
  const GqaCase s(rng);
  const std::size_t H = 4;
  const ProjectionParams mqa = s.params(H, 1, rng);
  ProjectionParams tiled = mqa;
  tiled.Wk = tile(mqa.Wk, H);
  tiled.bk = tile(mqa.bk, H);
  tiled.Wv = tile(mqa.Wv, H);
  tiled.bv = tile(mqa.bv, H);
  const Mask mask = causal_mask(s.n_q, s.n_k).value;
  for (const Mask* m : {static_cast<const Mask*>(nullptr), &mask}) {
    auto one = grouped_query_attention(s.q, s.k, s.v, mqa, H, 1, m);
    auto many = grouped_query_attention(s.q, s.k, s.v, tiled, H, H, m);
    ASSERT_TRUE(one.ok()) << one.status.message;
    ASSERT_TRUE(many.ok()) << many.status.message;
    EXPECT_TRUE(VectorNear(one.value.out.data, many.value.out.data, 1e-12));
    EXPECT_TRUE(VectorNear(one.value.weights, many.value.weights, 1e-12));
  }
}

TEST(GroupedQuery, GqaEqualsMhaWithKvHeadsRepeatedPerGroup) {
  Rng rng(64);
  const GqaCase s(rng);
  for (auto [H, G] : {std::pair<std::size_t, std::size_t>{4, 2}, {6, 3}, {6, 2}, {8, 4}}) {
    const std::size_t group = H / G;
    const ProjectionParams gqa = s.params(H, G, rng);
    ProjectionParams mha = gqa;
    mha.Wk = repeat_heads(gqa.Wk, s.d_k, H, group);
    mha.bk = repeat_heads(gqa.bk, s.d_k, H, group);
    mha.Wv = repeat_heads(gqa.Wv, s.d_v, H, group);
    mha.bv = repeat_heads(gqa.bv, s.d_v, H, group);
    auto g = grouped_query_attention(s.q, s.k, s.v, gqa, H, G);
    auto m = grouped_query_attention(s.q, s.k, s.v, mha, H, H);
    ASSERT_TRUE(g.ok()) << g.status.message;
    ASSERT_TRUE(m.ok()) << m.status.message;
    SCOPED_TRACE("H = " + std::to_string(H) + ", G = " + std::to_string(G));
    EXPECT_TRUE(VectorNear(g.value.out.data, m.value.out.data, 1e-12));
    EXPECT_TRUE(VectorNear(g.value.weights, m.value.weights, 1e-12));
  }
}

TEST(GroupedQuery, HeadsInAGroupShareKeys) {
  // With Wq identical for two heads of the same group, their weights match;
  // the same Wq in heads of different groups gives different weights.
  Rng rng(65);
  const GqaCase s(rng);
  const std::size_t H = 4, G = 2;
  ProjectionParams p = s.params(H, G, rng);
  for (std::size_t r = 0; r < p.Wq.rows; ++r)
    for (std::size_t c = 0; c < s.d_k; ++c)
      p.Wq(r, 1 * s.d_k + c) = p.Wq(r, 2 * s.d_k + c) = p.Wq(r, c);
  for (std::size_t c = 0; c < s.d_k; ++c) p.bq[1 * s.d_k + c] = p.bq[2 * s.d_k + c] = p.bq[c];
  auto r = grouped_query_attention(s.q, s.k, s.v, p, H, G);
  ASSERT_TRUE(r.ok());
  const std::size_t per = s.n_q * s.n_k;
  auto head = [&](std::size_t i) {
    return Matrix(s.n_q, s.n_k,
                  std::vector<double>(r.value.weights.begin() + i * per,
                                      r.value.weights.begin() + (i + 1) * per));
  };
  EXPECT_TRUE(MatrixIdentical(head(0), head(1)));         // same group (KV head 0)
  EXPECT_GT(test::max_abs_diff(head(0), head(2)), 1e-6);  // head 2 reads KV head 1
}

TEST(GroupedQuery, BatchEntriesAreIndependent) {
  Rng rng(66);
  const GqaCase s(rng);
  const std::size_t H = 4, G = 2;
  const ProjectionParams p = s.params(H, G, rng);
  auto all = grouped_query_attention(s.q, s.k, s.v, p, H, G);
  ASSERT_TRUE(all.ok());
  for (std::size_t b = 0; b < s.batch; ++b) {
    auto one_of = [b](const Tensor3& t) {
      Tensor3 o(1, t.rows, t.cols);
      std::copy(t.matrix(b), t.matrix(b) + t.rows * t.cols, o.data.begin());
      return o;
    };
    auto r = grouped_query_attention(one_of(s.q), one_of(s.k), one_of(s.v), p, H, G);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(MatrixIdentical(batch_matrix(r.value.out, 0), batch_matrix(all.value.out, b)));
  }
}

TEST(GroupedQuery, CausalMaskZeroesTheFuture) {
  Rng rng(67);
  const GqaCase s(rng);
  const std::size_t H = 2, G = 1;
  const ProjectionParams p = s.params(H, G, rng);
  const Mask mask = causal_mask(s.n_q, s.n_k).value;
  auto r = grouped_query_attention(s.q, s.k, s.v, p, H, G, &mask);
  ASSERT_TRUE(r.ok());
  for (std::size_t bh = 0; bh < s.batch * H; ++bh)
    for (std::size_t i = 0; i < s.n_q; ++i) {
      double sum = 0.0;
      for (std::size_t j = 0; j < s.n_k; ++j) {
        const double w = r.value.weights[(bh * s.n_q + i) * s.n_k + j];
        if (j > i) {
          EXPECT_EQ(w, 0.0);
        }
        sum += w;
      }
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
}

TEST(GroupedQuery, EmptyBiasesMeanNoBias) {
  Rng rng(68);
  const GqaCase s(rng);
  ProjectionParams with = s.params(2, 2, rng);
  for (auto* b : {&with.bq, &with.bk, &with.bv, &with.bo}) std::fill(b->begin(), b->end(), 0.0);
  ProjectionParams without = with;
  without.bq.clear();
  without.bk.clear();
  without.bv.clear();
  without.bo.clear();
  auto a = grouped_query_attention(s.q, s.k, s.v, with, 2, 2);
  auto b = grouped_query_attention(s.q, s.k, s.v, without, 2, 2);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(VectorNear(a.value.out.data, b.value.out.data, 1e-14));
}

// ------------------------------------------------------------ errors

class GroupedQueryErrors : public ::testing::Test {
 protected:
  Rng rng{70};
  GqaCase s{rng};
};

TEST_F(GroupedQueryErrors, NumHeadsNotDivisibleByKvHeads) {
  const ProjectionParams p = s.params(8, 3, rng);  // Wk columns do not matter: checked first
  auto r = grouped_query_attention(s.q, s.k, s.v, p, 8, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "divisibility");
  EXPECT_TRUE(
      Contains(r.status.message,
               "grouped_query_attention: num_heads = 8 is not divisible by num_kv_heads = 3"));
}

TEST_F(GroupedQueryErrors, ZeroHeads) {
  const ProjectionParams p = s.params(2, 1, rng);
  EXPECT_EQ(grouped_query_attention(s.q, s.k, s.v, p, 0, 1).status.code, "invalid_argument");
  EXPECT_EQ(grouped_query_attention(s.q, s.k, s.v, p, 2, 0).status.code, "invalid_argument");
}

TEST_F(GroupedQueryErrors, WqRowsMustMatchQWidth) {
  ProjectionParams p = s.params(2, 1, rng);
  p.Wq = random_matrix(5, 2 * s.d_k, rng);  // q is (2, 4, 6)
  auto r = grouped_query_attention(s.q, s.k, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(
      Contains(r.status.message, "grouped_query_attention: Wq is (5, 6) but q is (2, 4, 6)"));
}

TEST_F(GroupedQueryErrors, WkAndWoWidths) {
  ProjectionParams p = s.params(2, 1, rng);
  p.Wk = random_matrix(7, 2 * s.d_k, rng);  // G·d_k would be 3
  auto r = grouped_query_attention(s.q, s.k, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "Wk is (7, 6)"));
  p = s.params(2, 1, rng);
  p.Wo = random_matrix(3, s.d_o, rng);  // H·d_v would be 4
  auto o = grouped_query_attention(s.q, s.k, s.v, p, 2, 1);
  EXPECT_EQ(o.status.code, "shape");
  EXPECT_TRUE(Contains(o.status.message, "Wo is (3, 5)"));
}

TEST_F(GroupedQueryErrors, BiasLength) {
  ProjectionParams p = s.params(2, 1, rng);
  p.bq.pop_back();
  auto r = grouped_query_attention(s.q, s.k, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "grouped_query_attention: bq has 5 values but Wq is"));
  p = s.params(2, 1, rng);
  p.bo.push_back(0.0);
  EXPECT_TRUE(
      Contains(grouped_query_attention(s.q, s.k, s.v, p, 2, 1).status.message, "bo has 6 values"));
}

TEST_F(GroupedQueryErrors, BatchMismatch) {
  const ProjectionParams p = s.params(2, 1, rng);
  const Tensor3 k3 = random_tensor(3, s.n_k, 7, rng);
  auto r = grouped_query_attention(s.q, k3, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "k is (3, 5, 7)"));
  EXPECT_TRUE(Contains(r.status.message, "batch"));
}

TEST_F(GroupedQueryErrors, KvRowMismatch) {
  const ProjectionParams p = s.params(2, 1, rng);
  const Tensor3 v6 = random_tensor(2, 6, 3, rng);
  auto r = grouped_query_attention(s.q, s.k, v6, p, 2, 1);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message, "v is (2, 6, 3)"));
}

TEST_F(GroupedQueryErrors, MaskShape) {
  const ProjectionParams p = s.params(2, 1, rng);
  const Mask square(4, 4);  // scores are (4, 5)
  auto r = grouped_query_attention(s.q, s.k, s.v, p, 2, 1, &square);
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_TRUE(Contains(r.status.message,
                       "grouped_query_attention: mask is (4, 4) but the scores are (4, 5)"));
}

TEST_F(GroupedQueryErrors, NonFiniteInput) {
  const ProjectionParams p = s.params(2, 1, rng);
  Tensor3 q = s.q;
  q.data[(1 * q.rows + 2) * q.cols + 3] = std::numeric_limits<double>::quiet_NaN();
  auto r = grouped_query_attention(q, s.k, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_TRUE(Contains(r.status.message, "grouped_query_attention: q[1][2][3] is NaN"));
}

TEST_F(GroupedQueryErrors, EmptyInput) {
  const ProjectionParams p = s.params(2, 1, rng);
  auto r = grouped_query_attention(Tensor3(0, 4, 6), s.k, s.v, p, 2, 1);
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_TRUE(Contains(r.status.message, "q is empty (0, 4, 6)"));
}

}  // namespace
}  // namespace ap
