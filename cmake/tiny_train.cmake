# tiny_train: the native trainer of the tiny attention-only transformer
# (tools/tiny_train.cpp); never part of the WebAssembly build.
if(NOT EMSCRIPTEN)
  add_executable(tiny_train tools/tiny_train.cpp)
  target_link_libraries(tiny_train PRIVATE attention_core_lib)
  target_compile_options(tiny_train PRIVATE -O3)
  ap_warnings(tiny_train)
endif()
