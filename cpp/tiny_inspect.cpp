#include "tiny_inspect.h"

#include <string>

#include "checks.h"
#include "grad_embedding.h"
#include "grad_layer_norm.h"
#include "grad_linear.h"
#include "grad_multi_head.h"
#include "mask.h"

namespace ap {

namespace {

constexpr const char* kFn = "tiny_head_inputs";
constexpr double kLayerNormEps = 1e-5;  // as tiny_transformer.cpp

Result<Matrix> param(const TinyTransformer& m, const std::string& name) {
  return get_param(m, name);
}

std::vector<double> param_vector(const TinyTransformer& m, const std::string& name) {
  Result<Matrix> r = get_param(m, name);
  return r.ok() ? r.value.data : std::vector<double>{};
}

// Columns [c0, c0 + w) of X.
Matrix columns(const Matrix& X, std::size_t c0, std::size_t w) {
  Matrix out(X.rows, w);
  for (std::size_t i = 0; i < X.rows; ++i)
    for (std::size_t j = 0; j < w; ++j) out.data[i * w + j] = X.data[i * X.cols + c0 + j];
  return out;
}

Status check_args(const TinyTransformer& model, const std::vector<std::size_t>& tokens,
                  std::size_t layer, std::size_t head) {
  const TinyConfig& c = model.config;
  Status s = check_tiny_config(c);
  if (!s.ok()) return s;
  if (model.params.size() != model.views.back().offset + model.views.back().size())
    return Status::Error("shape",
                         message("%s: the model's parameters do not match its tensors", kFn));
  if (layer >= c.layers)
    return Status::Error("invalid_argument", message("%s: layer = %zu must be below layers = %zu",
                                                     kFn, layer, c.layers));
  if (head >= c.heads)
    return Status::Error("invalid_argument",
                         message("%s: head = %zu must be below heads = %zu", kFn, head, c.heads));
  if (tokens.empty() || tokens.size() > c.context)
    return Status::Error(
        "shape", message("%s: %zu tokens, the model takes 1 … %zu", kFn, tokens.size(), c.context));
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] >= c.vocab)
      return Status::Error(
          "invalid_argument",
          message("%s: tokens[%zu] = %zu must be below vocab = %zu", kFn, i, tokens[i], c.vocab));
  return Status::Ok();
}

}  // namespace

Result<HeadInputsResult> tiny_head_inputs(const TinyTransformer& model,
                                          const std::vector<std::size_t>& tokens, std::size_t layer,
                                          std::size_t head) {
  using R = Result<HeadInputsResult>;
  Status s = check_args(model, tokens, layer, head);
  if (!s.ok()) return R::Fail(s);
  const TinyConfig& c = model.config;
  const std::size_t T = tokens.size(), d_k = c.d_model / c.heads;
  Result<Matrix> E = param(model, "E");
  if (!E.ok()) return R::Fail(E.status);
  Result<Matrix> x = embedding(E.value, tokens);  // (T, d)
  if (!x.ok()) return R::Fail(x.status);
  if (c.positions == Positions::kLearned) {
    Result<Matrix> P = param(model, "P");
    if (!P.ok()) return R::Fail(P.status);
    x = learned_positions(x.value, P.value);
    if (!x.ok()) return R::Fail(x.status);
  }
  Result<Mask> causal = causal_mask(T);
  if (!causal.ok()) return R::Fail(causal.status);
  const RopeOptions rope{};
  const RopeOptions* rope_ptr = c.positions == Positions::kRope ? &rope : nullptr;
  for (std::size_t l = 0; l <= layer; ++l) {
    const std::string p = "layer" + std::to_string(l) + ".";
    Matrix in = x.value;
    if (c.layer_norm) {
      Result<LayerNormForward> ln =
          layer_norm_forward(x.value, param_vector(model, p + "ln.gamma"),
                             param_vector(model, p + "ln.beta"), kLayerNormEps);
      if (!ln.ok()) return R::Fail(ln.status);
      in = std::move(ln.value.out);
    }
    MultiHeadWeights w{param(model, p + "W_Q").value, param(model, p + "W_K").value,
                       param(model, p + "W_V").value, param(model, p + "W_O").value};
    Result<MultiHeadForward> a =
        multi_head_attention_forward(in, w, c.heads, &causal.value, rope_ptr);
    if (!a.ok()) return R::Fail(a.status);
    if (l == layer) {
      const MultiHeadCache& m = a.value.cache;
      R r;
      r.value.q = columns(m.q, head * d_k, d_k);
      r.value.k = columns(m.k, head * d_k, d_k);
      r.value.v = columns(m.v, head * d_k, d_k);
      r.value.weights = m.weights[head];
      return r;
    }
    add_into(x.value, a.value.out);
  }
  return R::Fail(Status::Error("invalid_argument", message("%s: layer = %zu", kFn, layer)));
}

}  // namespace ap
