// tiny_transformer.h — a tiny attention-only transformer (no MLP), its
// parameters as one flat vector with named views, and its forward and backward
// pass on a batch of a task (tasks.h). The model of Elhage et al. 2021, "A
// Mathematical Framework for Transformer Circuits", and Olsson et al. 2022,
// "In-context Learning and Induction Heads": two attention-only layers trained
// on repeated random tokens form a previous-token head and an induction head.
//
// Shape legend: L = layers, h = heads per layer, d = d_model, d_k = d / h,
// V = vocab, C = context (the most positions the model sees), T = positions of
// one sequence (T ≤ C), B = sequences of a batch, P = B·T.
//
// Parameters, laid end to end in this order in `params` (each row-major):
//   E             (V, d)     token embedding
//   P             (C, d)     learned positions (only with Positions::kLearned)
//   for each layer l = 0 … L − 1:
//     layer<l>.ln.gamma, layer<l>.ln.beta   (1, d)   (only with layer_norm)
//     layer<l>.W_Q, .W_K, .W_V              (d, d)   (x·W; head t = columns [t·d_k, (t+1)·d_k))
//     layer<l>.W_O                          (d, d)
//   ln_f.gamma, ln_f.beta   (1, d)   (only with layer_norm)
//   W_U           (d, V)     unembedding
//
// Forward, one sequence of T tokens (nanoGPT's GPT.forward without the MLP):
//   1. x = E[tokens] (+ P[0:T] with learned positions)          (T, d)
//   2. per layer: x = x + MHA(LN(x)), causal mask                 (T, d)
//      (pre-LN; without layer_norm x = x + MHA(x); with RoPE the queries and
//      keys of every head are turned, RopeOptions{} defaults: base 10000, half)
//   3. logits = LN_f(x)·W_U  (x·W_U without layer_norm)            (T, V)
// The loss is the mean cross-entropy over the counted positions of the whole
// batch (TaskBatch::mask), torch.nn.functional.cross_entropy with ignore_index.
//
// Initialisation, from one Rng(seed) in the order above: every matrix N(0,
// init_std²), γ = 1, β = 0. init_std defaults to 0.02 (GPT-2 / nanoGPT): the
// attention starts uniform and the logits near 0 (loss ≈ log V), so nothing
// is saturated at step 0, and Adam's steps do not depend on the scale of the
// gradients, so the small start costs few steps. (1/√d would make the initial
// products x·W of unit size, which without layer norm sends the residual
// stream's scale up with depth.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tasks.h"
#include "tensor.h"

namespace ap {

constexpr std::size_t kMaxTinyLayers = 2;
constexpr std::size_t kMaxTinyHeads = 4;
constexpr std::size_t kMinTinyWidth = 8;
constexpr std::size_t kMaxTinyWidth = 64;
constexpr std::size_t kMaxTinyVocab = 64;
constexpr std::size_t kMaxTinyContext = 64;

// How the model knows where a token is.
enum class Positions { kLearned, kRope };

// "learned", "rope".
const char* positions_name(Positions p);

struct TinyConfig {
  std::size_t layers = 2;    // 1 … 2
  std::size_t heads = 2;     // 1 … 4 per layer, dividing d_model
  std::size_t d_model = 32;  // 8 … 64
  std::size_t vocab = 16;    // 2 … 64
  std::size_t context = 32;  // 2 … 64
  bool layer_norm = false;   // pre-LN blocks and a final LN
  Positions positions = Positions::kLearned;
  std::uint64_t seed = 0;  // the initial weights
  double init_std = 0.02;  // a finite number in (0, 1]
};

// Checked: every field in its range above, heads dividing d_model
// ("divisibility"), and with RoPE an even head width d_model / heads
// ("divisibility"). Messages name the field and its value:
// "tiny_transformer: heads = 3 does not divide d_model = 32".
Status check_tiny_config(const TinyConfig& config);

// One named tensor of the flat parameter vector: values
// params[offset … offset + rows·cols), row-major.
struct ParamView {
  std::string name;
  std::size_t offset = 0;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t size() const { return rows * cols; }
};

struct TinyTransformer {
  TinyConfig config;
  std::vector<double> params;    // every parameter, in the order of `views`
  std::vector<ParamView> views;  // the named tensors, in the order of the legend
};

// The views of a (valid) config, in order, and the parameter count.
std::vector<ParamView> tiny_param_views(const TinyConfig& config);

// A model with its seeded initial weights. Errors: check_tiny_config's.
Result<TinyTransformer> make_tiny_transformer(const TinyConfig& config);

// The view named `name`, or null.
const ParamView* find_param(const TinyTransformer& model, const std::string& name);

// A copy of the tensor `name` as a (rows, cols) matrix ("invalid_argument"
// when there is none).
Result<Matrix> get_param(const TinyTransformer& model, const std::string& name);

// Replaces the tensor `name` ("invalid_argument" when there is none, "shape"
// when value is not its shape, "non_finite" when a value is not finite).
Status set_param(TinyTransformer& model, const std::string& name, const Matrix& value);

// What one pass over a batch gives.
struct TinyPass {
  double loss = 0.0;              // mean cross-entropy over the counted positions
  Matrix logits;                  // (P, V) every sequence's logits, sequence after sequence
  std::vector<Matrix> attention;  // L·h × (T, T), [l·h + t]: layer l, head t, on `sequence`
  std::vector<double> grads;      // (params) ∂loss/∂params (only from tiny_forward_backward)
};

// The forward pass on every sequence of `batch` and the loss; the attention
// weights are those of sequence `sequence`.
// Errors: batch.context > config.context or the flat arrays not B·T long
// ("shape"), batch.vocab > config.vocab or a token ≥ vocab
// ("invalid_argument"), sequence ≥ B ("invalid_argument"), no counted
// position ("invalid_argument"), and what the building blocks report.
Result<TinyPass> tiny_forward(const TinyTransformer& model, const TaskBatch& batch,
                              std::size_t sequence = 0);

// tiny_forward and the gradient of the loss with respect to every parameter.
Result<TinyPass> tiny_forward_backward(const TinyTransformer& model, const TaskBatch& batch,
                                       std::size_t sequence = 0);

}  // namespace ap
