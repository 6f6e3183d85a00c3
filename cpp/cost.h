// cost.h — what a call of the core costs, from its shapes alone: its work
// in multiply-adds (a·b + c counts once; a transcendental function counts
// kTranscendentalCost) and the bytes of its results, each entry point's one
// formula. The entry points check it on entry (check_cost, checks.h); the
// page asks it through the bindings (cost_of) before it builds anything, so
// that a state the core would refuse is refused at once, with the core's own
// message, and a large one is sent to the worker.
//
// Every size is a double: a link may ask for 2³² − 1 rows, and the products
// pass 2³² (a wasm32 size_t would wrap).
#pragma once

#include <string>
#include <vector>

#include "tensor.h"

namespace ap {

// One call's work and results, and what to reduce when it is over the caps.
struct Cost {
  double multiply_adds = 0.0;
  double result_bytes = 0.0;
  const char* reduce = "";
  // the function the call's error names (cost_of sets it: attention_steps' is "attention")
  const char* fn = "";
};

// attention (n_q, n_k, d_k, d_v): Q·Kᵀ and weights·V; out and weights.
Cost attention_cost(double n_q, double n_k, double d_k, double d_v);
// attention_steps: the scores twice and four (n_q, n_k) steps besides out.
Cost attention_steps_cost(double n_q, double n_k, double d_k, double d_v);
// multi_head (d the width of Q and K, h heads): attention's work over the
// heads, the rotations of q and k with rope; out and h × (n_q, n_k) weights.
Cost multi_head_cost(double n_q, double n_k, double d, double d_v, double h, bool rope);
// block (n rows, width d, h heads): layer norm and the residual, the heads'
// n²·2d, rope's rotations, alibi's h·n² biases; normed, attended, out,
// weights (and the biases).
Cost block_cost(double n, double d, double h, bool rope, bool alibi);
// project (n rows of width d_in, W d_in × d_out): X·W + b.
Cost project_cost(double n, double d_in, double d_out);
// single_head (n rows of width d_in; Wq, Wk d_in × d_k, Wv d_in × d_v).
Cost single_head_cost(double n, double d_in, double d_k, double d_v);
// grouped_query_attention: batch B; q, k, v widths q_in, k_in, v_in; H
// query heads and G key/value heads of d_k (queries, keys) and d_v; d_o out.
Cost grouped_query_attention_cost(double B, double n_q, double n_k, double q_in, double k_in,
                                  double v_in, double H, double G, double d_k, double d_v,
                                  double d_o);
// causal_mask (n_q, n_k): a byte per entry.
Cost causal_mask_cost(double n_q, double n_k);
// random_normal (rows, cols): a normal per value.
Cost random_normal_cost(double rows, double cols);
// linear_attention (linear_attention.h), with or without its weights.
Cost linear_attention_cost(double n_q, double n_k, double d_k, double d_v, bool weights);
// rope on h heads' slices of Q (n_q rows) and K (n_k rows) of width d.
double rope_heads_multiply_adds(double n_q, double n_k, double d);

// check_cost (checks.h) of a Cost: "too_large" naming `fn` when it is over the caps.
Status check_cost(const char* fn, const Cost& c);

// The cost of `fn` with `dims` (the order of the declarations above; a flag
// is 0 or 1), for the bindings, with the name its error gives (Cost::fn):
// "invalid_argument" for an unknown function or the wrong number of
// dimensions.
Result<Cost> cost_of(const std::string& fn, const std::vector<double>& dims);

}  // namespace ap
