#include "cost.h"

#include "checks.h"
#include "linear_attention.h"
#include "size_limits.h"

namespace ap {

double rope_heads_multiply_adds(double n_q, double n_k, double d) {
  return kTranscendentalCost * (n_q + n_k) * d;
}

Cost attention_cost(double n_q, double n_k, double d_k, double d_v) {
  return {n_q * n_k * (d_k + d_v), 8.0 * n_q * (n_k + d_v), kReduceAttention};
}

Cost attention_steps_cost(double n_q, double n_k, double d_k, double d_v) {
  Cost c = attention_cost(n_q, n_k, d_k, d_v);
  c.multiply_adds += n_q * n_k * d_k;  // the scores once more, as a step
  c.result_bytes += 3.0 * 8.0 * n_q * n_k;
  return c;
}

Cost multi_head_cost(double n_q, double n_k, double d, double d_v, double h, bool rope) {
  return {n_q * n_k * (d + d_v) + (rope ? rope_heads_multiply_adds(n_q, n_k, d) : 0.0),
          8.0 * n_q * (h * n_k + d_v), kReduceAttention};
}

Cost block_cost(double n, double d, double h, bool rope, bool alibi) {
  const double hnn = h * n * n;
  return {n * n * 2.0 * d + 4.0 * n * d + (rope ? rope_heads_multiply_adds(n, n, d) : 0.0) +
              (alibi ? hnn : 0.0),
          8.0 * (3.0 * n * d + hnn + (alibi ? hnn : 0.0)),
          "use fewer rows (tokens) or columns of X"};
}

Cost project_cost(double n, double d_in, double d_out) {
  return {n * d_in * d_out, 8.0 * n * d_out, "use fewer rows of X or a narrower W"};
}

Cost single_head_cost(double n, double d_in, double d_k, double d_v) {
  return {n * d_in * (2.0 * d_k + d_v) + n * n * (d_k + d_v),
          8.0 * (n * (2.0 * d_k + 2.0 * d_v) + n * n),
          "use fewer rows of X or narrower weights (columns of Wq, Wk, Wv)"};
}

Cost grouped_query_attention_cost(double B, double n_q, double n_k, double q_in, double k_in,
                                  double v_in, double H, double G, double d_k, double d_v,
                                  double d_o) {
  // per batch entry: the projections, H heads of attention, the output projection
  const double macs = B * (n_q * q_in * H * d_k + n_k * k_in * G * d_k + n_k * v_in * G * d_v +
                           H * n_q * n_k * (d_k + d_v) + n_q * H * d_v * d_o);
  return {macs, 8.0 * B * n_q * (d_o + H * n_k),
          "use fewer rows, a smaller batch or narrower matrices"};
}

Cost causal_mask_cost(double n_q, double n_k) { return {n_q * n_k, n_q * n_k, "use a smaller n"}; }

Cost random_normal_cost(double rows, double cols) {
  return {kTranscendentalCost * rows * cols, 8.0 * rows * cols, "use fewer rows or columns"};
}

Cost linear_attention_cost(double n_q, double n_k, double d_k, double d_v, bool weights) {
  return {kTranscendentalCost * (n_q + n_k) * d_k + (n_k + n_q) * d_k * (d_v + 1.0) +
              (weights ? n_q * n_k * d_k : 0.0),
          8.0 * (n_q * d_v + (weights ? n_q * n_k : 0.0)), kReduceAttention};
}

Status check_cost(const char* fn, const Cost& c) {
  return check_cost(fn, c.multiply_adds, c.result_bytes, c.reduce);
}

namespace {

// "cost: attention takes 4 dimensions (n_q, n_k, d_k, d_v), got 3"
AP_COLD Status wrong_count(const std::string& fn, std::size_t want, const char* names,
                           std::size_t got) {
  return Status::Error("invalid_argument", message("cost: %s takes %zu dimensions (%s), got %zu",
                                                   fn.c_str(), want, names, got));
}

}  // namespace

Result<Cost> cost_of(const std::string& fn, const std::vector<double>& d) {
  struct Entry {
    const char* name;
    std::size_t count;
    const char* names;
    const char* says;  // the name in the call's error
  };
  static const Entry kEntries[] = {
      {"attention", 4, "n_q, n_k, d_k, d_v", "attention"},
      {"attention_steps", 4, "n_q, n_k, d_k, d_v", "attention"},
      {"multi_head", 6, "n_q, n_k, d, d_v, h, rope", "multi_head"},
      {"block", 5, "n, d, h, rope, alibi", "block"},
      {"project", 3, "n, d_in, d_out", "project"},
      {"single_head", 4, "n, d_in, d_k, d_v", "single_head"},
      {"grouped_query_attention", 11, "batch, n_q, n_k, q_in, k_in, v_in, H, G, d_k, d_v, d_o",
       "grouped_query_attention"},
      {"causal_mask", 2, "n_q, n_k", "causal_mask"},
      {"random_normal", 2, "rows, cols", "random_normal"},
      {"linear_attention", 5, "n_q, n_k, d_k, d_v, weights", "linear_attention"},
  };
  const Entry* e = nullptr;
  for (const Entry& x : kEntries)
    if (fn == x.name) e = &x;
  if (!e)
    return Result<Cost>::Fail(
        Status::Error("invalid_argument", "cost: no function \"" + fn + "\" has a cost"));
  if (d.size() != e->count)
    return Result<Cost>::Fail(wrong_count(fn, e->count, e->names, d.size()));
  Result<Cost> r;
  if (fn == "attention") r.value = attention_cost(d[0], d[1], d[2], d[3]);
  if (fn == "attention_steps") r.value = attention_steps_cost(d[0], d[1], d[2], d[3]);
  if (fn == "multi_head") r.value = multi_head_cost(d[0], d[1], d[2], d[3], d[4], d[5] != 0.0);
  if (fn == "block") r.value = block_cost(d[0], d[1], d[2], d[3] != 0.0, d[4] != 0.0);
  if (fn == "project") r.value = project_cost(d[0], d[1], d[2]);
  if (fn == "single_head") r.value = single_head_cost(d[0], d[1], d[2], d[3]);
  if (fn == "grouped_query_attention")
    r.value = grouped_query_attention_cost(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8],
                                           d[9], d[10]);
  if (fn == "causal_mask") r.value = causal_mask_cost(d[0], d[1]);
  if (fn == "random_normal") r.value = random_normal_cost(d[0], d[1]);
  if (fn == "linear_attention")
    r.value = linear_attention_cost(d[0], d[1], d[2], d[3], d[4] != 0.0);
  r.value.fn = e->says;
  return r;
}

}  // namespace ap
