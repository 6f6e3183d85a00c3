// checkpoint.h — a trained tiny transformer as JSON: its config, the run's
// seed and step, every named tensor (rounded to 8 significant digits, which
// keeps a 2-layer d_model 32 model near 100 KB) and the loss curve.
//
//   {"format": "tiny-transformer-checkpoint", "version": 1,
//    "config": {layers, heads, d_model, vocab, context, layer_norm, positions, seed, init_std},
//    "train": {task, seed, step, batch, lr, beta1, beta2, eps},
//    "tensors": {"E": {"shape": [V, d], "data": [...]}, ...},   (row-major, the views' order)
//    "curve": [[step, loss, accuracy], ...],
//    "scores": [[step, prev_0 … prev_{H−1}, ind_0 … ind_{H−1}], ...]}   (optional; H = L·h)
//
// "scores" is every head's previous-token and induction score on the run's
// held-out sequence at its snapshots: the history a reader can chart when it
// has only the last weights. The core writes it (no JSON library in the core); a reader (the tests,
// the page) parses it with its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grad_adam.h"
#include "tasks.h"
#include "tiny_transformer.h"
#include "trainer.h"

namespace ap {

struct CheckpointInfo {
  Task task = Task::kInduction;
  std::uint64_t seed = 0;  // the run's batches
  std::uint64_t step = 0;  // steps taken
  std::size_t batch = 0;   // sequences per step
  AdamOptions adam;
  std::vector<CurvePoint> curve;
  std::vector<Snapshot>
      snapshots;  // their steps and scores become "scores" (their params are not written)
};

// The JSON text above; every number finite (a model with a non-finite value
// is refused with "non_finite").
Result<std::string> checkpoint_json(const TinyTransformer& model, const CheckpointInfo& info);

}  // namespace ap
