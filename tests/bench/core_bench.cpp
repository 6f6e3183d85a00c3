// core_bench.cpp — attention_reference (plain loops) against attention_fast
// (tiled, SIMD), and multi-head attention built on each.
//
// Build with -DAP_NATIVE_ARCH=ON in its own directory:
//   cmake -S . -B build/native-bench -DAP_NATIVE_ARCH=ON && cmake --build build/native-bench
//   build/native-bench/core_bench
//
// Shapes: Q, K, V (n, d); causal mask (n, n); multi-head: h heads of width d/h.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>

#include "attention.h"
#include "attention_fast.h"
#include "flash_attention.h"  // attention at scale
#include "mask.h"
#include "matmul.h"
#include "multi_head.h"
#include "random.h"
// the plain kernel and the multiply-add peak (the yardsticks of the WASM bench, here natively);
// its one source is included here: core_bench is built from this file alone
#include "plain_kernel.cpp"

namespace {

// Q, K, V (n, d) of standard normals and the (n, n) causal mask.
struct Inputs {
  ap::Matrix Q, K, V;
  ap::Mask causal;
  Inputs(std::size_t n, std::size_t d)
      : Q(ap::random_normal(n, d, 1).value),
        K(ap::random_normal(n, d, 2).value),
        V(ap::random_normal(n, d, 3).value),
        causal(ap::causal_mask(n).value) {}
};

// The work one call does: Q·Kᵀ and weights·V over the visible half, 2 flops
// per multiply-add (the causal mask hides the upper triangle).
void report(benchmark::State& state, std::size_t n, std::size_t d) {
  const double macs = 2.0 * d * (n * (n + 1) / 2.0);
  state.counters["GFLOP/s"] = benchmark::Counter(
      2.0 * macs * state.iterations(), benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

// Causal single-head attention, d = 64.
template <ap::AttentionResult (*Kernel)(const ap::Matrix&, const ap::Matrix&, const ap::Matrix&,
                                        const ap::Mask*, const ap::AttentionOptions&)>
void BM_Causal(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)), d = 64;
  const Inputs in(n, d);
  for (auto _ : state) {
    ap::AttentionResult r = Kernel(in.Q, in.K, in.V, &in.causal, true);
    benchmark::DoNotOptimize(r.out.data.data());
    benchmark::ClobberMemory();
  }
  report(state, n, d);
}
BENCHMARK_TEMPLATE(BM_Causal, ap::attention_reference)
    ->Name("causal_d64/reference")
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Causal, ap::attention_fast)
    ->Name("causal_d64/fast")
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond);

// Multi-head with the reference kernel per head: the same slicing as
// multi_head_unchecked, so the two rows below differ only in the kernel.
ap::MultiHeadResult multi_head_reference(const ap::Matrix& Q, const ap::Matrix& K,
                                         const ap::Matrix& V, std::size_t h, const ap::Mask* mask) {
  const std::size_t d_head = Q.cols / h, dv_head = V.cols / h;
  ap::MultiHeadResult r{ap::Matrix(Q.rows, V.cols), {}};  // out (n_q, d_v)
  for (std::size_t t = 0; t < h; ++t) {
    const ap::Matrix Qt = ap::columns(Q, t * d_head, d_head);    // (n_q, d/h)
    const ap::Matrix Kt = ap::columns(K, t * d_head, d_head);    // (n_k, d/h)
    const ap::Matrix Vt = ap::columns(V, t * dv_head, dv_head);  // (n_k, d_v/h)
    ap::AttentionResult a = ap::attention_reference(Qt, Kt, Vt, mask, true);
    for (std::size_t i = 0; i < Q.rows; ++i)
      for (std::size_t c = 0; c < dv_head; ++c) r.out(i, t * dv_head + c) = a.out(i, c);
    r.weights.push_back(std::move(a.weights));
  }
  return r;
}

// Causal multi-head attention, d = 512, h = 8 (heads of width 64).
template <bool Fast>
void BM_MultiHead(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)), d = 512, h = 8;
  const Inputs in(n, d);
  for (auto _ : state) {
    ap::MultiHeadResult r = Fast ? ap::multi_head_unchecked(in.Q, in.K, in.V, h, &in.causal)
                                 : multi_head_reference(in.Q, in.K, in.V, h, &in.causal);
    benchmark::DoNotOptimize(r.out.data.data());
    benchmark::ClobberMemory();
  }
  report(state, n, d);
}
BENCHMARK_TEMPLATE(BM_MultiHead, false)
    ->Name("multi_head_d512_h8/reference")
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_MultiHead, true)
    ->Name("multi_head_d512_h8/fast")
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

// ---- attention at scale: flash_attention against attention ----
// Causal, d = 64: "flash" is flash_attention (tiles, online softmax, no
// weights); "attention" is the checked attention() call, whose weights
// (n, n) are part of its result (causal mask passed, as the page does).
// Q, K, V (n, 64): random_normal's (at most 4096 rows) repeated down to n rows.
ap::Matrix tall(std::size_t n, std::uint64_t seed) {
  const ap::Matrix block = ap::random_normal(std::min<std::size_t>(n, 4096), 64, seed).value;
  ap::Matrix m(n, 64);  // (n, 64)
  for (std::size_t p = 0; p < m.data.size(); ++p) m.data[p] = block.data[p % block.data.size()];
  return m;
}

void BM_FlashCausal(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)), d = 64;
  const ap::Matrix Q = tall(n, 1), K = tall(n, 2), V = tall(n, 3);
  ap::FlashOptions o;
  o.causal = true;
  for (auto _ : state) {
    auto r = ap::flash_attention(Q, K, V, nullptr, o);
    if (!r.ok()) state.SkipWithError(r.status.message.c_str());
    benchmark::DoNotOptimize(r.value.out.data.data());
    benchmark::ClobberMemory();
  }
  report(state, n, d);
}
BENCHMARK(BM_FlashCausal)
    ->Name("flash_causal_d64/flash")
    ->Arg(1024)
    ->Arg(4096)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond);

void BM_AttentionCausal(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)), d = 64;
  const Inputs in(n, d);
  for (auto _ : state) {
    auto r = ap::attention(in.Q, in.K, in.V, &in.causal);
    benchmark::DoNotOptimize(r.value.out.data.data());
    benchmark::ClobberMemory();
  }
  report(state, n, d);
}
BENCHMARK(BM_AttentionCausal)
    ->Name("flash_causal_d64/attention")
    ->Arg(1024)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);

// ---- the engine at the limit: the plain kernel and the multiply-add peak ----
// Causal, d = 64: plain::causal_attention on the same inputs as causal_d64/fast, into buffers
// allocated once (out (n, 64), P (n, n)); the peak loop's rate in G scalar multiply-adds/s.
void BM_Plain(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0)), d = 64;
  const Inputs in(n, d);
  std::vector<double> out(n * d), P(n * n), scratch(n * d + 4 * n);
  for (auto _ : state) {
    plain::causal_attention(in.Q.data.data(), in.K.data.data(), in.V.data.data(), n, d, d,
                            out.data(), P.data(), scratch.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  report(state, n, d);
}
BENCHMARK(BM_Plain)
    ->Name("causal_d64/plain")
    ->Arg(256)
    ->Arg(1024)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond);

void BM_Peak(benchmark::State& state) {
  std::size_t steps = 1000000;
  for (auto _ : state) {
    benchmark::DoNotOptimize(steps);  // opaque: the call is not hoisted out of the loop
    benchmark::DoNotOptimize(plain::multiply_add_chains(steps));
  }
  state.counters["multiply-adds/s"] =
      benchmark::Counter(static_cast<double>(steps * plain::kPeakChains * plain::lanes()) *
                             static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}
BENCHMARK(BM_Peak)->Name("peak/multiply_add")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
