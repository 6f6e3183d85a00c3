// tasks.h — the toy tasks a tiny transformer is trained on in the browser, and
// the accuracy of its predictions on them.
//
// Olsson et al. 2022, "In-context Learning and Induction Heads"; Elhage et al.
// 2021, "A Mathematical Framework for Transformer Circuits": a two-layer
// attention-only model trained on repeated random tokens forms a previous-token
// head and an induction head.
//
// Shape legend: B = batch (sequences), T = context (positions of a sequence),
// V = vocab (token ids 0 … V − 1), P = positions of a flat batch (B·T).
//
// Every task is next-token prediction on a sequence of T + 1 tokens, seq[0 … T]:
//   tokens[b][i]  = seq[i]      what the model sees at position i, i = 0 … T − 1
//   targets[b][i] = seq[i + 1]  what it should predict there
//   mask[b][i]    = 1           when position i counts for the loss and the accuracy
// so every target is a real token (the one after the last input is part of the
// sequence), and the mask alone says which positions count. The one exception
// is previous_token_task, whose target is the token one back (below).
//
// Token 0 is reserved: random tokens are drawn uniformly from 1 … V − 1, and 0
// appears only as the separator of copy_task and reverse_task (and as the
// target of previous_token_task's first position, which does not count).
//
// Randomness: one Rng(seed) (random.h, SplitMix64) per call; sequences
// b = 0 … B − 1 in order, each drawing its random tokens left to right as
// 1 + rng.below(V − 1). The same arguments give the same batch natively and in
// WASM.
//
// Arguments are checked on entry ("invalid_argument", a message naming the
// function, the argument and its value): 2 ≤ V ≤ 64, 2 ≤ T ≤ 64, 1 ≤ B ≤ 256,
// and T even for induction, copy and reverse (T = 2m). The repeated-segment
// tasks (induction_random_task, repeated_segment_task) take any T and need
// V ≥ ⌈T/2⌉ + 1 (their first T − L tokens are distinct, below).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

constexpr std::size_t kMinTaskVocab = 2;
constexpr std::size_t kMaxTaskVocab = 64;
constexpr std::size_t kMinTaskContext = 2;
constexpr std::size_t kMaxTaskContext = 64;
constexpr std::size_t kMaxTaskBatch = 256;
// The separator of copy_task and reverse_task; never a random token.
constexpr std::size_t kSeparatorToken = 0;

// A batch of B sequences of T positions, flat and row-major: element (b, i)
// lives at [b * context + i].
struct TaskBatch {
  std::size_t batch = 0;             // B
  std::size_t context = 0;           // T
  std::size_t vocab = 0;             // V
  std::vector<std::size_t> tokens;   // (B, T), each < V
  std::vector<std::size_t> targets;  // (B, T), each < V
  std::vector<std::uint8_t> mask;    // (B, T), 1 = counted, 0 = not
};

enum class Task { kInduction, kCopy, kReverse, kPreviousToken, kInductionRandom };

// "induction", "copy", "reverse", "previous_token", "induction_random".
const char* task_name(Task task);

// Induction (repeated random tokens), T = 2m:
//   seq = s_0 … s_{m−1}, s_0 … s_{m−1}, s_0   (s random; the repeat goes on)
//   tokens  = s_0 … s_{m−1} s_0 … s_{m−1}
//   targets = s_1 … s_{m−1} s_0 s_1 … s_{m−1} s_0
//   mask    = 0 for i < m, 1 for i = m … T − 1 (the repeated half: m positions)
// At a counted position i the token s_k (k = i − m) occurred before at i − m,
// and the target is the token that followed it there, seq[i − m + 1]: copying
// it is what an induction head does. The first half is random and does not
// count (its last position's target, s_0, cannot be known either).
Result<TaskBatch> induction_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                 std::uint64_t seed);

// Copy, T = 2m:
//   seq = s_0 … s_{m−1}, 0, s_0 … s_{m−1}
//   tokens  = s_0 … s_{m−1} 0 s_0 … s_{m−2}
//   targets = s_1 … s_{m−1} 0 s_0 … s_{m−1}
//   mask    = 1 for i = m … T − 1 (the separator and the copy: the m positions
//             whose target is a copied token; target(i) = seq[i − m])
Result<TaskBatch> copy_task(std::size_t batch, std::size_t context, std::size_t vocab,
                            std::uint64_t seed);

// Reverse, T = 2m:
//   seq = s_0 … s_{m−1}, 0, s_{m−1} … s_0
//   tokens  = s_0 … s_{m−1} 0 s_{m−1} … s_1
//   targets = s_1 … s_{m−1} 0 s_{m−1} … s_0
//   mask    = 1 for i = m … T − 1 (target(i) = seq[2m − 1 − i], the token
//             mirrored about the separator)
Result<TaskBatch> reverse_task(std::size_t batch, std::size_t context, std::size_t vocab,
                               std::uint64_t seed);

// Previous token, any T ≥ 2: T random tokens t_0 … t_{T−1} (no separator) and
//   targets[i] = t_{i−1} for i ≥ 1 (the token one back, not the next one),
//   targets[0] = 0, mask = 0 at i = 0 and 1 for i = 1 … T − 1 (T − 1 positions).
// A single head attending from i to i − 1 and copying what it sees solves it:
// the first half of the induction circuit.
Result<TaskBatch> previous_token_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                      std::uint64_t seed);

// A repeated segment of length L at the end of the sequence, 1 ≤ L ≤ ⌊T/2⌋, after a
// prefix of p = T − 2L tokens:
//   seq = r_0 … r_{p−1}, s_0 … s_{L−1}, s_0 … s_{L−1}, s_0   (r the prefix, s the segment)
//   mask = 1 for i = T − L … T − 1 (the repeat: L positions), 0 before
// At a counted position i the token occurred before exactly once, at i − L, and the
// target is the token that followed it there: targets[i] = tokens[i − L + 1] (for
// i = T − 1 it is s_0, which followed s_{L−1} at the end of the first occurrence, and
// seq[T] = s_0: the repeat goes on). The T − L tokens r and s are distinct (drawn
// without replacement from 1 … V − 1, so V − 1 ≥ T − L), which makes that earlier
// occurrence unique: copying from it is the only way to the targets, and
// induction_score_from(weights, tokens, T − L) (head_scores.h) counts exactly the
// repeat. With L = T/2 (T even) p = 0 and the layout is induction_task's.
// Draws per sequence: the T − L tokens left to right by a partial Fisher–Yates
// shuffle of 1 … V − 1 (token k: swap pool[k] with pool[k + rng.below(V − 1 − k)]).
// Errors: the common checks, then length outside 1 … ⌊T/2⌋ or T − length > V − 1
// ("invalid_argument").
Result<TaskBatch> repeated_segment_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                        std::size_t length, std::uint64_t seed);

// Induction at a random offset: repeated_segment_task's layout with each
// sequence's L drawn first, L = L_min + rng.below(⌊T/2⌋ − L_min + 1), L_min =
// max(1, T + 1 − V), then its tokens as there. The distance L between the two
// occurrences varies, and with it the start T − L of the repeat (it always ends
// the sequence), so no head can find the earlier occurrence by position alone
// as on induction_task (whose repeat always starts at T/2): it has to be found
// by its token, which is what a previous-token head feeding an induction head
// does.
// Errors: the common checks, then V < ⌈T/2⌉ + 1 ("invalid_argument").
Result<TaskBatch> induction_random_task(std::size_t batch, std::size_t context, std::size_t vocab,
                                        std::uint64_t seed);

// The task named by `task`, with its checks and conventions above.
Result<TaskBatch> make_task(Task task, std::size_t batch, std::size_t context, std::size_t vocab,
                            std::uint64_t seed);

// The fraction of counted positions (mask[p] ≠ 0) whose argmax logit is the
// target: logits (P, V), targets (P), mask (P); a flat TaskBatch has P = B·T.
// The argmax of a row with ties is its first maximum (as torch.argmax).
// Targets of positions that do not count are not read.
// Errors: logits empty ("empty"), over kMaxValues values ("too_large"; P may
// exceed kMaxRows: a whole batch is B·T ≤ 16,384 positions), with a wrong
// number of values ("shape") or a value not finite ("non_finite"); targets or
// mask not P long ("shape"); a counted target ≥ V
// ("invalid_argument"); no counted position ("empty").
Result<double> accuracy(const Matrix& logits, const std::vector<std::size_t>& targets,
                        const std::vector<std::uint8_t>& mask);

}  // namespace ap
