# tiny_core: the second WebAssembly module, the tiny transformer's trainer
# (cpp/bindings_tiny/*.cpp over the core's tiny_session and tiny_inspect), in
# web/src/training/wasm/tiny_core.{mjs,wasm}. The page loads it with the
# training panel only, so the first screen's download does not grow.
# The trainer's sources keep -O3 (a step is ~all of a run's time); the
# attention_core module does not link them.
set(AP_TINY_KERNELS
    cpp/grad_adam.cpp cpp/grad_attention.cpp cpp/grad_cross_entropy.cpp cpp/grad_embedding.cpp
    cpp/grad_init.cpp cpp/grad_layer_norm.cpp cpp/grad_linear.cpp cpp/grad_multi_head.cpp
    cpp/grad_rope.cpp cpp/grad_softmax.cpp cpp/tiny_transformer.cpp cpp/trainer.cpp
    cpp/tiny_session.cpp cpp/tasks.cpp)
foreach(source ${AP_TINY_KERNELS})
  set_source_files_properties(${source} PROPERTIES COMPILE_OPTIONS "-O3")
endforeach()
# its adapters, with the attention core's call protocol (wire.cpp) and set_threads / threads
file(GLOB AP_TINY_BINDING_SOURCES CONFIGURE_DEPENDS cpp/bindings_tiny/*.cpp)
list(APPEND AP_TINY_BINDING_SOURCES cpp/bindings/wire.cpp cpp/bindings/threads_bindings.cpp)
ap_adapters_for_size(${AP_TINY_BINDING_SOURCES})
add_executable(tiny_core ${AP_TINY_BINDING_SOURCES})
target_link_libraries(tiny_core PRIVATE attention_core_lib)
ap_wasm_module(tiny_core createTinyCore 16777216 536870912 web/src/training/wasm ON)
# and without SIMD128 (web/src/training/core.ts loads this one where the engine has no SIMD)
add_executable(tiny_core_nosimd ${AP_TINY_BINDING_SOURCES})
target_link_libraries(tiny_core_nosimd PRIVATE attention_core_lib_nosimd)
ap_wasm_module(tiny_core_nosimd createTinyCore 16777216 536870912 web/src/training/wasm OFF)
# and with SIMD128 and two threads (-pthread: a worker of a cross-origin isolated page loads this
# one; the batch's two halves of sequences on the two threads, tiny_transformer.cpp)
add_executable(tiny_core_mt ${AP_TINY_BINDING_SOURCES})
target_link_libraries(tiny_core_mt PRIVATE attention_core_lib_mt)
ap_wasm_module(tiny_core_mt createTinyCore 16777216 536870912 web/src/training/wasm ON THREADS)
