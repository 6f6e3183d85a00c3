// mask_patterns_test.cpp — the sparse mask builders of mask_patterns.h: small
// masks written out by hand, properties (causality, a visible key per row,
// counts), every error, and the golden fixture tests/golden/mask_patterns.json
// (plain-Python references, scripts/make_golden.py; BigBird's random blocks
// with SplitMix64 reimplemented in Python).
#include "mask_patterns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mask.h"
#include "size_limits.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;

// A mask drawn as rows of '#' (visible) and '.' (hidden).
std::vector<std::string> draw(const Mask& m) {
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < m.rows; ++i) {
    std::string row;
    for (std::size_t j = 0; j < m.cols; ++j) row += m.sees(i, j) ? '#' : '.';
    rows.push_back(row);
  }
  return rows;
}

// The builder succeeded with an (n, n) mask drawn as `expected`.
void ExpectDrawn(const Result<Mask>& r, const std::vector<std::string>& expected) {
  ASSERT_TRUE(r.ok()) << r.status.message;
  ASSERT_EQ(r.value.rows, expected.size());
  ASSERT_EQ(r.value.cols, expected.size());
  ASSERT_EQ(r.value.data.size(), expected.size() * expected.size());
  EXPECT_EQ(draw(r.value), expected);
}

// The builder failed with `code` and a message containing `text`.
void ExpectError(const Result<Mask>& r, const std::string& code, const std::string& text) {
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status.code, code) << r.status.message;
  EXPECT_TRUE(Contains(r.status.message, text)) << r.status.message << "\nwanted: " << text;
}

bool causal(const Mask& m) {
  for (std::size_t i = 0; i < m.rows; ++i)
    for (std::size_t j = i + 1; j < m.cols; ++j)
      if (m.sees(i, j)) return false;
  return true;
}

bool every_row_sees_itself(const Mask& m) {
  for (std::size_t i = 0; i < m.rows; ++i)
    if (!m.sees(i, i)) return false;
  return true;
}

std::size_t visible_in_row(const Mask& m, std::size_t i) {
  std::size_t k = 0;
  for (std::size_t j = 0; j < m.cols; ++j) k += m.sees(i, j);
  return k;
}

// ---------------------------------------------------------- sliding window

TEST(SlidingWindowMask, HandWritten) {
  ExpectDrawn(sliding_window_mask(5, 2), {"#....", "##...", ".##..", "..##.", "...##"});
  ExpectDrawn(sliding_window_mask(4, 1), {"#...", ".#..", "..#.", "...#"});
  ExpectDrawn(sliding_window_mask(1, 1), {"#"});
}

TEST(SlidingWindowMask, WindowNIsCausal) {
  for (std::size_t n = 1; n <= 8; ++n)
    EXPECT_EQ(sliding_window_mask(n, n).value.data, causal_mask(n).value.data) << n;
}

TEST(SlidingWindowMask, CausalWithAtMostWKeysAndTheDiagonal) {
  for (std::size_t n = 1; n <= 10; ++n)
    for (std::size_t w = 1; w <= n; ++w) {
      const Mask m = sliding_window_mask(n, w).value;
      EXPECT_TRUE(causal(m));
      EXPECT_TRUE(every_row_sees_itself(m));
      for (std::size_t i = 0; i < n; ++i)
        EXPECT_EQ(visible_in_row(m, i), i + 1 < w ? i + 1 : w) << n << " " << w << " " << i;
    }
}

TEST(SlidingWindowMask, Errors) {
  ExpectError(sliding_window_mask(5, 0), "invalid_argument",
              "sliding_window_mask: w = 0 must be a whole number between 1 and n = 5");
  ExpectError(sliding_window_mask(5, 6), "invalid_argument", "w = 6 must be");
  ExpectError(sliding_window_mask(0, 1), "empty", "sliding_window_mask: n = 0 must be at least 1");
  ExpectError(sliding_window_mask(kMaxRows + 1, 1), "too_large",
              "n = 4097 is over the limit of 4096");
}

// -------------------------------------------------------------- prefix-LM

TEST(PrefixLmMask, HandWritten) {
  ExpectDrawn(prefix_lm_mask(5, 2), {"##...", "##...", "###..", "####.", "#####"});
  ExpectDrawn(prefix_lm_mask(3, 3), {"###", "###", "###"});
  ExpectDrawn(prefix_lm_mask(1, 0), {"#"});
}

TEST(PrefixLmMask, EndsAreCausalAndFull) {
  for (std::size_t n = 1; n <= 8; ++n) {
    EXPECT_EQ(prefix_lm_mask(n, 0).value.data, causal_mask(n).value.data);
    EXPECT_EQ(prefix_lm_mask(n, 1).value.data, causal_mask(n).value.data);  // key 0: seen anyway
    EXPECT_EQ(prefix_lm_mask(n, n).value.data, Mask(n, n, true).data);
    for (std::size_t p = 0; p <= n; ++p) {
      const Mask m = prefix_lm_mask(n, p).value;
      EXPECT_TRUE(every_row_sees_itself(m));
      // the part after the prefix is causal
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = p > i + 1 ? p : i + 1; j < n; ++j) EXPECT_FALSE(m.sees(i, j));
    }
  }
}

TEST(PrefixLmMask, Errors) {
  ExpectError(prefix_lm_mask(4, 5), "invalid_argument",
              "prefix_lm_mask: p = 5 must be a whole number between 0 and n = 4");
  ExpectError(prefix_lm_mask(0, 0), "empty", "n = 0");
  ExpectError(prefix_lm_mask(kMaxRows + 1, 0), "too_large", "over the limit");
}

// ---------------------------------------------------------- local + global

TEST(LocalGlobalMask, HandWritten) {
  ExpectDrawn(local_global_mask(6, 1, {}),
              {"##....", "###...", ".###..", "..###.", "...###", "....##"});
  ExpectDrawn(local_global_mask(6, 1, {0}),
              {"######", "###...", "####..", "#.###.", "#..###", "#...##"});
  ExpectDrawn(local_global_mask(5, 1, {4, 4}), {"##..#", "###.#", ".####", "..###", "#####"});
}

TEST(LocalGlobalMask, SymmetricAndSeesItself) {
  for (std::size_t n = 1; n <= 9; ++n)
    for (std::size_t w = 1; w <= n; ++w) {
      const std::vector<std::size_t> globals = {n / 2, n - 1};
      const Mask m = local_global_mask(n, w, globals).value;
      EXPECT_TRUE(every_row_sees_itself(m));
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(m.sees(i, j), m.sees(j, i));
      for (std::size_t g : globals) EXPECT_EQ(visible_in_row(m, g), n);
    }
  EXPECT_EQ(local_global_mask(7, 7, {}).value.data, Mask(7, 7, true).data);
}

TEST(LocalGlobalMask, Errors) {
  ExpectError(local_global_mask(5, 0, {}), "invalid_argument",
              "local_global_mask: w = 0 must be a whole number between 1 and n = 5");
  ExpectError(local_global_mask(5, 6, {}), "invalid_argument", "w = 6");
  ExpectError(local_global_mask(5, 1, {0, 5}), "invalid_argument",
              "local_global_mask: globals[1] = 5 must be a whole number between 0 and n − 1 = 4");
  ExpectError(local_global_mask(0, 1, {}), "empty", "n = 0");
  ExpectError(local_global_mask(kMaxRows + 1, 1, {}), "too_large", "over the limit");
}

// ---------------------------------------------------------------- dilated

TEST(DilatedMask, HandWritten) {
  // row i: i, i − 2, i − 4 (w = 3, dilation = 2)
  ExpectDrawn(dilated_mask(8, 3, 2), {"#.......", ".#......", "#.#.....", ".#.#....", "#.#.#...",
                                      ".#.#.#..", "..#.#.#.", "...#.#.#"});
  ExpectDrawn(dilated_mask(4, 2, 5), {"#...", ".#..", "..#.", "...#"});
}

TEST(DilatedMask, DilationOneIsTheSlidingWindow) {
  for (std::size_t n = 1; n <= 8; ++n)
    for (std::size_t w = 1; w <= n; ++w)
      EXPECT_EQ(dilated_mask(n, w, 1).value.data, sliding_window_mask(n, w).value.data);
}

TEST(DilatedMask, CausalStridedAtMostW) {
  for (std::size_t n = 1; n <= 10; ++n)
    for (std::size_t w = 1; w <= n; ++w)
      for (std::size_t d = 1; d <= 4; ++d) {
        const Mask m = dilated_mask(n, w, d).value;
        EXPECT_TRUE(causal(m));
        EXPECT_TRUE(every_row_sees_itself(m));
        for (std::size_t i = 0; i < n; ++i) {
          EXPECT_EQ(visible_in_row(m, i), std::min(w, i / d + 1)) << n << w << d << i;
          for (std::size_t j = 0; j <= i; ++j)
            if (m.sees(i, j)) {
              EXPECT_EQ((i - j) % d, 0u);
            }
        }
      }
}

TEST(DilatedMask, Errors) {
  ExpectError(dilated_mask(5, 0, 1), "invalid_argument",
              "dilated_mask: w = 0 must be a whole number between 1 and n = 5");
  ExpectError(dilated_mask(5, 6, 1), "invalid_argument", "w = 6");
  ExpectError(dilated_mask(5, 2, 0), "invalid_argument",
              "dilated_mask: dilation = 0 must be a whole number ≥ 1");
  ExpectError(dilated_mask(5, 2, kMaxRows + 1), "too_large",
              "dilation = 4097 is over the limit of 4096");
  ExpectError(dilated_mask(0, 1, 1), "empty", "n = 0");
}

// ----------------------------------------------------------------- BigBird

BigBirdOptions bb(std::size_t window, std::size_t global, std::size_t random,
                  std::uint64_t seed = 0) {
  BigBirdOptions o;
  o.window_blocks = window;
  o.global_blocks = global;
  o.random_blocks = random;
  o.seed = seed;
  return o;
}

TEST(BigBirdMask, HandWrittenWithoutRandomBlocks) {
  // 5 blocks of 2: block 0 global, a window of 3 blocks
  ExpectDrawn(bigbird_mask(10, 2, bb(3, 1, 0)),
              {"##########", "##########", "######....", "######....", "########..", "########..",
               "##..######", "##..######", "##....####", "##....####"});
  // even window: own block and one to the left
  ExpectDrawn(bigbird_mask(6, 2, bb(2, 0, 0)),
              {"##....", "##....", "####..", "####..", "..####", "..####"});
  // window 0, no globals: nothing visible
  ExpectDrawn(bigbird_mask(2, 1, bb(0, 0, 0)), {"..", ".."});
  ExpectDrawn(bigbird_mask(3, 3, bb(1, 1, 1)), {"###", "###", "###"});
}

TEST(BigBirdMask, RandomBlocksAreSeededAndCounted) {
  // 8 blocks of 2, window 1, no globals, 2 random: each block row sees its own
  // block and exactly 2 others, the same for the same seed
  const Mask a = bigbird_mask(16, 2, bb(1, 0, 2, 7)).value;
  EXPECT_EQ(a.data, bigbird_mask(16, 2, bb(1, 0, 2, 7)).value.data);
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(visible_in_row(a, i), 6u) << i;
  EXPECT_TRUE(every_row_sees_itself(a));
  bool differs = false;
  for (std::uint64_t seed = 0; seed < 8 && !differs; ++seed)
    differs = bigbird_mask(16, 2, bb(1, 0, 2, seed)).value.data != a.data;
  EXPECT_TRUE(differs) << "the seed should change the random blocks";
  // more random blocks than the row can take: it sees every block
  EXPECT_EQ(bigbird_mask(8, 2, bb(1, 0, 4, 3)).value.data, Mask(8, 8, true).data);
}

TEST(BigBirdMask, Properties) {
  for (std::size_t nb = 1; nb <= 6; ++nb)
    for (std::size_t block = 1; block <= 3; ++block)
      for (std::size_t w = 0; w <= nb; ++w)
        for (std::size_t g = 0; g <= nb; ++g)
          for (std::size_t r = 0; r <= nb; ++r) {
            const std::size_t n = nb * block;
            const Mask m = bigbird_mask(n, block, bb(w, g, r, 11 * n + r)).value;
            ASSERT_EQ(m.data.size(), n * n);
            for (std::size_t i = 0; i < n; ++i) {
              const std::size_t b = i / block;
              // constant on every block
              for (std::size_t j = 0; j < n; ++j)
                ASSERT_EQ(m.sees(i, j), m.sees(b * block, (j / block) * block));
              if (w >= 1) {
                ASSERT_TRUE(m.sees(i, i));  // a row's own block
              }
              if (g >= 1) {
                ASSERT_GE(visible_in_row(m, i), g * block);
              }
              if (b < g) {
                ASSERT_EQ(visible_in_row(m, i), n);  // global rows see all
              }
              for (std::size_t c = 0; c < g; ++c) ASSERT_TRUE(m.sees(i, c * block));
              // window + random blocks of a non-global row: at most w + r, more only by globals
              if (b >= g) {
                ASSERT_LE(visible_in_row(m, i), (w + r + g) * block);
              }
            }
          }
}

TEST(BigBirdMask, Errors) {
  ExpectError(bigbird_mask(8, 3, bb(1, 0, 0)), "divisibility",
              "bigbird_mask: block = 3 does not divide n = 8");
  ExpectError(bigbird_mask(8, 0, bb(1, 0, 0)), "invalid_argument",
              "bigbird_mask: block = 0 must be a whole number ≥ 1");
  ExpectError(bigbird_mask(8, 16, bb(1, 0, 0)), "divisibility", "block = 16");
  ExpectError(bigbird_mask(8, 2, bb(5, 0, 0)), "invalid_argument",
              "bigbird_mask: window_blocks = 5 must be a whole number between 0 and n / block "
              "(the number of blocks) = 4");
  ExpectError(bigbird_mask(8, 2, bb(1, 5, 0)), "invalid_argument", "global_blocks = 5");
  ExpectError(bigbird_mask(8, 2, bb(1, 0, 5)), "invalid_argument", "random_blocks = 5");
  ExpectError(bigbird_mask(0, 1, bb(1, 0, 0)), "empty", "n = 0");
  ExpectError(bigbird_mask(kMaxRows + 1, 1, bb(1, 0, 0)), "too_large", "over the limit");
}

// ------------------------------------------------------------------ golden

TEST(MaskPatternsGolden, MatchesThePythonReference) {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/mask_patterns.json";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot open " << path;
  const nlohmann::json cases = nlohmann::json::parse(in);
  ASSERT_GE(cases.size(), 30u);
  for (const auto& c : cases) {
    const std::string fn = c["fn"];
    const auto& a = c["args"];
    const std::size_t n = a["n"];
    Result<Mask> r;
    if (fn == "sliding_window_mask") r = sliding_window_mask(n, a["w"]);
    if (fn == "prefix_lm_mask") r = prefix_lm_mask(n, a["p"]);
    if (fn == "local_global_mask")
      r = local_global_mask(n, a["w"], a["globals"].get<std::vector<std::size_t>>());
    if (fn == "dilated_mask") r = dilated_mask(n, a["w"], a["dilation"]);
    if (fn == "bigbird_mask")
      r = bigbird_mask(n, a["block"],
                       bb(a["window_blocks"], a["global_blocks"], a["random_blocks"],
                          a["seed"].get<std::uint64_t>()));
    const std::string name = c["name"];
    ASSERT_TRUE(r.ok()) << name << ": " << r.status.message;
    std::vector<std::uint8_t> expected;
    for (const auto& row : c["mask"])
      for (const auto& v : row) expected.push_back(v.get<bool>() ? 1 : 0);
    EXPECT_EQ(r.value.rows, n) << name;
    EXPECT_EQ(r.value.data, expected) << name;
  }
}

}  // namespace
}  // namespace ap
