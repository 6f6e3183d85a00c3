// threads_bindings.cpp — how many threads the kernels use (parallel.h): 2 only in the
// build made with -pthread (attention_core_mt), which the page loads where it is
// cross-origin isolated; 1 in every other build, whatever is asked.
#include <emscripten/bind.h>

#include "parallel.h"

namespace {

double js_set_threads(double n) { return static_cast<double>(ap::set_threads(n >= 2 ? 2 : 1)); }
double js_threads() { return static_cast<double>(ap::threads()); }

}  // namespace

EMSCRIPTEN_BINDINGS(threads) {
  emscripten::function("set_threads", &js_set_threads);
  emscripten::function("threads", &js_threads);
  emscripten::function("threads_available", &ap::threads_available);
}
