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
file(GLOB AP_TINY_BINDING_SOURCES CONFIGURE_DEPENDS cpp/bindings_tiny/*.cpp)
add_executable(tiny_core ${AP_TINY_BINDING_SOURCES})
target_link_libraries(tiny_core PRIVATE attention_core_lib)
target_compile_options(tiny_core PRIVATE -Os -msimd128)
ap_warnings(tiny_core)
target_link_options(tiny_core PRIVATE
  -O3 -msimd128 --bind
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createTinyCore
  -sENVIRONMENT=web,worker -sDYNAMIC_EXECUTION=0
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16777216 -sMAXIMUM_MEMORY=536870912
  -sFILESYSTEM=0 -sEXPORTED_RUNTIME_METHODS=[] -sMALLOC=emmalloc)
set_target_properties(tiny_core PROPERTIES
  SUFFIX ".mjs"
  RUNTIME_OUTPUT_DIRECTORY "${CMAKE_SOURCE_DIR}/web/src/training/wasm")
