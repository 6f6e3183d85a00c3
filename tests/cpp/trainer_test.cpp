// trainer_test.cpp — one training step, a deterministic run (the same seed
// gives the same loss curve bit for bit), continuing a run, and the snapshots.
#include "trainer.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace ap {
namespace {

TinyConfig small_config() {
  TinyConfig c;
  c.layers = 2;
  c.heads = 2;
  c.d_model = 16;
  c.vocab = 8;
  c.context = 8;
  c.seed = 5;
  return c;
}

TrainOptions small_options() {
  TrainOptions o;
  o.batch = 8;
  o.steps = 40;
  o.seed = 9;
  o.log_every = 5;
  o.snapshot_every = 10;
  return o;
}

TinyAdam adam(double lr) {
  TinyAdam a;
  a.options.lr = lr;
  return a;
}

TEST(TrainerStep, ReportsTheLossBeforeTheStepAndLowersIt) {
  TinyTransformer m = make_tiny_transformer(small_config()).value;
  TinyAdam a = adam(1e-2);
  const TaskBatch b = make_task(Task::kInduction, 8, 8, 8, 1).value;
  const double before = tiny_forward(m, b).value.loss;
  Result<StepStats> st = train_step(m, a, b);
  ASSERT_TRUE(st.ok()) << st.status.message;
  EXPECT_EQ(st.value.loss, before);
  EXPECT_GE(st.value.accuracy, 0.0);
  EXPECT_LE(st.value.accuracy, 1.0);
  EXPECT_EQ(a.state.t, 1u);
  for (int k = 0; k < 20; ++k) ASSERT_TRUE(train_step(m, a, b).ok());
  EXPECT_LT(tiny_forward(m, b).value.loss, before);
}

TEST(TrainerStep, ChangesNothingOnABadBatch) {
  TinyTransformer m = make_tiny_transformer(small_config()).value;
  const std::vector<double> keep = m.params;
  TinyAdam a = adam(1e-2);
  TaskBatch b = make_task(Task::kInduction, 2, 8, 8, 1).value;
  b.mask.assign(b.mask.size(), 0);
  EXPECT_FALSE(train_step(m, a, b).ok());
  EXPECT_EQ(m.params, keep);
  EXPECT_EQ(a.state.t, 0u);
}

TEST(TrainerRun, TheSameSeedGivesTheSameCurveBitForBit) {
  auto curve = [](std::uint64_t seed) {
    TinyTransformer m = make_tiny_transformer(small_config()).value;
    TinyAdam a = adam(1e-2);
    TrainOptions o = small_options();
    o.seed = seed;
    Result<TrainRun> r = train(m, a, o);
    EXPECT_TRUE(r.ok()) << r.status.message;
    std::vector<double> losses;
    for (const CurvePoint& p : r.value.curve) losses.push_back(p.loss);
    losses.insert(losses.end(), m.params.begin(), m.params.end());
    return losses;
  };
  const std::vector<double> a = curve(9), b = curve(9), c = curve(10);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) ASSERT_EQ(a[k], b[k]) << k;  // exact
  EXPECT_NE(a, c);
}

TEST(TrainerRun, ContinuingARunEqualsOneLongerRun) {
  TinyTransformer m1 = make_tiny_transformer(small_config()).value;
  TinyAdam a1 = adam(1e-2);
  TrainOptions o = small_options();
  ASSERT_TRUE(train(m1, a1, o).ok());
  TinyTransformer m2 = make_tiny_transformer(small_config()).value;
  TinyAdam a2 = adam(1e-2);
  o.steps = 20;
  ASSERT_TRUE(train(m2, a2, o).ok());
  ASSERT_TRUE(train(m2, a2, o).ok());
  EXPECT_EQ(m1.params, m2.params);
}

TEST(TrainerRun, CurveAndSnapshotsAreWhereTheOptionsSay) {
  TinyTransformer m = make_tiny_transformer(small_config()).value;
  TinyAdam a = adam(1e-2);
  TrainOptions o = small_options();
  o.steps = 42;
  Result<TrainRun> r = train(m, a, o);
  ASSERT_TRUE(r.ok()) << r.status.message;
  std::vector<std::size_t> steps;
  for (const CurvePoint& p : r.value.curve) steps.push_back(p.step);
  EXPECT_EQ(steps, (std::vector<std::size_t>{0, 5, 10, 15, 20, 25, 30, 35, 40, 41}));
  steps.clear();
  for (const Snapshot& s : r.value.snapshots) {
    steps.push_back(s.step);
    EXPECT_EQ(s.params.size(), m.params.size());
    ASSERT_EQ(s.scores.previous_token.size(), 4u);
    ASSERT_EQ(s.scores.induction.size(), 4u);
    for (double x : s.scores.induction) {
      EXPECT_GE(x, 0.0);
      EXPECT_LE(x, 1.0);
    }
  }
  EXPECT_EQ(steps, (std::vector<std::size_t>{0, 10, 20, 30, 40, 42}));
  EXPECT_EQ(r.value.snapshots.back().params, m.params);
  EXPECT_EQ(r.value.held_out.batch, 1u);
  EXPECT_EQ(r.value.held_out.context, 8u);
}

TEST(TrainerRun, RejectsBadOptions) {
  TinyTransformer m = make_tiny_transformer(small_config()).value;
  TinyAdam a = adam(1e-2);
  TrainOptions o = small_options();
  o.batch = 0;
  EXPECT_TRUE(test::Contains(train(m, a, o).status.message, "batch = 0"));
  o = small_options();
  o.steps = 0;
  EXPECT_EQ(train(m, a, o).status.code, "invalid_argument");
  a.options.lr = -1;
  EXPECT_FALSE(train(m, a, small_options()).ok());
}

TEST(TrainerSeeds, BatchSeedsDifferAcrossStepsAndSeeds) {
  EXPECT_NE(batch_seed(0, 0), batch_seed(0, 1));
  EXPECT_NE(batch_seed(0, 1), batch_seed(1, 0));
  EXPECT_EQ(batch_seed(3, 7), batch_seed(3, 7));
}

}  // namespace
}  // namespace ap
