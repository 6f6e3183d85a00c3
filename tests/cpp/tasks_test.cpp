// tasks_test.cpp — the toy task generators of tasks.h and the accuracy helper:
// each task written out from the documented draws of Rng(seed), determinism,
// shapes, the repeated half, the masks, every parameter error with its message,
// and accuracy on hand-made logits.
//
// The suite is named `tasks` after the module (ctest -R tasks).
#include "tasks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "random.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using Ids = std::vector<std::size_t>;
using Bits = std::vector<std::uint8_t>;

constexpr Task kAllTasks[] = {Task::kInduction, Task::kCopy, Task::kReverse, Task::kPreviousToken};

// Row b of a flat (B, T) buffer.
template <class T>
std::vector<T> row_of(const std::vector<T>& flat, std::size_t T_, std::size_t b) {
  return std::vector<T>(flat.begin() + static_cast<long>(b * T_),
                        flat.begin() + static_cast<long>((b + 1) * T_));
}

// The task's batch, checked to have succeeded with (B, T) buffers.
TaskBatch Make(Task task, std::size_t B, std::size_t T, std::size_t V, std::uint64_t seed) {
  Result<TaskBatch> r = make_task(task, B, T, V, seed);
  EXPECT_TRUE(r.ok()) << task_name(task) << ": " << r.status.message;
  const TaskBatch& t = r.value;
  EXPECT_TRUE(t.batch == B && t.context == T && t.vocab == V) << task_name(task);
  EXPECT_TRUE(t.tokens.size() == B * T && t.targets.size() == B * T && t.mask.size() == B * T)
      << task_name(task);
  return t;
}

// The call failed with "invalid_argument" and exactly `text`.
void ExpectInvalid(const Result<TaskBatch>& r, const std::string& text) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, "invalid_argument") << r.status.message;
  EXPECT_EQ(r.status.message, text);
}

std::size_t count(const Bits& mask) {
  std::size_t c = 0;
  for (std::uint8_t m : mask) c += m != 0;
  return c;
}

// --- each task written out from the draws tasks.h documents ---------------------------------

TEST(tasks, InductionIsTheDocumentedSequence) {
  // B = 2, T = 6 (m = 3), V = 10: s = 3 draws of 1 + below(9) per sequence, one Rng(seed)
  const std::size_t B = 2, T = 6, V = 10;
  const TaskBatch t = Make(Task::kInduction, B, T, V, 7);
  Rng rng(7);
  for (std::size_t b = 0; b < B; ++b) {
    Ids s(3);
    for (std::size_t& x : s) x = 1 + rng.below(V - 1);
    EXPECT_EQ(row_of(t.tokens, T, b), (Ids{s[0], s[1], s[2], s[0], s[1], s[2]})) << b;
    EXPECT_EQ(row_of(t.targets, T, b), (Ids{s[1], s[2], s[0], s[1], s[2], s[0]})) << b;
    EXPECT_EQ(row_of(t.mask, T, b), (Bits{0, 0, 0, 1, 1, 1})) << b;
  }
}

TEST(tasks, CopyIsTheDocumentedSequence) {
  const std::size_t B = 3, T = 8, V = 5;  // m = 4
  const TaskBatch t = Make(Task::kCopy, B, T, V, 11);
  Rng rng(11);
  for (std::size_t b = 0; b < B; ++b) {
    Ids s(4);
    for (std::size_t& x : s) x = 1 + rng.below(V - 1);
    EXPECT_EQ(row_of(t.tokens, T, b), (Ids{s[0], s[1], s[2], s[3], 0, s[0], s[1], s[2]})) << b;
    EXPECT_EQ(row_of(t.targets, T, b), (Ids{s[1], s[2], s[3], 0, s[0], s[1], s[2], s[3]})) << b;
    EXPECT_EQ(row_of(t.mask, T, b), (Bits{0, 0, 0, 0, 1, 1, 1, 1})) << b;
  }
}

TEST(tasks, ReverseIsTheDocumentedSequence) {
  const std::size_t B = 3, T = 8, V = 64;  // m = 4
  const TaskBatch t = Make(Task::kReverse, B, T, V, 12);
  Rng rng(12);
  for (std::size_t b = 0; b < B; ++b) {
    Ids s(4);
    for (std::size_t& x : s) x = 1 + rng.below(V - 1);
    EXPECT_EQ(row_of(t.tokens, T, b), (Ids{s[0], s[1], s[2], s[3], 0, s[3], s[2], s[1]})) << b;
    EXPECT_EQ(row_of(t.targets, T, b), (Ids{s[1], s[2], s[3], 0, s[3], s[2], s[1], s[0]})) << b;
    EXPECT_EQ(row_of(t.mask, T, b), (Bits{0, 0, 0, 0, 1, 1, 1, 1})) << b;
  }
}

TEST(tasks, PreviousTokenIsTheDocumentedSequence) {
  const std::size_t B = 2, T = 5, V = 7;  // an odd context is allowed here
  const TaskBatch t = Make(Task::kPreviousToken, B, T, V, 13);
  Rng rng(13);
  for (std::size_t b = 0; b < B; ++b) {
    Ids x(T);
    for (std::size_t& v : x) v = 1 + rng.below(V - 1);
    EXPECT_EQ(row_of(t.tokens, T, b), x) << b;
    EXPECT_EQ(row_of(t.targets, T, b), (Ids{0, x[0], x[1], x[2], x[3]})) << b;
    EXPECT_EQ(row_of(t.mask, T, b), (Bits{0, 1, 1, 1, 1})) << b;
  }
}

TEST(tasks, SmallestContextWrittenOut) {
  // T = 2, V = 2: the only random token is 1
  EXPECT_EQ(Make(Task::kInduction, 1, 2, 2, 0).tokens, (Ids{1, 1}));
  EXPECT_EQ(Make(Task::kInduction, 1, 2, 2, 0).targets, (Ids{1, 1}));
  EXPECT_EQ(Make(Task::kInduction, 1, 2, 2, 0).mask, (Bits{0, 1}));
  EXPECT_EQ(Make(Task::kCopy, 1, 2, 2, 0).tokens, (Ids{1, 0}));
  EXPECT_EQ(Make(Task::kCopy, 1, 2, 2, 0).targets, (Ids{0, 1}));
  EXPECT_EQ(Make(Task::kCopy, 1, 2, 2, 0).mask, (Bits{0, 1}));
  EXPECT_EQ(Make(Task::kReverse, 1, 2, 2, 0).tokens, (Ids{1, 0}));
  EXPECT_EQ(Make(Task::kReverse, 1, 2, 2, 0).targets, (Ids{0, 1}));
  EXPECT_EQ(Make(Task::kPreviousToken, 1, 2, 2, 0).tokens, (Ids{1, 1}));
  EXPECT_EQ(Make(Task::kPreviousToken, 1, 2, 2, 0).targets, (Ids{0, 1}));
  EXPECT_EQ(Make(Task::kPreviousToken, 1, 2, 2, 0).mask, (Bits{0, 1}));
}

// --- properties on larger batches ----------------------------------------------------------

TEST(tasks, SameSeedSameBatchDifferentSeedsDiffer) {
  for (Task task : kAllTasks) {
    const TaskBatch a = Make(task, 16, 32, 20, 42);
    const TaskBatch b = Make(task, 16, 32, 20, 42);
    EXPECT_EQ(a.tokens, b.tokens) << task_name(task);
    EXPECT_EQ(a.targets, b.targets) << task_name(task);
    EXPECT_EQ(a.mask, b.mask) << task_name(task);
    for (std::uint64_t other : {43ull, 0ull, 0xFFFFFFFFFFFFFFFFull}) {
      const TaskBatch c = Make(task, 16, 32, 20, other);
      EXPECT_NE(a.tokens, c.tokens) << task_name(task) << " seed " << other;
      EXPECT_NE(a.targets, c.targets) << task_name(task) << " seed " << other;
      EXPECT_EQ(a.mask, c.mask) << task_name(task);  // the mask depends on the shape only
    }
  }
}

TEST(tasks, SequencesOfABatchDiffer) {
  for (Task task : kAllTasks) {
    const TaskBatch t = Make(task, 8, 16, 30, 5);
    for (std::size_t b = 1; b < 8; ++b)
      EXPECT_NE(row_of(t.tokens, 16, b), row_of(t.tokens, 16, 0)) << task_name(task) << " " << b;
  }
}

TEST(tasks, NextTokenTargetsAreTheTokensShiftedByOne) {
  for (Task task : {Task::kInduction, Task::kCopy, Task::kReverse}) {
    const std::size_t B = 9, T = 24;
    const TaskBatch t = Make(task, B, T, 17, 3);
    for (std::size_t b = 0; b < B; ++b)
      for (std::size_t i = 0; i + 1 < T; ++i)
        ASSERT_EQ(t.targets[b * T + i], t.tokens[b * T + i + 1]) << task_name(task) << b << i;
  }
}

TEST(tasks, InductionRepeatedHalfRepeatsTheFirst) {
  const std::size_t B = 32, T = 64, V = 64, m = T / 2;
  const TaskBatch t = Make(Task::kInduction, B, T, V, 99);
  for (std::size_t b = 0; b < B; ++b) {
    const Ids x = row_of(t.tokens, T, b), y = row_of(t.targets, T, b);
    for (std::size_t i = m; i < T; ++i) ASSERT_EQ(x[i], x[i - m]) << b << " " << i;
    // a counted target is the token after the earlier occurrence at i − m
    for (std::size_t i = m; i < T; ++i) ASSERT_EQ(y[i], x[i - m + 1]) << b << " " << i;
    EXPECT_EQ(y[T - 1], x[0]);  // the repeat goes on: s_0 follows the last token
  }
}

TEST(tasks, CopyAndReverseHaveOneSeparatorAtTheMiddle) {
  for (Task task : {Task::kCopy, Task::kReverse}) {
    const std::size_t B = 16, T = 40, m = T / 2;
    const TaskBatch t = Make(task, B, T, 9, 21);
    for (std::size_t b = 0; b < B; ++b) {
      const Ids x = row_of(t.tokens, T, b), y = row_of(t.targets, T, b);
      for (std::size_t i = 0; i < T; ++i)
        ASSERT_EQ(x[i] == kSeparatorToken, i == m) << task_name(task) << b << " " << i;
      for (std::size_t i = m; i < T; ++i) {
        const std::size_t source = task == Task::kCopy ? i - m : 2 * m - 1 - i;
        ASSERT_EQ(y[i], x[source]) << task_name(task) << b << " " << i;
      }
    }
  }
}

TEST(tasks, PreviousTokenTargetIsTheTokenOneBack) {
  const std::size_t B = 10, T = 33;
  const TaskBatch t = Make(Task::kPreviousToken, B, T, 4, 8);
  for (std::size_t b = 0; b < B; ++b)
    for (std::size_t i = 1; i < T; ++i)
      ASSERT_EQ(t.targets[b * T + i], t.tokens[b * T + i - 1]) << b << " " << i;
}

TEST(tasks, MasksCountExactlyTheRightPositions) {
  for (std::size_t T : {2u, 4u, 10u, 64u}) {
    for (Task task : kAllTasks) {
      const std::size_t B = 5;
      const TaskBatch t = Make(task, B, T, 12, T);
      const std::size_t first = task == Task::kPreviousToken ? 1 : T / 2;
      for (std::size_t b = 0; b < B; ++b)
        for (std::size_t i = 0; i < T; ++i)
          ASSERT_EQ(t.mask[b * T + i], i >= first ? 1 : 0) << task_name(task) << T << b << i;
      EXPECT_EQ(count(t.mask), B * (T - first)) << task_name(task) << " T = " << T;
    }
  }
  EXPECT_EQ(count(Make(Task::kInduction, 256, 64, 64, 1).mask), 256u * 32u);
  EXPECT_EQ(count(Make(Task::kPreviousToken, 256, 63, 64, 1).mask), 256u * 62u);
}

TEST(tasks, TokensAreInTheVocabularyAndZeroIsReserved) {
  for (std::size_t V : {2u, 3u, 64u}) {
    for (Task task : kAllTasks) {
      const TaskBatch t = Make(task, 64, 64, V, V * 7);
      std::vector<std::size_t> seen(V, 0);
      for (std::size_t k = 0; k < t.tokens.size(); ++k) {
        ASSERT_LT(t.tokens[k], V);
        ASSERT_LT(t.targets[k], V);
        ++seen[t.tokens[k]];
      }
      // 0 only as the separator, one per sequence
      EXPECT_EQ(seen[0], task == Task::kCopy || task == Task::kReverse ? 64u : 0u)
          << task_name(task);
      // every other token is drawn (64·64 uniform draws over at most 63 ids)
      for (std::size_t v = 1; v < V; ++v) EXPECT_GT(seen[v], 0u) << task_name(task) << " " << v;
    }
  }
}

TEST(tasks, MakeTaskIsTheNamedGenerator) {
  const auto same = [](const Result<TaskBatch>& a, const Result<TaskBatch>& b) {
    return a.ok() && b.ok() && a.value.tokens == b.value.tokens &&
           a.value.targets == b.value.targets && a.value.mask == b.value.mask;
  };
  EXPECT_TRUE(same(make_task(Task::kInduction, 3, 8, 6, 1), induction_task(3, 8, 6, 1)));
  EXPECT_TRUE(same(make_task(Task::kCopy, 3, 8, 6, 1), copy_task(3, 8, 6, 1)));
  EXPECT_TRUE(same(make_task(Task::kReverse, 3, 8, 6, 1), reverse_task(3, 8, 6, 1)));
  EXPECT_TRUE(same(make_task(Task::kPreviousToken, 3, 8, 6, 1), previous_token_task(3, 8, 6, 1)));
  EXPECT_STREQ(task_name(Task::kInduction), "induction");
  EXPECT_STREQ(task_name(Task::kCopy), "copy");
  EXPECT_STREQ(task_name(Task::kReverse), "reverse");
  EXPECT_STREQ(task_name(Task::kPreviousToken), "previous_token");
}

// --- parameter errors ----------------------------------------------------------------------

TEST(tasks, LimitsAreAccepted) {
  for (Task task : kAllTasks) {
    EXPECT_TRUE(make_task(task, 1, 2, 2, 0).ok()) << task_name(task);
    EXPECT_TRUE(make_task(task, kMaxTaskBatch, kMaxTaskContext, kMaxTaskVocab, 0).ok())
        << task_name(task);
  }
}

TEST(tasks, VocabOutOfRange) {
  ExpectInvalid(induction_task(4, 8, 1, 0),
                "induction_task: vocab = 1 must be a whole number between 2 and 64");
  ExpectInvalid(copy_task(4, 8, 65, 0),
                "copy_task: vocab = 65 must be a whole number between 2 and 64");
  ExpectInvalid(reverse_task(4, 8, 0, 0),
                "reverse_task: vocab = 0 must be a whole number between 2 and 64");
  ExpectInvalid(previous_token_task(4, 8, 1000, 0),
                "previous_token_task: vocab = 1000 must be a whole number between 2 and 64");
}

TEST(tasks, ContextOutOfRange) {
  ExpectInvalid(induction_task(4, 0, 8, 0),
                "induction_task: context = 0 must be a whole number between 2 and 64");
  ExpectInvalid(copy_task(4, 66, 8, 0),
                "copy_task: context = 66 must be a whole number between 2 and 64");
  ExpectInvalid(previous_token_task(4, 1, 8, 0),
                "previous_token_task: context = 1 must be a whole number between 2 and 64");
  ExpectInvalid(previous_token_task(4, 65, 8, 0),
                "previous_token_task: context = 65 must be a whole number between 2 and 64");
}

TEST(tasks, BatchOutOfRange) {
  ExpectInvalid(induction_task(0, 8, 8, 0),
                "induction_task: batch = 0 must be a whole number between 1 and 256");
  ExpectInvalid(reverse_task(257, 8, 8, 0),
                "reverse_task: batch = 257 must be a whole number between 1 and 256");
  ExpectInvalid(
      make_task(Task::kPreviousToken, std::numeric_limits<std::size_t>::max(), 8, 8, 0),
      "previous_token_task: batch = " + std::to_string(std::numeric_limits<std::size_t>::max()) +
          " must be a whole number between 1 and 256");
}

TEST(tasks, OddContextWhereTheTaskNeedsHalves) {
  ExpectInvalid(induction_task(4, 7, 8, 0),
                "induction_task: context = 7 must be even (a sequence of context / 2 tokens, "
                "then its second half)");
  ExpectInvalid(copy_task(4, 63, 8, 0),
                "copy_task: context = 63 must be even (a sequence of context / 2 tokens, then "
                "its second half)");
  ExpectInvalid(reverse_task(4, 3, 8, 0),
                "reverse_task: context = 3 must be even (a sequence of context / 2 tokens, then "
                "its second half)");
  EXPECT_TRUE(previous_token_task(4, 7, 8, 0).ok());
}

TEST(tasks, TheFirstBadArgumentIsNamed) {
  // vocab, then context, then batch, then the parity
  ExpectInvalid(induction_task(0, 1, 1, 0),
                "induction_task: vocab = 1 must be a whole number between 2 and 64");
  ExpectInvalid(induction_task(0, 1, 8, 0),
                "induction_task: context = 1 must be a whole number between 2 and 64");
  ExpectInvalid(induction_task(0, 7, 8, 0),
                "induction_task: batch = 0 must be a whole number between 1 and 256");
}

// --- the repeated segment at a random offset ---------------------------------------------------

// The length L of a repeated_segment_task / induction_random_task sequence: its counted positions.
std::size_t segment_length(const TaskBatch& t, std::size_t b) {
  return count(row_of(t.mask, t.context, b));
}

TEST(tasks, RepeatedSegmentIsTheDocumentedSequence) {
  // T = 7, L = 2, p = 3, V = 9: 5 distinct tokens by a partial Fisher–Yates of 1 … 8
  const std::size_t B = 2, T = 7, V = 9, L = 2;
  Result<TaskBatch> r = repeated_segment_task(B, T, V, L, 5);
  ASSERT_TRUE(r.ok()) << r.status.message;
  Rng rng(5);
  for (std::size_t b = 0; b < B; ++b) {
    Ids pool = {1, 2, 3, 4, 5, 6, 7, 8};
    for (std::size_t k = 0; k < 5; ++k) std::swap(pool[k], pool[k + rng.below(8 - k)]);
    const Ids& x = pool;  // r_0 r_1 r_2 s_0 s_1
    EXPECT_EQ(row_of(r.value.tokens, T, b), (Ids{x[0], x[1], x[2], x[3], x[4], x[3], x[4]})) << b;
    EXPECT_EQ(row_of(r.value.targets, T, b), (Ids{x[1], x[2], x[3], x[4], x[3], x[4], x[3]})) << b;
    EXPECT_EQ(row_of(r.value.mask, T, b), (Bits{0, 0, 0, 0, 0, 1, 1})) << b;
  }
}

TEST(tasks, RepeatedSegmentOfHalfTheContextIsTheInductionLayout) {
  const std::size_t T = 16, m = T / 2;
  const TaskBatch t = repeated_segment_task(4, T, 20, m, 3).value;
  for (std::size_t b = 0; b < 4; ++b) {
    const Ids x = row_of(t.tokens, T, b), y = row_of(t.targets, T, b);
    for (std::size_t i = m; i < T; ++i) ASSERT_EQ(x[i], x[i - m]);
    for (std::size_t i = 0; i + 1 < T; ++i) ASSERT_EQ(y[i], x[i + 1]);
    EXPECT_EQ(y[T - 1], x[0]);
    for (std::size_t i = 0; i < T; ++i) ASSERT_EQ(t.mask[b * T + i], i >= m ? 1 : 0);
  }
}

TEST(tasks, InductionRandomDrawsTheLengthThenTheTokens) {
  const std::size_t B = 3, T = 10, V = 7;  // L_min = 11 − 7 = 4, L in 4 … 5
  const TaskBatch t = Make(Task::kInductionRandom, B, T, V, 17);
  Rng rng(17);
  for (std::size_t b = 0; b < B; ++b) {
    const std::size_t L = 4 + rng.below(2), p = T - 2 * L;
    Ids pool = {1, 2, 3, 4, 5, 6};
    for (std::size_t k = 0; k < T - L; ++k) std::swap(pool[k], pool[k + rng.below(6 - k)]);
    Ids seq(pool.begin(), pool.begin() + static_cast<long>(T - L));
    for (std::size_t k = 0; k <= L; ++k) seq.push_back(seq[p + k % L]);
    EXPECT_EQ(row_of(t.tokens, T, b), Ids(seq.begin(), seq.end() - 1)) << b;
    EXPECT_EQ(row_of(t.targets, T, b), Ids(seq.begin() + 1, seq.end())) << b;
    EXPECT_EQ(segment_length(t, b), L) << b;
  }
}

TEST(tasks, InductionRandomIsDeterministicAndItsOffsetsVary) {
  const TaskBatch a = Make(Task::kInductionRandom, 64, 32, 64, 42);
  const TaskBatch b = Make(Task::kInductionRandom, 64, 32, 64, 42);
  EXPECT_EQ(a.tokens, b.tokens);
  EXPECT_EQ(a.targets, b.targets);
  EXPECT_EQ(a.mask, b.mask);
  const TaskBatch c = Make(Task::kInductionRandom, 64, 32, 64, 43);
  EXPECT_NE(a.tokens, c.tokens);
  EXPECT_NE(a.mask, c.mask);  // unlike the other tasks, the mask is drawn too
  // every length 1 … 16 occurs in 256 sequences (each has probability 1/16)
  const TaskBatch big = Make(Task::kInductionRandom, 256, 32, 64, 1);
  std::vector<std::size_t> lengths(17, 0);
  for (std::size_t s = 0; s < 256; ++s) ++lengths.at(segment_length(big, s));
  for (std::size_t L = 1; L <= 16; ++L) EXPECT_GT(lengths[L], 0u) << L;
  EXPECT_EQ(lengths[0], 0u);
}

TEST(tasks, InductionRandomTargetsAreCopiedFromTheOnlyEarlierOccurrence) {
  for (std::size_t T : {2u, 3u, 17u, 32u, 64u}) {
    const std::size_t B = 64, V = 64;
    const TaskBatch t = Make(Task::kInductionRandom, B, T, V, T);
    for (std::size_t b = 0; b < B; ++b) {
      const Ids x = row_of(t.tokens, T, b), y = row_of(t.targets, T, b);
      const Bits mask = row_of(t.mask, T, b);
      const std::size_t L = segment_length(t, b);
      ASSERT_TRUE(L >= 1 && L <= T / 2) << T << " " << b;
      // the first T − L tokens are distinct and not 0
      for (std::size_t i = 0; i < T - L; ++i) {
        ASSERT_NE(x[i], 0u);
        for (std::size_t j = 0; j < i; ++j) ASSERT_NE(x[i], x[j]) << T << " " << b;
      }
      for (std::size_t i = 0; i + 1 < T; ++i) ASSERT_EQ(y[i], x[i + 1]);
      for (std::size_t i = 0; i < T; ++i) {
        ASSERT_EQ(mask[i], i >= T - L ? 1 : 0) << T << " " << b << " " << i;
        if (mask[i] == 0) continue;
        // exactly one earlier position holds the token, at i − L; the target followed it there
        std::size_t seen = 0, where = 0;
        for (std::size_t j = 0; j < i; ++j)
          if (x[j] == x[i]) ++seen, where = j;
        ASSERT_EQ(seen, 1u) << T << " " << b << " " << i;
        ASSERT_EQ(where, i - L);
        ASSERT_EQ(y[i], x[where + 1]) << T << " " << b << " " << i;
      }
    }
  }
}

TEST(tasks, InductionRandomAndRepeatedSegmentErrors) {
  // the common checks first, with the function's name
  ExpectInvalid(induction_random_task(4, 8, 1, 0),
                "induction_random_task: vocab = 1 must be a whole number between 2 and 64");
  ExpectInvalid(repeated_segment_task(0, 8, 8, 2, 0),
                "repeated_segment_task: batch = 0 must be a whole number between 1 and 256");
  // T = 32 needs V ≥ 17; an odd T is allowed
  ExpectInvalid(induction_random_task(4, 32, 16, 0),
                "induction_random_task: vocab = 16 is too small for context = 32: it needs vocab "
                ">= 17 (a prefix and a segment of at least context / 2 distinct tokens)");
  EXPECT_TRUE(induction_random_task(4, 32, 17, 0).ok());
  EXPECT_TRUE(induction_random_task(4, 33, 18, 0).ok());
  ExpectInvalid(induction_random_task(4, 33, 17, 0),
                "induction_random_task: vocab = 17 is too small for context = 33: it needs vocab "
                ">= 18 (a prefix and a segment of at least context / 2 distinct tokens)");
  ExpectInvalid(repeated_segment_task(4, 8, 8, 0, 0),
                "repeated_segment_task: length = 0 must be a whole number between 1 and 4");
  ExpectInvalid(repeated_segment_task(4, 9, 16, 5, 0),
                "repeated_segment_task: length = 5 must be a whole number between 1 and 4");
  ExpectInvalid(repeated_segment_task(4, 32, 20, 12, 0),
                "repeated_segment_task: length = 12 is too short for context = 32 and vocab = 20: "
                "the prefix and the segment are context - length = 20 distinct tokens, at most "
                "vocab - 1 = 19");
  EXPECT_TRUE(repeated_segment_task(4, 32, 20, 13, 0).ok());
  EXPECT_TRUE(
      make_task(Task::kInductionRandom, kMaxTaskBatch, kMaxTaskContext, kMaxTaskVocab, 0).ok());
  EXPECT_STREQ(task_name(Task::kInductionRandom), "induction_random");
}

// --- accuracy ------------------------------------------------------------------------------

TEST(tasks, AccuracyOnHandMadeLogits) {
  // 5 positions, vocab 3; argmax per row: 2, 0, 1, 1, 0
  const Matrix logits(5, 3,
                      {0.1, 0.2, 0.9,    //
                       3.0, -1.0, 2.0,   //
                       -5.0, 4.0, 0.0,   //
                       0.0, 0.5, 0.4,    //
                       1.0, 1.0, 1.0});  // a tie: the first maximum, 0
  const Ids targets = {2, 1, 1, 0, 0};   // right, wrong, right, wrong, right
  Result<double> all = accuracy(logits, targets, Bits{1, 1, 1, 1, 1});
  ASSERT_TRUE(all.ok()) << all.status.message;
  EXPECT_DOUBLE_EQ(all.value, 3.0 / 5.0);
  // only the counted positions: 0, 1, 3 → 1 of 3
  Result<double> some = accuracy(logits, targets, Bits{1, 1, 0, 1, 0});
  ASSERT_TRUE(some.ok()) << some.status.message;
  EXPECT_DOUBLE_EQ(some.value, 1.0 / 3.0);
  // any non-zero mask value counts
  EXPECT_DOUBLE_EQ(accuracy(logits, targets, Bits{0, 0, 7, 0, 255}).value, 1.0);
  EXPECT_DOUBLE_EQ(accuracy(logits, targets, Bits{0, 1, 0, 1, 0}).value, 0.0);
}

TEST(tasks, AccuracyIgnoresTargetsThatDoNotCount) {
  const Matrix logits(2, 2, {0.0, 1.0, 1.0, 0.0});
  Result<double> r = accuracy(logits, Ids{1, 99}, Bits{1, 0});
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_DOUBLE_EQ(r.value, 1.0);
}

TEST(tasks, AccuracyOfPerfectAndOfShiftedLogitsOnATaskBatch) {
  const TaskBatch t = Make(Task::kInduction, 4, 16, 10, 2);
  const std::size_t P = t.batch * t.context;
  Matrix right(P, t.vocab, 0.0), wrong(P, t.vocab, 0.0);  // (P, V)
  for (std::size_t p = 0; p < P; ++p) {
    right(p, t.targets[p]) = 1.0;
    wrong(p, (t.targets[p] + 1) % t.vocab) = 1.0;
  }
  EXPECT_DOUBLE_EQ(accuracy(right, t.targets, t.mask).value, 1.0);
  EXPECT_DOUBLE_EQ(accuracy(wrong, t.targets, t.mask).value, 0.0);
}

TEST(tasks, AccuracyErrors) {
  const Matrix logits(2, 3, 0.0);
  Result<double> r = accuracy(logits, Ids{0}, Bits{1, 1});
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_EQ(r.status.message,
            "accuracy: logits is (2, 3) (positions, vocab) but targets has 1 values and mask 2: "
            "each needs one per position (2)");
  r = accuracy(logits, Ids{0, 1}, Bits{1});
  EXPECT_EQ(r.status.code, "shape");
  r = accuracy(logits, Ids{0, 3}, Bits{1, 1});
  EXPECT_EQ(r.status.code, "invalid_argument");
  EXPECT_EQ(r.status.message,
            "accuracy: targets[1] = 3 must be a token id below vocab = 3 (logits' columns)");
  r = accuracy(logits, Ids{0, 1}, Bits{0, 0});
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_EQ(r.status.message, "accuracy: no position counts (mask is 0 at all 2 positions)");
  Matrix bad = logits;
  bad(1, 2) = std::nan("");
  r = accuracy(bad, Ids{0, 1}, Bits{1, 1});
  EXPECT_EQ(r.status.code, "non_finite");
  EXPECT_EQ(r.status.message, "accuracy: logits[1][2] is NaN: every value must be a finite number");
  r = accuracy(Matrix(), Ids{}, Bits{});
  EXPECT_EQ(r.status.code, "empty");
  EXPECT_EQ(r.status.message,
            "accuracy: logits is empty (0, 0): it needs at least one position (row) and one "
            "token (column)");
  Matrix short_data(2, 3, 0.0);
  short_data.data.pop_back();
  r = accuracy(short_data, Ids{0, 1}, Bits{1, 1});
  EXPECT_EQ(r.status.code, "shape");
  EXPECT_EQ(r.status.message, "accuracy: logits has 5 values but its shape (2, 3) needs 6");
  Matrix huge;  // its shape alone is over the limit: no values are allocated
  huge.rows = 1 << 20;
  huge.cols = 17;
  r = accuracy(huge, Ids{}, Bits{});
  EXPECT_EQ(r.status.code, "too_large");
  EXPECT_EQ(r.status.message, "accuracy: logits is (1048576, 17): the limit is 16777216 values");
}

TEST(tasks, AccuracyOnTheLargestBatch) {
  // B·T = 256 · 64 = 16,384 positions: more rows than kMaxRows, still one call
  const TaskBatch t = Make(Task::kCopy, kMaxTaskBatch, kMaxTaskContext, kMaxTaskVocab, 4);
  const std::size_t P = t.batch * t.context;
  Matrix logits(P, t.vocab, 0.0);  // (P, V)
  std::size_t right = 0, counted = 0;
  for (std::size_t p = 0; p < P; ++p) {
    // right at every third position
    const bool hit = p % 3 == 0;
    logits(p, hit ? t.targets[p] : (t.targets[p] + 1) % t.vocab) = 1.0;
    counted += t.mask[p];
    right += t.mask[p] && hit;
  }
  Result<double> r = accuracy(logits, t.targets, t.mask);
  ASSERT_TRUE(r.ok()) << r.status.message;
  EXPECT_EQ(counted, 256u * 32u);
  EXPECT_DOUBLE_EQ(r.value, static_cast<double>(right) / static_cast<double>(counted));
}

}  // namespace
}  // namespace ap
