// golden_test.cpp — the core against reference vectors computed by PyTorch
// (scripts/make_golden.py, float64) and stored in tests/golden/*.json.
//
// Every value must agree within 1e-9 (the seed 000 float32 run within 1e-6).
// On failure the message names the file, the case and the tensor and gives
// the max abs difference and where it is, like llm.c's check_tensor.
// Masks in the fixtures: true = query i may SEE key j, or null.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention.h"
#include "block.h"
#include "layer_norm.h"
#include "multi_head.h"
#include "positional.h"
#include "projected.h"
#include "softmax.h"

namespace {

using nlohmann::json;

constexpr double kTol = 1e-9;     // float64 against float64
constexpr double kTolF32 = 1e-6;  // float64 against the seed's float32 run

json load(const std::string& file) {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/" + file;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path << " (run /usr/bin/python3 scripts/make_golden.py)";
    return json::array();
  }
  json j = json::parse(in);
  EXPECT_TRUE(j.is_array() && !j.empty()) << path << " holds no cases";
  return j;
}

// ------------------------------------------------------------ conversions

// Flatten any nesting of number arrays, row-major; `shape` gets the extents.
void flatten(const json& j, std::vector<double>& out, std::vector<std::size_t>& shape,
             std::size_t depth = 0) {
  if (j.is_number()) {
    out.push_back(j.get<double>());
    return;
  }
  if (shape.size() <= depth) shape.push_back(j.size());
  for (const json& e : j) flatten(e, out, shape, depth + 1);
}

std::vector<double> flat(const json& j) {
  std::vector<double> v;
  std::vector<std::size_t> shape;
  flatten(j, v, shape);
  return v;
}

// (rows, cols) from number[][].
ap::Matrix matrix(const json& j) {
  std::vector<double> v;
  std::vector<std::size_t> shape;
  flatten(j, v, shape);
  EXPECT_EQ(shape.size(), 2u);
  return ap::Matrix(shape.at(0), shape.at(1), std::move(v));
}

// (batch, rows, cols) from number[][][].
ap::Tensor3 tensor3(const json& j) {
  std::vector<double> v;
  std::vector<std::size_t> shape;
  flatten(j, v, shape);
  EXPECT_EQ(shape.size(), 3u);
  ap::Tensor3 t(shape.at(0), shape.at(1), shape.at(2));
  t.data = std::move(v);
  return t;
}

std::vector<double> vec_or_empty(const json& j) {
  return j.is_null() ? std::vector<double>{} : j.get<std::vector<double>>();
}

// bool[][] (true = visible) or null → no mask.
std::unique_ptr<ap::Mask> mask(const json& j) {
  if (j.is_null()) return nullptr;
  auto m = std::make_unique<ap::Mask>(j.size(), j.at(0).size());
  for (std::size_t i = 0; i < m->rows; ++i)
    for (std::size_t c = 0; c < m->cols; ++c) m->set(i, c, j.at(i).at(c).get<bool>());
  return m;
}

// -------------------------------------------------------------- comparing

// The largest difference seen by the running TEST, printed at its end so a
// passing run still shows how close the core is (llm.c prints "OK" + maxdiff).
struct Worst {
  double diff = 0.0;
  std::string where;
  std::size_t tensors = 0;
};
Worst g_worst;

// Resets the tracker; prints the summary when the TEST ends.
struct Summary {
  const char* file;
  explicit Summary(const char* f) : file(f) { g_worst = Worst{}; }
  ~Summary() {
    std::printf("[ golden   ] %s: %zu tensors within %g, max abs diff %.3g (%s)\n", file,
                g_worst.tensors, kTol, g_worst.diff, g_worst.where.c_str());
  }
};

// llm.c's check_tensor: max |a − b|, where it is, and the first few misses.
::testing::AssertionResult close(const std::string& label, const std::vector<double>& got,
                                 const std::vector<double>& want, double tol) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure()
           << label << ": core gives " << got.size() << " values, reference has " << want.size();
  double max_diff = 0.0;
  std::size_t worst = 0, misses = 0;
  std::ostringstream first;
  first.precision(17);
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double diff = std::fabs(got[i] - want[i]);
    if (!(diff <= tol)) {  // also catches NaN
      if (misses < 5)
        first << "\n    [" << i << "] core " << got[i] << " torch " << want[i] << " diff " << diff;
      ++misses;
    }
    if (!(diff <= max_diff)) {
      max_diff = diff;
      worst = i;
    }
  }
  if (tol == kTol) ++g_worst.tensors;
  if (tol == kTol && (max_diff > g_worst.diff || std::isnan(max_diff))) {
    g_worst.diff = max_diff;
    g_worst.where = label;
  }
  if (misses == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << label << ": " << misses << " of " << got.size() << " values off by more than " << tol
         << "; max abs diff " << max_diff << " at flat index " << worst << first.str();
}

::testing::AssertionResult close(const std::string& label, const std::vector<double>& got,
                                 const json& want, double tol = kTol) {
  return close(label, got, flat(want), tol);
}

// h matrices side by side → one flat buffer (h, n_q, n_k).
std::vector<double> concat(const std::vector<ap::Matrix>& ms) {
  std::vector<double> v;
  for (const ap::Matrix& m : ms) v.insert(v.end(), m.data.begin(), m.data.end());
  return v;
}

// Masked weights are exactly 0 (not merely small).
::testing::AssertionResult masked_zero(const std::string& label, const ap::Matrix& w,
                                       const ap::Mask* m) {
  if (m == nullptr) return ::testing::AssertionSuccess();
  for (std::size_t i = 0; i < w.rows; ++i)
    for (std::size_t j = 0; j < w.cols; ++j)
      if (!m->sees(i, j) && w(i, j) != 0.0)
        return ::testing::AssertionFailure()
               << label << ": weight (" << i << ", " << j << ") is hidden by the mask but is "
               << w(i, j) << ", not exactly 0";
  return ::testing::AssertionSuccess();
}

std::string case_label(const char* file, const json& c) {
  if (c.contains("name")) return std::string(file) + " / " + c.at("name").get<std::string>();
  return std::string(file) + " / (n=" + std::to_string(c.at("n").get<int>()) +
         ", d=" + std::to_string(c.at("d").get<int>()) + ")";
}

// --------------------------------------------------------------- the tests

TEST(Golden, Softmax) {
  Summary summary("softmax.json");
  for (const json& c : load("softmax.json")) {
    const std::string label = case_label("softmax.json", c);
    auto r = ap::softmax(c.at("xs").get<std::vector<double>>());
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    EXPECT_TRUE(close(label + " out", r.value, c.at("out")));
  }
}

TEST(Golden, Attention) {
  Summary summary("attention.json");
  for (const json& c : load("attention.json")) {
    const std::string label = case_label("attention.json", c);
    const auto m = mask(c.at("mask"));
    auto r = ap::attention(matrix(c.at("Q")), matrix(c.at("K")), matrix(c.at("V")), m.get(),
                           c.at("scale").get<bool>());
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    EXPECT_TRUE(close(label + " out", r.value.out.data, c.at("out")));
    EXPECT_TRUE(close(label + " weights", r.value.weights.data, c.at("weights")));
    EXPECT_TRUE(masked_zero(label + " weights", r.value.weights, m.get()));
  }
}

TEST(Golden, AttentionFullyMaskedRowIsZero) {
  // The fixture itself says: no visible key → weights 0 and out 0.
  bool seen = false;
  for (const json& c : load("attention.json")) {
    if (c.at("name") != "fully_masked_row") continue;
    seen = true;
    const auto m = mask(c.at("mask"));
    auto r = ap::attention(matrix(c.at("Q")), matrix(c.at("K")), matrix(c.at("V")), m.get());
    ASSERT_TRUE(r.ok()) << r.status.message;
    for (std::size_t i = 0; i < m->rows; ++i) {
      bool any = false;
      for (std::size_t j = 0; j < m->cols; ++j) any = any || m->sees(i, j);
      if (any) continue;
      for (std::size_t j = 0; j < r.value.weights.cols; ++j) EXPECT_EQ(r.value.weights(i, j), 0.0);
      for (std::size_t j = 0; j < r.value.out.cols; ++j) EXPECT_EQ(r.value.out(i, j), 0.0);
    }
  }
  EXPECT_TRUE(seen) << "attention.json has no fully_masked_row case";
}

TEST(Golden, MultiHead) {
  Summary summary("multi_head.json");
  for (const json& c : load("multi_head.json")) {
    const std::string label = case_label("multi_head.json", c);
    const auto m = mask(c.at("mask"));
    const std::size_t h = c.at("h").get<std::size_t>();
    auto r = ap::multi_head(matrix(c.at("Q")), matrix(c.at("K")), matrix(c.at("V")), h, m.get());
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    ASSERT_EQ(r.value.weights.size(), h) << label;
    EXPECT_TRUE(close(label + " out", r.value.out.data, c.at("out")));
    EXPECT_TRUE(close(label + " weights", concat(r.value.weights), c.at("weights")));
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(masked_zero(label + " head " + std::to_string(t), r.value.weights[t], m.get()));
  }
}

// Softmax temperature τ (Hinton et al. 2015): scores / (τ·√d_k), or / τ
// unscaled; multi_head divides every head's scores by τ·√(d/h).
TEST(Golden, Temperature) {
  Summary summary("temperature.json");
  std::size_t seen = 0;
  for (const json& c : load("temperature.json")) {
    const std::string label = case_label("temperature.json", c);
    const auto m = mask(c.at("mask"));
    const double tau = c.at("temperature").get<double>();
    const ap::Matrix Q = matrix(c.at("Q")), K = matrix(c.at("K")), V = matrix(c.at("V"));
    if (c.at("op") == "attention") {
      const ap::AttentionOptions opts{c.at("scale").get<bool>(), tau};
      auto r = ap::attention(Q, K, V, m.get(), opts);
      ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
      EXPECT_TRUE(close(label + " out", r.value.out.data, c.at("out")));
      EXPECT_TRUE(close(label + " weights", r.value.weights.data, c.at("weights")));
      EXPECT_TRUE(masked_zero(label + " weights", r.value.weights, m.get()));
      // the steps end in the same weights, bit for bit
      auto steps = ap::attention_steps(Q, K, V, m.get(), opts);
      ASSERT_TRUE(steps.ok()) << label << ": " << steps.status.message;
      EXPECT_EQ(steps.value.weights.data, r.value.weights.data) << label;
    } else {
      const std::size_t h = c.at("h").get<std::size_t>();
      auto r = ap::multi_head(Q, K, V, h, m.get(), tau);
      ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
      ASSERT_EQ(r.value.weights.size(), h) << label;
      EXPECT_TRUE(close(label + " out", r.value.out.data, c.at("out")));
      EXPECT_TRUE(close(label + " weights", concat(r.value.weights), c.at("weights")));
      for (std::size_t t = 0; t < h; ++t)
        EXPECT_TRUE(masked_zero(label + " head " + std::to_string(t), r.value.weights[t], m.get()));
    }
    ++seen;
  }
  EXPECT_GE(seen, 20u) << "temperature.json has fewer cases than the generator writes";
}

TEST(Golden, LayerNorm) {
  Summary summary("layer_norm.json");
  for (const json& c : load("layer_norm.json")) {
    const std::string label = case_label("layer_norm.json", c);
    auto r = ap::layer_norm(c.at("row").get<std::vector<double>>(), c.at("eps").get<double>());
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    EXPECT_TRUE(close(label + " out", r.value, c.at("out")));
  }
}

TEST(Golden, Block) {
  Summary summary("block.json");
  for (const json& c : load("block.json")) {
    const std::string label = case_label("block.json", c);
    const auto m = mask(c.at("mask"));
    const std::size_t h = c.at("h").get<std::size_t>();
    auto r = ap::block(matrix(c.at("X")), h, m.get(), 1e-5);
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    ASSERT_EQ(r.value.weights.size(), h) << label;
    EXPECT_TRUE(close(label + " out", r.value.out.data, c.at("out")));
    EXPECT_TRUE(close(label + " weights", concat(r.value.weights), c.at("weights")));
    for (std::size_t t = 0; t < h; ++t)
      EXPECT_TRUE(masked_zero(label + " head " + std::to_string(t), r.value.weights[t], m.get()));
  }
}

TEST(Golden, PosEncoding) {
  Summary summary("pos_encoding.json");
  for (const json& c : load("pos_encoding.json")) {
    const std::string label = case_label("pos_encoding.json", c);
    const std::size_t n = c.at("n").get<std::size_t>(), d = c.at("d").get<std::size_t>();
    auto r = ap::pos_encoding(n, d);
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    EXPECT_EQ(r.value.rows, n) << label;
    EXPECT_EQ(r.value.cols, d) << label;
    EXPECT_TRUE(close(label + " out", r.value.data, c.at("out")));
  }
}

TEST(Golden, SingleHead) {
  Summary summary("single_head.json");
  for (const json& c : load("single_head.json")) {
    const std::string label = case_label("single_head.json", c);
    const bool causal = c.at("causal").get<bool>();
    auto r = ap::single_head(matrix(c.at("X")), matrix(c.at("Wq")), matrix(c.at("Wk")),
                             matrix(c.at("Wv")), causal);
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    const ap::SingleHeadResult& s = r.value;
    EXPECT_TRUE(close(label + " q", s.q.data, c.at("q")));
    EXPECT_TRUE(close(label + " k", s.k.data, c.at("k")));
    EXPECT_TRUE(close(label + " v", s.v.data, c.at("v")));
    EXPECT_TRUE(close(label + " weights", s.weights.data, c.at("weights")));
    EXPECT_TRUE(close(label + " out", s.out.data, c.at("out")));
    EXPECT_TRUE(close(label + " weights vs float32", s.weights.data, c.at("weights_f32"), kTolF32));
    EXPECT_TRUE(close(label + " out vs float32", s.out.data, c.at("out_f32"), kTolF32));
    if (causal) {
      // seed 000's causal_mask: the strict upper triangle is hidden
      for (std::size_t i = 0; i < s.weights.rows; ++i)
        for (std::size_t j = i + 1; j < s.weights.cols; ++j)
          EXPECT_EQ(s.weights(i, j), 0.0) << label << " weight (" << i << ", " << j << ")";
    }
  }
}

TEST(Golden, GroupedQueryAttention) {
  Summary summary("grouped.json");
  for (const json& c : load("grouped.json")) {
    const std::string label = case_label("grouped.json", c);
    const json& pj = c.at("params");
    ap::ProjectionParams p;
    p.Wq = matrix(pj.at("Wq"));
    p.bq = vec_or_empty(pj.at("bq"));
    p.Wk = matrix(pj.at("Wk"));
    p.bk = vec_or_empty(pj.at("bk"));
    p.Wv = matrix(pj.at("Wv"));
    p.bv = vec_or_empty(pj.at("bv"));
    p.Wo = matrix(pj.at("Wo"));
    p.bo = vec_or_empty(pj.at("bo"));
    const auto m = mask(c.at("mask"));
    const std::size_t H = c.at("num_heads").get<std::size_t>();
    const std::size_t G = c.at("num_kv_heads").get<std::size_t>();
    const ap::Tensor3 q = tensor3(c.at("q")), k = tensor3(c.at("k")), v = tensor3(c.at("v"));
    auto r = ap::grouped_query_attention(q, k, v, p, H, G, m.get());
    ASSERT_TRUE(r.ok()) << label << ": " << r.status.message;
    const ap::GroupedResult& g = r.value;
    EXPECT_EQ(g.num_heads, H) << label;
    EXPECT_EQ(g.out.batch, q.batch) << label;
    EXPECT_EQ(g.out.rows, q.rows) << label;
    EXPECT_EQ(g.out.cols, p.Wo.cols) << label;
    EXPECT_TRUE(close(label + " out", g.out.data, c.at("out")));
    EXPECT_TRUE(close(label + " weights", g.weights, c.at("weights")));
    // (batch, H, n_q, n_k): every hidden entry exactly 0
    const std::size_t n_q = q.rows, n_k = k.rows;
    ASSERT_EQ(g.weights.size(), q.batch * H * n_q * n_k) << label;
    for (std::size_t bh = 0; bh < q.batch * H; ++bh) {
      ap::Matrix w(
          n_q, n_k,
          std::vector<double>(g.weights.begin() + static_cast<long>(bh * n_q * n_k),
                              g.weights.begin() + static_cast<long>((bh + 1) * n_q * n_k)));
      EXPECT_TRUE(masked_zero(label + " (batch·head " + std::to_string(bh) + ")", w, m.get()));
    }
  }
}

}  // namespace
