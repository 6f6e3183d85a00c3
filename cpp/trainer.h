// trainer.h — training the tiny transformer (tiny_transformer.h) with Adam
// (grad_adam.h) on a task (tasks.h): one step, a deterministic run, and the
// snapshots of a run's timeline (the parameters and every head's
// previous-token and induction scores on a fixed held-out sequence,
// head_scores.h).
//
// Shape legend: L = layers, h = heads per layer, T = the model's context,
// B = sequences of a batch, n = parameters.
//
// Determinism: step s (counted from 0) trains on make_task(task, B, T, V,
// batch_seed(seed, s)); nothing else is random, so the same model, options and
// seed give the same loss curve bit for bit (natively; WASM follows the same
// arithmetic).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "grad_adam.h"
#include "tasks.h"
#include "tiny_transformer.h"

namespace ap {

// The optimiser: its options and state (sized lazily by the first step).
struct TinyAdam {
  AdamOptions options;
  AdamState state;
};

struct StepStats {
  double loss = 0.0;      // the batch's mean cross-entropy before the step
  double accuracy = 0.0;  // argmax = target over the counted positions, before the step
};

// One step: forward and backward on `batch`, then adam_step on the flat
// parameters. Errors (nothing changes): tiny_forward_backward's, adam_step's.
Result<StepStats> train_step(TinyTransformer& model, TinyAdam& adam, const TaskBatch& batch);

// The seed of step `step`'s batch: SplitMix64 of (seed, step), so neighbouring
// steps and seeds give unrelated batches.
std::uint64_t batch_seed(std::uint64_t seed, std::uint64_t step);

// The held-out sequence of a run: one sequence of the task (B = 1) from a seed
// no training step uses (batch_seed's outputs would collide only by chance).
// For kInductionRandom it is repeated_segment_task with L = ⌊T/2⌋: the
// induction layout (the repeat from T/2 on, where induction_score counts) with
// distinct tokens, so each repeated token's earlier occurrence is unique.
Result<TaskBatch> held_out_sequence(const TinyConfig& config, Task task, std::uint64_t seed);

// Every head's scores on one sequence (B = 1), [l·h + t]: layer l, head t.
struct HeadScores {
  std::vector<double> previous_token;  // (L·h)  previous_token_score
  std::vector<double> induction;       // (L·h)  induction_score (repeated half; T even)
};

// Errors: tiny_forward's; the scores' (the sequence must be even-length for
// the induction score).
Result<HeadScores> tiny_head_scores(const TinyTransformer& model, const TaskBatch& sequence);

struct TrainOptions {
  Task task = Task::kInduction;
  std::size_t batch = 32;          // B, 1 … kMaxTaskBatch
  std::size_t steps = 3000;        // ≥ 1
  std::uint64_t seed = 0;          // the batches and the held-out sequence
  std::size_t log_every = 50;      // a point of the loss curve every this many steps (≥ 1)
  std::size_t snapshot_every = 0;  // a snapshot every this many steps; 0 = none
};

struct CurvePoint {
  std::size_t step = 0;  // the step's index (0 = the first)
  double loss = 0.0;
  double accuracy = 0.0;
};

struct Snapshot {
  std::size_t step = 0;        // steps taken when it was made (0 = the initial weights)
  std::vector<double> params;  // (n)
  HeadScores scores;           // on the run's held-out sequence
};

struct TrainRun {
  std::vector<CurvePoint> curve;    // steps 0, log_every, 2·log_every, … and the last
  std::vector<Snapshot> snapshots;  // after 0, K, 2K, … steps and the last (when K > 0)
  TaskBatch held_out;               // the sequence the scores are on
  double seconds = 0.0;             // wall time of the steps (not a result: for the report)
};

// Trains `model` for options.steps steps from its current weights and
// adam.state (its steps so far, adam.state.t, offset the batch seeds so a run
// can be continued). `progress`, when given, is called with every curve point.
// Errors: options out of range ("invalid_argument"), and those of train_step.
Result<TrainRun> train(TinyTransformer& model, TinyAdam& adam, const TrainOptions& options,
                       const std::function<void(const CurvePoint&)>& progress = {});

}  // namespace ap
