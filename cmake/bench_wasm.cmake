# The benchmarks' reference kernels in WebAssembly (scripts/bench.sh builds them; the default build does not).
# build/bench-wasm/plain_kernel.{mjs,wasm}: tests/bench/plain_kernel.cpp (the plain causal attention
# kernel and the multiply-add peak loop) as plain C functions taking pointers into the heap, -O3
# -msimd128, for Node (loaded with { wasmBinary }, as the core is).
add_executable(plain_kernel EXCLUDE_FROM_ALL tests/bench/plain_kernel.cpp
                                             tests/bench/plain_kernel_exports.cpp)
target_compile_options(plain_kernel PRIVATE -O3 -msimd128)
ap_warnings(plain_kernel)
target_link_options(plain_kernel PRIVATE
  -O3 -msimd128
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createPlainKernel -sENVIRONMENT=web,worker
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=268435456 -sMAXIMUM_MEMORY=2147483648
  -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=_malloc,_free)
set_target_properties(plain_kernel PROPERTIES
  SUFFIX ".mjs"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_SOURCE_DIR}/build/bench-wasm")
