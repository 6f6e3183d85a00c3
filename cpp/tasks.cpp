#include "tasks.h"

#include <cmath>
#include <utility>

#include "checks.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

namespace {

// `arg` = x must lie in lo … hi.
AP_COLD Status range_error(const char* fn, const char* arg, std::size_t x, std::size_t lo,
                           std::size_t hi) {
  return Status::Error(
      "invalid_argument",
      message("%s: %s = %zu must be a whole number between %zu and %zu", fn, arg, x, lo, hi));
}

AP_COLD Status odd_context_error(const char* fn, std::size_t context) {
  return Status::Error("invalid_argument",
                       message("%s: context = %zu must be even (a sequence of context / 2 tokens, "
                               "then its second half)",
                               fn, context));
}

// The task's arguments within their limits (tasks.h), T even when `even`.
Status check_task(const char* fn, std::size_t batch, std::size_t context, std::size_t vocab,
                  bool even) {
  if (vocab < kMinTaskVocab || vocab > kMaxTaskVocab)
    return range_error(fn, "vocab", vocab, kMinTaskVocab, kMaxTaskVocab);
  if (context < kMinTaskContext || context > kMaxTaskContext)
    return range_error(fn, "context", context, kMinTaskContext, kMaxTaskContext);
  if (batch < 1 || batch > kMaxTaskBatch) return range_error(fn, "batch", batch, 1, kMaxTaskBatch);
  if (even && context % 2 != 0) return odd_context_error(fn, context);
  return Status::Ok();
}

// The checked, empty (B, T) batch of a task, or its first failing check.
Result<TaskBatch> start(const char* fn, std::size_t batch, std::size_t context, std::size_t vocab,
                        bool even) {
  Status s = check_task(fn, batch, context, vocab, even);
  if (!s.ok()) return Result<TaskBatch>::Fail(std::move(s));
  Result<TaskBatch> r;
  r.value.batch = batch;
  r.value.context = context;
  r.value.vocab = vocab;
  r.value.tokens.assign(batch * context, 0);   // (B, T)
  r.value.targets.assign(batch * context, 0);  // (B, T)
  r.value.mask.assign(batch * context, 0);     // (B, T)
  return r;
}

// m random tokens, each uniform in 1 … V − 1 (0 is reserved).
std::vector<std::size_t> random_tokens(std::size_t m, std::size_t vocab, Rng& rng) {
  std::vector<std::size_t> s(m);  // (m)
  for (std::size_t& t : s) t = 1 + rng.below(vocab - 1);
  return s;
}

// Sequence b of the batch from its T + 1 tokens seq[0 … T]: tokens = seq[0 … T − 1],
// targets = seq[1 … T], counted from position `first` on.
void put_next_token(TaskBatch& out, std::size_t b, const std::vector<std::size_t>& seq,
                    std::size_t first) {
  const std::size_t T = out.context;
  for (std::size_t i = 0; i < T; ++i) {
    out.tokens[b * T + i] = seq[i];
    out.targets[b * T + i] = seq[i + 1];
    out.mask[b * T + i] = i >= first ? 1 : 0;
  }
}

// The next-token tasks on T = 2m: seq (T + 1) is s (m random tokens), then the
// second half `tail` makes of s (m + 1 tokens); counted from position m on.
enum class Tail { kRepeat, kCopy, kReverse };

Result<TaskBatch> half_and_half(const char* fn, Tail tail, std::size_t batch, std::size_t context,
                                std::size_t vocab, std::uint64_t seed) {
  Result<TaskBatch> r = start(fn, batch, context, vocab, true);
  if (!r.ok()) return r;
  const std::size_t m = context / 2;
  Rng rng(seed);
  std::vector<std::size_t> seq;  // (T + 1)
  seq.reserve(context + 1);
  for (std::size_t b = 0; b < batch; ++b) {
    // 1. s: m random tokens
    const std::vector<std::size_t> s = random_tokens(m, vocab, rng);  // (m)
    seq.assign(s.begin(), s.end());
    // 2. the second half: s again and its first token (the repeat goes on), or a separator and
    //    s, or a separator and s reversed
    switch (tail) {
      case Tail::kRepeat:
        seq.insert(seq.end(), s.begin(), s.end());
        seq.push_back(s[0]);
        break;
      case Tail::kCopy:
        seq.push_back(kSeparatorToken);
        seq.insert(seq.end(), s.begin(), s.end());
        break;
      case Tail::kReverse:
        seq.push_back(kSeparatorToken);
        seq.insert(seq.end(), s.rbegin(), s.rend());
        break;
    }
    // 3. tokens, targets shifted by one, the second half counted
    put_next_token(r.value, b, seq, m);
  }
  return r;
}

// L_min … ⌊T/2⌋: the segment lengths of induction_random_task (tasks.h).
std::size_t min_segment(std::size_t context, std::size_t vocab) {
  return context + 1 > vocab ? context + 1 - vocab : 1;
}

// n distinct tokens from 1 … V − 1 (n ≤ V − 1): a partial Fisher–Yates shuffle.
std::vector<std::size_t> distinct_tokens(std::size_t n, std::size_t vocab, Rng& rng) {
  std::vector<std::size_t> pool(vocab - 1);  // (V − 1)
  for (std::size_t k = 0; k < pool.size(); ++k) pool[k] = k + 1;
  for (std::size_t k = 0; k < n; ++k) std::swap(pool[k], pool[k + rng.below(pool.size() - k)]);
  pool.resize(n);  // (n)
  return pool;
}

// Sequence b of repeated_segment_task's layout with segment length L (checked).
void put_segment(TaskBatch& out, std::size_t b, std::size_t L, Rng& rng) {
  const std::size_t T = out.context, p = T - 2 * L;
  // 1. the prefix r (p) and the segment s (L): T − L distinct tokens
  std::vector<std::size_t> seq = distinct_tokens(T - L, out.vocab, rng);  // (T − L)
  seq.reserve(T + 1);
  // 2. s again and its first token (the repeat goes on)
  for (std::size_t k = 0; k <= L; ++k) seq.push_back(seq[p + k % L]);  // (T + 1)
  // 3. tokens, targets shifted by one, the repeat counted
  put_next_token(out, b, seq, T - L);
}

// logits (P, V): not empty, P·V values (at most kMaxValues), every one finite. Not
// check_matrix: a whole batch has P = B·T rows, up to 256 · 64 = 16,384, over kMaxRows.
Status check_logits(const char* fn, const Matrix& logits) {
  const std::size_t P = logits.rows, V = logits.cols;
  if (logits.empty())
    return Status::Error("empty", message("%s: logits is empty %s: it needs at least one "
                                          "position (row) and one token (column)",
                                          fn, shape_str(P, V).c_str()));
  // in double: P · V may wrap a 32-bit size_t (wasm32)
  const double values = static_cast<double>(P) * static_cast<double>(V);
  if (values > static_cast<double>(kMaxValues))
    return Status::Error("too_large", message("%s: logits is %s: the limit is %zu values", fn,
                                              shape_str(P, V).c_str(), kMaxValues));
  if (logits.data.size() != P * V)
    return Status::Error("shape", message("%s: logits has %zu values but its shape %s needs %zu",
                                          fn, logits.data.size(), shape_str(P, V).c_str(), P * V));
  for (std::size_t k = 0; k < logits.data.size(); ++k)
    if (!std::isfinite(logits.data[k]))
      return Status::Error("non_finite",
                           message("%s: logits[%zu][%zu] is %s: every value must be a finite "
                                   "number",
                                   fn, k / V, k % V, number_str(logits.data[k]).c_str()));
  return Status::Ok();
}

}  // namespace

const char* task_name(Task task) {
  switch (task) {
    case Task::kInduction: return "induction";
    case Task::kCopy: return "copy";
    case Task::kReverse: return "reverse";
    case Task::kPreviousToken: return "previous_token";
    case Task::kInductionRandom: return "induction_random";
  }
  return "unknown";
}

Result<TaskBatch> induction_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                 std::uint64_t seed) {
  return half_and_half("induction_task", Tail::kRepeat, batch, context, vocab, seed);
}

Result<TaskBatch> copy_task(std::size_t batch, std::size_t context, std::size_t vocab,
                            std::uint64_t seed) {
  return half_and_half("copy_task", Tail::kCopy, batch, context, vocab, seed);
}

Result<TaskBatch> reverse_task(std::size_t batch, std::size_t context, std::size_t vocab,
                               std::uint64_t seed) {
  return half_and_half("reverse_task", Tail::kReverse, batch, context, vocab, seed);
}

Result<TaskBatch> previous_token_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                      std::uint64_t seed) {
  Result<TaskBatch> r = start("previous_token_task", batch, context, vocab, false);
  if (!r.ok()) return r;
  TaskBatch& out = r.value;
  Rng rng(seed);
  for (std::size_t b = 0; b < batch; ++b) {
    const std::vector<std::size_t> t = random_tokens(context, vocab, rng);  // (T)
    for (std::size_t i = 0; i < context; ++i) {
      out.tokens[b * context + i] = t[i];
      // the token one back; position 0 has none (target 0, not counted)
      out.targets[b * context + i] = i == 0 ? 0 : t[i - 1];
      out.mask[b * context + i] = i == 0 ? 0 : 1;
    }
  }
  return r;
}

Result<TaskBatch> repeated_segment_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                        std::size_t length, std::uint64_t seed) {
  const char* fn = "repeated_segment_task";
  Result<TaskBatch> r = start(fn, batch, context, vocab, false);
  if (!r.ok()) return r;
  if (length < 1 || length > context / 2)
    return Result<TaskBatch>::Fail(range_error(fn, "length", length, 1, context / 2));
  if (context - length > vocab - 1)
    return Result<TaskBatch>::Fail(Status::Error(
        "invalid_argument",
        message("%s: length = %zu is too short for context = %zu and vocab = %zu: the prefix and "
                "the segment are context - length = %zu distinct tokens, at most vocab - 1 = %zu",
                fn, length, context, vocab, context - length, vocab - 1)));
  Rng rng(seed);
  for (std::size_t b = 0; b < batch; ++b) put_segment(r.value, b, length, rng);
  return r;
}

Result<TaskBatch> induction_random_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                        std::uint64_t seed) {
  const char* fn = "induction_random_task";
  Result<TaskBatch> r = start(fn, batch, context, vocab, false);
  if (!r.ok()) return r;
  const std::size_t lo = min_segment(context, vocab), hi = context / 2;
  if (lo > hi)
    return Result<TaskBatch>::Fail(Status::Error(
        "invalid_argument",
        message("%s: vocab = %zu is too small for context = %zu: it needs vocab >= %zu (a prefix "
                "and a segment of at least context / 2 distinct tokens)",
                fn, vocab, context, context - hi + 1)));
  Rng rng(seed);
  for (std::size_t b = 0; b < batch; ++b) {
    const std::size_t L = lo + rng.below(hi - lo + 1);
    put_segment(r.value, b, L, rng);
  }
  return r;
}

Result<TaskBatch> make_task(Task task, std::size_t batch, std::size_t context, std::size_t vocab,
                            std::uint64_t seed) {
  switch (task) {
    case Task::kInduction: return induction_task(batch, context, vocab, seed);
    case Task::kCopy: return copy_task(batch, context, vocab, seed);
    case Task::kReverse: return reverse_task(batch, context, vocab, seed);
    case Task::kPreviousToken: return previous_token_task(batch, context, vocab, seed);
    case Task::kInductionRandom: return induction_random_task(batch, context, vocab, seed);
  }
  return Result<TaskBatch>::Fail(Status::Error("invalid_argument",
                                               "make_task: unknown task (induction, copy, reverse, "
                                               "previous_token, induction_random)"));
}

Result<double> accuracy(const Matrix& logits, const std::vector<std::size_t>& targets,
                        const std::vector<std::uint8_t>& mask) {
  const char* fn = "accuracy";
  Status s = check_logits(fn, logits);
  if (!s.ok()) return Result<double>::Fail(std::move(s));
  const std::size_t P = logits.rows, V = logits.cols;
  if (targets.size() != P || mask.size() != P)
    return Result<double>::Fail(Status::Error(
        "shape", message("%s: logits is %s (positions, vocab) but targets has %zu values and mask "
                         "%zu: each needs one per position (%zu)",
                         fn, shape_str(P, V).c_str(), targets.size(), mask.size(), P)));
  std::size_t counted = 0, correct = 0;
  for (std::size_t p = 0; p < P; ++p) {
    if (mask[p] == 0) continue;
    if (targets[p] >= V)
      return Result<double>::Fail(Status::Error(
          "invalid_argument",
          message("%s: targets[%zu] = %zu must be a token id below vocab = %zu (logits' columns)",
                  fn, p, targets[p], V)));
    // argmax of row p: its first maximum
    const double* row = logits.row(p);  // (V)
    std::size_t best = 0;
    for (std::size_t v = 1; v < V; ++v)
      if (row[v] > row[best]) best = v;
    ++counted;
    correct += best == targets[p] ? 1 : 0;
  }
  if (counted == 0)
    return Result<double>::Fail(Status::Error(
        "empty", message("%s: no position counts (mask is 0 at all %zu positions)", fn, P)));
  Result<double> r;
  r.value = static_cast<double>(correct) / static_cast<double>(counted);
  return r;
}

}  // namespace ap
