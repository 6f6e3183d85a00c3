// depth_test.cpp — rank collapse with depth (Dong,
// Cordonnier & Loukas 2021): depth_curves against PyTorch float64
// (tests/golden/depth.json, scripts/make_golden.py make_depth) on the same
// weights, rank_one_distance, the seeded experiment and every error.
//
// Tolerance: |got − want| ≤ 1e-9·|want| + 1e-12. The relative part is the
// project's 1e-9. The absolute part is needed because r is itself a ratio to
// ‖X‖_F: once attention alone has collapsed, the true r is 0 and both sides
// compute only rounding residue, ε·√(n·d) ≈ 1e-16 … 1e-15 of ‖X‖_F, with no
// shared digits (torch gives 9e-17 where we may give 2e-16, or exactly 0).
// 1e-12 is 1000× that residue, yet 10⁶ below the collapse threshold (1e-6),
// so it cannot hide a wrong curve; every r above 1e-3 is still held to 1e-9
// relative.
#include "depth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attention.h"
#include "layer_norm.h"
#include "matmul.h"
#include "positions_golden.h"
#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::golden_matrix;
using test::random_matrix;

constexpr double kRel = 1e-9;
constexpr double kAbs = 1e-12;

std::vector<nlohmann::json> depth_cases() {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/depth.json";
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return out;
  }
  for (const nlohmann::json& c : nlohmann::json::parse(in)) out.push_back(c);
  return out;
}

std::vector<DepthLayer> golden_layers(const nlohmann::json& j) {
  std::vector<DepthLayer> layers;
  for (const nlohmann::json& l : j)
    layers.push_back(
        {golden_matrix(l.at("Wq")), golden_matrix(l.at("Wk")), golden_matrix(l.at("Wv"))});
  return layers;
}

const char* const kNames[kDepthVariants] = {"attention", "residual", "pre_ln"};

TEST(DepthGolden, ThreeCurvesMatchTorchOnTheSameWeights) {
  const auto cases = depth_cases();
  ASSERT_EQ(cases.size(), 6u);
  std::size_t values = 0;
  for (const nlohmann::json& c : cases) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Matrix X0 = golden_matrix(c.at("X0"));
    const auto layers = golden_layers(c.at("layers"));
    auto r = depth_curves(X0, layers);
    ASSERT_TRUE(r.ok()) << r.status.message;
    for (std::size_t v = 0; v < kDepthVariants; ++v) {
      const auto want = c.at(kNames[v]).get<std::vector<double>>();
      const DepthCurve& got = r.value[v];
      ASSERT_EQ(got.r.size(), layers.size() + 1) << kNames[v];
      for (std::size_t l = 0; l < want.size(); ++l) {
        EXPECT_NEAR(got.r[l], want[l], kRel * std::fabs(want[l]) + kAbs)
            << kNames[v] << " layer " << l;
        ++values;
      }
      EXPECT_EQ(got.ratio, want.front() > 0 ? got.r.back() / got.r.front() : 1.0) << kNames[v];
      EXPECT_EQ(got.collapsed, got.r.back() < kCollapseThreshold) << kNames[v];
    }
  }
  EXPECT_EQ(values, 3u * (9 + 13 + 7 + 4 + 4 + 3));
}

TEST(DepthGolden, AttentionAloneCollapsesTheResidualDoesNot) {
  for (const nlohmann::json& c : depth_cases()) {
    if (c.at("name") != "n8_d8_L12" && c.at("name") != "n6_d4_L8") continue;
    auto r = depth_curves(golden_matrix(c.at("X0")), golden_layers(c.at("layers")));
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value[0].collapsed);
    EXPECT_LT(r.value[0].r.back(), 1e-14);
    EXPECT_FALSE(r.value[1].collapsed);
    EXPECT_FALSE(r.value[2].collapsed);
    EXPECT_GT(r.value[1].r.back(), 0.1);
    EXPECT_GT(r.value[2].r.back(), 0.1);
  }
}

// The curve of one stack written out plainly with the core's functions: the
// stacks in depth.cpp must be exactly these steps.
std::vector<double> plain_curve(int variant, const Matrix& X0,
                                const std::vector<DepthLayer>& layers) {
  Matrix X = X0;
  std::vector<double> rs{rank_one_distance(X)};
  for (const DepthLayer& W : layers) {
    Matrix Z = X;
    if (variant == 2)
      for (std::size_t i = 0; i < Z.rows; ++i) {
        auto row = layer_norm(std::vector<double>(Z.row(i), Z.row(i) + Z.cols), 1e-5);
        std::copy(row.value.begin(), row.value.end(), Z.row(i));
      }
    auto a = attention(matmul(Z, W.Wq), matmul(Z, W.Wk), matmul(Z, W.Wv));
    if (variant == 0)
      X = a.value.out;
    else
      for (std::size_t k = 0; k < X.data.size(); ++k) X.data[k] += a.value.out.data[k];
    rs.push_back(rank_one_distance(X));
  }
  return rs;
}

TEST(Depth, ExperimentDrawsX0ThenWqWkWvPerLayerAndRunsThePlainSteps) {
  auto e = depth_experiment(7, 6, 5, 42);
  ASSERT_TRUE(e.ok()) << e.status.message;
  EXPECT_EQ(e.value.n, 7u);
  EXPECT_EQ(e.value.d, 6u);
  EXPECT_EQ(e.value.layers, 5u);
  EXPECT_EQ(e.value.seed, 42u);
  Rng rng(42);
  const Matrix X0 = random_matrix(7, 6, rng);
  std::vector<DepthLayer> layers(5);
  for (DepthLayer& l : layers)
    for (Matrix* W : {&l.Wq, &l.Wk, &l.Wv}) *W = random_matrix(6, 6, rng, 1.0 / std::sqrt(6.0));
  for (int v = 0; v < 3; ++v)
    EXPECT_EQ(e.value.curves[v].r, plain_curve(v, X0, layers)) << kNames[v];
  auto again = depth_curves(X0, layers);
  ASSERT_TRUE(again.ok());
  for (int v = 0; v < 3; ++v) EXPECT_EQ(again.value[v].r, e.value.curves[v].r);
}

TEST(Depth, DefaultSettingsCollapseOnlyWithoutTheResidual) {
  auto e = depth_experiment(16, 16, 24, 7);
  ASSERT_TRUE(e.ok()) << e.status.message;
  const DepthCurves& c = e.value.curves;
  EXPECT_TRUE(c[0].collapsed);
  EXPECT_LT(c[0].r.back(), 1e-12);
  EXPECT_FALSE(c[1].collapsed);
  EXPECT_FALSE(c[2].collapsed);
  EXPECT_GT(c[2].r.back(), 0.1);
  EXPECT_GT(c[1].r.back(), 1e6 * c[0].r.back());
  for (const DepthCurve& k : c) {
    ASSERT_EQ(k.r.size(), 25u);
    for (double x : k.r) EXPECT_TRUE(std::isfinite(x) && x >= 0.0 && x <= 1.0 + 1e-12);
  }
}

TEST(Depth, RankOneDistance) {
  EXPECT_EQ(rank_one_distance(Matrix(3, 2, 0.0)), 0.0);                 // ‖X‖ = 0: 0, not 0/0
  EXPECT_EQ(rank_one_distance(Matrix(3, 2, {1, 2, 1, 2, 1, 2})), 0.0);  // identical rows
  // rows ±(1, 0): x̄ = 0, so X − 1·x̄ᵀ = X and r = 1
  EXPECT_DOUBLE_EQ(rank_one_distance(Matrix(2, 2, {1, 0, -1, 0})), 1.0);
  // rows (1, 0), (0, 0): x̄ = (½, 0), ‖X − 1·x̄ᵀ‖ = √½, ‖X‖ = 1
  EXPECT_DOUBLE_EQ(rank_one_distance(Matrix(2, 2, {1, 0, 0, 0})), std::sqrt(0.5));
  // huge and tiny values: scaled first, so no square overflows or underflows
  const double big = 1e300, tiny = 1e-300;
  EXPECT_DOUBLE_EQ(rank_one_distance(Matrix(2, 2, {big, 0, 0, 0})), std::sqrt(0.5));
  EXPECT_DOUBLE_EQ(rank_one_distance(Matrix(2, 2, {tiny, 0, 0, 0})), std::sqrt(0.5));
  const double max = std::numeric_limits<double>::max();
  EXPECT_DOUBLE_EQ(rank_one_distance(Matrix(2, 1, {max, -max})), 1.0);
}

TEST(Depth, Errors) {
  Rng rng(1);
  const Matrix X = random_matrix(4, 3, rng);
  const DepthLayer ok{random_matrix(3, 3, rng), random_matrix(3, 3, rng), random_matrix(3, 3, rng)};
  const auto fails = [](const Result<DepthCurves>& r, const std::string& code,
                        const std::string& msg) {
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.status.code, code);
    EXPECT_EQ(r.status.message, msg);
  };
  fails(depth_curves(X, {}), "invalid_argument",
        "depth_curves: L = 0 must be at least 1 (one layer)");
  fails(depth_curves(X, std::vector<DepthLayer>(65, ok)), "too_large",
        "depth_curves: L = 65 is over the limit of 64");
  EXPECT_TRUE(depth_curves(X, std::vector<DepthLayer>(64, ok)).ok());
  fails(depth_curves(Matrix(), {ok}), "empty",
        "depth_curves: X0 is empty (0, 0): it needs at least one row and one column");
  DepthLayer wide = ok;
  wide.Wk = Matrix(3, 4, 0.5);
  fails(depth_curves(X, {ok, wide}), "shape",
        "depth_curves: layers[1].Wk is (3, 4) but X0 is (4, 3): every weight must be (d, d) = (3, "
        "3)");
  DepthLayer nan = ok;
  nan.Wv(2, 1) = std::nan("");
  auto r = depth_curves(X, {nan});
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_NE(r.status.message.find("depth_curves: layers[0].Wv[2][1]"), std::string::npos)
      << r.status.message;
  Matrix Xinf = X;
  Xinf(0, 0) = INFINITY;
  EXPECT_EQ(depth_curves(Xinf, {ok}).status.code, "non_finite");
  // finite inputs whose products overflow: a clear error naming the stack and the layer, never NaN
  const DepthLayer huge{Matrix(3, 3, 1e200), Matrix(3, 3, 1e200), Matrix(3, 3, 1e200)};
  fails(depth_curves(Matrix(4, 3, 1e200), {huge}), "non_finite_result",
        "depth_curves: the attention stack overflowed float64 at layer 1 (X·Wq, X·Wk or X·Wv): use "
        "smaller inputs or weights, or fewer layers");
  // the residual stack doubling each layer until it overflows (attention alone stays finite)
  Matrix id(2, 2, {1, 0, 0, 1});
  const DepthLayer same{id, id, id};
  auto grow = depth_curves(Matrix(2, 2, {1e307, 0, 0, 1e307}), std::vector<DepthLayer>(6, same));
  EXPECT_EQ(grow.status.code, "non_finite_result");
  EXPECT_NE(grow.status.message.find("the residual stack overflowed float64 at layer"),
            std::string::npos)
      << grow.status.message;

  const auto efails = [](const Result<DepthExperiment>& e, const std::string& code,
                         const std::string& msg) {
    EXPECT_FALSE(e.ok());
    EXPECT_EQ(e.status.code, code);
    EXPECT_EQ(e.status.message, msg);
  };
  efails(depth_experiment(0, 4, 2, 1), "invalid_argument",
         "depth_experiment: n = 0 must be at least 1");
  efails(depth_experiment(4, 0, 2, 1), "invalid_argument",
         "depth_experiment: d = 0 must be at least 1");
  efails(depth_experiment(4, 4, 0, 1), "invalid_argument",
         "depth_experiment: L = 0 must be at least 1 (one layer)");
  efails(depth_experiment(4, 4, 65, 1), "too_large",
         "depth_experiment: L = 65 is over the limit of 64");
  efails(depth_experiment(4097, 4, 2, 1), "too_large",
         "depth_experiment: n = 4097 is over the limit of 4096");
  efails(depth_experiment(4, 4097, 2, 1), "too_large",
         "depth_experiment: d = 4097 is over the limit of 4096");
  auto big =
      depth_experiment(16, 4096, 64, 1);  // 3·64·4096² normals: refused before anything is drawn
  EXPECT_EQ(big.status.code, "too_large");
  EXPECT_NE(big.status.message.find("use fewer layers, a smaller n or a smaller d"),
            std::string::npos)
      << big.status.message;
  EXPECT_TRUE(depth_experiment(1, 1, 64, 0).ok());
}

}  // namespace
}  // namespace ap
