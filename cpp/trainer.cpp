#include "trainer.h"

#include <chrono>

#include "checks.h"
#include "head_scores.h"

namespace ap {

namespace {

// SplitMix64's finaliser.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Status check_options(const TrainOptions& o) {
  if (o.batch < 1 || o.batch > kMaxTaskBatch)
    return Status::Error(
        "invalid_argument",
        message("train: batch = %zu must be a whole number 1 … %zu", o.batch, kMaxTaskBatch));
  if (o.steps < 1) return Status::Error("invalid_argument", "train: steps = 0 must be at least 1");
  if (o.log_every < 1)
    return Status::Error("invalid_argument", "train: log_every = 0 must be at least 1");
  return Status::Ok();
}

}  // namespace

Result<StepStats> train_step(TinyTransformer& model, TinyAdam& adam, const TaskBatch& batch) {
  Result<TinyPass> pass = tiny_forward_backward(model, batch);
  if (!pass.ok()) return Result<StepStats>::Fail(pass.status);
  Result<double> acc = accuracy(pass.value.logits, batch.targets, batch.mask);
  if (!acc.ok()) return Result<StepStats>::Fail(acc.status);
  const Status s = adam_step(model.params, pass.value.grads, adam.state, adam.options);
  if (!s.ok()) return Result<StepStats>::Fail(s);
  Result<StepStats> r;
  r.value = {pass.value.loss, acc.value};
  return r;
}

std::uint64_t batch_seed(std::uint64_t seed, std::uint64_t step) {
  return mix(mix(seed + 0x9e3779b97f4a7c15ULL) ^ (step + 1) * 0xd1b54a32d192ed03ULL);
}

Result<TaskBatch> held_out_sequence(const TinyConfig& config, Task task, std::uint64_t seed) {
  const std::uint64_t held_seed = mix(seed ^ 0x68656c645f6f7574ULL);
  if (task == Task::kInductionRandom)
    return repeated_segment_task(1, config.context, config.vocab, config.context / 2, held_seed);
  return make_task(task, 1, config.context, config.vocab, held_seed);
}

Result<HeadScores> tiny_head_scores(const TinyTransformer& model, const TaskBatch& sequence) {
  Result<TinyPass> pass = tiny_forward(model, sequence, 0);
  if (!pass.ok()) return Result<HeadScores>::Fail(pass.status);
  const std::vector<std::size_t> tokens(
      sequence.tokens.begin(),
      sequence.tokens.begin() + static_cast<std::ptrdiff_t>(sequence.context));
  Result<HeadScores> r;
  for (const Matrix& w : pass.value.attention) {  // (T, T) each
    Result<double> p = previous_token_score(w);
    if (!p.ok()) return Result<HeadScores>::Fail(p.status);
    Result<double> i = induction_score(w, tokens);
    if (!i.ok()) return Result<HeadScores>::Fail(i.status);
    r.value.previous_token.push_back(p.value);
    r.value.induction.push_back(i.value);
  }
  return r;
}

Result<TrainRun> train(TinyTransformer& model, TinyAdam& adam, const TrainOptions& options,
                       const std::function<void(const CurvePoint&)>& progress) {
  Status s = check_options(options);
  if (!s.ok()) return Result<TrainRun>::Fail(s);
  Result<TrainRun> r;
  TrainRun& run = r.value;
  Result<TaskBatch> held = held_out_sequence(model.config, options.task, options.seed);
  if (!held.ok()) return Result<TrainRun>::Fail(held.status);
  run.held_out = std::move(held.value);
  const bool scores = model.config.context % 2 == 0;  // the induction score needs T = 2m

  auto snapshot = [&](std::size_t steps_taken) -> Status {
    Snapshot snap;
    snap.step = steps_taken;
    snap.params = model.params;
    if (scores) {
      Result<HeadScores> h = tiny_head_scores(model, run.held_out);
      if (!h.ok()) return h.status;
      snap.scores = std::move(h.value);
    }
    run.snapshots.push_back(std::move(snap));
    return Status::Ok();
  };

  const std::uint64_t first = adam.state.t;  // steps taken before this run
  const auto start = std::chrono::steady_clock::now();
  if (options.snapshot_every > 0) s = snapshot(first);
  for (std::size_t k = 0; s.ok() && k < options.steps; ++k) {
    const std::uint64_t step = first + k;
    Result<TaskBatch> batch = make_task(options.task, options.batch, model.config.context,
                                        model.config.vocab, batch_seed(options.seed, step));
    if (!batch.ok()) return Result<TrainRun>::Fail(batch.status);
    Result<StepStats> st = train_step(model, adam, batch.value);
    if (!st.ok()) return Result<TrainRun>::Fail(st.status);
    if (k % options.log_every == 0 || k + 1 == options.steps) {
      run.curve.push_back({static_cast<std::size_t>(step), st.value.loss, st.value.accuracy});
      if (progress) progress(run.curve.back());
    }
    const std::size_t taken = k + 1;
    if (options.snapshot_every > 0 &&
        (taken % options.snapshot_every == 0 || taken == options.steps))
      s = snapshot(static_cast<std::size_t>(first + taken));
  }
  if (!s.ok()) return Result<TrainRun>::Fail(s);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace ap
