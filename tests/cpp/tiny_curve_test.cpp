// tiny_curve_test.cpp — the native trainer reproduces the loss-curve fixture
// tests/fixtures/tiny-curve-100.json (the default model and induction task,
// 100 steps; the command is in tools/tiny_train.cpp) within 1e-12.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "trainer.h"

namespace ap {
namespace {

TEST(TinyCurve, NativeTrainingMatchesTheFixture) {
  std::ifstream in(std::string(AP_GOLDEN_DIR) + "/../fixtures/tiny-curve-100.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json j = nlohmann::json::parse(in);
  TinyConfig config;
  config.seed = 1;
  Result<TinyTransformer> model = make_tiny_transformer(config);
  ASSERT_TRUE(model.ok());
  TinyAdam adam;
  adam.options.lr = 3e-3;
  TrainOptions options;
  options.task = Task::kInduction;
  options.batch = 32;
  options.steps = 100;
  options.seed = 1;
  options.log_every = 1;
  Result<TrainRun> run = train(model.value, adam, options);
  ASSERT_TRUE(run.ok()) << run.status.message;
  ASSERT_EQ(run.value.curve.size(), 100u);
  ASSERT_EQ(j["loss"].size(), 100u);
  for (std::size_t i = 0; i < 100; ++i) {
    EXPECT_EQ(run.value.curve[i].step, j["step"][i].get<std::size_t>());
    EXPECT_NEAR(run.value.curve[i].loss, j["loss"][i].get<double>(), 1e-12);
    EXPECT_NEAR(run.value.curve[i].accuracy, j["accuracy"][i].get<double>(), 1e-12);
  }
}

}  // namespace
}  // namespace ap
