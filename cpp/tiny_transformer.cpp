#include "tiny_transformer.h"

#include <cmath>

#include "checks.h"
#include "grad_checks.h"
#include "grad_cross_entropy.h"
#include "grad_embedding.h"
#include "grad_init.h"
#include "grad_layer_norm.h"
#include "grad_linear.h"
#include "grad_multi_head.h"
#include "mask.h"
#include "parallel.h"
#include "random.h"

namespace ap {

namespace {

constexpr double kLayerNormEps = 1e-5;

// The tensors of one layer, copied out of the flat vector.
struct LayerParams {
  MultiHeadWeights w;
  std::vector<double> gamma, beta;  // (d) when layer_norm
};

Matrix view_matrix(const std::vector<double>& params, const ParamView& v) {
  return Matrix(
      v.rows, v.cols,
      std::vector<double>(params.begin() + static_cast<std::ptrdiff_t>(v.offset),
                          params.begin() + static_cast<std::ptrdiff_t>(v.offset + v.size())));
}

std::vector<double> view_vector(const std::vector<double>& params, const ParamView& v) {
  return view_matrix(params, v).data;
}

// grads[view] += values (values hold view.size() numbers).
void add_grad(std::vector<double>& grads, const ParamView& v, const std::vector<double>& values) {
  for (std::size_t k = 0; k < v.size(); ++k) grads[v.offset + k] += values[k];
}

// The model's tensors by role, with the views they came from (for the gradients).
struct Unpacked {
  const ParamView* E = nullptr;
  const ParamView* P = nullptr;
  struct Layer {
    const ParamView *W_Q = nullptr, *W_K = nullptr, *W_V = nullptr, *W_O = nullptr;
    const ParamView *gamma = nullptr, *beta = nullptr;
  };
  std::vector<Layer> layers;
  const ParamView *gamma_f = nullptr, *beta_f = nullptr;
  const ParamView* W_U = nullptr;
};

Unpacked unpack(const TinyTransformer& m) {
  Unpacked u;
  u.E = find_param(m, "E");
  u.P = find_param(m, "P");
  for (std::size_t l = 0; l < m.config.layers; ++l) {
    const std::string p = "layer" + std::to_string(l) + ".";
    Unpacked::Layer L;
    L.W_Q = find_param(m, p + "W_Q");
    L.W_K = find_param(m, p + "W_K");
    L.W_V = find_param(m, p + "W_V");
    L.W_O = find_param(m, p + "W_O");
    L.gamma = find_param(m, p + "ln.gamma");
    L.beta = find_param(m, p + "ln.beta");
    u.layers.push_back(L);
  }
  u.gamma_f = find_param(m, "ln_f.gamma");
  u.beta_f = find_param(m, "ln_f.beta");
  u.W_U = find_param(m, "W_U");
  return u;
}

// What the backward pass of one sequence needs.
struct SequenceCache {
  std::vector<std::size_t> ids;     // (T)
  std::vector<LayerNormCache> ln;   // L (with layer_norm)
  std::vector<MultiHeadCache> mha;  // L
  LayerNormCache ln_f;              // (with layer_norm)
  Matrix h;                         // (T, d)  what W_U reads: LN_f(x) or x
};

// The weights as the building blocks take them.
struct Weights {
  Matrix E, P, W_U;                     // (V, d), (C, d), (d, V)
  std::vector<LayerParams> layers;      // L
  std::vector<double> gamma_f, beta_f;  // (d)
};

Weights load_weights(const TinyTransformer& m, const Unpacked& u) {
  Weights w;
  w.E = view_matrix(m.params, *u.E);
  if (u.P) w.P = view_matrix(m.params, *u.P);
  w.W_U = view_matrix(m.params, *u.W_U);
  for (const Unpacked::Layer& L : u.layers) {
    LayerParams p;
    p.w = {view_matrix(m.params, *L.W_Q), view_matrix(m.params, *L.W_K),
           view_matrix(m.params, *L.W_V), view_matrix(m.params, *L.W_O)};
    if (L.gamma) p.gamma = view_vector(m.params, *L.gamma);
    if (L.beta) p.beta = view_vector(m.params, *L.beta);
    w.layers.push_back(std::move(p));
  }
  if (u.gamma_f) w.gamma_f = view_vector(m.params, *u.gamma_f);
  if (u.beta_f) w.beta_f = view_vector(m.params, *u.beta_f);
  return w;
}

// Forward of sequence b: its logits (T, V), its cache.
Result<Matrix> forward_sequence(const TinyConfig& c, const Weights& w, const TaskBatch& batch,
                                std::size_t b, const Mask& causal, SequenceCache& cache) {
  const std::size_t T = batch.context;
  cache.ids.assign(batch.tokens.begin() + static_cast<std::ptrdiff_t>(b * T),
                   batch.tokens.begin() + static_cast<std::ptrdiff_t>((b + 1) * T));
  // 1. x = E[tokens] (+ P[0:T])                                   (T, d)
  Result<Matrix> x = embedding(w.E, cache.ids);
  if (!x.ok()) return x;
  if (c.positions == Positions::kLearned) {
    x = learned_positions(x.value, w.P);
    if (!x.ok()) return x;
  }
  const RopeOptions rope{};
  const RopeOptions* rope_ptr = c.positions == Positions::kRope ? &rope : nullptr;
  // 2. per layer: x = x + MHA(LN(x))                               (T, d)
  for (std::size_t l = 0; l < c.layers; ++l) {
    const LayerParams& p = w.layers[l];
    Matrix in = x.value;  // (T, d)
    if (c.layer_norm) {
      Result<LayerNormForward> ln = layer_norm_forward(x.value, p.gamma, p.beta, kLayerNormEps);
      if (!ln.ok()) return Result<Matrix>::Fail(ln.status);
      in = std::move(ln.value.out);
      cache.ln.push_back(std::move(ln.value.cache));
    }
    Result<MultiHeadForward> a =
        multi_head_attention_forward_unchecked(in, p.w, c.heads, &causal, rope_ptr);
    if (!a.ok()) return Result<Matrix>::Fail(a.status);
    add_into(x.value, a.value.out);
    cache.mha.push_back(std::move(a.value.cache));
  }
  // 3. logits = LN_f(x)·W_U                                        (T, V)
  if (c.layer_norm) {
    Result<LayerNormForward> ln = layer_norm_forward(x.value, w.gamma_f, w.beta_f, kLayerNormEps);
    if (!ln.ok()) return Result<Matrix>::Fail(ln.status);
    cache.h = std::move(ln.value.out);
    cache.ln_f = std::move(ln.value.cache);
  } else {
    cache.h = std::move(x.value);
  }
  return unembedding(cache.h, w.W_U);
}

// Backward of one sequence for d_logits (T, V): adds into grads.
Status backward_sequence(const TinyConfig& c, const Weights& w, const Unpacked& u,
                         const SequenceCache& cache, const Matrix& d_logits,
                         std::vector<double>& grads) {
  // 3. through W_U and LN_f
  Result<LinearGrads> un = unembedding_backward(cache.h, w.W_U, d_logits);
  if (!un.ok()) return un.status;
  add_grad(grads, *u.W_U, un.value.dW.data);
  Matrix dx = std::move(un.value.dX);  // (T, d)
  if (c.layer_norm) {
    Result<LayerNormGrads> g = layer_norm_backward(cache.ln_f, w.gamma_f, dx);
    if (!g.ok()) return g.status;
    add_grad(grads, *u.gamma_f, g.value.d_gamma);
    add_grad(grads, *u.beta_f, g.value.d_beta);
    dx = std::move(g.value.dX);
  }
  // 2. the layers in reverse: x_out = x_in + MHA(LN(x_in)), so dx_in = dx + (its path back)
  for (std::size_t l = c.layers; l-- > 0;) {
    const LayerParams& p = w.layers[l];
    const Unpacked::Layer& L = u.layers[l];
    Result<MultiHeadGrads> g = multi_head_attention_backward_unchecked(cache.mha[l], p.w, dx);
    if (!g.ok()) return g.status;
    add_grad(grads, *L.W_Q, g.value.dW_Q.data);
    add_grad(grads, *L.W_K, g.value.dW_K.data);
    add_grad(grads, *L.W_V, g.value.dW_V.data);
    add_grad(grads, *L.W_O, g.value.dW_O.data);
    Matrix d_in = std::move(g.value.dX);  // (T, d)
    if (c.layer_norm) {
      Result<LayerNormGrads> n = layer_norm_backward(cache.ln[l], p.gamma, d_in);
      if (!n.ok()) return n.status;
      add_grad(grads, *L.gamma, n.value.d_gamma);
      add_grad(grads, *L.beta, n.value.d_beta);
      d_in = std::move(n.value.dX);
    }
    add_into(dx, d_in);
  }
  // 1. into P and E
  if (c.positions == Positions::kLearned) {
    Result<Matrix> dP = learned_positions_backward(c.context, dx);
    if (!dP.ok()) return dP.status;
    add_grad(grads, *u.P, dP.value.data);
  }
  Result<Matrix> dE = embedding_backward(cache.ids, c.vocab, dx);
  if (!dE.ok()) return dE.status;
  add_grad(grads, *u.E, dE.value.data);
  return Status::Ok();
}

Status check_batch(const char* fn, const TinyConfig& c, const TaskBatch& batch,
                   std::size_t sequence) {
  const std::size_t P = batch.batch * batch.context;
  if (batch.batch == 0 || batch.context == 0)
    return Status::Error("empty", message("%s: the batch is empty (%zu sequences of %zu tokens)",
                                          fn, batch.batch, batch.context));
  if (batch.context > c.context)
    return Status::Error("shape", message("%s: the batch's sequences have %zu tokens but the "
                                          "model's context is %zu",
                                          fn, batch.context, c.context));
  if (batch.tokens.size() != P || batch.targets.size() != P || batch.mask.size() != P)
    return Status::Error(
        "shape", message("%s: tokens, targets and mask must hold batch · context "
                         "= %zu values (they hold %zu, %zu, %zu)",
                         fn, P, batch.tokens.size(), batch.targets.size(), batch.mask.size()));
  if (batch.vocab > c.vocab)
    return Status::Error("invalid_argument",
                         message("%s: the batch's vocab = %zu is larger than the model's %zu", fn,
                                 batch.vocab, c.vocab));
  if (sequence >= batch.batch)
    return Status::Error(
        "invalid_argument",
        message("%s: sequence = %zu is not one of the batch's %zu", fn, sequence, batch.batch));
  return Status::Ok();
}

Result<TinyPass> run(const char* fn, const TinyTransformer& model, const TaskBatch& batch,
                     std::size_t sequence, bool backward) {
  const TinyConfig& c = model.config;
  Status s = check_tiny_config(c);
  if (s.ok() && model.views.size() != tiny_param_views(c).size())
    s = Status::Error("shape", message("%s: the model has %zu tensors, its config %zu", fn,
                                       model.views.size(), tiny_param_views(c).size()));
  if (s.ok() && model.params.size() != model.views.back().offset + model.views.back().size())
    s = Status::Error("shape", message("%s: the model has %zu parameters, its tensors %zu", fn,
                                       model.params.size(),
                                       model.views.back().offset + model.views.back().size()));
  if (s.ok()) s = check_batch(fn, c, batch, sequence);
  // finite weights, checked once here: the layers' unchecked passes below rely on it
  if (s.ok()) s = check_vector(fn, "params", model.params);
  if (!s.ok()) return Result<TinyPass>::Fail(s);

  const Unpacked u = unpack(model);
  const Weights w = load_weights(model, u);
  const std::size_t B = batch.batch, T = batch.context, V = c.vocab;
  Result<Mask> causal = causal_mask(T);  // (T, T)
  if (!causal.ok()) return Result<TinyPass>::Fail(causal.status);

  // The batch's sequences in two halves, [0, half) and [half, B): each half's forward pass and
  // then its gradients on a thread of its own where there are two (run_two). Each half sums its
  // gradients into a buffer of its own and the two are added once at the end — with one thread
  // too — so the numbers are bit-identical whichever runs; only the time changes.
  const std::size_t half = (B + 1) / 2;
  const double work = static_cast<double>(B * T) * static_cast<double>(c.layers) *
                      static_cast<double>(c.d_model) *
                      static_cast<double>(T + 4 * c.d_model + V);  // multiply-adds, roughly

  Result<TinyPass> r;
  r.value.logits = Matrix(B * T, V);  // (P, V)
  std::vector<SequenceCache> caches(B);
  auto forward = [&](std::size_t b0, std::size_t b1, Status& part) {
    for (std::size_t b = b0; b < b1 && part.ok(); ++b) {
      Result<Matrix> logits = forward_sequence(c, w, batch, b, causal.value, caches[b]);
      if (!logits.ok())
        part = logits.status;
      else
        std::copy(logits.value.data.begin(), logits.value.data.end(),
                  r.value.logits.data.begin() + static_cast<std::ptrdiff_t>(b * T * V));
    }
  };
  Status first = Status::Ok(), second = Status::Ok();
  run_two(
      work, [&] { forward(0, half, first); }, [&] { forward(half, B, second); });
  if (!first.ok()) return Result<TinyPass>::Fail(first);
  if (!second.ok()) return Result<TinyPass>::Fail(second);
  for (const MultiHeadCache& m : caches[sequence].mha)
    for (const Matrix& head : m.weights) r.value.attention.push_back(head);
  if (!backward) caches.clear();  // keep only what is needed

  Result<CrossEntropyForward> ce =
      cross_entropy_forward(r.value.logits, batch.targets, &batch.mask);
  if (!ce.ok()) return Result<TinyPass>::Fail(ce.status);
  r.value.loss = ce.value.loss;
  if (!backward) return r;

  Result<Matrix> d_logits = cross_entropy_backward(ce.value.cache, 1.0);  // (P, V)
  if (!d_logits.ok()) return Result<TinyPass>::Fail(d_logits.status);
  r.value.grads.assign(model.params.size(), 0.0);
  std::vector<double> second_grads(model.params.size(), 0.0);
  auto backward_part = [&](std::size_t b0, std::size_t b1, std::vector<double>& grads,
                           Status& part) {
    for (std::size_t b = b0; b < b1 && part.ok(); ++b) {
      Matrix d(T, V);  // (T, V) this sequence's rows
      std::copy(d_logits.value.row(b * T), d_logits.value.row(b * T) + T * V, d.data.begin());
      part = backward_sequence(c, w, u, caches[b], d, grads);
    }
  };
  run_two(
      2 * work, [&] { backward_part(0, half, r.value.grads, first); },
      [&] { backward_part(half, B, second_grads, second); });
  if (!first.ok()) return Result<TinyPass>::Fail(first);
  if (!second.ok()) return Result<TinyPass>::Fail(second);
  for (std::size_t i = 0; i < second_grads.size(); ++i) r.value.grads[i] += second_grads[i];
  return r;
}

}  // namespace

std::vector<ParamView> tiny_param_views(const TinyConfig& c) {
  std::vector<ParamView> views;
  std::size_t offset = 0;
  auto add = [&](std::string name, std::size_t rows, std::size_t cols) {
    views.push_back({std::move(name), offset, rows, cols});
    offset += rows * cols;
  };
  const std::size_t d = c.d_model;
  add("E", c.vocab, d);
  if (c.positions == Positions::kLearned) add("P", c.context, d);
  for (std::size_t l = 0; l < c.layers; ++l) {
    const std::string p = "layer" + std::to_string(l) + ".";
    if (c.layer_norm) {
      add(p + "ln.gamma", 1, d);
      add(p + "ln.beta", 1, d);
    }
    add(p + "W_Q", d, d);
    add(p + "W_K", d, d);
    add(p + "W_V", d, d);
    add(p + "W_O", d, d);
  }
  if (c.layer_norm) {
    add("ln_f.gamma", 1, d);
    add("ln_f.beta", 1, d);
  }
  add("W_U", d, c.vocab);
  return views;
}

Result<TinyTransformer> make_tiny_transformer(const TinyConfig& config) {
  Status s = check_tiny_config(config);
  if (!s.ok()) return Result<TinyTransformer>::Fail(s);
  Result<TinyTransformer> r;
  TinyTransformer& m = r.value;
  m.config = config;
  m.views = tiny_param_views(config);
  m.params.assign(m.views.back().offset + m.views.back().size(), 0.0);
  Rng rng(config.seed);
  for (const ParamView& v : m.views) {
    const bool is_gamma = v.name.size() > 5 && v.name.compare(v.name.size() - 5, 5, "gamma") == 0;
    const bool is_beta = v.name.size() > 4 && v.name.compare(v.name.size() - 4, 4, "beta") == 0;
    Result<Matrix> t = is_gamma  ? init_constant(v.rows, v.cols, 1.0)
                       : is_beta ? init_constant(v.rows, v.cols, 0.0)
                                 : init_normal(v.rows, v.cols, config.init_std, rng);
    if (!t.ok()) return Result<TinyTransformer>::Fail(t.status);
    std::copy(t.value.data.begin(), t.value.data.end(),
              m.params.begin() + static_cast<std::ptrdiff_t>(v.offset));
  }
  return r;
}

const ParamView* find_param(const TinyTransformer& model, const std::string& name) {
  for (const ParamView& v : model.views)
    if (v.name == name) return &v;
  return nullptr;
}

Result<Matrix> get_param(const TinyTransformer& model, const std::string& name) {
  const ParamView* v = find_param(model, name);
  if (!v)
    return Result<Matrix>::Fail(Status::Error(
        "invalid_argument", message("get_param: the model has no tensor \"%s\"", name.c_str())));
  Result<Matrix> r;
  r.value = view_matrix(model.params, *v);
  return r;
}

Status set_param(TinyTransformer& model, const std::string& name, const Matrix& value) {
  const ParamView* v = find_param(model, name);
  if (!v)
    return Status::Error("invalid_argument",
                         message("set_param: the model has no tensor \"%s\"", name.c_str()));
  if (value.rows != v->rows || value.cols != v->cols || value.data.size() != v->size())
    return Status::Error("shape", message("set_param: %s is %s but the value is %s", name.c_str(),
                                          shape_str(v->rows, v->cols).c_str(),
                                          shape_str(value.rows, value.cols).c_str()));
  for (double x : value.data)
    if (!std::isfinite(x))
      return Status::Error(
          "non_finite",
          message("set_param: %s: every value must be a finite number", name.c_str()));
  std::copy(value.data.begin(), value.data.end(),
            model.params.begin() + static_cast<std::ptrdiff_t>(v->offset));
  return Status::Ok();
}

Result<TinyPass> tiny_forward(const TinyTransformer& model, const TaskBatch& batch,
                              std::size_t sequence) {
  return run("tiny_forward", model, batch, sequence, false);
}

Result<TinyPass> tiny_forward_backward(const TinyTransformer& model, const TaskBatch& batch,
                                       std::size_t sequence) {
  return run("tiny_forward_backward", model, batch, sequence, true);
}

}  // namespace ap
