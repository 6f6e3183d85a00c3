// experiments.h — the seed 003 experiments (placeholder, filled in later).
#pragma once
