#!/usr/bin/env python3
"""make_seeds.py — the seed corpus of core_fuzz (tests/fuzz/corpus/), made once.

Three inputs per function choice of core_fuzz.cpp (the first byte, 0 … 20):
small shapes with small exact values, the same with huge / tiny / special
values, and deterministic pseudo-random bytes. Re-running writes the same
files (fixed seeds); scripts/fuzz.sh never writes into this folder.

    python3 tests/fuzz/make_seeds.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")
CHOICES = 21  # core_fuzz.cpp: LLVMFuzzerTestOneInput's switch


def small(rng):
    # dims of 2 … 4, value tags < 96 (exact small values), flags set
    body = bytearray()
    for _ in range(12):
        body.append(rng.choice([2, 3, 4]))
    for _ in range(160):
        body.append(rng.randrange(0, 96))
    return bytes(body)


def special(rng):
    # the same shapes, values from the special table (96 … 159): 1e300, DBL_MAX, 5e-324, …
    body = bytearray()
    for _ in range(12):
        body.append(rng.choice([1, 2, 3]))
    for _ in range(160):
        body.append(rng.choice([rng.randrange(96, 160), rng.randrange(0, 96)]))
    return bytes(body)


def noise(rng):
    return bytes(rng.randrange(256) for _ in range(rng.randrange(16, 200)))


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(13)
    for choice in range(CHOICES):
        for name, make in (("small", small), ("special", special), ("noise", noise)):
            data = bytes([choice]) + make(rng)
            if choice == 20:  # the over-budget calls need their gate byte below 32
                data = bytes([choice, rng.randrange(32)]) + data[2:]
            with open(os.path.join(OUT, "seed-%02d-%s" % (choice, name)), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
