// experiments.h — the seed 003 experiments, as pure seeded functions; one header each:
//
//   1. scaling      largest softmax weight with and without ÷√d_k         scaling.h
//   2. permutation  attention(PX) vs P·attention(X), with/without PE,
//                   RoPE or ALiBi                                          permutation.h
//   3. quadratic    the score matrix has n² entries; the log–log fit      quadratic.h
//   4. h = 1 check  multi_head(Q, K, V, 1) is exactly attention(Q, K, V)  h1_check.h
//
// Shape legend: n = number of tokens (queries = keys), d = width (d_k = d_v),
// h = heads, T = trials, P = the permutation matrix with (P·M)[i] = M[perm[i]].
#pragma once

#include "h1_check.h"
#include "permutation.h"
#include "quadratic.h"
#include "scaling.h"
