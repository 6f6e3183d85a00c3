// tiny_transformer_test.cpp — the tiny attention-only transformer: its config
// checks, its parameter layout, its gradient against finite differences and
// its loss, gradients and three Adam steps against PyTorch float64
// (tests/golden/tiny_transformer.json, scripts/make_golden_tiny.py).
#include "tiny_transformer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "grad_adam.h"
#include "grad_check.h"

namespace ap {
namespace {

TinyConfig tiny_config(bool layer_norm, Positions positions) {
  TinyConfig c;
  c.layers = 2;
  c.heads = 2;
  c.d_model = 8;
  c.vocab = 6;
  c.context = 6;
  c.layer_norm = layer_norm;
  c.positions = positions;
  c.seed = 7;
  c.init_std = 0.5;  // large enough that every path carries a visible gradient
  return c;
}

TEST(TinyTransformerConfig, RejectsOutOfRangeFieldsWithTheirNames) {
  TinyConfig c;
  EXPECT_TRUE(check_tiny_config(c).ok());
  c.layers = 3;
  EXPECT_TRUE(test::Contains(check_tiny_config(c).message, "layers = 3"));
  c = TinyConfig{};
  c.heads = 3;
  Status s = check_tiny_config(c);
  EXPECT_EQ(s.code, "divisibility");
  EXPECT_TRUE(test::Contains(s.message, "heads = 3 does not divide d_model = 32"));
  c = TinyConfig{};
  c.d_model = 4;
  EXPECT_EQ(check_tiny_config(c).code, "invalid_argument");
  c = TinyConfig{};
  c.vocab = 65;
  EXPECT_TRUE(test::Contains(check_tiny_config(c).message, "vocab = 65"));
  c = TinyConfig{};
  c.context = 1;
  EXPECT_FALSE(check_tiny_config(c).ok());
  c = TinyConfig{};
  c.d_model = 12;
  c.heads = 4;  // head width 3: fine with learned positions, odd for RoPE
  EXPECT_TRUE(check_tiny_config(c).ok());
  c.positions = Positions::kRope;
  EXPECT_EQ(check_tiny_config(c).code, "divisibility");
  c = TinyConfig{};
  c.init_std = NAN;
  EXPECT_TRUE(test::Contains(check_tiny_config(c).message, "init_std"));
  EXPECT_FALSE(make_tiny_transformer(c).ok());
}

TEST(TinyTransformerParams, NamedViewsTileTheFlatVector) {
  TinyConfig c;
  c.layer_norm = true;
  Result<TinyTransformer> m = make_tiny_transformer(c);
  ASSERT_TRUE(m.ok()) << m.status.message;
  std::size_t offset = 0;
  for (const ParamView& v : m.value.views) {
    EXPECT_EQ(v.offset, offset) << v.name;
    offset += v.size();
  }
  EXPECT_EQ(offset, m.value.params.size());
  // E, P, 2 × (γ, β, 4 W), γ_f, β_f, W_U
  EXPECT_EQ(m.value.views.size(), 2u + 2u * 6u + 3u);
  EXPECT_EQ(m.value.params.size(),
            16u * 32 + 32u * 32 + 2u * (2 * 32 + 4 * 32 * 32) + 64 + 32 * 16);
  Result<Matrix> g = get_param(m.value, "layer1.ln.gamma");
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g.value.data, std::vector<double>(32, 1.0));
  EXPECT_FALSE(get_param(m.value, "layer2.W_Q").ok());
  EXPECT_EQ(set_param(m.value, "W_U", Matrix(3, 3)).code, "shape");
  Matrix wu(32, 16, 0.25);
  ASSERT_TRUE(set_param(m.value, "W_U", wu).ok());
  EXPECT_EQ(get_param(m.value, "W_U").value.data, wu.data);
  // the same seed, the same weights; another seed, others
  EXPECT_EQ(make_tiny_transformer(c).value.params, make_tiny_transformer(c).value.params);
  TinyConfig c2 = c;
  c2.seed = 1;
  EXPECT_NE(make_tiny_transformer(c2).value.params, make_tiny_transformer(c).value.params);
  // RoPE has no position table
  c.positions = Positions::kRope;
  EXPECT_EQ(find_param(make_tiny_transformer(c).value, "P"), nullptr);
}

TEST(TinyTransformerForward, StartsNearLogVocabWithCausalRowStochasticAttention) {
  TinyConfig c;  // the default: init_std 0.02
  Result<TinyTransformer> m = make_tiny_transformer(c);
  ASSERT_TRUE(m.ok());
  Result<TaskBatch> b = make_task(Task::kInduction, 4, 32, 16, 3);
  ASSERT_TRUE(b.ok());
  Result<TinyPass> p = tiny_forward(m.value, b.value, 2);
  ASSERT_TRUE(p.ok()) << p.status.message;
  EXPECT_NEAR(p.value.loss, std::log(16.0), 0.01);
  EXPECT_EQ(p.value.logits.rows, 4u * 32);
  ASSERT_EQ(p.value.attention.size(), 4u);
  for (const Matrix& w : p.value.attention) {
    ASSERT_EQ(w.rows, 32u);
    for (std::size_t i = 0; i < 32; ++i) {
      double sum = 0.0;
      for (std::size_t j = 0; j < 32; ++j) {
        if (j > i) {
          EXPECT_EQ(w(i, j), 0.0);
        }
        sum += w(i, j);
      }
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
  }
  EXPECT_TRUE(p.value.grads.empty());
}

TEST(TinyTransformerForward, RejectsABatchThatDoesNotFit) {
  TinyConfig c = tiny_config(false, Positions::kLearned);
  TinyTransformer m = make_tiny_transformer(c).value;
  TaskBatch b = make_task(Task::kInduction, 2, 8, 6, 1).value;  // 8 > context 6
  EXPECT_EQ(tiny_forward(m, b).status.code, "shape");
  b = make_task(Task::kInduction, 2, 6, 6, 1).value;
  EXPECT_EQ(tiny_forward(m, b, 2).status.code, "invalid_argument");
  b.tokens[3] = 6;  // not a token of vocab 6
  EXPECT_FALSE(tiny_forward(m, b).ok());
  b = make_task(Task::kInduction, 2, 6, 6, 1).value;
  b.mask.assign(b.mask.size(), 0);
  EXPECT_FALSE(tiny_forward_backward(m, b).ok());
}

// The whole model's gradient, every parameter, against central differences.
class TinyTransformerGrad : public ::testing::TestWithParam<std::tuple<bool, Positions>> {};

TEST_P(TinyTransformerGrad, AgreesWithFiniteDifferences) {
  const auto [layer_norm, positions] = GetParam();
  TinyTransformer m = make_tiny_transformer(tiny_config(layer_norm, positions)).value;
  // a random batch (tokens, targets and mask), as the golden's
  TaskBatch b;
  b.batch = 2;
  b.context = 6;
  b.vocab = 6;
  Rng rng(11);
  for (std::size_t p = 0; p < 12; ++p) {
    b.tokens.push_back(rng.below(6));
    b.targets.push_back(rng.below(6));
    b.mask.push_back(rng.uniform() < 0.7 ? 1 : 0);
  }
  b.mask[5] = 1;
  Result<TinyPass> pass = tiny_forward_backward(m, b);
  ASSERT_TRUE(pass.ok()) << pass.status.message;
  ASSERT_EQ(pass.value.grads.size(), m.params.size());
  const std::string what =
      std::string("tiny ") + positions_name(positions) + (layer_norm ? " LN" : " no LN");
  EXPECT_TRUE(test::AgreesWithFiniteDifferences(what, m.params, pass.value.grads,
                                                [&] { return tiny_forward(m, b).value.loss; }));
}

INSTANTIATE_TEST_SUITE_P(
    Configs, TinyTransformerGrad,
    ::testing::Combine(::testing::Bool(), ::testing::Values(Positions::kLearned, Positions::kRope)),
    [](const ::testing::TestParamInfo<TinyTransformerGrad::ParamType>& info) {
      return std::string(positions_name(std::get<1>(info.param))) +
             (std::get<0>(info.param) ? "_LN" : "_noLN");
    });

// The golden: torch's loss, every gradient and the loss after 3 Adam steps.
TEST(TinyTransformerGolden, MatchesTorch) {
  const std::vector<nlohmann::json> cases = test::grad_cases("tiny_transformer.json", "tiny");
  ASSERT_EQ(cases.size(), 5u);
  for (const nlohmann::json& t : cases) {
    const std::string name = t.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const nlohmann::json& jc = t.at("config");
    TinyConfig c;
    c.layers = jc.at("layers").get<std::size_t>();
    c.heads = jc.at("heads").get<std::size_t>();
    c.d_model = jc.at("d_model").get<std::size_t>();
    c.vocab = jc.at("vocab").get<std::size_t>();
    c.context = jc.at("context").get<std::size_t>();
    c.layer_norm = jc.at("layer_norm").get<bool>();
    c.positions = jc.at("positions") == "rope" ? Positions::kRope : Positions::kLearned;
    Result<TinyTransformer> m = make_tiny_transformer(c);
    ASSERT_TRUE(m.ok()) << m.status.message;
    ASSERT_EQ(t.at("params").size(), m.value.views.size());
    for (const ParamView& v : m.value.views)
      ASSERT_TRUE(set_param(m.value, v.name, test::golden_matrix(t.at("params").at(v.name))).ok())
          << v.name;
    const nlohmann::json& jb = t.at("batch");
    TaskBatch b;
    b.batch = jb.at("batch").get<std::size_t>();
    b.context = jb.at("context").get<std::size_t>();
    b.vocab = jb.at("vocab").get<std::size_t>();
    b.tokens = test::golden_ids(jb.at("tokens"));
    b.targets = test::golden_ids(jb.at("targets"));
    for (const nlohmann::json& x : jb.at("mask")) b.mask.push_back(x.get<std::uint8_t>());

    Result<TinyPass> pass = tiny_forward_backward(m.value, b);
    ASSERT_TRUE(pass.ok()) << pass.status.message;
    const double want = t.at("loss").get<double>();
    test::report_diff(name + " loss", std::fabs(pass.value.loss - want));
    EXPECT_NEAR(pass.value.loss, want, test::kGradTol);
    for (const ParamView& v : m.value.views) {
      const std::vector<double> g(
          pass.value.grads.begin() + static_cast<std::ptrdiff_t>(v.offset),
          pass.value.grads.begin() + static_cast<std::ptrdiff_t>(v.offset + v.size()));
      EXPECT_TRUE(test::MatchesTorch(name + " d" + v.name, g, t.at("grads").at(v.name)));
    }

    const nlohmann::json& ja = t.at("adam");
    AdamOptions opts;
    opts.lr = ja.at("lr").get<double>();
    opts.beta1 = ja.at("beta1").get<double>();
    opts.beta2 = ja.at("beta2").get<double>();
    opts.eps = ja.at("eps").get<double>();
    AdamState state = adam_state(m.value.params.size());
    const std::vector<double> losses = test::golden_vector(ja.at("losses"));
    for (std::size_t step = 0; step < 3; ++step) {
      Result<TinyPass> p = tiny_forward_backward(m.value, b);
      ASSERT_TRUE(p.ok());
      EXPECT_NEAR(p.value.loss, losses[step], test::kGradTol) << "before step " << step + 1;
      ASSERT_TRUE(adam_step(m.value.params, p.value.grads, state, opts).ok());
    }
    const double after = tiny_forward(m.value, b).value.loss;
    test::report_diff(name + " loss after 3 Adam steps", std::fabs(after - losses[3]));
    EXPECT_NEAR(after, losses[3], test::kGradTol);
  }
}

}  // namespace
}  // namespace ap
