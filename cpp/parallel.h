// parallel.h — two threads for the kernels, where the build has them.
//
// The kernels that take long (flash_attention, attention, multi_head) cut
// their work into items that share nothing but their inputs — query tiles,
// blocks of query rows, heads — and two threads take them in turn
// (share_items); the trainer runs two halves of its batch (run_two). Every row (or head) is
// computed by the same code, in the same order, whichever thread runs it, so the numbers are
// bit-identical to one thread; only the time changes.
//
// Threads exist natively and in the WebAssembly build made with -pthread
// (AP_THREADS; the page loads it only where it is cross-origin isolated, which
// a SharedArrayBuffer needs). In every other build threads() stays 1 and
// set_threads(2) is refused: the parts then run one after the other.
#pragma once

#include <atomic>
#include <cstddef>

namespace ap {

/// Whether this build can run a second thread.
bool threads_available();

/// How many threads the kernels use now: 1 (the default) or 2.
std::size_t threads();

/// Use `n` threads (1 or 2); returns the number now in use (1 where threads are not available).
std::size_t set_threads(std::size_t n);

/// A part of run_two: any callable `f()`, seen through a pointer while run_two runs (unlike
/// std::function: no heap copy of the callable, no type name and vtable of each one in the module).
class Part {
 public:
  template <class F>
  Part(const F& f) : object_(&f), call_([](const void* o) { (*static_cast<const F*>(o))(); }) {}
  void operator()() const { call_(object_); }

 private:
  const void* object_;
  void (*call_)(const void*);
};

/// Run `first` here and `second` on a second thread when threads() is 2 and `work` (the
/// call's multiply-adds) is worth a thread's start (≥ kThreadWork); else one after the other.
/// The two must write to separate memory. Called from inside a part (a kernel in a kernel), it
/// runs both parts on the calling thread.
void run_two(double work, Part first, Part second);

/// Items 0 … count−1 shared between the two threads of run_two(work, …): each thread takes the
/// next item no thread has taken yet and calls item(i, thread), thread 0 here and 1 on the other,
/// until none is left. A thread slowed by something else on its core takes fewer items instead of
/// making the other wait (in the browser, with a fixed split, the other thread's half of a
/// flash_attention call finished 2–18 ms after this one's 84 ms). Number the dearest items first,
/// so that the last ones taken are the cheapest. Each item must write its own memory, and work
/// the same whichever thread runs it.
template <class Item>
void share_items(std::size_t count, double work, const Item& item) {
  std::atomic<std::size_t> next{0};
  auto take = [&](int thread) {
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;)
      item(i, thread);
  };
  run_two(
      work, [&] { take(0); }, [&] { take(1); });
}

/// Below this many multiply-adds a call stays on one thread: starting a second one costs
/// tens of microseconds in WebAssembly (a message to a worker), the call less than that.
constexpr double kThreadWork = 1 << 22;

}  // namespace ap
