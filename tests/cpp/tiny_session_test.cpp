// tiny_session_test.cpp — a run in chunks (tiny_session.h) is train()'s run:
// the same loss curve bit for bit whatever the chunks, the same scores on the
// held-out sequence; its settings and parameters are checked.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "head_scores.h"
#include "tiny_session.h"

namespace ap {
namespace {

TinyConfig small_config() {
  TinyConfig c;
  c.d_model = 16;
  c.vocab = 8;
  c.context = 12;
  c.seed = 3;
  return c;
}

TinyRunSettings small_settings() {
  TinyRunSettings s;
  s.task = Task::kInductionRandom;
  s.batch = 4;
  s.steps = 30;
  s.seed = 5;
  s.lr = 1e-2;
  return s;
}

TEST(TinySession, ChunksGiveTrainsCurveExactly) {
  const TinyConfig config = small_config();
  const TinyRunSettings settings = small_settings();
  Result<TinyTransformer> model = make_tiny_transformer(config);
  ASSERT_TRUE(model.ok());
  TinyAdam adam;
  adam.options.lr = settings.lr;
  TrainOptions options;
  options.task = settings.task;
  options.batch = settings.batch;
  options.steps = settings.steps;
  options.seed = settings.seed;
  options.log_every = 1;
  Result<TrainRun> run = train(model.value, adam, options);
  ASSERT_TRUE(run.ok()) << run.status.message;

  Result<TinySession> session = make_tiny_session(config, settings);
  ASSERT_TRUE(session.ok()) << session.status.message;
  std::vector<CurvePoint> curve;
  for (std::size_t chunk : {1u, 7u, 13u, 100u}) {  // the last one stops at 30 steps
    Result<std::vector<CurvePoint>> part = tiny_session_train(session.value, chunk);
    ASSERT_TRUE(part.ok()) << part.status.message;
    curve.insert(curve.end(), part.value.begin(), part.value.end());
  }
  ASSERT_EQ(curve.size(), run.value.curve.size());
  for (std::size_t i = 0; i < curve.size(); ++i) {
    EXPECT_EQ(curve[i].step, run.value.curve[i].step);
    EXPECT_EQ(curve[i].loss, run.value.curve[i].loss);
    EXPECT_EQ(curve[i].accuracy, run.value.curve[i].accuracy);
  }
  EXPECT_EQ(session.value.model.params, model.value.params);
  EXPECT_EQ(session.value.taken, 30u);
  Result<std::vector<CurvePoint>> more = tiny_session_train(session.value, 5);
  ASSERT_TRUE(more.ok());
  EXPECT_TRUE(more.value.empty());  // the run is over

  Result<TinySessionView> view = tiny_session_view(session.value);
  ASSERT_TRUE(view.ok()) << view.status.message;
  Result<HeadScores> scores = tiny_head_scores(model.value, run.value.held_out);
  ASSERT_TRUE(scores.ok());
  EXPECT_EQ(view.value.scores.previous_token, scores.value.previous_token);
  EXPECT_EQ(view.value.scores.induction, scores.value.induction);
  ASSERT_EQ(view.value.attention.size(), 4u);
  for (const Matrix& w : view.value.attention) {
    EXPECT_EQ(w.rows, 12u);
    for (std::size_t i = 0; i < w.rows; ++i) {
      double sum = 0.0;
      for (std::size_t j = 0; j < w.cols; ++j) {
        sum += w(i, j);
        if (j > i) {
          EXPECT_EQ(w(i, j), 0.0);
        }
      }
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
  }
  EXPECT_EQ(session.value.held_out.tokens, run.value.held_out.tokens);
}

TEST(TinySession, SettingsAreChecked) {
  TinyRunSettings s = small_settings();
  s.batch = 0;
  EXPECT_EQ(make_tiny_session(small_config(), s).status.code, "invalid_argument");
  s = small_settings();
  s.steps = kMaxTinySteps + 1;
  EXPECT_EQ(make_tiny_session(small_config(), s).status.code, "invalid_argument");
  s = small_settings();
  s.lr = std::numeric_limits<double>::quiet_NaN();
  Result<TinySession> bad = make_tiny_session(small_config(), s);
  EXPECT_EQ(bad.status.code, "invalid_argument");
  EXPECT_NE(bad.status.message.find("lr"), std::string::npos);
  TinyConfig c = small_config();
  c.heads = 3;
  EXPECT_EQ(make_tiny_session(c, small_settings()).status.code, "divisibility");
}

TEST(TinySession, SetParamsChecksAndRestartsAdam) {
  Result<TinySession> session = make_tiny_session(small_config(), small_settings());
  ASSERT_TRUE(session.ok());
  ASSERT_TRUE(tiny_session_train(session.value, 3).ok());
  std::vector<double> p = session.value.model.params;
  EXPECT_EQ(tiny_session_set_params(session.value, std::vector<double>(p.size() - 1)).code,
            "shape");
  std::vector<double> bad = p;
  bad[7] = std::numeric_limits<double>::infinity();
  const Status s = tiny_session_set_params(session.value, bad);
  EXPECT_EQ(s.code, "non_finite");
  EXPECT_NE(s.message.find("parameter 7"), std::string::npos);
  p[0] += 0.5;
  ASSERT_TRUE(tiny_session_set_params(session.value, p).ok());
  EXPECT_EQ(session.value.model.params, p);
  EXPECT_EQ(session.value.adam.state.t, 0u);
  EXPECT_EQ(session.value.taken, 3u);
}

}  // namespace
}  // namespace ap
