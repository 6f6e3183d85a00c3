// plain_kernel_exports.cpp — plain_kernel.h as C functions of the benchmark's
// WebAssembly module (cmake/bench_wasm.cmake), called from
// scripts/bench/wasm.bench-run.ts with pointers into the module's heap.
#include <emscripten/emscripten.h>

#include "plain_kernel.h"

extern "C" {

EMSCRIPTEN_KEEPALIVE void plain_causal_attention(const double* Q, const double* K, const double* V,
                                                 std::size_t n, std::size_t d, std::size_t ld,
                                                 double* out, double* P, double* scratch) {
  plain::causal_attention(Q, K, V, n, d, ld, out, P, scratch);
}

EMSCRIPTEN_KEEPALIVE double plain_multiply_add_chains(std::size_t steps) {
  return plain::multiply_add_chains(steps);
}

EMSCRIPTEN_KEEPALIVE std::size_t plain_chains() { return plain::kPeakChains; }

EMSCRIPTEN_KEEPALIVE std::size_t plain_lanes() { return plain::lanes(); }

}  // extern "C"
