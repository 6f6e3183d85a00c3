// tiny_train — trains the tiny attention-only transformer (cpp/tiny_transformer.h)
// natively on a task (cpp/tasks.h) and writes a checkpoint (cpp/checkpoint.h).
//
// The default run (task induction):
//
//   build/native/tiny_train --out /tmp/tiny-induction.json
//
// (induction, 2 layers × 2 heads, d_model 32, context 32, vocab 16, learned
// positions, no layer norm, batch 32, Adam lr 3e-3, 3000 steps, model seed 1,
// run seed 1). It reaches accuracy 1.0 on the repeated half within ~1000 steps,
// but not through a previous-token head + induction head: induction_task's
// repeat always starts at m = T/2, so a head can attend to position i − m + 1
// by position alone (no head scored above 0.5 on either score).
//
// The checkpoint tests/fixtures/tiny-induction.json was made by
//
//   build/native/tiny_train --task induction_random --vocab 64 --context 32
//       --steps 4000 --lr 3e-3 --out tests/fixtures/tiny-induction.json
//   (one command, written on two lines)
//
// (the defaults otherwise: 2 layers × 2 heads, d_model 32, learned positions,
// no layer norm, batch 32, model seed 1, run seed 1; ~3 min at ~23 steps/s).
// induction_random_task moves the repeat and varies its distance, so the
// shortcut is gone: the loss creeps from ln 64 ≈ 4.16 to ~3.5 over ~2700 steps,
// then drops within ~500 steps (the phase change) to accuracy 1.0. On the
// held-out sequence layer 0 head 0 scores previous-token 0.936 and layer 1
// head 0 induction 0.991 (held-out accuracy 0.999); tests/cpp/
// tiny_checkpoint_test.cpp checks both heads and the accuracy on fresh sequences.
//
// Options (each --name value): --task (a task_name: induction, induction_random,
// copy, reverse, previous_token), --steps, --lr, --batch, --seed (the batches),
// --model-seed, --layers, --heads, --d-model, --vocab, --context, --init-std,
// --ln (0/1), --rope (0/1), --out (the checkpoint path; none = not written),
// --curve-out (a JSON file of every step's loss and accuracy; none = not written),
// --threads (1 or 2: the batch's two halves on two threads; the same numbers).
//
// The loss-curve fixture tests/fixtures/tiny-curve-100.json (the default model
// and task, 100 steps) was made by
//
//   build/native/tiny_train --steps 100 --curve-out tests/fixtures/tiny-curve-100.json
// It prints the loss curve every 250 steps, steps/second, and every head's
// previous-token and induction scores on the run's held-out sequence, and the
// accuracy on 4 × 64 fresh sequences of the task.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "checkpoint.h"
#include "parallel.h"
#include "trainer.h"

namespace {

// The task whose task_name is `name`.
bool parse_task(const char* name, ap::Task& task) {
  for (ap::Task t : {ap::Task::kInduction, ap::Task::kInductionRandom, ap::Task::kCopy,
                     ap::Task::kReverse, ap::Task::kPreviousToken})
    if (std::strcmp(name, ap::task_name(t)) == 0) {
      task = t;
      return true;
    }
  return false;
}

// Every step's loss and accuracy as JSON, 17 significant digits (exact for a double).
bool write_curve(const std::string& path, const std::vector<ap::CurvePoint>& curve) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const char* keys[] = {"step", "loss", "accuracy"};
  std::fprintf(f, "{\"format\": \"tiny-transformer-curve\", \"version\": 1");
  for (int k = 0; k < 3; ++k) {
    std::fprintf(f, ",\n \"%s\": [", keys[k]);
    for (std::size_t i = 0; i < curve.size(); ++i) {
      const ap::CurvePoint& p = curve[i];
      if (i) std::fprintf(f, ", ");
      if (k == 0)
        std::fprintf(f, "%zu", p.step);
      else
        std::fprintf(f, "%.17g", k == 1 ? p.loss : p.accuracy);
    }
    std::fprintf(f, "]");
  }
  std::fprintf(f, "}\n");
  return std::fclose(f) == 0;
}

bool parse(int argc, char** argv, ap::TinyConfig& c, ap::TrainOptions& o, ap::TinyAdam& a,
           std::string& out, std::string& curve_out) {
  for (int i = 1; i < argc; i += 2) {
    if (i + 1 >= argc) {
      std::fprintf(stderr, "tiny_train: %s needs a value\n", argv[i]);
      return false;
    }
    const std::string k = argv[i];
    const char* v = argv[i + 1];
    if (k == "--task") {
      if (!parse_task(v, o.task)) {
        std::fprintf(stderr,
                     "tiny_train: unknown task %s (induction, induction_random, copy, reverse, "
                     "previous_token)\n",
                     v);
        return false;
      }
    } else if (k == "--steps")
      o.steps = std::strtoull(v, nullptr, 10);
    else if (k == "--lr")
      a.options.lr = std::strtod(v, nullptr);
    else if (k == "--batch")
      o.batch = std::strtoull(v, nullptr, 10);
    else if (k == "--seed")
      o.seed = std::strtoull(v, nullptr, 10);
    else if (k == "--model-seed")
      c.seed = std::strtoull(v, nullptr, 10);
    else if (k == "--layers")
      c.layers = std::strtoull(v, nullptr, 10);
    else if (k == "--heads")
      c.heads = std::strtoull(v, nullptr, 10);
    else if (k == "--d-model")
      c.d_model = std::strtoull(v, nullptr, 10);
    else if (k == "--vocab")
      c.vocab = std::strtoull(v, nullptr, 10);
    else if (k == "--context")
      c.context = std::strtoull(v, nullptr, 10);
    else if (k == "--init-std")
      c.init_std = std::strtod(v, nullptr);
    else if (k == "--ln")
      c.layer_norm = std::strcmp(v, "0") != 0;
    else if (k == "--rope")
      c.positions = std::strcmp(v, "0") != 0 ? ap::Positions::kRope : ap::Positions::kLearned;
    else if (k == "--out")
      out = v;
    else if (k == "--curve-out")
      curve_out = v;
    else if (k == "--threads")
      ap::set_threads(std::strtoull(v, nullptr, 10));
    else {
      std::fprintf(stderr, "tiny_train: unknown option %s\n", k.c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  ap::TinyConfig config;  // 2 layers × 2 heads, d_model 32, vocab 16, context 32
  config.seed = 1;
  ap::TrainOptions options;
  options.task = ap::Task::kInduction;
  options.batch = 32;
  options.steps = 3000;
  options.seed = 1;
  options.log_every = 50;
  ap::TinyAdam adam;
  adam.options.lr = 3e-3;
  std::string out, curve_out;
  if (!parse(argc, argv, config, options, adam, out, curve_out)) return 2;
  if (!curve_out.empty()) options.log_every = 1;  // every step's point
  if (!out.empty()) options.snapshot_every = 50;  // the checkpoint's score history

  ap::Result<ap::TinyTransformer> model = ap::make_tiny_transformer(config);
  if (!model.ok()) {
    std::fprintf(stderr, "tiny_train: %s\n", model.status.message.c_str());
    return 1;
  }
  std::printf("%zu parameters; %zu steps of batch %zu, lr %g\n", model.value.params.size(),
              options.steps, options.batch, adam.options.lr);
  ap::Result<ap::TrainRun> run = ap::train(model.value, adam, options, [](const ap::CurvePoint& p) {
    if (p.step % 250 == 0)
      std::printf("step %5zu  loss %.4f  accuracy %.3f\n", p.step, p.loss, p.accuracy);
  });
  if (!run.ok()) {
    std::fprintf(stderr, "tiny_train: %s\n", run.status.message.c_str());
    return 1;
  }
  const ap::CurvePoint& last = run.value.curve.back();
  std::printf("final step %zu  loss %.4f  accuracy %.3f\n", last.step, last.loss, last.accuracy);
  std::printf("%.1f steps/second (%.2f s)\n",
              static_cast<double>(options.steps) / run.value.seconds, run.value.seconds);

  ap::Result<ap::HeadScores> scores = ap::tiny_head_scores(model.value, run.value.held_out);
  if (scores.ok())
    for (std::size_t k = 0; k < scores.value.induction.size(); ++k)
      std::printf("layer %zu head %zu: previous-token %.3f  induction %.3f\n", k / config.heads,
                  k % config.heads, scores.value.previous_token[k], scores.value.induction[k]);

  // Held-out accuracy: 4 × 64 fresh sequences of the task, from seeds no step uses.
  double correct = 0.0;
  for (std::uint64_t k = 0; k < 4; ++k) {
    ap::Result<ap::TaskBatch> b = ap::make_task(options.task, 64, config.context, config.vocab,
                                                ap::batch_seed(options.seed ^ 0x6576616cULL, k));
    ap::Result<ap::TinyPass> pass =
        b.ok() ? ap::tiny_forward(model.value, b.value) : ap::Result<ap::TinyPass>::Fail(b.status);
    ap::Result<double> acc = pass.ok()
                                 ? ap::accuracy(pass.value.logits, b.value.targets, b.value.mask)
                                 : ap::Result<double>::Fail(pass.status);
    correct += acc.ok() ? acc.value / 4.0 : 0.0;
  }
  std::printf("held-out accuracy %.4f\n", correct);
  if (!curve_out.empty() && !write_curve(curve_out, run.value.curve)) {
    std::fprintf(stderr, "tiny_train: cannot write %s\n", curve_out.c_str());
    return 1;
  }

  if (!out.empty()) {
    ap::CheckpointInfo info;
    info.task = options.task;
    info.seed = options.seed;
    info.step = adam.state.t;
    info.batch = options.batch;
    info.adam = adam.options;
    info.curve = run.value.curve;
    info.snapshots = run.value.snapshots;  // every head's scores over the run
    ap::Result<std::string> json = ap::checkpoint_json(model.value, info);
    if (!json.ok()) {
      std::fprintf(stderr, "tiny_train: %s\n", json.status.message.c_str());
      return 1;
    }
    std::FILE* f = std::fopen(out.c_str(), "wb");
    if (!f || std::fwrite(json.value.data(), 1, json.value.size(), f) != json.value.size()) {
      std::fprintf(stderr, "tiny_train: cannot write %s\n", out.c_str());
      if (f) std::fclose(f);
      return 1;
    }
    std::fclose(f);
    std::printf("wrote %s (%zu bytes)\n", out.c_str(), json.value.size());
  }
  return 0;
}
