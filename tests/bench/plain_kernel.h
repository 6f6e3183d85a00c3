// plain_kernel.h — the benchmarks' yardsticks, not part of the core: the
// simplest fast causal attention this toolchain makes (no checks, no
// allocation, no copies: pointers into memory the caller owns), and a loop
// that measures the processor's peak rate of SIMD multiply-adds on doubles.
//
// scripts/bench.sh builds them to WebAssembly (cmake/bench_wasm.cmake:
// build/bench-wasm/plain_kernel.{mjs,wasm}, -O3 -msimd128) and natively into
// core_bench, and times the project's calls against them on the same inputs.
#pragma once

#include <cstddef>

namespace plain {

// Causal attention with its weights, d = d_k = d_v:
//   P = softmax(Q·Kᵀ / √d, key j > query i hidden),  out = P·V.
// Q, K, V, out: n rows of d values, rows `ld` apart (ld = d for a plain
// matrix, ld = h·d for one head's columns of an (n, h·d) matrix).
// P (n, n), row-major, every element written (0 above the diagonal).
// scratch: at least n·d + 4·n doubles. Unchecked: n % 4 == 0, d % 4 == 0,
// values small enough that no score overflows.
void causal_attention(const double* Q, const double* K, const double* V, std::size_t n,
                      std::size_t d, std::size_t ld, double* out, double* P, double* scratch);

// kPeakChains independent chains of `steps` multiply-adds each on whole SIMD
// registers (every step of a chain: one vector multiply and one vector add).
// Returns a sum of the chains' values, so no compiler drops the work.
constexpr std::size_t kPeakChains = 12;
double multiply_add_chains(std::size_t steps);

// Doubles per SIMD register in these loops (2 in WebAssembly SIMD128).
std::size_t lanes();

}  // namespace plain
