// tiny_config.cpp — the tiny transformer's config checks (tiny_transformer.h).
#include <cmath>

#include "checks.h"
#include "tiny_transformer.h"

namespace ap {

namespace {

constexpr const char* kFn = "tiny_transformer";

Status range_error(const char* field, std::size_t value, std::size_t lo, std::size_t hi) {
  return Status::Error("invalid_argument", message("%s: %s = %zu must be a whole number %zu … %zu",
                                                   kFn, field, value, lo, hi));
}

}  // namespace

const char* positions_name(Positions p) { return p == Positions::kRope ? "rope" : "learned"; }

Status check_tiny_config(const TinyConfig& c) {
  if (c.layers < 1 || c.layers > kMaxTinyLayers)
    return range_error("layers", c.layers, 1, kMaxTinyLayers);
  if (c.heads < 1 || c.heads > kMaxTinyHeads)
    return range_error("heads", c.heads, 1, kMaxTinyHeads);
  if (c.d_model < kMinTinyWidth || c.d_model > kMaxTinyWidth)
    return range_error("d_model", c.d_model, kMinTinyWidth, kMaxTinyWidth);
  if (c.vocab < 2 || c.vocab > kMaxTinyVocab)
    return range_error("vocab", c.vocab, 2, kMaxTinyVocab);
  if (c.context < 2 || c.context > kMaxTinyContext)
    return range_error("context", c.context, 2, kMaxTinyContext);
  if (c.d_model % c.heads != 0)
    return Status::Error("divisibility", message("%s: heads = %zu does not divide d_model = %zu",
                                                 kFn, c.heads, c.d_model));
  if (c.positions == Positions::kRope && (c.d_model / c.heads) % 2 != 0)
    return Status::Error("divisibility",
                         message("%s: RoPE turns pairs of columns, so the head width d_model / "
                                 "heads = %zu must be even",
                                 kFn, c.d_model / c.heads));
  if (!(std::isfinite(c.init_std) && c.init_std > 0.0 && c.init_std <= 1.0))
    return Status::Error("invalid_argument",
                         message("%s: init_std = %s must be a finite number in (0, 1]", kFn,
                                 number_str(c.init_std).c_str()));
  return Status::Ok();
}

}  // namespace ap
