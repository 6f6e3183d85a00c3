// tiny_session.h — a training run of the tiny transformer that goes on in
// chunks (the page's worker trains a few steps, reports, and goes on): the
// model, Adam's state, the run's settings and its held-out sequence in one
// value. Chunk after chunk it gives exactly train()'s (trainer.h) loss curve:
// step s trains on batch_seed(seed, s)'s batch, whatever the chunks' sizes.
//
// Shape legend: L = layers, h = heads per layer, T = context, n = parameters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor.h"
#include "trainer.h"

namespace ap {

constexpr std::size_t kMaxTinySteps = 20000;

// A run's settings: the task, the batch size, the steps in all, the seed of the
// batches and the held-out sequence, Adam's learning rate.
struct TinyRunSettings {
  Task task = Task::kInduction;
  std::size_t batch = 32;    // 1 … kMaxTaskBatch
  std::size_t steps = 3000;  // 1 … kMaxTinySteps
  std::uint64_t seed = 0;
  double lr = 3e-3;  // a finite number in (0, 1]
};

struct TinySession {
  TinyTransformer model;
  TinyAdam adam;
  TinyRunSettings settings;
  TaskBatch held_out;     // (1, T) the sequence the scores and the attention are on
  std::size_t taken = 0;  // steps taken so far (the next step's index)
};

// A session at the config's seeded initial weights. Errors: check_tiny_config's,
// settings out of range ("invalid_argument"), held_out_sequence's.
Result<TinySession> make_tiny_session(const TinyConfig& config, const TinyRunSettings& settings);

// `count` more steps (stopping at settings.steps), one curve point per step.
// Errors: count = 0 ("invalid_argument"), train_step's (the step's weights are
// then those before it).
Result<std::vector<CurvePoint>> tiny_session_train(TinySession& session, std::size_t count);

// The model now on the held-out sequence: every head's weights and scores.
struct TinySessionView {
  std::vector<Matrix> attention;  // L·h × (T, T), [l·h + t]
  HeadScores scores;              // empty when T is odd (no repeated half)
};

Result<TinySessionView> tiny_session_view(const TinySession& session);

// Replaces every parameter (n values, all finite) and restarts Adam's moments;
// the step count stays, so the batches go on where they were.
// Errors: the wrong count ("shape"), a value not finite ("non_finite").
Status tiny_session_set_params(TinySession& session, const std::vector<double>& params);

}  // namespace ap
