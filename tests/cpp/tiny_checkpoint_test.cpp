// tiny_checkpoint_test.cpp — checkpoint_json (cpp/checkpoint.h) read back
// with nlohmann/json into a fresh model: the config, the curve and every
// tensor to 8 significant digits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "checkpoint.h"
#include "tiny_transformer.h"
#include "trainer.h"

namespace ap {
namespace {

// A model from checkpoint JSON (the format of checkpoint.h).
TinyTransformer load_checkpoint(const nlohmann::json& j) {
  const nlohmann::json& jc = j.at("config");
  TinyConfig c;
  c.layers = jc.at("layers").get<std::size_t>();
  c.heads = jc.at("heads").get<std::size_t>();
  c.d_model = jc.at("d_model").get<std::size_t>();
  c.vocab = jc.at("vocab").get<std::size_t>();
  c.context = jc.at("context").get<std::size_t>();
  c.layer_norm = jc.at("layer_norm").get<bool>();
  c.positions = jc.at("positions") == "rope" ? Positions::kRope : Positions::kLearned;
  c.seed = jc.at("seed").get<std::uint64_t>();
  Result<TinyTransformer> m = make_tiny_transformer(c);
  EXPECT_TRUE(m.ok()) << m.status.message;
  EXPECT_EQ(j.at("tensors").size(), m.value.views.size());
  for (const ParamView& v : m.value.views) {
    const nlohmann::json& t = j.at("tensors").at(v.name);
    const Matrix value(t.at("shape")[0].get<std::size_t>(), t.at("shape")[1].get<std::size_t>(),
                       t.at("data").get<std::vector<double>>());
    const Status s = set_param(m.value, v.name, value);
    EXPECT_TRUE(s.ok()) << s.message;
  }
  return m.value;
}

TEST(TinyCheckpoint, RoundTripsAFreshModelTo8Digits) {
  TinyConfig c;
  c.layer_norm = true;
  const TinyTransformer m = make_tiny_transformer(c).value;
  CheckpointInfo info;
  info.step = 7;
  info.curve = {{0, 2.5, 0.1}, {5, 2.25, 0.5}};
  Result<std::string> text = checkpoint_json(m, info);
  ASSERT_TRUE(text.ok());
  const nlohmann::json j = nlohmann::json::parse(text.value);
  EXPECT_EQ(j.at("train").at("step"), 7);
  EXPECT_EQ(j.at("curve").size(), 2u);
  const TinyTransformer back = load_checkpoint(j);
  ASSERT_EQ(back.params.size(), m.params.size());
  for (std::size_t k = 0; k < m.params.size(); ++k)
    ASSERT_NEAR(back.params[k], m.params[k], 5e-8 * std::max(1e-300, std::fabs(m.params[k]))) << k;
}

}  // namespace
}  // namespace ap
