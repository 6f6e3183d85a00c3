// tiny_threads_test.cpp — the tiny transformer's forward and backward passes on two threads
// (parallel.h: the batch's two halves of sequences) give the same numbers, bit for bit, as on
// one: the loss, every logit, the attention weights and every gradient; and a short training run
// ends with the same weights. Batches of 1, 5 (odd halves) and 32 sequences, with and without
// layer norm, learned positions and RoPE.
#include <gtest/gtest.h>

#include "parallel.h"
#include "tasks.h"
#include "tiny_transformer.h"
#include "trainer.h"

namespace ap {
namespace {

struct OneThreadAfter {  // one thread again after each test
  ~OneThreadAfter() { set_threads(1); }
};

TinyPass pass_on(std::size_t threads_wanted, const TinyTransformer& model, const TaskBatch& batch,
                 std::size_t sequence) {
  set_threads(threads_wanted);
  Result<TinyPass> r = tiny_forward_backward(model, batch, sequence);
  EXPECT_TRUE(r.ok()) << r.status.message;
  return r.value;
}

void expect_same(const TinyPass& a, const TinyPass& b) {
  ASSERT_EQ(a.loss, b.loss);
  ASSERT_EQ(a.logits.data, b.logits.data);
  ASSERT_EQ(a.grads, b.grads);
  ASSERT_EQ(a.attention.size(), b.attention.size());
  for (std::size_t k = 0; k < a.attention.size(); ++k)
    ASSERT_EQ(a.attention[k].data, b.attention[k].data) << k;
}

TEST(TinyThreads, ForwardAndBackwardAreBitIdenticalOnTwoThreads) {
  OneThreadAfter restore;
  ASSERT_TRUE(threads_available()) << "the native build has threads (AP_THREADS)";
  struct Case {
    std::size_t batch;
    bool layer_norm;
    Positions positions;
  };
  for (const Case& k : {Case{32, false, Positions::kLearned}, Case{5, true, Positions::kLearned},
                        Case{1, false, Positions::kLearned}, Case{8, true, Positions::kRope}}) {
    TinyConfig config;
    config.layer_norm = k.layer_norm;
    config.positions = k.positions;
    config.seed = 7;
    const TinyTransformer model = make_tiny_transformer(config).value;
    const TaskBatch batch =
        make_task(Task::kInduction, k.batch, config.context, config.vocab, 11).value;
    const std::size_t sequence =
        k.batch - 1;  // the attention of the last sequence (the second half's)
    const TinyPass one = pass_on(1, model, batch, sequence);
    const TinyPass two = pass_on(2, model, batch, sequence);
    ASSERT_EQ(threads(), 2u);
    expect_same(one, two);
    ASSERT_FALSE(one.grads.empty());
  }
}

TEST(TinyThreads, ATrainingRunEndsWithTheSameWeightsOnTwoThreads) {
  OneThreadAfter restore;
  TrainOptions options;
  options.steps = 20;
  options.log_every = 5;
  std::vector<double> params[2];
  std::vector<CurvePoint> curves[2];
  for (std::size_t t : {1u, 2u}) {
    set_threads(t);
    TinyTransformer model = make_tiny_transformer(TinyConfig{}).value;
    TinyAdam adam;
    Result<TrainRun> run = train(model, adam, options);
    ASSERT_TRUE(run.ok()) << run.status.message;
    params[t - 1] = model.params;
    curves[t - 1] = run.value.curve;
  }
  ASSERT_EQ(params[0], params[1]);
  ASSERT_EQ(curves[0].size(), curves[1].size());
  for (std::size_t k = 0; k < curves[0].size(); ++k) {
    ASSERT_EQ(curves[0][k].loss, curves[1][k].loss) << k;
    ASSERT_EQ(curves[0][k].accuracy, curves[1][k].accuracy) << k;
  }
}

}  // namespace
}  // namespace ap
