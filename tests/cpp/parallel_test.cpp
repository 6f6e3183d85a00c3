// parallel_test.cpp — run_two (parallel.h): both parts run, on two threads when asked
// and the work is large enough.
#include "parallel.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

namespace ap {
namespace {

struct Threads {  // restores one thread after each test
  ~Threads() { set_threads(1); }
};

TEST(Parallel, OneThreadByDefaultAndTwoWhenAsked) {
  Threads restore;
  EXPECT_EQ(threads(), 1u);
  EXPECT_TRUE(threads_available());  // natively there are threads
  EXPECT_EQ(set_threads(2), 2u);
  EXPECT_EQ(set_threads(7), 2u);  // at most two
  EXPECT_EQ(set_threads(0), 1u);
}

TEST(Parallel, RunTwoRunsBothPartsOnTwoThreadsOnlyForLargeWork) {
  Threads restore;
  for (std::size_t n : {1u, 2u})
    for (double work : {1.0, kThreadWork}) {
      set_threads(n);
      std::thread::id a, b;
      run_two(
          work, [&] { a = std::this_thread::get_id(); }, [&] { b = std::this_thread::get_id(); });
      EXPECT_EQ(a, std::this_thread::get_id());
      const bool two = n == 2 && work >= kThreadWork;
      EXPECT_EQ(a != b, two) << "threads " << n << ", work " << work;
    }
}

TEST(Parallel, RunTwoInsideAPartStaysOnThatPartsThread) {
  Threads restore;
  set_threads(2);
  std::thread::id outer, inner_a, inner_b;
  run_two(
      kThreadWork, [] {},
      [&] {
        outer = std::this_thread::get_id();
        run_two(
            kThreadWork, [&] { inner_a = std::this_thread::get_id(); },
            [&] { inner_b = std::this_thread::get_id(); });
      });
  EXPECT_NE(outer, std::this_thread::get_id());
  EXPECT_EQ(inner_a, outer);
  EXPECT_EQ(inner_b, outer);
}

TEST(Parallel, ShareItemsRunsEachItemOnceOnTheThreadsOfRunTwo) {
  Threads restore;
  for (std::size_t n : {1u, 2u})
    for (double work : {1.0, kThreadWork}) {
      set_threads(n);
      std::vector<int> runs(37, 0), by(37, -1);
      share_items(runs.size(), work, [&](std::size_t i, int thread) {
        ++runs[i];  // each item is taken once: no two threads write one slot
        by[i] = thread;
      });
      const bool two = n == 2 && work >= kThreadWork;
      for (std::size_t i = 0; i < runs.size(); ++i) {
        EXPECT_EQ(runs[i], 1) << "item " << i;
        EXPECT_TRUE(by[i] == 0 || (two && by[i] == 1)) << "item " << i << " on thread " << by[i];
      }
    }
}

TEST(Parallel, ShareItemsGivesASlowThreadFewerItems) {
  Threads restore;
  set_threads(2);
  // thread 0 (this one) takes 1 ms an item, thread 1 no time: thread 1 takes most of them, where a
  // split in halves would have left it idle for 50 ms
  std::vector<int> by(100, -1);
  share_items(by.size(), kThreadWork, [&](std::size_t i, int thread) {
    if (thread == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    by[i] = thread;
  });
  std::size_t other = 0;
  for (int t : by) other += t == 1;
  EXPECT_GT(other, by.size() / 2);
}

}  // namespace
}  // namespace ap
