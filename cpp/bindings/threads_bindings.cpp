// threads_bindings.cpp — how many threads the kernels use (parallel.h): 2 only in the
// build made with -pthread (attention_core_mt), which the page loads where it is
// cross-origin isolated; 1 in every other build, whatever is asked. Plain results.
#include "bindings/wire.h"
#include "parallel.h"

namespace {

using namespace ap_js;

void set_threads(Args& a, Out& o) {
  o.number(nullptr, static_cast<double>(ap::set_threads(a.number() >= 2 ? 2 : 1)));
}
void threads(Args&, Out& o) { o.number(nullptr, static_cast<double>(ap::threads())); }
void threads_available(Args&, Out& o) { o.flag(nullptr, ap::threads_available()); }

const Bindings list{
    {"set_threads", "n", set_threads},
    {"threads", "", threads},
    {"threads_available", "", threads_available},
};

}  // namespace
