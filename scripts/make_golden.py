#!/usr/bin/python3
"""make_golden.py — reference vectors for the C++ core, computed with PyTorch.

Run with the Debian interpreter that has torch (the pyenv `python3` has not):

    /usr/bin/python3 scripts/make_golden.py

Everything is float64. Random INPUTS are rounded to 4 decimals (so the JSON
stays small and the numbers read back bit-exactly); OUTPUTS are written at
full precision (Python's repr: the shortest string that round-trips, up to 17
significant digits). Every section has its own fixed seed, so re-running the
script reproduces the files byte for byte.

Masks in the fixtures are bool[][] with the seed 003 meaning, true = query i
may SEE key j, or null for "no mask". (Seed 000 uses the opposite convention,
True = masked; the conversion happens here, never in the fixtures.)

Files (tests/golden/), read by tests/cpp/golden_test.cpp and by Vitest:
  softmax.json       [{name, xs, out}]
  attention.json     [{name, Q, K, V, mask, scale, out, weights}]
  multi_head.json    [{name, Q, K, V, h, mask, out, weights: h × (n_q, n_k)}]
  layer_norm.json    [{name, row, eps, out}]
  block.json         [{name, X, h, mask, out, weights: h × (n, n)}]
  pos_encoding.json  [{n, d, out}]
  single_head.json   [{name, X, Wq, Wk, Wv, causal, q, k, v, weights, out,
                       out_f32, weights_f32}]
  project.json       [{op: "project", name, X, W, b (or null), out}]  X·W + b, by nn.Linear
  grouped.json       [{name, q, k, v, params: {Wq, bq, Wk, bk, Wv, bv, Wo, bo},
                       num_heads, num_kv_heads, mask, out, weights}]
  temperature.json   [{name, op: "attention", Q, K, V, mask, scale, temperature,
                       out, weights, entropy: (n_q)}
                      | {name, op: "multi_head", Q, K, V, h, mask, temperature,
                       out, weights: h × (n_q, n_k), entropy: h × (n_q)}]
  entropy.json       [{name, weights: (rows, cols), entropy: (rows), max_entropy}]

Temperature τ is the softmax temperature of Hinton, Vinyals & Dean, "Distilling
the Knowledge in a Neural Network" (2015, arXiv:1503.02531): q_i = exp(z_i/T) /
Σ_j exp(z_j/T). Here z = Q·Kᵀ/√d_k, so the logits are Q·Kᵀ / (τ·√d_k)
(Q·Kᵀ / τ with scale off). Entropies are in nats, H_i = −Σ_j w_ij ln w_ij with
0·ln 0 = 0 (torch.special.entr); the largest possible is ln n_k.
"""

import json
import math
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
F64 = torch.float64

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "tests", "golden")


# ---------------------------------------------------------------- helpers

def gen(seed):
    """A private generator, so each section's numbers do not depend on the others."""
    g = torch.Generator()
    g.manual_seed(seed)
    return g


def randn(g, *shape, scale=1.0):
    """Standard normal × scale, rounded to 4 decimals (an input)."""
    return rnd(torch.randn(*shape, generator=g, dtype=F64) * scale)


def uniform(g, *shape, bound):
    """U(−bound, bound) like nn.Linear's init, rounded to 4 decimals (an input)."""
    return rnd((torch.rand(*shape, generator=g, dtype=F64) * 2 - 1) * bound)


def rnd(t):
    # k / 1e4 with k an integer is the double nearest to the decimal k·10⁻⁴,
    # i.e. exactly what parsing "0.1234" gives back.
    return torch.round(t * 1e4) / 1e4


def causal(n_q, n_k=None):
    """(n_q, n_k) bool, True = visible when j ≤ i (seed 003's causal_mask)."""
    n_k = n_q if n_k is None else n_k
    return torch.ones(n_q, n_k, dtype=torch.bool).tril()


def tolist(t):
    if t is None:
        return None
    return t.tolist()


def write(name, cases):
    """One case per line: short diffs, still one JSON array."""
    path = os.path.join(OUT_DIR, name)
    lines = [json.dumps(c, separators=(",", ":"), allow_nan=False) for c in cases]
    with open(path, "w") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")
    size = os.path.getsize(path)
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(cases)} cases, {size:,} bytes")
    for c in cases:
        print(f"    - {c.get('name', '(n=%s, d=%s)' % (c.get('n'), c.get('d')))}")
    return size


# ------------------------------------------------------- explicit references

def ref_attention(Q, K, V, mask=None, scale=True, temperature=1.0):
    """scores = Q·Kᵀ / (τ·√d_k) (/ τ unscaled) → hidden keys −∞ → softmax per row → weights·V.

    Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) True = visible.
    A row with no visible key gets weights 0 and out 0 (torch would give NaN).
    τ = 1 divides by exactly √d_k (or 1), as before temperatures were added.
    """
    scores = Q @ K.transpose(-2, -1)                       # (n_q, n_k)
    if scale:
        scores = scores / (temperature * math.sqrt(Q.size(-1)))
    else:
        scores = scores / temperature
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    w = F.softmax(scores, dim=-1)                          # (n_q, n_k)
    if mask is not None:
        dead = ~mask.any(dim=-1)                           # (n_q,) all hidden
        w = w.masked_fill(dead.unsqueeze(-1), 0.0)         # NaN → 0
    out = w @ V                                            # (n_q, d_v)
    return out, w


def ref_multi_head(Q, K, V, h, mask=None, temperature=1.0):
    """Split the last dim into h heads, attend with 1/(τ·√(d/h)), concatenate.

    Q (n_q, d), K (n_k, d), V (n_k, d_v) → out (n_q, d_v), weights (h, n_q, n_k).
    """
    n_q, d = Q.shape
    n_k, d_v = V.shape
    dh, dvh = d // h, d_v // h
    q = Q.view(n_q, h, dh).transpose(0, 1)                 # (h, n_q, d/h)
    k = K.view(n_k, h, dh).transpose(0, 1)                 # (h, n_k, d/h)
    v = V.view(n_k, h, dvh).transpose(0, 1)                # (h, n_k, d_v/h)
    scores = q @ k.transpose(-2, -1) / (temperature * math.sqrt(dh))  # (h, n_q, n_k)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    w = F.softmax(scores, dim=-1)                          # (h, n_q, n_k)
    out = (w @ v).transpose(0, 1).reshape(n_q, d_v)        # (n_q, d_v)
    return out, w


def ref_grouped(q, k, v, p, H, G, mask=None):
    """Projected multi-head attention with G KV heads shared by H query heads.

    q (B, n_q, d_q_in), k (B, n_k, d_k_in), v (B, n_k, d_v_in); W as x·W + b.
    → out (B, n_q, d_o), weights (B, H, n_q, n_k).
    """
    def lin(x, W, b):
        y = x @ W
        return y if b is None else y + b

    B, n_q, _ = q.shape
    n_k = k.shape[1]
    d_k = p["Wq"].shape[1] // H
    d_v = p["Wv"].shape[1] // G
    Q = lin(q, p["Wq"], p["bq"]).view(B, n_q, H, d_k).permute(0, 2, 1, 3)  # (B, H, n_q, d_k)
    Kp = lin(k, p["Wk"], p["bk"]).view(B, n_k, G, d_k).permute(0, 2, 1, 3)  # (B, G, n_k, d_k)
    Vp = lin(v, p["Wv"], p["bv"]).view(B, n_k, G, d_v).permute(0, 2, 1, 3)  # (B, G, n_k, d_v)
    Kp = Kp.repeat_interleave(H // G, dim=1)                # (B, H, n_k, d_k): head i → KV i // (H/G)
    Vp = Vp.repeat_interleave(H // G, dim=1)                # (B, H, n_k, d_v)
    scores = Q @ Kp.transpose(-2, -1) / math.sqrt(d_k)      # (B, H, n_q, n_k)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    w = F.softmax(scores, dim=-1)                           # (B, H, n_q, n_k)
    heads = (w @ Vp).permute(0, 2, 1, 3).reshape(B, n_q, H * d_v)  # (B, n_q, H·d_v)
    return lin(heads, p["Wo"], p["bo"]), w                  # (B, n_q, d_o)


# ---------------------------------------------------------------- seed 000
# Copied from seeds/000 (only whitespace restored).

def causal_mask(T: int, device=None):
    """Returns a bool mask where True means *masked* (disallowed).
    Shape: (1, 1, T, T) suitable for broadcasting with (B, heads, T, T).
    """
    m = torch.triu(torch.ones((T, T), dtype=torch.bool, device=device), diagonal=1)
    return m.view(1, 1, T, T)


class SingleHeadSelfAttention(nn.Module):
    """Single-head attention (explicit shapes)."""
    def __init__(self, d_model: int, d_k: int, dropout: float = 0.0, trace_shapes: bool = False):
        super().__init__()
        self.q = nn.Linear(d_model, d_k, bias=False)
        self.k = nn.Linear(d_model, d_k, bias=False)
        self.v = nn.Linear(d_model, d_k, bias=False)
        self.dropout = nn.Dropout(dropout)
        self.trace_shapes = trace_shapes

    def forward(self, x: torch.Tensor):
        # x: (B, T, d_model)
        B, T, _ = x.shape
        q = self.q(x)  # (B,T,d_k)
        k = self.k(x)  # (B,T,d_k)
        v = self.v(x)  # (B,T,d_k)
        if self.trace_shapes:
            print(f"q {q.shape}  k {k.shape}  v {v.shape}")
        scale = 1.0 / math.sqrt(q.size(-1))
        attn = torch.matmul(q, k.transpose(-2, -1)) * scale  # (B,T,T)
        mask = causal_mask(T, device=x.device)
        attn = attn.masked_fill(mask.squeeze(1), float('-inf'))
        w = F.softmax(attn, dim=-1)
        w = self.dropout(w)
        out = torch.matmul(w, v)  # (B,T,d_k)
        if self.trace_shapes:
            print(f"weights {w.shape}  out {out.shape}")
        return out, w


# The seed's inputs, exactly as given (batch dim of 1).
SEED0_X = [[[0.1, 0.2, 0.3, 0.4],
            [0.5, 0.4, 0.3, 0.2],
            [0.0, 0.1, 0.0, 0.1]]]
SEED0_Wq = [[0.2, -0.1], [0.0, 0.1], [0.1, 0.2], [-0.1, 0.0]]
SEED0_Wk = [[0.1, 0.1], [0.0, -0.1], [0.2, 0.0], [0.0, 0.2]]
SEED0_Wv = [[0.1, 0.0], [-0.1, 0.1], [0.2, -0.1], [0.0, 0.2]]


def run_seed0(dtype, causal_on, trace=False):
    """Seed 000's worked example through its own class, in `dtype`.

    float32 follows the seed literally (np.float32 arrays); float64 builds the
    same decimal numbers directly in float64. `causal_on=False` runs the same
    class with the module-level causal_mask swapped for one that hides nothing.
    """
    global causal_mask
    np_dtype = np.float32 if dtype == torch.float32 else np.float64
    X = np.array(SEED0_X, dtype=np_dtype)
    Wq = np.array(SEED0_Wq, dtype=np_dtype)
    Wk = np.array(SEED0_Wk, dtype=np_dtype)
    Wv = np.array(SEED0_Wv, dtype=np_dtype)
    torch.manual_seed(0)
    x = torch.tensor(X)
    attn = SingleHeadSelfAttention(d_model=4, d_k=2, trace_shapes=trace).to(dtype)
    with torch.no_grad():
        attn.q.weight.copy_(torch.tensor(Wq).t())
        attn.k.weight.copy_(torch.tensor(Wk).t())
        attn.v.weight.copy_(torch.tensor(Wv).t())
    saved = causal_mask
    if not causal_on:
        causal_mask = lambda T, device=None: torch.zeros((1, 1, T, T), dtype=torch.bool)  # noqa: E731
    try:
        with torch.no_grad():
            out, w = attn(x)
            q, k, v = attn.q(x), attn.k(x), attn.v(x)
    finally:
        causal_mask = saved
    assert torch.isfinite(out).all() and torch.isfinite(w).all()
    # drop the batch dim of 1
    return {"q": q[0], "k": k[0], "v": v[0], "weights": w[0], "out": out[0]}


# ---------------------------------------------------------------- seed 004
# Copied from seeds/004 (comments shortened).

class MHA(nn.Module):
    def __init__(self, num_head, dimension_k, dimension_v, d_k, d_v, d_o):
        super().__init__()
        self.num_head = num_head
        self.d_k = d_k
        self.d_v = d_v
        self.d_o = d_o
        self.fc_q = nn.Linear(dimension_k, num_head * d_k)
        self.fc_k = nn.Linear(dimension_k, num_head * d_k)
        self.fc_v = nn.Linear(dimension_v, num_head * d_v)
        self.fc_o = nn.Linear(num_head * d_v, d_o)
        self.softmax = nn.Softmax(dim=2)

    def forward(self, q, k, v, mask):
        batch, n_q, dimension_q = q.size()
        batch, n_k, dimension_k = k.size()
        batch, n_v, dimension_v = v.size()
        q = self.fc_q(q)
        k = self.fc_k(k)
        v = self.fc_v(v)
        q = q.view(batch, n_q, self.num_head, self.d_k).permute(2, 0, 1, 3).contiguous().view(-1, n_q, self.d_k)
        k = k.view(batch, n_k, self.num_head, self.d_k).permute(2, 0, 1, 3).contiguous().view(-1, n_k, self.d_k)
        v = v.view(batch, n_v, self.num_head, self.d_v).permute(2, 0, 1, 3).contiguous().view(-1, n_v, self.d_v)
        attention = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.d_k)
        mask = mask.repeat(self.num_head, 1, 1)
        attention = attention + mask
        attention = self.softmax(attention)
        output = torch.matmul(attention, v)
        output = output.view(self.num_head, batch, n_q, self.d_v).permute(1, 2, 0, 3).contiguous().view(batch, n_q, -1)
        output = self.fc_o(output)
        return attention, output  # attention:(80,2,4)  output:(10,2,8)


class MQA(nn.Module):
    def __init__(self, num_head, dimension_k, dimension_v, d_k, d_v, d_o):
        super().__init__()
        self.num_head = num_head
        self.d_k = d_k
        self.d_v = d_v
        self.d_o = d_o
        self.fc_q = nn.Linear(dimension_k, num_head * d_k)
        self.fc_k = nn.Linear(dimension_k, d_k)
        self.fc_v = nn.Linear(dimension_v, d_v)
        self.fc_o = nn.Linear(num_head * d_v, d_o)
        self.softmax = nn.Softmax(dim=2)

    def forward(self, q, k, v, mask):
        batch, n_q, dimension_q = q.size()
        batch, n_k, dimension_k = k.size()
        batch, n_v, dimension_v = v.size()
        q = self.fc_q(q)
        k = self.fc_k(k)
        v = self.fc_v(v)
        q = q.view(batch, n_q, self.num_head, self.d_k).permute(2, 0, 1, 3).contiguous().view(-1, n_q, self.d_k)
        k = k.repeat(self.num_head, 1, 1)
        v = v.repeat(self.num_head, 1, 1)
        attention = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.d_k)
        mask = mask.repeat(self.num_head, 1, 1)
        attention = attention + mask
        attention = self.softmax(attention)
        output = torch.matmul(attention, v)
        output = output.view(self.num_head, batch, n_q, self.d_v).permute(1, 2, 0, 3).contiguous().view(batch, n_q, -1)
        output = self.fc_o(output)
        return attention, output


def load_linear(lin, W, b):
    """nn.Linear stores (d_out, d_in); our W is (d_in, d_out). No bias → 0."""
    with torch.no_grad():
        lin.weight.copy_(W.t())
        lin.bias.copy_(b if b is not None else torch.zeros(W.shape[1]))


# ---------------------------------------------------------------- sections

def make_softmax():
    g = gen(1)
    rows = [
        ("small_1_2_3", [1.0, 2.0, 3.0]),
        ("large_1000_1001_1002", [1000.0, 1001.0, 1002.0]),
        ("negative_large", [-1000.0, -1001.0, -1002.0]),
        ("single_element", [42.0]),
        ("equal_values", [0.5, 0.5, 0.5, 0.5]),
        ("huge_spread", [-1e4, 0.0, 1e4]),
        ("random_8", randn(g, 8, scale=3.0).tolist()),
    ]
    cases = []
    for name, xs in rows:
        out = F.softmax(torch.tensor(xs, dtype=F64), dim=-1)
        cases.append({"name": name, "xs": xs, "out": out.tolist()})
    return write("softmax.json", cases)


def make_attention():
    g = gen(2)
    cases = []

    def add(name, Q, K, V, mask, scale):
        out, w = ref_attention(Q, K, V, mask, scale)
        assert torch.isfinite(out).all() and torch.isfinite(w).all()
        cases.append({"name": name, "Q": tolist(Q), "K": tolist(K), "V": tolist(V),
                      "mask": tolist(mask), "scale": scale,
                      "out": tolist(out), "weights": tolist(w)})

    n, d = 4, 8
    add("unmasked", randn(g, n, d), randn(g, n, d), randn(g, n, d), None, True)
    n = 5
    add("causal", randn(g, n, d), randn(g, n, d), randn(g, n, d), causal(n), True)
    n = 4
    add("unscaled", randn(g, n, d), randn(g, n, d), randn(g, n, d), None, False)
    # cross-attention: n_q 3 against n_k 5, d_k 4, d_v 6, a hand-made mask
    cross_mask = torch.tensor([[1, 0, 1, 1, 0],
                               [0, 1, 0, 0, 1],
                               [1, 1, 1, 1, 1]], dtype=torch.bool)
    add("cross_custom_mask", randn(g, 3, 4), randn(g, 5, 4), randn(g, 5, 6), cross_mask, True)
    # query 1 sees nothing: weights 0, out 0 for that row
    dead = causal(4)
    dead[1, :] = False
    add("fully_masked_row", randn(g, 4, 4), randn(g, 4, 4), randn(g, 4, 3), dead, True)
    # the scaling experiment's shape: d = 64, n = 8
    Q, K, V = randn(g, 8, 64), randn(g, 8, 64), randn(g, 8, 64)
    add("d64_n8", Q, K, V, None, True)
    add("d64_n8_unscaled", Q, K, V, None, False)
    return write("attention.json", cases)


def make_multi_head():
    g = gen(3)
    cases = []

    def add(name, Q, K, V, h, mask):
        out, w = ref_multi_head(Q, K, V, h, mask)
        cases.append({"name": name, "Q": tolist(Q), "K": tolist(K), "V": tolist(V), "h": h,
                      "mask": tolist(mask), "out": tolist(out), "weights": tolist(w)})

    for name, n, d, h, masked in [("h1_d8", 4, 8, 1, False),
                                  ("h2_d8_causal", 5, 8, 2, True),
                                  ("h4_d16", 4, 16, 4, False),
                                  ("h8_d16_causal", 6, 16, 8, True)]:
        add(name, randn(g, n, d), randn(g, n, d), randn(g, n, d), h,
            causal(n) if masked else None)
    # h = 1 must equal plain attention
    c = cases[0]
    o1, w1 = ref_attention(torch.tensor(c["Q"]), torch.tensor(c["K"]), torch.tensor(c["V"]))
    assert (o1 - torch.tensor(c["out"])).abs().max() < 1e-14
    # cross shapes: n_q 3, n_k 5, d 8, d_v 4, causal rectangle
    add("h2_cross_causal", randn(g, 3, 8), randn(g, 5, 8), randn(g, 5, 4), 2, causal(3, 5))
    return write("multi_head.json", cases)


def make_layer_norm():
    g = gen(4)
    rows = [
        ("ramp_1_to_4", [1.0, 2.0, 3.0, 4.0], 1e-5),
        ("constant_row", [3.0, 3.0, 3.0, 3.0, 3.0], 1e-5),
        ("single_element", [7.0], 1e-5),
        ("random_8", randn(g, 8, scale=2.0).tolist(), 1e-5),
        ("random_16_eps_1e-3", randn(g, 16).tolist(), 1e-3),
        ("large_offset", (rnd(1000.0 + torch.randn(6, generator=g))).tolist(), 1e-5),
        ("tiny_values_eps_0", (rnd(torch.randn(5, generator=g)) * 1e-3).tolist(), 0.0),
    ]
    cases = []
    for name, row, eps in rows:
        x = torch.tensor(row, dtype=F64)
        out = F.layer_norm(x, (x.numel(),), eps=eps)
        cases.append({"name": name, "row": row, "eps": eps, "out": out.tolist()})
    return write("layer_norm.json", cases)


def make_block():
    g = gen(5)
    eps = 1e-5
    cases = []
    for name, n, d, h, masked in [("n4_d8_h2_causal", 4, 8, 2, True),
                                  ("n5_d16_h4", 5, 16, 4, False),
                                  ("n3_d4_h1_causal", 3, 4, 1, True)]:
        X = randn(g, n, d)
        mask = causal(n) if masked else None
        LN = F.layer_norm(X, (d,), eps=eps)                # (n, d) row by row
        att, w = ref_multi_head(LN, LN, LN, h, mask)
        out = X + att                                      # residual
        cases.append({"name": name, "X": tolist(X), "h": h, "mask": tolist(mask),
                      "out": tolist(out), "weights": tolist(w)})
    return write("block.json", cases)


def make_pos_encoding():
    cases = []
    for n, d in [(4, 6), (5, 7), (8, 16), (3, 1), (16, 32)]:
        p = torch.arange(n, dtype=F64).unsqueeze(1)        # (n, 1)
        c = torch.arange(d)                                # (d,)
        i2 = (c - c % 2).to(F64)                           # 2i for both columns of a pair
        angle = p / torch.pow(torch.tensor(10000.0, dtype=F64), i2 / d)  # (n, d)
        pe = torch.where(c % 2 == 0, torch.sin(angle), torch.cos(angle))
        assert pe.abs().max() <= 1.0
        cases.append({"n": n, "d": d, "out": pe.tolist()})
    return write("pos_encoding.json", cases)


def make_single_head():
    cases = []
    for name, causal_on in [("seed000_causal", True), ("seed000_noncausal", False)]:
        r64 = run_seed0(torch.float64, causal_on, trace=causal_on)
        r32 = run_seed0(torch.float32, causal_on)
        # the float64 class and the explicit reference agree
        X = torch.tensor(SEED0_X[0])
        Wq, Wk, Wv = (torch.tensor(w) for w in (SEED0_Wq, SEED0_Wk, SEED0_Wv))
        o, w = ref_attention(X @ Wq, X @ Wk, X @ Wv, causal(3) if causal_on else None)
        assert (o - r64["out"]).abs().max() < 1e-15 and (w - r64["weights"]).abs().max() < 1e-15
        cases.append({
            "name": name, "X": SEED0_X[0], "Wq": SEED0_Wq, "Wk": SEED0_Wk, "Wv": SEED0_Wv,
            "causal": causal_on,
            "q": r64["q"].tolist(), "k": r64["k"].tolist(), "v": r64["v"].tolist(),
            "weights": r64["weights"].tolist(), "out": r64["out"].tolist(),
            "out_f32": r32["out"].double().tolist(), "weights_f32": r32["weights"].double().tolist(),
        })
    return write("single_head.json", cases)


def make_project():
    # X·W + b, the projection every head starts with: computed by nn.Linear (its weight is Wᵀ; no bias: 0)
    # and checked against the plain product; the first case is seed 000's q = X·Wq.
    g = gen(41)
    seed000 = json.load(open(os.path.join(OUT_DIR, "single_head.json")))[0]
    cases = []

    def add(name, X, W, b):
        lin = nn.Linear(W.shape[0], W.shape[1]).double()
        load_linear(lin, W, b)
        with torch.no_grad():
            out = lin(X)                                       # (n, d_out)
        plain = X @ W + (b if b is not None else 0.0)
        assert (out - plain).abs().max() < 1e-12
        cases.append({"op": "project", "name": name, "X": X.tolist(), "W": W.tolist(), "b": tolist(b), "out": out.tolist()})
        return out

    X0, Wq0 = torch.tensor(seed000["X"], dtype=F64), torch.tensor(seed000["Wq"], dtype=F64)
    q0 = add("seed000_q_is_X_Wq", X0, Wq0, None)
    assert (q0 - torch.tensor(seed000["q"], dtype=F64)).abs().max() < 1e-12
    add("with_bias_3x4_to_5", randn(g, 3, 4), randn(g, 4, 5), randn(g, 5))
    add("one_by_one", randn(g, 1, 1), randn(g, 1, 1), randn(g, 1))
    add("wide_5x64_to_6_with_bias", randn(g, 5, 64), uniform(g, 64, 6, bound=0.125), randn(g, 6))
    add("large_values", randn(g, 4, 3, scale=1e150), randn(g, 3, 2, scale=1e150), None)
    return write("project.json", cases)


def make_grouped():
    # seed 004: batch 10, n_q 2, n_k 4, q/k width 128, v width 64,
    # 8 heads of d_k = d_v = 16, d_o 8.
    batch, H, n_q, n_k = 10, 8, 2, 4
    dim_q, dim_k, dim_v = 128, 128, 64
    d_k, d_v, d_o = 16, 16, 8
    g = gen(6)
    q = randn(g, batch, n_q, dim_q)                        # (10, 2, 128)
    k = randn(g, batch, n_k, dim_k)                        # (10, 4, 128)
    v = randn(g, batch, n_k, dim_v)                        # (10, 4, 64)
    # seed 004's additive mask: 0 on/below the diagonal, −inf above
    add_mask = torch.triu(torch.full((batch, n_q, n_k), -np.inf), diagonal=1)  # (10, 2, 4)
    vis = add_mask[0] == 0                                 # (2, 4) True = visible, j ≤ i
    assert torch.equal(vis, causal(n_q, n_k))
    assert all(torch.equal(add_mask[b] == 0, vis) for b in range(batch))
    # shared across cases: Wq, bq, Wo, bo (nn.Linear-like init)
    Wq = uniform(g, dim_q, H * d_k, bound=1 / math.sqrt(dim_q))      # (128, 128)
    bq = uniform(g, H * d_k, bound=1 / math.sqrt(dim_q))
    Wo = uniform(g, H * d_v, d_o, bound=1 / math.sqrt(H * d_v))      # (128, 8)
    bo = uniform(g, d_o, bound=1 / math.sqrt(H * d_v))

    cases = []
    for name, G, with_bias in [("mha", 8, True), ("gqa", 2, False), ("mqa", 1, True)]:
        p = {
            "Wq": Wq, "bq": bq if with_bias else None,
            "Wk": uniform(g, dim_k, G * d_k, bound=1 / math.sqrt(dim_k)),
            "bk": uniform(g, G * d_k, bound=1 / math.sqrt(dim_k)),
            "Wv": uniform(g, dim_v, G * d_v, bound=1 / math.sqrt(dim_v)),
            "bv": uniform(g, G * d_v, bound=1 / math.sqrt(dim_v)),
            "Wo": Wo, "bo": bo if with_bias else None,
        }
        if not with_bias:
            p["bk"] = p["bv"] = None
        out, w = ref_grouped(q, k, v, p, H, G, vis)        # (10, 2, 8), (10, 8, 2, 4)

        # cross-check against the seed's own classes
        seed_cls = {8: MHA, 1: MQA}.get(G)
        if seed_cls is not None:
            m = seed_cls(H, dim_k, dim_v, d_k, d_v, d_o).double()
            for lin, W, b in [(m.fc_q, p["Wq"], p["bq"]), (m.fc_k, p["Wk"], p["bk"]),
                              (m.fc_v, p["Wv"], p["bv"]), (m.fc_o, p["Wo"], p["bo"])]:
                load_linear(lin, W, b)
            with torch.no_grad():
                s_att, s_out = m(q, k, v, add_mask)        # (80, 2, 4), (10, 2, 8)
            s_w = s_att.view(H, batch, n_q, n_k).permute(1, 0, 2, 3)  # (10, 8, 2, 4)
            d_out = (s_out - out).abs().max().item()
            d_w = (s_w - w).abs().max().item()
            print(f"  {name}: seed 004 {seed_cls.__name__} vs explicit reference: "
                  f"max|Δout| = {d_out:.3g}, max|Δweights| = {d_w:.3g}")
            assert d_out < 1e-12 and d_w < 1e-12
        if G == H:
            # MHA is also plain multi_head on the projections, batch by batch
            for b in range(batch):
                Qp = q[b] @ p["Wq"] + p["bq"]
                Kp = k[b] @ p["Wk"] + p["bk"]
                Vp = v[b] @ p["Wv"] + p["bv"]
                o_b, w_b = ref_multi_head(Qp, Kp, Vp, H, vis)
                assert (o_b @ p["Wo"] + p["bo"] - out[b]).abs().max() < 1e-12
                assert (w_b - w[b]).abs().max() < 1e-12

        cases.append({
            "name": name, "q": q.tolist(), "k": k.tolist(), "v": v.tolist(),
            "params": {key: tolist(val) for key, val in p.items()},
            "num_heads": H, "num_kv_heads": G, "mask": vis.tolist(),
            "out": out.tolist(), "weights": w.tolist(),
        })
    return write("grouped.json", cases)


def entropy(w):
    """Row entropies in nats: −Σ_j w_ij ln w_ij with 0·ln 0 = 0 (a hidden key, a hidden row)."""
    H = torch.special.entr(w).sum(dim=-1)                  # (…, rows)
    by_hand = -torch.where(w > 0, w * torch.log(w), torch.zeros_like(w)).sum(dim=-1)
    assert (H - by_hand).abs().max() < 1e-15
    return H + 0.0                                         # −0.0 → 0.0


def make_temperature():
    # The softmax temperature (Hinton et al. 2015, see the top): the same
    # inputs at τ from 0.05 (scores × 20: nearly one-hot) to 20 (nearly uniform).
    g = gen(9)
    cases = []

    def add_attention(name, Q, K, V, mask, scale, tau):
        out, w = ref_attention(Q, K, V, mask, scale, tau)
        assert torch.isfinite(out).all() and torch.isfinite(w).all()
        # τ is the same as Q / τ (exactly so for a power of two)
        o2, w2 = ref_attention(Q / tau, K, V, mask, scale)
        assert (w - w2).abs().max() < 1e-13 and (out - o2).abs().max() < 1e-13
        if tau == 1.0:                                     # the default changes nothing
            o1, w1 = ref_attention(Q, K, V, mask, scale)
            assert torch.equal(o1, out) and torch.equal(w1, w)
        cases.append({"name": name, "op": "attention", "Q": tolist(Q), "K": tolist(K),
                      "V": tolist(V), "mask": tolist(mask), "scale": scale, "temperature": tau,
                      "out": tolist(out), "weights": tolist(w), "entropy": tolist(entropy(w))})

    def add_multi_head(name, Q, K, V, h, mask, tau):
        out, w = ref_multi_head(Q, K, V, h, mask, tau)
        assert torch.isfinite(out).all() and torch.isfinite(w).all()
        cases.append({"name": name, "op": "multi_head", "Q": tolist(Q), "K": tolist(K),
                      "V": tolist(V), "h": h, "mask": tolist(mask), "temperature": tau,
                      "out": tolist(out), "weights": tolist(w), "entropy": tolist(entropy(w))})

    # one set of inputs, τ swept, scaled and unscaled
    Q, K, V = randn(g, 4, 8), randn(g, 6, 8), randn(g, 6, 3)
    for tau in [0.05, 0.5, 1.0, 2.0, 20.0]:
        add_attention(f"tau_{tau:g}", Q, K, V, None, True, tau)
    for tau in [0.05, 0.5, 2.0, 20.0]:
        add_attention(f"tau_{tau:g}_unscaled", Q, K, V, None, False, tau)
    # causal: the first query sees one key whatever τ is (entropy 0)
    Q, K, V = randn(g, 5, 4), randn(g, 5, 4), randn(g, 5, 4)
    for tau in [0.05, 0.5, 2.0, 20.0]:
        add_attention(f"causal_tau_{tau:g}", Q, K, V, causal(5), True, tau)
    # a hidden row (weights 0, out 0, entropy 0) and a τ that is not a power of two
    dead = torch.tensor([[1, 1, 0, 1],
                         [0, 0, 0, 0],
                         [1, 0, 1, 1]], dtype=torch.bool)
    add_attention("hidden_row_tau_0.3", randn(g, 3, 2), randn(g, 4, 2), randn(g, 4, 2), dead, True, 0.3)
    # large scores at τ = 0.05: most weights underflow to exactly 0
    add_attention("large_scores_tau_0.05", randn(g, 4, 4, scale=10.0), randn(g, 7, 4, scale=10.0),
                  randn(g, 7, 2), None, True, 0.05)
    # multi_head: every head at the same τ, each divided by τ·√(d/h)
    Q, K, V = randn(g, 5, 8), randn(g, 5, 8), randn(g, 5, 6)
    for tau in [0.05, 0.5, 2.0, 20.0]:
        add_multi_head(f"h2_causal_tau_{tau:g}", Q, K, V, 2, causal(5), tau)
    add_multi_head("h2_tau_0.5", Q, K, V, 2, None, 0.5)
    add_multi_head("h4_d16_cross_tau_3", randn(g, 3, 16), randn(g, 6, 16), randn(g, 6, 4), 4,
                   None, 3.0)
    return write("temperature.json", cases)


def make_entropy():
    # Row entropies of weight matrices, hand-made edge cases and softmax rows.
    g = gen(10)
    cases = []

    def add(name, w):
        w = torch.as_tensor(w, dtype=F64)
        cases.append({"name": name, "weights": w.tolist(), "entropy": entropy(w).tolist(),
                      "max_entropy": math.log(w.shape[-1])})

    add("uniform_4", [[0.25, 0.25, 0.25, 0.25]])
    add("one_hot", [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    add("single_key", [[1.0]])
    add("hidden_row", [[0.5, 0.5, 0.0], [0.0, 0.0, 0.0], [0.2, 0.3, 0.5]])
    add("causal_softmax_5", F.softmax(randn(g, 5, 5).masked_fill(~causal(5), float("-inf")), dim=-1))
    add("random_softmax_3x7", F.softmax(randn(g, 3, 7, scale=2.0), dim=-1))
    # nearly one-hot: weights down to ~1e-300 and exact zeros from underflow
    add("sharp_softmax_2x6", F.softmax(randn(g, 2, 6, scale=300.0), dim=-1))
    return write("entropy.json", cases)


# ---------------------------------------------------------------- positions: RoPE, ALiBi
#
# positions.json  [{name, op: "rope", X, base, pairing, offset, out}
#                  | {name, op: "alibi_slopes", h, slopes: (h)}
#                  | {name, op: "alibi_bias", h, n_q, n_k, bias: (h, n_q, n_k)}]
# Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_positions()"

def rope_inv_freq(d, base):
    """θ_i = base^(−2i/d), i = 0 … d/2 − 1, as Hugging Face's inv_freq = 1 / base^(arange(0, d, 2) / d)."""
    return 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.int64).to(F64) / d))


def rope_half_hf(X, base, offset):
    """Hugging Face Llama / GPT-NeoX: apply_rotary_pos_emb with rotate_half (transformers
    models/llama/modeling_llama.py): x·cos + rotate_half(x)·sin, cos and sin of cat(freqs, freqs)."""
    n, d = X.shape

    def rotate_half(x):
        x1, x2 = x[..., : d // 2], x[..., d // 2:]
        return torch.cat((-x2, x1), dim=-1)

    t = torch.arange(offset, offset + n, dtype=F64)            # positions (n,)
    freqs = torch.outer(t, rope_inv_freq(d, base))             # (n, d/2)
    emb = torch.cat((freqs, freqs), dim=-1)                    # (n, d)
    return X * emb.cos() + rotate_half(X) * emb.sin()


def rope_interleaved_complex(X, base, offset):
    """RoFormer / Meta's Llama (llama/model.py, apply_rotary_emb): the pairs (x_2i, x_2i+1) as complex
    numbers (torch.view_as_complex) times e^{i·p·θ_i} (torch.polar), back with view_as_real."""
    n, d = X.shape
    t = torch.arange(offset, offset + n, dtype=F64)
    freqs = torch.outer(t, rope_inv_freq(d, base))             # (n, d/2)
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)     # (n, d/2) complex128
    x = torch.view_as_complex(X.reshape(n, d // 2, 2).contiguous())
    return torch.view_as_real(x * freqs_cis).reshape(n, d)


def rope_rotation_matrix(X, base, offset, pairing):
    """The paper's block-diagonal rotation R_p (eq. 13–15), one 2 × 2 block per pair, as a check."""
    n, d = X.shape
    theta = rope_inv_freq(d, base)
    out = torch.empty_like(X)
    for r in range(n):
        p = float(offset + r)
        for i in range(d // 2):
            a, b = (i, i + d // 2) if pairing == "half" else (2 * i, 2 * i + 1)
            phi = torch.tensor(p, dtype=F64) * theta[i]
            R = torch.stack([torch.stack([phi.cos(), -phi.sin()]), torch.stack([phi.sin(), phi.cos()])])
            out[r, [a, b]] = R @ X[r, [a, b]]
    return out


def get_slopes(n):
    """ALiBi slopes, verbatim from Press et al.'s reference code: get_slopes in
    github.com/ofirpress/attention_with_linear_biases, fairseq/models/transformer.py."""
    def get_slopes_power_of_2(n):
        start = (2**(-2**-(math.log2(n)-3)))
        ratio = start
        return [start*ratio**i for i in range(n)]

    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    else:
        closest_power_of_2 = 2**math.floor(math.log2(n))
        return get_slopes_power_of_2(closest_power_of_2) + get_slopes(2*closest_power_of_2)[0::2][:n-closest_power_of_2]


def hf_alibi_slopes(num_heads):
    """The slopes of Hugging Face's build_alibi_tensor (transformers models/bloom/modeling_bloom.py), in float64."""
    closest_power_of_2 = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(2 ** (-(2 ** -(math.log2(closest_power_of_2) - 3))), dtype=F64)
    powers = torch.arange(1, 1 + closest_power_of_2, dtype=torch.int32)
    slopes = torch.pow(base, powers)
    if closest_power_of_2 != num_heads:
        extra_base = torch.tensor(2 ** (-(2 ** -(math.log2(2 * closest_power_of_2) - 3))), dtype=F64)
        num_remaining_heads = min(closest_power_of_2, num_heads - closest_power_of_2)
        extra_powers = torch.arange(1, 1 + 2 * num_remaining_heads, 2, dtype=torch.int32)
        slopes = torch.cat([slopes, torch.pow(extra_base, extra_powers)], dim=0)
    return slopes


def make_positions():
    g = gen(11)
    cases = []
    for pairing in ["half", "interleaved"]:
        for offset in [0, 5]:
            for n, d in [(1, 2), (3, 2), (4, 4), (5, 8), (3, 64), (2, 128)]:
                cases.append(("rope", pairing, offset, 10000.0, n, d))
        cases.append(("rope", pairing, 1000, 500000.0, 3, 16))     # Llama 3's base, a KV-cache offset
    out = []
    for _, pairing, offset, base, n, d in cases:
        X = randn(g, n, d)
        if pairing == "half":
            Y = rope_half_hf(X, base, offset)
            # the two conventions are one rotation of reordered columns
            perm = torch.stack([torch.arange(d // 2), torch.arange(d // 2) + d // 2], dim=1).reshape(d)
            other = rope_interleaved_complex(X[:, perm], base, offset)
            assert torch.allclose(other, Y[:, perm], rtol=0, atol=1e-12)
        else:
            Y = rope_interleaved_complex(X, base, offset)
        assert torch.allclose(Y, rope_rotation_matrix(X, base, offset, pairing), rtol=0, atol=1e-12)
        assert torch.allclose(Y.norm(dim=1), X.norm(dim=1), rtol=0, atol=1e-12)  # rotations keep norms
        out.append({"name": f"rope_{pairing}_n{n}_d{d}_offset{offset}_base{base:g}", "op": "rope",
                    "X": X.tolist(), "base": base, "pairing": pairing, "offset": offset, "out": Y.tolist()})
    for h in [1, 2, 3, 4, 5, 6, 8, 12, 16, 256]:
        slopes = torch.tensor(get_slopes(h), dtype=F64)
        assert torch.allclose(slopes, hf_alibi_slopes(h), rtol=0, atol=1e-15)
        out.append({"name": f"alibi_slopes_h{h}", "op": "alibi_slopes", "h": h, "slopes": slopes.tolist()})
    for h, n_q, n_k in [(1, 1, 1), (2, 4, 4), (3, 2, 5), (8, 1, 6), (6, 5, 5), (12, 3, 7)]:
        m = torch.tensor(get_slopes(h), dtype=F64)                        # (h,)
        p = torch.arange(n_q, dtype=F64) + (n_k - n_q)                    # query positions (n_q,)
        dist = (p[:, None] - torch.arange(n_k, dtype=F64)[None, :]).abs()  # |p_i − j| (n_q, n_k)
        bias = -(m[:, None, None] * dist[None]) + 0.0                     # (h, n_q, n_k), +0 on the diagonal
        # softmax sees the same as BLOOM's m·j on the visible (j ≤ p_i) keys: the difference is constant per row
        hf = m[:, None, None] * torch.arange(n_k, dtype=F64)[None, None, :]
        visible = (torch.arange(n_k, dtype=F64)[None, :] <= p[:, None]).expand(h, n_q, n_k)
        row_constant = (-(m[:, None] * p[None, :]))[:, :, None].expand(h, n_q, n_k)  # −m_t·p_i
        assert torch.allclose((bias - hf)[visible], row_constant[visible], rtol=0, atol=1e-12)
        out.append({"name": f"alibi_bias_h{h}_nq{n_q}_nk{n_k}", "op": "alibi_bias", "h": h, "n_q": n_q,
                    "n_k": n_k, "bias": bias.tolist()})
    return write("positions.json", out)


# ------------------------------------------- masks: sparse patterns
# Plain-Python references of cpp/mask_patterns.h, written from each paper's
# definition (no torch): (n, n) lists of bools, True = query i may see key j.
# BigBird's random blocks come from the core's generator (cpp/random.cpp), so
# SplitMix64 and Rng::below are reimplemented here bit for bit: every
# operation is 64-bit integer arithmetic or one IEEE-754 double product, the
# same in Python, natively and in WASM. The fixture thus pins the random draw
# too, not only its properties.
#
# mask_patterns.json  [{name, fn, args: {n, w?, p?, globals?, dilation?, block?, window_blocks?,
#                      global_blocks?, random_blocks?, seed?}, mask: (n, n) bool}]
# Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_mask_patterns()"

MASK64 = (1 << 64) - 1


class SplitMix64:
    """cpp/random.cpp's Rng: next_u64 (SplitMix64) and below(n) = ⌊uniform()·n⌋."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        u = float(self.next_u64() >> 11) * 2.0 ** -53  # exact: < 2⁵³ times a power of two
        return int(u * float(n))


def ref_sliding_window(n, w):
    """Beltagy et al. 2020, Jiang et al. 2023: i − w < j ≤ i."""
    return [[i - w < j <= i for j in range(n)] for i in range(n)]


def ref_prefix_lm(n, p):
    """Raffel et al. 2020 (T5): j ≤ i or j < p."""
    return [[j <= i or j < p for j in range(n)] for i in range(n)]


def ref_local_global(n, w, globals_):
    """Beltagy et al. 2020 (Longformer): |i − j| ≤ w, or i or j global."""
    g = set(globals_)
    return [[abs(i - j) <= w or i in g or j in g for j in range(n)] for i in range(n)]


def ref_dilated(n, w, dilation):
    """Child et al. 2019 / Beltagy et al. 2020: j = i − k·dilation, k = 0 … w − 1."""
    return [[j <= i and (i - j) % dilation == 0 and (i - j) // dilation < w for j in range(n)]
            for i in range(n)]


def ref_bigbird(n, block, window_blocks, global_blocks, random_blocks, seed):
    """Zaheer et al. 2020: global blocks, a window of blocks, random blocks (see mask_patterns.h)."""
    nb = n // block
    left, right = window_blocks // 2, (window_blocks - 1) // 2
    sees = [[b < global_blocks or c < global_blocks
             or (window_blocks > 0 and b - left <= c <= b + right)
             for c in range(nb)] for b in range(nb)]
    rng = SplitMix64(seed)
    for b in range(global_blocks, nb if random_blocks > 0 else 0):
        cand = [c for c in range(nb) if not sees[b][c]]
        m = len(cand)
        for k in range(min(random_blocks, m)):
            t = k + rng.below(m - k)
            cand[k], cand[t] = cand[t], cand[k]
            sees[b][cand[k]] = True
    return [[sees[i // block][j // block] for j in range(n)] for i in range(n)]


def make_mask_patterns():
    cases = []

    def add(name, fn, args, mask):
        cases.append({"name": name, "fn": fn, "args": args, "mask": mask})

    for n, w in [(1, 1), (5, 1), (5, 2), (6, 3), (7, 7), (9, 4)]:
        add(f"sliding_window_n{n}_w{w}", "sliding_window_mask", {"n": n, "w": w},
            ref_sliding_window(n, w))
    for n, p in [(1, 0), (1, 1), (5, 0), (5, 2), (6, 6), (8, 3)]:
        add(f"prefix_lm_n{n}_p{p}", "prefix_lm_mask", {"n": n, "p": p}, ref_prefix_lm(n, p))
    for n, w, gl in [(1, 1, []), (6, 1, []), (6, 1, [0]), (8, 1, [0, 7]), (9, 2, [4, 4, 1]),
                     (5, 5, [2])]:
        add(f"local_global_n{n}_w{w}_g{'-'.join(map(str, gl)) or 'none'}", "local_global_mask",
            {"n": n, "w": w, "globals": gl}, ref_local_global(n, w, gl))
    for n, w, d in [(1, 1, 1), (6, 3, 1), (8, 3, 2), (10, 2, 3), (7, 7, 2), (5, 2, 9)]:
        add(f"dilated_n{n}_w{w}_d{d}", "dilated_mask", {"n": n, "w": w, "dilation": d},
            ref_dilated(n, w, d))
    for n, block, wb, gb, rb, seed in [
            (1, 1, 1, 0, 0, 0), (8, 2, 3, 1, 0, 0), (12, 2, 3, 0, 0, 0), (12, 3, 2, 1, 0, 0),
            (8, 1, 0, 0, 0, 0), (16, 2, 3, 1, 1, 0), (16, 2, 3, 1, 2, 7), (24, 3, 3, 2, 2, 42),
            (20, 2, 1, 0, 3, 2 ** 53 - 1), (12, 4, 0, 0, 3, 5)]:
        add(f"bigbird_n{n}_b{block}_w{wb}_g{gb}_r{rb}_s{seed}", "bigbird_mask",
            {"n": n, "block": block, "window_blocks": wb, "global_blocks": gb,
             "random_blocks": rb, "seed": seed},
            ref_bigbird(n, block, wb, gb, rb, seed))
    return write("mask_patterns.json", cases)


# ------------------------------------------ bias: attention + bias
# A bias (n_q, n_k) is added to the logits after scaling, before masking:
#   softmax(Q·Kᵀ / (τ·√d_k) + bias, hidden keys −∞)   (/ τ with scale off)
# multi_head: one bias (n_q, n_k) per head, bias (h, n_q, n_k). The ALiBi bias
# is the one of make_positions (Press et al. 2022): −m_t·|p_i − j| with
# p_i = i + n_k − n_q and m from get_slopes. Every case is checked against
# torch's F.scaled_dot_product_attention(attn_mask = bias + (0 / −∞ mask),
# scale = 1 / (τ·√d)).
#
# bias.json  [{name, op: "attention", Q, K, V, mask, scale, temperature, bias: (n_q, n_k), out, weights}
#            | {name, op: "multi_head", Q, K, V, h, mask, temperature, bias: (h, n_q, n_k), out,
#               weights: h × (n_q, n_k)}]
# Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_bias()"

def ref_alibi_bias(h, n_q, n_k, first=None):
    """ALiBi's (h, n_q, n_k) bias, as in make_positions: −m_t·|p_i − j|, +0 on the diagonal; query i at first + i (default n_k − n_q)."""
    first = n_k - n_q if first is None else first
    m = torch.tensor(get_slopes(h), dtype=F64)                        # (h,)
    p = torch.arange(n_q, dtype=F64) + first                          # query positions (n_q,)
    dist = (p[:, None] - torch.arange(n_k, dtype=F64)[None, :]).abs()  # (n_q, n_k)
    return -(m[:, None, None] * dist[None]) + 0.0


def ref_biased(Q, K, V, bias, mask=None, scale=True, temperature=1.0):
    """Explicit: (Q·Kᵀ / (τ·√d_k) + bias), hidden keys −∞, softmax, ·V. Q (…, n_q, d_k), bias (…, n_q, n_k)."""
    d = Q.size(-1)
    logits = Q @ K.transpose(-2, -1) / (temperature * math.sqrt(d) if scale else temperature) + bias
    if mask is not None:
        logits = logits.masked_fill(~mask, float("-inf"))
    w = F.softmax(logits, dim=-1)
    return w @ V, w


def sdpa_check(Q, K, V, bias, mask, scale, temperature, out):
    """A second, independent form: F.scaled_dot_product_attention where this torch has it (attn_mask = bias, −∞
    where hidden; scale = 1 / (τ·√d)), else the weights as exp(ℓ − logsumexp ℓ) with Q pre-divided by τ·√d."""
    d = Q.size(-1)
    attn = bias if mask is None else bias.masked_fill(~mask, float("-inf"))
    factor = 1.0 / (temperature * (math.sqrt(d) if scale else 1.0))
    if hasattr(F, "scaled_dot_product_attention"):
        o = F.scaled_dot_product_attention(Q, K, V, attn_mask=attn, scale=factor)
    else:
        logits = (Q * factor) @ K.transpose(-2, -1) + attn
        o = torch.exp(logits - torch.logsumexp(logits, dim=-1, keepdim=True)) @ V
    assert (o - out).abs().max() < 1e-13, (o - out).abs().max()


def make_bias():
    g = gen(12)
    cases = []

    def add_attention(name, Q, K, V, bias, mask, scale, tau):
        out, w = ref_biased(Q, K, V, bias, mask, scale, tau)
        assert torch.isfinite(out).all() and torch.isfinite(w).all()
        sdpa_check(Q, K, V, bias, mask, scale, tau, out)
        if mask is not None:                               # a bias never unmasks
            assert (w[~mask] == 0).all()
        cases.append({"name": name, "op": "attention", "Q": tolist(Q), "K": tolist(K), "V": tolist(V),
                      "mask": tolist(mask), "scale": scale, "temperature": tau, "bias": tolist(bias),
                      "out": tolist(out), "weights": tolist(w)})

    def add_multi_head(name, Q, K, V, h, bias, mask, tau):
        n_q, d = Q.shape
        n_k, d_v = V.shape
        q = Q.view(n_q, h, d // h).transpose(0, 1)         # (h, n_q, d/h)
        k = K.view(n_k, h, d // h).transpose(0, 1)         # (h, n_k, d/h)
        v = V.view(n_k, h, d_v // h).transpose(0, 1)       # (h, n_k, d_v/h)
        o, w = ref_biased(q, k, v, bias, mask, True, tau)  # (h, n_q, d_v/h), (h, n_q, n_k)
        sdpa_check(q, k, v, bias, mask, True, tau, o)
        out = o.transpose(0, 1).reshape(n_q, d_v)          # (n_q, d_v)
        cases.append({"name": name, "op": "multi_head", "Q": tolist(Q), "K": tolist(K), "V": tolist(V),
                      "h": h, "mask": tolist(mask), "temperature": tau, "bias": tolist(bias),
                      "out": tolist(out), "weights": tolist(w)})

    # attention with the ALiBi bias of head 1 of h = 4 (slope 2^−4)
    Q, K, V = randn(g, 5, 4), randn(g, 5, 4), randn(g, 5, 3)
    alibi = ref_alibi_bias(4, 5, 5)[1]                     # (5, 5)
    add_attention("alibi", Q, K, V, alibi, None, True, 1.0)
    add_attention("alibi_causal", Q, K, V, alibi, causal(5), True, 1.0)
    add_attention("alibi_causal_tau_0.5", Q, K, V, alibi, causal(5), True, 0.5)
    add_attention("alibi_tau_3_unscaled", Q, K, V, alibi, None, False, 3.0)
    add_attention("alibi_causal_tau_0.3_unscaled", Q, K, V, alibi, causal(5), False, 0.3)
    # a steep bias (h = 8's first head, m = 1/2, times 8): the bias dominates the scores
    add_attention("alibi_steep_causal", Q, K, V, 8.0 * ref_alibi_bias(8, 5, 5)[0], causal(5), True, 1.0)
    # decoding: 2 queries, the last positions of 6 keys
    add_attention("alibi_decode_nq2_nk6", randn(g, 2, 8), randn(g, 6, 8), randn(g, 6, 2),
                  ref_alibi_bias(2, 2, 6)[0], None, True, 2.0)
    # a random bias, with a hidden row (weights and out 0) and holes
    holes = torch.tensor([[1, 0, 1, 1],
                          [0, 0, 0, 0],
                          [1, 1, 0, 1]], dtype=torch.bool)
    Q, K, V = randn(g, 3, 2), randn(g, 4, 2), randn(g, 4, 2)
    rb = randn(g, 3, 4, scale=3.0)
    out, w = ref_biased(Q, K, V, rb, holes, True, 0.7)
    w[1] = 0.0                                             # the hidden row: 0, not NaN
    out[1] = 0.0
    live = holes.any(dim=-1)
    sdpa_check(Q[live], K, V, rb[live], holes[live], True, 0.7, out[live])
    cases.append({"name": "random_bias_holes_tau_0.7", "op": "attention", "Q": tolist(Q), "K": tolist(K),
                  "V": tolist(V), "mask": tolist(holes), "scale": True, "temperature": 0.7,
                  "bias": tolist(rb), "out": tolist(out), "weights": tolist(w)})
    add_attention("random_bias", randn(g, 4, 6), randn(g, 7, 6), randn(g, 7, 3), randn(g, 4, 7, scale=2.0),
                  None, True, 1.0)
    # multi_head with ALiBi, one slope per head (causal)
    Q, K, V = randn(g, 6, 8), randn(g, 6, 8), randn(g, 6, 4)
    for h in [2, 4]:
        add_multi_head(f"mh_h{h}_alibi_causal", Q, K, V, h, ref_alibi_bias(h, 6, 6), causal(6), 1.0)
    add_multi_head("mh_h4_alibi_causal_tau_0.5", Q, K, V, 4, ref_alibi_bias(4, 6, 6), causal(6), 0.5)
    add_multi_head("mh_h2_random_bias", Q, K, V, 2, randn(g, 2, 6, 6), None, 1.0)
    return write("bias.json", cases)


# ---------------------------------------------------------------- depth (experiment 6)
# Rank collapse with depth: Dong, Cordonnier & Loukas (2021), "Attention is not
# all you need: pure attention loses rank doubly exponentially with depth"
# (arXiv:2103.03404). depth.json: [{name, X0, layers: [{Wq, Wk, Wv}],
# attention, residual, pre_ln: (L + 1) values of r}], r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F
# (0 when ‖X‖_F = 0) after each layer of the three stacks on the SAME weights.

def ref_depth_curves(X0, layers):
    """The three stacks of cpp/depth.h in plain torch: single head, ÷√d, LN eps 1e-5 without gain/bias."""
    def r(X):
        norm = torch.linalg.norm(X)
        return 0.0 if norm == 0 else (torch.linalg.norm(X - X.mean(dim=0, keepdim=True)) / norm).item()

    def attend(Z, W):
        q, k, v = Z @ W["Wq"], Z @ W["Wk"], Z @ W["Wv"]
        out = torch.softmax(q @ k.T / math.sqrt(Z.shape[1]), dim=-1) @ v
        logits = (q / math.sqrt(Z.shape[1])) @ k.T                          # a second form: exp(ℓ − logsumexp ℓ)
        other = torch.exp(logits - torch.logsumexp(logits, dim=-1, keepdim=True)) @ v
        assert (other - out).abs().max() <= 1e-13 * max(1.0, v.abs().max().item())
        return out

    curves = {}
    for name in ["attention", "residual", "pre_ln"]:
        X = X0.clone()
        rs = [r(X)]
        for W in layers:
            if name == "attention":
                X = attend(X, W)
            elif name == "residual":
                X = X + attend(X, W)
            else:
                X = X + attend(F.layer_norm(X, (X.shape[1],), eps=1e-5), W)
            assert torch.isfinite(X).all()
            rs.append(r(X))
        curves[name] = rs
    return curves


def make_depth():
    g = gen(13)
    cases = []

    def add(name, X0, layers):
        case = {"name": name, "X0": tolist(X0),
                "layers": [{k: tolist(W[k]) for k in ("Wq", "Wk", "Wv")} for W in layers]}
        case.update(ref_depth_curves(X0, layers))
        cases.append(case)

    def weights(d, L, scale):
        return [{k: randn(g, d, d, scale=scale) for k in ("Wq", "Wk", "Wv")} for _ in range(L)]

    # the experiment's scales: X0 N(0, 1), weights N(0, 1/d)
    add("n6_d4_L8", randn(g, 6, 4), weights(4, 8, 1 / math.sqrt(4)))
    add("n8_d8_L12", randn(g, 8, 8), weights(8, 12, 1 / math.sqrt(8)))
    # larger weights: sharper attention; the residual stack grows
    add("n5_d3_L6_weights_N01", randn(g, 5, 3), weights(3, 6, 1.0))
    # one token: already rank one (r = 0 everywhere)
    add("n1_d4_L3", randn(g, 1, 4), weights(4, 3, 0.5))
    # identical rows: rank one from the start, and it stays so in all three stacks
    row = randn(g, 1, 3)
    add("identical_rows_n4_d3_L3", row.repeat(4, 1), weights(3, 3, 1 / math.sqrt(3)))
    # all zeros: ‖X‖_F = 0, so r = 0 (not 0/0)
    add("zeros_n3_d2_L2", torch.zeros(3, 2), weights(2, 2, 1 / math.sqrt(2)))
    return write("depth.json", cases)


# ------------------------------ relative position (experiments 5 and 7)
#
# relative_position.json
#   [{name, op: "relative_position", q: (d), k: (d), n, base, pairing,
#     rope_scores: (n, n), sin_scores: (n, n), rope_deviation, sin_deviation}
#    | {name, op: "permutation", positions: "rope" | "alibi", X: (n, d), perm: (n),
#       out, out_permuted, permuted_out: (n, d), weights, weights_permuted: (n, n), max_abs_diff}]
# Q = n copies of q, K = n copies of k: rope(Q)·rope(K)ᵀ/√d depends only on i − j,
# (Q + PE)·(K + PE)ᵀ/√d does not. Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_relative_position()"

def ref_pos_encoding(n, d):
    """Vaswani et al. 2017, as make_pos_encoding: PE[p][2i] = sin(p / 10000^(2i/d)), PE[p][2i+1] = cos(…)."""
    p = torch.arange(n, dtype=F64).unsqueeze(1)        # (n, 1)
    c = torch.arange(d)                                # (d,)
    i2 = (c - c % 2).to(F64)                           # 2i for both columns of a pair
    angle = p / torch.pow(torch.tensor(10000.0, dtype=F64), i2 / d)  # (n, d)
    return torch.where(c % 2 == 0, torch.sin(angle), torch.cos(angle))


def ref_rope(X, base, pairing):
    """Hugging Face's rotate_half form (half) or the complex form (interleaved), positions 0 … n − 1."""
    return rope_half_hf(X, base, 0) if pairing == "half" else rope_interleaved_complex(X, base, 0)


def diagonal_deviation(S):
    """max over offsets c of (max − min of S[i][j] with i − j = c)."""
    n_r, n_c = S.shape
    worst = 0.0
    for c in range(-(n_c - 1), n_r):
        diag = torch.diagonal(S, offset=-c)            # S[i][i − c]
        worst = max(worst, (diag.max() - diag.min()).item())
    return worst


def make_relative_position():
    g = gen(13)
    cases = []
    for pairing in ["half", "interleaved"]:
        for n, d, base in [(4, 2, 10000.0), (9, 8, 10000.0), (16, 64, 10000.0), (6, 8, 500000.0)]:
            q, k = randn(g, d), randn(g, d)
            Q, K = q.repeat(n, 1), k.repeat(n, 1)                       # (n, d) each
            S_rope = ref_rope(Q, base, pairing) @ ref_rope(K, base, pairing).T / math.sqrt(d)
            # the relative form through the paper's rotation matrices: for i ≥ j, (R_i q)·(R_j k) = (R_{i−j} q)·k
            for c in range(n):
                rel = rope_rotation_matrix(q.unsqueeze(0), base, c, pairing)[0] @ k / math.sqrt(d)
                assert torch.allclose(torch.diagonal(S_rope, offset=-c), rel.expand(n - c), rtol=0, atol=1e-12)
            pe = ref_pos_encoding(n, d)
            S_sin = (Q + pe) @ (K + pe).T / math.sqrt(d)
            dev_rope, dev_sin = diagonal_deviation(S_rope), diagonal_deviation(S_sin)
            assert dev_rope < 1e-12 and dev_sin > 1e-3, (dev_rope, dev_sin)
            cases.append({"name": f"relative_{pairing}_n{n}_d{d}_base{base:g}", "op": "relative_position",
                          "q": q.tolist(), "k": k.tolist(), "n": n, "base": base, "pairing": pairing,
                          "rope_scores": S_rope.tolist(), "sin_scores": S_sin.tolist(),
                          "rope_deviation": dev_rope, "sin_deviation": dev_sin})
    # the permutation experiment with positions: RoPE (Q = K = rope(Z), V = Z) and ALiBi (one head)
    for positions, n, d in [("rope", 6, 8), ("alibi", 6, 8), ("rope", 5, 4), ("alibi", 7, 3)]:
        X = randn(g, n, d)
        perm = torch.randperm(n, generator=g)
        PX = X[perm]

        def attend(Z):
            if positions == "rope":
                R = ref_rope(Z, 10000.0, "half")
                return ref_attention(R, R, Z)
            return ref_biased(Z, Z, Z, ref_alibi_bias(1, n, n)[0])

        out, w = attend(X)
        out_p, w_p = attend(PX)
        permuted_out = out[perm]
        diff = (out_p - permuted_out).abs().max().item()
        assert diff > 1e-6, diff                       # both break equivariance
        cases.append({"name": f"permutation_{positions}_n{n}_d{d}", "op": "permutation",
                      "positions": positions, "X": X.tolist(), "perm": perm.tolist(), "out": out.tolist(),
                      "out_permuted": out_p.tolist(), "permuted_out": permuted_out.tolist(),
                      "weights": w.tolist(), "weights_permuted": w_p.tolist(), "max_abs_diff": diff})
    return write("relative_position.json", cases)


# ------------------------------ rope options: multi_head / block + RoPE, ALiBi
# multi_head(…, rope = {base, pairing, offset}): head t's q and k slices (width d/h) are turned by RoPE with
# d = d/h (Su et al. 2021), keys at positions offset + j, queries at offset + (n_k − n_q) + i (the last n_q
# positions); V is not turned. block(X, h, mask, {eps, rope, alibi}): the same on LN(X), and with alibi head t
# adds ALiBi's −m_t·|i − j| (Press et al. 2022) after scaling, before masking. The reference here is written
# apart from make_positions' rope functions, the way the models do it on (heads, n, d/h) tensors with
# position ids: 'half' as Hugging Face Llama (rotate_half, cos/sin of cat(freqs, freqs)), 'interleaved' as
# RoFormer (rotate_every_two, cos/sin of each frequency repeated twice); each is checked against those.
#
# rope_options.json  [{name, op: "multi_head", Q, K, V, h, mask, temperature, bias: (h, n_q, n_k) | null,
#                      rope: {base, pairing, offset}, out, weights: h × (n_q, n_k)}
#                     | {name, op: "block", X, h, mask, eps, rope: {…} | null, alibi, normed, attended, out,
#                        weights: h × (n, n)}
#                     | {name, op: "attention", Q, K, V, mask, rope: {…}, q_rot, k_rot, out, weights}]
# Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_rope_options()"

def rotary_cos_sin(positions, dh, base, pairing):
    """cos and sin (n, dh) of the angles p·θ_i, θ_i = base^(−2i/dh), laid out for the pairing: 'half' as HF's
    LlamaRotaryEmbedding (cat(freqs, freqs)), 'interleaved' as RoFormer (each frequency twice in a row)."""
    inv_freq = 1.0 / (base ** (torch.arange(0, dh, 2, dtype=torch.int64).to(F64) / dh))   # (dh/2,)
    freqs = positions.to(F64)[:, None] * inv_freq[None, :]                                 # (n, dh/2)
    if pairing == "half":
        emb = torch.cat((freqs, freqs), dim=-1)                                            # (n, dh)
    else:
        emb = torch.stack((freqs, freqs), dim=-1).reshape(freqs.shape[0], dh)              # (n, dh)
    return emb.cos(), emb.sin()


def rotate_pairs(x, pairing):
    """HF's rotate_half (−x2, x1) for 'half'; RoFormer's rotate_every_two (−x_2i+1, x_2i) for 'interleaved'."""
    if pairing == "half":
        x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        return torch.cat((-x2, x1), dim=-1)
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).reshape(x.shape)


def apply_rotary(x, positions, base, pairing):
    """x (…, n, dh) turned: x·cos + rotate(x)·sin, row r at positions[r] (apply_rotary_pos_emb)."""
    cos, sin = rotary_cos_sin(positions, x.shape[-1], base, pairing)
    return x * cos + rotate_pairs(x, pairing) * sin


def heads_of(X, h):
    """(n, d) → (h, n, d/h), head t = columns [t·d/h, (t+1)·d/h)."""
    n, d = X.shape
    return X.view(n, h, d // h).transpose(0, 1)


def rope_multi_head(Q, K, V, h, mask, tau, bias, rope):
    """multi_head with rope: returns (out (n_q, d_v), weights (h, n_q, n_k)), checked two ways."""
    n_q, n_k, d_v = Q.shape[0], K.shape[0], V.shape[1]
    base, pairing, offset = rope["base"], rope["pairing"], rope["offset"]
    pos_q = torch.arange(n_q) + offset + (n_k - n_q)             # the last n_q positions
    pos_k = torch.arange(n_k) + offset
    q = apply_rotary(heads_of(Q, h), pos_q, base, pairing)        # (h, n_q, d/h)
    k = apply_rotary(heads_of(K, h), pos_k, base, pairing)        # (h, n_k, d/h)
    v = heads_of(V, h)                                            # (h, n_k, d_v/h), never turned
    # the same rotation as make_positions' references, head by head
    rope_fn = rope_half_hf if pairing == "half" else rope_interleaved_complex
    for t in range(h):
        assert torch.allclose(q[t], rope_fn(heads_of(Q, h)[t], base, offset + n_k - n_q), rtol=0, atol=1e-12)
        assert torch.allclose(k[t], rope_fn(heads_of(K, h)[t], base, offset), rtol=0, atol=1e-12)
    b = torch.zeros(h, n_q, n_k, dtype=F64) if bias is None else bias
    o, w = ref_biased(q, k, v, b, mask, True, tau)                # (h, n_q, d_v/h), (h, n_q, n_k)
    sdpa_check(q, k, v, b, mask, True, tau, o)
    # relative: the scores depend on positions only through p_i − j (shift every position by 7)
    q7 = apply_rotary(heads_of(Q, h), pos_q + 7, base, pairing)
    k7 = apply_rotary(heads_of(K, h), pos_k + 7, base, pairing)
    assert torch.allclose(q7 @ k7.transpose(-2, -1), q @ k.transpose(-2, -1), rtol=0, atol=1e-10)
    return o.transpose(0, 1).reshape(n_q, d_v), w


def make_rope_options():
    g = gen(13)
    cases = []

    def add_mh(name, Q, K, V, h, mask, rope, tau=1.0, bias=None):
        out, w = rope_multi_head(Q, K, V, h, mask, tau, bias, rope)
        assert torch.isfinite(out).all()
        cases.append({"name": name, "op": "multi_head", "Q": tolist(Q), "K": tolist(K), "V": tolist(V), "h": h,
                      "mask": tolist(mask), "temperature": tau, "bias": tolist(bias), "rope": rope,
                      "out": tolist(out), "weights": tolist(w)})

    def add_block(name, X, h, mask, rope, alibi, eps=1e-5):
        n, d = X.shape
        LN = F.layer_norm(X, (d,), eps=eps)                       # (n, d)
        bias = ref_alibi_bias(h, n, n) if alibi else None
        if rope is None:
            b = torch.zeros(h, n, n, dtype=F64) if bias is None else bias
            o, w = ref_biased(heads_of(LN, h), heads_of(LN, h), heads_of(LN, h), b, mask, True, 1.0)
            att = o.transpose(0, 1).reshape(n, d)
        else:
            att, w = rope_multi_head(LN, LN, LN, h, mask, 1.0, bias, rope)
        cases.append({"name": name, "op": "block", "X": tolist(X), "h": h, "mask": tolist(mask), "eps": eps,
                      "rope": rope, "alibi": alibi, "normed": tolist(LN), "attended": tolist(att),
                      "out": tolist(X + att), "weights": tolist(w)})

    # multi_head: h = 1, 2, 4 × both pairings; n_q = n_k (causal, base 10000) and n_q < n_k (base 100, offset 3,
    # a decoding-causal mask j ≤ p_i and none)
    Q, K, V = randn(g, 5, 8), randn(g, 5, 8), randn(g, 5, 4)
    Qd, Kd, Vd = randn(g, 2, 8), randn(g, 6, 8), randn(g, 6, 4)
    decode = torch.arange(6)[None, :] <= (torch.arange(2) + 4)[:, None]   # (2, 6): j ≤ i + n_k − n_q
    for h in [1, 2, 4]:
        for pairing in ["half", "interleaved"]:
            add_mh(f"mh_h{h}_{pairing}_causal_base10000", Q, K, V, h, causal(5),
                   {"base": 10000.0, "pairing": pairing, "offset": 0})
            add_mh(f"mh_h{h}_{pairing}_nq2_nk6_base100_offset3", Qd, Kd, Vd, h, None,
                   {"base": 100.0, "pairing": pairing, "offset": 3})
            add_mh(f"mh_h{h}_{pairing}_nq2_nk6_base100_decode_mask", Qd, Kd, Vd, h, decode,
                   {"base": 100.0, "pairing": pairing, "offset": 0})
    # wider heads, a temperature, rope and an ALiBi bias together
    Qw, Kw, Vw = randn(g, 4, 16), randn(g, 7, 16), randn(g, 7, 6)
    add_mh("mh_h2_half_dh8_nq4_nk7_tau_0.5", Qw, Kw, Vw, 2, None, {"base": 10000.0, "pairing": "half", "offset": 11},
           tau=0.5)
    add_mh("mh_h2_interleaved_alibi_causal", Q[:, :8], K, V, 2, causal(5),
           {"base": 10000.0, "pairing": "interleaved", "offset": 0}, bias=ref_alibi_bias(2, 5, 5))
    # block: rope (both pairings), alibi, both; causal and not
    X = randn(g, 5, 8)
    for h in [2, 4]:
        for pairing in ["half", "interleaved"]:
            add_block(f"block_h{h}_rope_{pairing}_causal", X, h, causal(5),
                      {"base": 10000.0, "pairing": pairing, "offset": 0}, False)
        add_block(f"block_h{h}_alibi_causal", X, h, causal(5), None, True)
        add_block(f"block_h{h}_alibi", X, h, None, None, True)
        add_block(f"block_h{h}_rope_half_alibi_causal", X, h, causal(5),
                  {"base": 100.0, "pairing": "half", "offset": 2}, True)
    add_block("block_h1_rope_interleaved_alibi_eps_0.1", randn(g, 4, 6), 1, None,
              {"base": 10000.0, "pairing": "interleaved", "offset": 0}, True, eps=0.1)
    # attention on rope-turned Q and K (the convention of the attention op: turn first, with rope(Q, offset
    # n_k − n_q) and rope(K)); equal to multi_head with h = 1 and rope
    for pairing, n_q, n_k, offset in [("half", 5, 5, 0), ("interleaved", 3, 6, 0), ("half", 2, 4, 9)]:
        Qa, Ka, Va = randn(g, n_q, 6), randn(g, n_k, 6), randn(g, n_k, 3)
        rope = {"base": 10000.0, "pairing": pairing, "offset": offset}
        rope_fn = rope_half_hf if pairing == "half" else rope_interleaved_complex
        q_rot, k_rot = rope_fn(Qa, 10000.0, offset + n_k - n_q), rope_fn(Ka, 10000.0, offset)
        mask = causal(n_q, n_k) if n_q == n_k else None
        out, w = ref_attention(q_rot, k_rot, Va, mask)
        mh_out, mh_w = rope_multi_head(Qa, Ka, Va, 1, mask, 1.0, None, rope)
        assert torch.allclose(mh_out, out, rtol=0, atol=1e-13) and torch.allclose(mh_w[0], w, rtol=0, atol=1e-13)
        cases.append({"name": f"attention_{pairing}_nq{n_q}_nk{n_k}_offset{offset}", "op": "attention",
                      "Q": tolist(Qa), "K": tolist(Ka), "V": tolist(Va), "mask": tolist(mask), "rope": rope,
                      "q_rot": tolist(q_rot), "k_rot": tolist(k_rot), "out": tolist(out), "weights": tolist(w)})
    return write("rope_options.json", cases)



# ------------------------------------------ flash attention: out and lse, and the trace
# flash_attention(Q, K, V, mask, {scale, causal, block_q, block_k}) → out (n_q, d_v), lse (n_q):
# out is attention's (hidden keys −∞, a row with none visible: 0), lse[i] = torch.logsumexp of row i's
# logits (scores / √d_k, or unscaled) over its visible keys, −∞ when it has none (written as null: JSON has
# no −∞). causal: key j visible to query i when j ≤ i (causal_mask(n_q, n_k), seed 004).
# The trace (flash_trace, every query row, keys in tiles of block_k): after each tile, per row, m (running
# maximum, null while −∞), l (running Σ e^(s − m)), acc (Σ e^(s − m)·v) and acc / l — from online_softmax
# below, a direct transcription of Milakov & Gimelshein 2018 / Dao et al. 2022 Algorithm 1 in plain Python,
# whose final result is checked against torch.
#
# flash.json  [{name, kind: "flash", Q, K, V, mask, scale, causal, block_q, block_k, out, lse}
#             | {name, kind: "trace", Q, K, V, scale, causal, block_k, steps: [{key_begin, key_end, m, l, acc,
#                partial}], out, lse}]
# Run this part alone with
#   /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_flash()"

def neg_inf_to_none(xs):
    return [None if x == float("-inf") else x for x in xs]


def ref_flash(Q, K, V, mask, scale, causal_):
    """attention's out and torch.logsumexp of the logits over the visible keys."""
    n_q, n_k = Q.size(0), K.size(0)
    vis = torch.ones(n_q, n_k, dtype=torch.bool) if mask is None else mask.clone()
    if causal_:
        vis &= causal(n_q, n_k)
    logits = Q @ K.T / (math.sqrt(Q.size(1)) if scale else 1.0)
    logits = logits.masked_fill(~vis, float("-inf"))
    lse = torch.logsumexp(logits, dim=-1)                  # −∞ for a row with no visible key
    out, _ = ref_attention(Q, K, V, vis, scale)            # 0 for such a row
    return out, lse


def online_softmax(Q, K, V, scale, causal_, block_k):
    """Plain-Python online softmax over key tiles; returns the steps and the final out, lse."""
    Qs, Ks, Vs = Q.tolist(), K.tolist(), V.tolist()
    n_q, n_k, d_v = len(Qs), len(Ks), len(Vs[0])
    factor = 1.0 / math.sqrt(len(Qs[0])) if scale else 1.0
    m = [float("-inf")] * n_q
    l = [0.0] * n_q
    acc = [[0.0] * d_v for _ in range(n_q)]
    steps = []
    for j0 in range(0, n_k, block_k):
        j1 = min(n_k, j0 + block_k)
        for i in range(n_q):
            keys = [j for j in range(j0, j1) if not causal_ or j <= i]
            if not keys:
                continue
            s = {j: sum(a * b for a, b in zip(Qs[i], Ks[j])) * factor for j in keys}
            m_new = max(m[i], max(s.values()))
            c = 0.0 if m[i] == float("-inf") else math.exp(m[i] - m_new)
            l[i] *= c
            acc[i] = [x * c for x in acc[i]]
            for j in keys:
                p = math.exp(s[j] - m_new)
                l[i] += p
                acc[i] = [x + p * v for x, v in zip(acc[i], Vs[j])]
            m[i] = m_new
        partial = [[x / l[i] for x in acc[i]] if l[i] > 0 else [0.0] * d_v for i in range(n_q)]
        steps.append({"key_begin": j0, "key_end": j1, "m": neg_inf_to_none(m), "l": list(l),
                      "acc": [list(r) for r in acc], "partial": partial})
    lse = [m[i] + math.log(l[i]) if l[i] > 0 else float("-inf") for i in range(n_q)]
    return steps, steps[-1]["partial"], lse


def make_flash():
    g = gen(21)
    cases = []

    def add(name, Q, K, V, mask=None, scale=True, causal_=False, block_q=4, block_k=4):
        out, lse = ref_flash(Q, K, V, mask, scale, causal_)
        cases.append({"name": name, "kind": "flash", "Q": tolist(Q), "K": tolist(K), "V": tolist(V),
                      "mask": tolist(mask), "scale": scale, "causal": causal_, "block_q": block_q,
                      "block_k": block_k, "out": tolist(out), "lse": neg_inf_to_none(lse.tolist())})

    add("square", randn(g, 8, 4), randn(g, 8, 4), randn(g, 8, 3))
    add("square_causal", randn(g, 8, 4), randn(g, 8, 4), randn(g, 8, 3), causal_=True)
    add("unscaled_causal", randn(g, 6, 4), randn(g, 6, 4), randn(g, 6, 2), scale=False, causal_=True)
    add("nq3_nk10_not_a_multiple", randn(g, 3, 5), randn(g, 10, 5), randn(g, 10, 4), block_q=2, block_k=4)
    add("nq10_nk3_causal", randn(g, 10, 2), randn(g, 3, 2), randn(g, 3, 2), causal_=True, block_q=3, block_k=2)
    add("tiles_of_1", randn(g, 5, 3), randn(g, 7, 3), randn(g, 7, 2), causal_=True, block_q=1, block_k=1)
    add("one_tile", randn(g, 5, 3), randn(g, 7, 3), randn(g, 7, 2), block_q=64, block_k=64)
    holes = torch.tensor([[1, 0, 1, 1, 0],
                          [0, 0, 0, 0, 0],
                          [1, 1, 0, 1, 1],
                          [0, 0, 0, 0, 1]], dtype=torch.bool)
    add("mask_with_a_hidden_row", randn(g, 4, 2), randn(g, 5, 2), randn(g, 5, 3), mask=holes, block_k=2)
    add("mask_and_causal", randn(g, 4, 2), randn(g, 5, 2), randn(g, 5, 3), mask=holes, causal_=True, block_k=3)
    add("large_scores", randn(g, 6, 8, scale=30.0), randn(g, 6, 8, scale=30.0), randn(g, 6, 2), causal_=True)
    add("n37_d16_causal", randn(g, 37, 16), randn(g, 37, 16), randn(g, 37, 16), causal_=True, block_q=8, block_k=16)

    for name, n_q, n_k, causal_, bk in [("trace_16_causal_tiles_4", 16, 16, True, 4),
                                        ("trace_6_by_10_tiles_3", 6, 10, False, 3),
                                        ("trace_5_tiles_1", 5, 5, True, 1)]:
        Q, K, V = randn(g, n_q, 4), randn(g, n_k, 4), randn(g, n_k, 2)
        steps, out, lse = online_softmax(Q, K, V, True, causal_, bk)
        t_out, t_lse = ref_flash(Q, K, V, None, True, causal_)
        assert max(abs(a - b) for r, tr in zip(out, t_out.tolist()) for a, b in zip(r, tr)) < 1e-13
        assert max(abs(a - b) for a, b in zip(lse, t_lse.tolist()) if a != float("-inf")) < 1e-13
        cases.append({"name": name, "kind": "trace", "Q": tolist(Q), "K": tolist(K), "V": tolist(V),
                      "scale": True, "causal": causal_, "block_k": bk, "steps": steps, "out": out,
                      "lse": neg_inf_to_none(lse)})
    return write("flash.json", cases)


# ------------------------------------------- page positions (the page)
# tests/golden/page_positions.json: [{name, op, positions, pairing, base, h, causal, Q, K, V | X (, Wq, Wk, Wv),
# weights: (n_q, n_k) or h × (n_q, n_k)}] — the weights the page shows for its examples with each positions mode
# (web/src/model/positions.ts): keys at positions 0 … n_k − 1, queries at n_k − n_q + i; sinusoidal adds the seed's
# PE rows to Q, K, V (or X); RoPE turns q and k (each head's slices); ALiBi adds −m_t·|p_i − j|. Explicit float64
# references of their own here (attention, multi-head, the layer norm and the block), with the RoPE forms of
# Hugging Face (half) and Meta (interleaved, complex), Press et al.'s get_slopes and ref_pos_encoding above.
# Run alone: /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_page_positions()"

def page_rope(x, pairing, base, offset):
    """RoPE of the page: Hugging Face's rotate_half form (half) or Meta's complex form (interleaved)."""
    return rope_half_hf(x, base, offset) if pairing == "half" else rope_interleaved_complex(x, base, offset)


def page_head(q, k, v, mask, bias, tau):
    """One head, written out: softmax(q·kᵀ / (τ·√d) + bias, hidden keys −∞) per row; q (n_q, d), k (n_k, d)."""
    logits = torch.einsum("id,jd->ij", q, k) / (tau * math.sqrt(q.shape[1]))  # (n_q, n_k)
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = torch.where(mask, logits, torch.tensor(float("-inf"), dtype=F64))
    e = torch.exp(logits - logits.max(dim=1, keepdim=True).values)  # (n_q, n_k)
    w = e / e.sum(dim=1, keepdim=True)
    return w @ v, w


def page_multi_head(Q, K, V, h, mask, positions, pairing, base, tau=1.0, first=None):
    """h heads of the page's multi_head with its positions (sinusoidal is added by the caller); query i at first + i."""
    n_q, n_k = Q.shape[0], K.shape[0]
    first = n_k - n_q if first is None else first
    dh, dvh = Q.shape[1] // h, V.shape[1] // h
    bias = ref_alibi_bias(h, n_q, n_k, first) if positions == "alibi" else None  # (h, n_q, n_k)
    outs, ws = [], []
    for t in range(h):
        q, k, v = Q[:, t * dh:(t + 1) * dh], K[:, t * dh:(t + 1) * dh], V[:, t * dvh:(t + 1) * dvh]
        if positions == "rope":
            q, k = page_rope(q, pairing, base, first), page_rope(k, pairing, base, 0)
        o, w = page_head(q, k, v, mask, None if bias is None else bias[t], tau)
        outs.append(o)
        ws.append(w)
    return torch.cat(outs, dim=1), torch.stack(ws)       # (n_q, d_v), (h, n_q, n_k)


def page_layer_norm(X, eps):
    """Each row to mean 0 and (biased) variance 1, no affine."""
    mu = X.mean(dim=1, keepdim=True)
    var = ((X - mu) ** 2).mean(dim=1, keepdim=True)
    return (X - mu) / torch.sqrt(var + eps)


def page_weights(case):
    """The weights the page shows for a case of page_positions.json."""
    pos, pairing, base, h = case["positions"], case["pairing"], case["base"], case["h"]
    T = {k: torch.tensor(case[k], dtype=F64) for k in ["Q", "K", "V", "X", "Wq", "Wk", "Wv"] if k in case}
    if case["op"] in ("attention", "multi_head"):
        Q, K, V = T["Q"] * case.get("q_length", 1.0), T["K"], T["V"]
        n_q, n_k = Q.shape[0], K.shape[0]
        # where the queries sit: top-left (query i at position i) or bottom-right (at n_k − n_q + i)
        first = n_k - n_q if case["align"] == "bottom-right" else 0
        # causal over positions: key j visible to query i when j ≤ first + i
        mask = (torch.arange(n_k)[None, :] <= torch.arange(n_q)[:, None] + first) if case["causal"] else None
        if pos == "sinusoidal":
            Q = Q + ref_pos_encoding(first + n_q, Q.shape[1])[first:]
            K, V = K + ref_pos_encoding(n_k, K.shape[1]), V + ref_pos_encoding(n_k, V.shape[1])
        _, w = page_multi_head(Q, K, V, h, mask, pos, pairing, base, case.get("temperature", 1.0), first)
        return w[0] if case["op"] == "attention" else w
    X = T["X"]
    n = X.shape[0]
    mask = causal(n) if case["causal"] else None
    if pos == "sinusoidal":
        X = X + ref_pos_encoding(n, X.shape[1])
    if case["op"] == "block":
        N = page_layer_norm(X, 1e-5)
        return page_multi_head(N, N, N, h, mask, pos, pairing, base)[1]
    q, k, v = X @ T["Wq"], X @ T["Wk"], X @ T["Wv"]      # single_head: seed 000's projections
    return page_multi_head(q, k, v, 1, mask, pos, pairing, base)[1][0]


def make_page_positions():
    first_q = [[1.5, 0], [0, 1.5], [2, 0.3], [1, -1], [1.5, 0], [-1, 1]]  # web/src/model/presets.ts firstState()
    first_k = [[0.2, -0.2], [2, 0], [0, 2], [-1, 1.5], [0.2, -0.2], [1.5, -1]]
    first_v = [[0, 0.1], [1, 0], [0, 1], [-0.5, 0.5], [0, 0.1], [1, -0.5]]
    wide = lambda m: [r + [round(r[1] - r[0], 4), round(0.5 * (r[0] + r[1]), 4)] for r in m]  # (6, 4): two more columns
    seed0 = {"X": [[0.1, 0.2, 0.3, 0.4], [0.5, 0.4, 0.3, 0.2], [0.0, 0.1, 0.0, 0.1]],
             "Wq": [[0.2, -0.1], [0.0, 0.1], [0.1, 0.2], [-0.1, 0.0]],
             "Wk": [[0.1, 0.1], [0.0, -0.1], [0.2, 0.0], [0.0, 0.2]],
             "Wv": [[0.1, 0.0], [0.0, 0.1], [0.1, 0.1], [0.0, 0.0]]}
    examples = [
        ("hand", "attention", 1, False, {"Q": [[1, 0], [0, 1], [1, 1]], "K": [[1, 0], [0, 1], [1, 1]], "V": [[1, 2], [3, 4], [5, 6]]}),
        ("sentence", "attention", 1, False, {"Q": first_q, "K": first_k, "V": first_v}),
        ("sentence_causal", "attention", 1, True, {"Q": first_q, "K": first_k, "V": first_v}),
        ("cross", "attention", 1, False, {"Q": [[1, 0, 1, 0], [0, 2, 0, 1]], "K": [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 1], [1, 1, 1, 0]],
                                          "V": [[1, 0], [0, 1], [1, 1], [2, -1]]}),
        ("cross_causal", "attention", 1, True, {"Q": [[1, 0, 1, 0], [0, 2, 0, 1]], "K": [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 1], [1, 1, 1, 0]],
                                                "V": [[1, 0], [0, 1], [1, 1], [2, -1]]}),
        ("cross_h2_causal", "multi_head", 2, True, {"Q": wide(first_q)[:3], "K": wide(first_k), "V": wide(first_v)}),
        ("sentence_wide_h2", "multi_head", 2, False, {"Q": wide(first_q), "K": wide(first_k), "V": wide(first_v)}),
        ("sentence_wide_h2_causal", "multi_head", 2, True, {"Q": wide(first_q), "K": wide(first_k), "V": wide(first_v)}),
        ("block_h2_causal", "block", 2, True, {"X": wide(first_k)}),
        ("seed000", "single_head", 1, True, seed0),
    ]
    variants = [("none", "half", 10000.0), ("sinusoidal", "half", 10000.0), ("rope", "half", 10000.0),
                ("rope", "interleaved", 500.0), ("alibi", "half", 10000.0)]
    cases = []
    for name, op, h, is_causal, inputs in examples:
        # fewer queries than keys: both alignments (the names of the bottom-right ones are those of before the choice)
        aligns = ["bottom-right", "top-left"] if name.startswith("cross") else ["top-left"]
        for align in aligns:
            for pos, pairing, base in variants:
                label = f"{pos}_{pairing}" if pos == "rope" else pos
                suffix = "_top_left" if align == "top-left" and name.startswith("cross") else ""
                case = {"name": f"{name}_{label}{suffix}", "op": op, "positions": pos, "pairing": pairing, "base": base,
                        "h": h, "causal": is_causal, "align": align, **inputs}
                case["weights"] = tolist(page_weights(case))
                cases.append(case)
    # RoPE's product depends only on i − j: a check of the references on the sentence's first head
    Q, K = torch.tensor(first_q, dtype=F64), torch.tensor(first_k, dtype=F64)
    s1 = page_rope(Q, "half", 10000.0, 0) @ page_rope(K, "half", 10000.0, 0).T
    s2 = page_rope(Q, "half", 10000.0, 7) @ page_rope(K, "half", 10000.0, 7).T
    assert torch.allclose(s1, s2, rtol=0, atol=1e-12)
    return write("page_positions.json", cases)

# ------------------------------------------- linear attention (Katharopoulos et al. 2020)
# tests/golden/linear_attention.json: [{name, Q, K, V, causal, shift, out, weights}] — φ(x) = elu(x) + 1;
# out_i = φ(q_i)ᵀ·Σ_j φ(k_j)v_jᵀ / φ(q_i)ᵀ·Σ_j φ(k_j) over the keys j ≤ i + shift (causal) or all; weights the
# normalised φ(q_i)·φ(k_j) (0 for a hidden key, a row of 0 when no key is visible). Two forms written from the
# paper and checked against each other: the quadratic one (eq. 4, masked) and the linear one (eq. 5 and the
# causal prefix sums of eq. 8–10, as torch.cumsum), as in fast-transformers' LinearAttention / CausalLinearAttention.
# Run alone: /usr/bin/python3 -c "import sys; sys.path.insert(0, 'scripts'); import make_golden; make_golden.make_linear()"

def linear_phi(x):
    return F.elu(x) + 1.0


def ref_linear_quadratic(Q, K, V, causal_, shift):
    """Eq. 4 with the mask: A = φ(Q)·φ(K)ᵀ over the visible keys, each row normalised; out = A·V."""
    q, k = linear_phi(Q), linear_phi(K)
    n_q, n_k = Q.size(0), K.size(0)
    vis = torch.ones(n_q, n_k, dtype=torch.bool)
    if causal_:
        vis = torch.arange(n_k)[None, :] <= torch.arange(n_q)[:, None] + shift
    A = (q @ k.T) * vis                                     # (n_q, n_k)
    den = A.sum(-1, keepdim=True)                           # (n_q, 1)
    w = torch.where(den > 0, A / torch.where(den > 0, den, torch.ones_like(den)), torch.zeros_like(A))
    return w @ V, w


def ref_linear_prefix(Q, K, V, causal_, shift):
    """Eq. 5 and 8–10: S = Σ φ(k_j)v_jᵀ and z = Σ φ(k_j), all keys or the prefix each query sees (torch.cumsum)."""
    q, k = linear_phi(Q), linear_phi(K)
    n_q, n_k = Q.size(0), K.size(0)
    kv = torch.einsum("jd,jm->jdm", k, V)                   # (n_k, d_k, d_v)
    if not causal_:
        S, z = kv.sum(0), k.sum(0)
        return (q @ S) / (q @ z)[:, None]
    S_pre, z_pre = torch.cumsum(kv, 0), torch.cumsum(k, 0)  # prefix j ≤ t at row t
    out = torch.zeros(n_q, V.size(1), dtype=F64)
    for i in range(n_q):
        last = min(i + shift, n_k - 1)
        if last < 0:
            continue
        out[i] = (q[i] @ S_pre[last]) / (q[i] @ z_pre[last])
    return out


def make_linear():
    g = gen(23)
    cases = []

    def add(name, Q, K, V, causal_=False, shift=0):
        out, w = ref_linear_quadratic(Q, K, V, causal_, shift)
        fast = ref_linear_prefix(Q, K, V, causal_, shift)
        assert (out - fast).abs().max().item() < 1e-12, name
        cases.append({"name": name, "op": "linear_attention", "Q": tolist(Q), "K": tolist(K), "V": tolist(V), "causal": causal_,
                      "shift": shift, "out": tolist(out), "weights": tolist(w)})

    add("square", randn(g, 5, 3), randn(g, 5, 3), randn(g, 5, 2))
    add("square_causal", randn(g, 6, 4), randn(g, 6, 4), randn(g, 6, 3), causal_=True)
    add("nq3_nk7", randn(g, 3, 4), randn(g, 7, 4), randn(g, 7, 5))
    add("nq3_nk7_causal_top_left", randn(g, 3, 4), randn(g, 7, 4), randn(g, 7, 2), causal_=True, shift=0)
    add("nq3_nk7_causal_bottom_right", randn(g, 3, 4), randn(g, 7, 4), randn(g, 7, 2), causal_=True, shift=4)
    add("nq6_nk3_causal_rows_that_see_nothing", randn(g, 6, 2), randn(g, 3, 2), randn(g, 3, 2), causal_=True, shift=-3)
    add("negative_inputs_exp_side", randn(g, 4, 3, scale=4.0) - 6.0, randn(g, 5, 3, scale=4.0) - 6.0, randn(g, 5, 2))
    add("large_inputs", randn(g, 4, 3, scale=50.0), randn(g, 4, 3, scale=50.0), randn(g, 4, 3), causal_=True)
    add("n37_d16_causal", randn(g, 37, 16), randn(g, 37, 16), randn(g, 37, 8), causal_=True)
    return write("linear_attention.json", cases)


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    total = 0
    for make in [make_softmax, make_attention, make_multi_head, make_layer_norm, make_block,
                 make_pos_encoding, make_single_head, make_project, make_grouped, make_temperature, make_entropy]:
        total += make()
    total += make_mask_patterns()  # masks
    total += make_positions()  # positions: RoPE, ALiBi
    total += make_bias()  # bias: attention and multi_head + bias
    total += make_rope_options()  # rope options: multi_head / block + RoPE, ALiBi
    total += make_depth()  # depth: rank collapse
    total += make_relative_position()  # relative position, and RoPE / ALiBi in the permutation experiment
    total += make_page_positions()  # the page's positions: its examples' weights
    total += make_flash()  # flash attention: out, lse and the online-softmax trace
    total += make_linear()  # linear attention: out and weights
    print(f"total {total:,} bytes in {os.path.relpath(OUT_DIR, ROOT)}/")


if __name__ == "__main__":
    main()
