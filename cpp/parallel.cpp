// parallel.cpp — run_two (parallel.h).
#include "parallel.h"

#include <atomic>

#ifdef AP_THREADS
#include <pthread.h>
#endif

namespace ap {

namespace {

std::atomic<std::size_t> g_threads{1};
// true inside a part of run_two: a kernel called from there (a head of multi_head) runs on its own
// thread, with no third one (the WebAssembly build has one thread worker)
thread_local bool t_in_part = false;

// a part, marked as one while it runs
void run_part(const Part& part) {
  const bool outer = t_in_part;
  t_in_part = true;
  part();
  t_in_part = outer;
}

#ifdef AP_THREADS
// pthread_create rather than std::thread: a thread that cannot start (no worker free in the
// WebAssembly build) is an error code here, where std::thread would throw, and exceptions are off.
void* call(void* body) {
  run_part(*static_cast<const Part*>(body));
  return nullptr;
}
#endif

}  // namespace

bool threads_available() {
#ifdef AP_THREADS
  return true;
#else
  return false;
#endif
}

std::size_t threads() { return g_threads.load(); }

std::size_t set_threads(std::size_t n) {
  g_threads.store(threads_available() && n >= 2 ? 2 : 1);
  return g_threads.load();
}

void run_two(double work, Part first, Part second) {
#ifdef AP_THREADS
  pthread_t other;
  if (threads() >= 2 && work >= kThreadWork && !t_in_part &&
      pthread_create(&other, nullptr, call, &second) == 0) {
    run_part(first);
    pthread_join(other, nullptr);
    return;
  }
#endif
  (void)work;
  run_part(first);
  run_part(second);
}

}  // namespace ap
