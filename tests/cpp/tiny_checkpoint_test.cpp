// tiny_checkpoint_test.cpp — checkpoint_json (cpp/checkpoint.h) read back
// with nlohmann/json into a fresh model: the config, the curve and every
// tensor to 8 significant digits; and the trained checkpoint
// tests/fixtures/tiny-induction.json (made by tools/tiny_train.cpp, the command
// in its header), which has a previous-token head in layer 0 and an induction
// head in layer 1 on held-out sequences of induction_random_task.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checkpoint.h"
#include "head_scores.h"
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

// --- the trained induction checkpoint ---------------------------------------------------------

nlohmann::json read_fixture(const std::string& name) {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/../fixtures/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  return in.good() ? nlohmann::json::parse(in) : nlohmann::json::object();
}

// Seeds of the held-out batches: the run's steps use batch_seed(seed, step), never these.
constexpr std::uint64_t kHeldOutSeeds[] = {0x7e57'0001, 0x7e57'0002, 0x7e57'0003};

// Every head's mean scores over the sequences of `batch` ([l·h + t]), the induction
// score counted from each sequence's first counted position (its repeat).
HeadScores mean_scores(const TinyTransformer& m, const TaskBatch& batch) {
  const std::size_t H = m.config.layers * m.config.heads, T = batch.context;
  HeadScores mean;
  mean.previous_token.assign(H, 0.0);
  mean.induction.assign(H, 0.0);
  for (std::size_t b = 0; b < batch.batch; ++b) {
    Result<TinyPass> pass = tiny_forward(m, batch, b);
    EXPECT_TRUE(pass.ok()) << pass.status.message;
    if (!pass.ok()) return mean;
    const std::vector<std::size_t> tokens(batch.tokens.begin() + static_cast<long>(b * T),
                                          batch.tokens.begin() + static_cast<long>((b + 1) * T));
    std::size_t first = 0;
    while (batch.mask[b * T + first] == 0) ++first;
    for (std::size_t k = 0; k < H; ++k) {
      const Matrix& w = pass.value.attention[k];  // (T, T)
      mean.previous_token[k] += previous_token_score(w).value / static_cast<double>(batch.batch);
      mean.induction[k] +=
          induction_score_from(w, tokens, first).value / static_cast<double>(batch.batch);
    }
  }
  return mean;
}

// The best score of layer `layer`'s heads.
double best_of_layer(const std::vector<double>& scores, std::size_t layer, std::size_t heads) {
  double best = 0.0;
  for (std::size_t t = 0; t < heads; ++t) best = std::max(best, scores[layer * heads + t]);
  return best;
}

TEST(TinyCheckpoint, TrainedInductionCheckpointHasBothHeads) {
  const nlohmann::json j = read_fixture("tiny-induction.json");
  ASSERT_TRUE(j.contains("config"));
  EXPECT_EQ(j.at("train").at("task"), "induction_random");
  const TinyTransformer m = load_checkpoint(j);
  const TinyConfig& c = m.config;
  ASSERT_EQ(c.layers, 2u);
  for (std::uint64_t seed : kHeldOutSeeds) {
    // accuracy on the repeat of 64 fresh random-offset sequences
    Result<TaskBatch> random = induction_random_task(64, c.context, c.vocab, seed);
    ASSERT_TRUE(random.ok()) << random.status.message;
    Result<TinyPass> pass = tiny_forward(m, random.value);
    ASSERT_TRUE(pass.ok()) << pass.status.message;
    const double acc = accuracy(pass.value.logits, random.value.targets, random.value.mask).value;
    EXPECT_GE(acc, 0.95) << "seed " << seed;
    // the heads on 8 of them, and on 8 sequences of the induction layout (L = T / 2)
    Result<TaskBatch> few = induction_random_task(8, c.context, c.vocab, seed);
    Result<TaskBatch> half = repeated_segment_task(8, c.context, c.vocab, c.context / 2, seed);
    ASSERT_TRUE(few.ok() && half.ok());
    for (const TaskBatch* batch : {&few.value, &half.value}) {
      const HeadScores s = mean_scores(m, *batch);
      const double prev = best_of_layer(s.previous_token, 0, c.heads);
      const double ind = best_of_layer(s.induction, 1, c.heads);
      EXPECT_GT(prev, 0.9) << "seed " << seed << ": layer 0's best previous-token score";
      EXPECT_GT(ind, 0.9) << "seed " << seed << ": layer 1's best induction score";
    }
  }
}

// The score history: a row per snapshot (every 50 steps and the last), its
// last row the final weights' scores on the run's held-out sequence.
TEST(TinyCheckpoint, TrainedCheckpointCarriesItsScoreHistory) {
  const nlohmann::json j = read_fixture("tiny-induction.json");
  ASSERT_TRUE(j.contains("scores"));
  const TinyTransformer m = load_checkpoint(j);
  const std::size_t heads = m.config.layers * m.config.heads;
  const nlohmann::json& rows = j.at("scores");
  ASSERT_EQ(rows.size(), 81u);  // steps 0, 50, …, 4000
  for (std::size_t k = 0; k < rows.size(); ++k) {
    ASSERT_EQ(rows[k].size(), 1 + 2 * heads);
    EXPECT_EQ(rows[k][0].get<std::size_t>(), 50 * k);
  }
  Result<TaskBatch> held = held_out_sequence(m.config, Task::kInductionRandom,
                                             j.at("train").at("seed").get<std::uint64_t>());
  ASSERT_TRUE(held.ok());
  Result<HeadScores> now = tiny_head_scores(m, held.value);
  ASSERT_TRUE(now.ok()) << now.status.message;
  const nlohmann::json& last = rows.back();
  for (std::size_t h = 0; h < heads; ++h) {
    // the file's weights are rounded to 8 digits, its scores too
    EXPECT_NEAR(last[1 + h].get<double>(), now.value.previous_token[h], 1e-6);
    EXPECT_NEAR(last[1 + heads + h].get<double>(), now.value.induction[h], 1e-6);
  }
  // the phase change is in the history: layer 1's best induction score starts low
  const nlohmann::json& first = rows.front();
  EXPECT_LT(std::max(first[1 + heads + 2].get<double>(), first[1 + heads + 3].get<double>()), 0.5);
}

TEST(TinyCheckpoint, HeldOutSequenceOfTheRandomTaskIsTheInductionLayout) {
  TinyConfig c;
  c.vocab = 64;
  Result<TaskBatch> held = held_out_sequence(c, Task::kInductionRandom, 3);
  ASSERT_TRUE(held.ok()) << held.status.message;
  const std::size_t T = c.context, m = T / 2;
  for (std::size_t i = 0; i < T; ++i) EXPECT_EQ(held.value.mask[i], i >= m ? 1 : 0) << i;
  for (std::size_t i = m; i < T; ++i) EXPECT_EQ(held.value.tokens[i], held.value.tokens[i - m]);
}

}  // namespace
}  // namespace ap
