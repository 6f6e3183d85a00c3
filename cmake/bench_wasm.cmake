# The benchmarks' reference kernels in WebAssembly (scripts/bench.sh builds them; the default build does not).
