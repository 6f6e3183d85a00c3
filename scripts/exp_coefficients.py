#!/usr/bin/env python3
"""exp_coefficients.py — the polynomial for e^r in cpp/attention_fast.cpp.

The degree-11 polynomial through e^r at the 12 Chebyshev nodes of
[−ln2/2, ln2/2] (nearly the minimax one), solved in 60-digit arithmetic with
mpmath (`pip install mpmath`) and printed as doubles (Python's repr), with its
largest relative error on the interval.

    python3 scripts/exp_coefficients.py
"""
import mpmath as mp

mp.mp.dps = 60
DEGREE = 11
A = mp.log(2) / 2  # |r| ≤ ln2/2 after the reduction x = k·ln2 + r

nodes = [A * mp.cos(mp.pi * (k + mp.mpf(1) / 2) / (DEGREE + 1)) for k in range(DEGREE + 1)]
vandermonde = mp.matrix([[x**n for n in range(DEGREE + 1)] for x in nodes])
coefficients = mp.lu_solve(vandermonde, mp.matrix([mp.e**x for x in nodes]))

doubles = [float(c) for c in coefficients]
error = max(abs(sum(mp.mpf(c) * x**n for n, c in enumerate(doubles)) - mp.e**x) / mp.e**x for x in mp.linspace(-A, A, 4001))
for n, c in enumerate(doubles):
    print(f"c{n} = {c!r}")
print(f"max relative error on [-ln2/2, ln2/2], coefficients as doubles: {mp.nstr(error, 3)}")
