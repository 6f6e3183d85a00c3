#!/usr/bin/python3
"""make_golden_grad.py — reference gradients for the core's training functions (cpp/grad_*),
computed with PyTorch float64 autograd.

Run with the Debian interpreter that has torch:

    /usr/bin/python3 scripts/make_golden_grad.py

As in make_golden.py: everything is float64; random INPUTS are rounded to 4 decimals (they read
back bit-exactly), OUTPUTS and gradients are written at full precision (Python's repr); every file
has its own fixed seed, so re-running reproduces the files byte for byte.

Each case gives the inputs, an upstream gradient G (the same shape as the output) and what torch
gives: the output, and the gradient of every input and parameter for the scalar loss
L = sum(out * G), i.e. out.backward(G). Masks are bool with true = query i may SEE key j (the
core's convention), or null; `counts` (cross-entropy) has 1 = this position counts.

Files (tests/golden/), read by tests/cpp/grad_*_test.cpp:
  grad_embedding.json      [{op: "embedding", name, E, ids, G, out, dE}
                            | {op: "positions", name, X, P, G, out, dX, dP}]
  grad_rope.json           [{op: "rope", name, X, base, pairing, offset, G, out, dX}]
  grad_softmax.json        [{op: "softmax", name, X, G, out, dX}]
  grad_attention.json      [{op: "attention", name, Q, K, V, mask, G, out, weights, dQ, dK, dV}]
  grad_multi_head.json     [{op: "multi_head", name, X, W_Q, W_K, W_V, W_O, h, mask, rope, G,
                             out, weights: h × (n, n), dX, dW_Q, dW_K, dW_V, dW_O}]
  grad_layer_norm.json     [{op: "layer_norm", name, X, gamma, beta, eps, G, out, dX, d_gamma,
                             d_beta}]
  grad_unembedding.json    [{op: "unembedding", name, X, W_U, G, out, dX, dW_U}]
  grad_cross_entropy.json  [{op: "cross_entropy", name, logits, targets, counts, d_loss, loss,
                             d_logits}]
  grad_adam.json           [{op: "adam", name, lr, beta1, beta2, eps, params, grads: steps × (n),
                             after: steps × {params, m, v}}]

The torch functions matched: torch.nn.functional.embedding; a learned position table added as
X + P[:n]; RoPE as Hugging Face Llama's apply_rotary_pos_emb (x·cos + rotate_half(x)·sin) and
RoFormer's interleaved pairs; torch.softmax(dim=-1); attention written out (Q·Kᵀ/√d_k, masked_fill
−∞, softmax, ·V; an all-hidden row gives weights 0, as the core); multi-head self-attention with
bias-free projections X·W (nanoGPT's CausalSelfAttention); torch.nn.functional.layer_norm;
X @ W_U; torch.nn.functional.cross_entropy(reduction="mean", ignore_index for the positions that
do not count); torch.optim.Adam (Kingma & Ba 2015, arXiv:1412.6980).
"""

import json
import math
import os

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
F64 = torch.float64

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "tests", "golden")


# ---------------------------------------------------------------- helpers

def gen(seed):
    g = torch.Generator()
    g.manual_seed(seed)
    return g


def rnd(t):
    """k / 1e4 with k an integer: exactly what parsing "0.1234" gives back."""
    return torch.round(t * 1e4) / 1e4


def randn(g, *shape, scale=1.0):
    """Standard normal × scale, rounded to 4 decimals (an input)."""
    return rnd(torch.randn(*shape, generator=g, dtype=F64) * scale)


def leaf(t):
    return t.clone().requires_grad_(True)


def causal(n):
    return torch.ones(n, n, dtype=torch.bool).tril()


def tolist(t):
    return None if t is None else t.detach().tolist()


def write(name, cases):
    """One case per line, as make_golden.py writes them."""
    path = os.path.join(OUT_DIR, name)
    lines = [json.dumps(c, separators=(",", ":"), allow_nan=False) for c in cases]
    with open(path, "w") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")
    size = os.path.getsize(path)
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(cases)} cases, {size:,} bytes")
    return size


# ------------------------------------------------------------- references

def ref_attention(Q, K, V, mask):
    """softmax(Q·Kᵀ/√d_k, hidden keys −∞)·V; a row with no visible key gets weights 0 (and out 0)
    where torch's softmax would give NaN: its logits are replaced by 0 before the softmax and its
    weights multiplied by 0, so no NaN reaches the gradients either."""
    S = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])          # (…, n_q, n_k)
    if mask is None:
        W = torch.softmax(S, dim=-1)
    else:
        seen = mask.any(dim=-1, keepdim=True)                     # (n_q, 1)
        logits = S.masked_fill(~mask, float("-inf")).masked_fill(~seen, 0.0)
        W = torch.softmax(logits, dim=-1) * seen
    return W @ V, W


def rotate_pairs(x, pairing):
    """HF's rotate_half (−x2, x1) for 'half'; RoFormer's (−x_2i+1, x_2i) for 'interleaved'."""
    if pairing == "half":
        x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        return torch.cat((-x2, x1), dim=-1)
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).reshape(x.shape)


def ref_rope(x, base, pairing, offset):
    """x (…, n, dh) turned: x·cos + rotate(x)·sin, row r at position offset + r."""
    n, dh = x.shape[-2], x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, dh, 2, dtype=torch.int64).to(F64) / dh))
    freqs = (torch.arange(n, dtype=F64) + offset)[:, None] * inv_freq[None, :]  # (n, dh/2)
    if pairing == "half":
        emb = torch.cat((freqs, freqs), dim=-1)
    else:
        emb = torch.stack((freqs, freqs), dim=-1).reshape(n, dh)
    return x * emb.cos() + rotate_pairs(x, pairing) * emb.sin()


def heads_of(M, h):
    """(n, h·w) → (h, n, w), head t = columns [t·w, (t+1)·w)."""
    n, hw = M.shape
    return M.view(n, h, hw // h).transpose(0, 1)


def ref_multi_head(X, W_Q, W_K, W_V, W_O, h, mask, rope):
    """X·W_Q, X·W_K, X·W_V → heads (rope on q, k) → attention → concat → ·W_O."""
    q, k, v = heads_of(X @ W_Q, h), heads_of(X @ W_K, h), heads_of(X @ W_V, h)
    if rope is not None:
        q = ref_rope(q, rope["base"], rope["pairing"], rope["offset"])
        k = ref_rope(k, rope["base"], rope["pairing"], rope["offset"])
    o, w = ref_attention(q, k, v, mask)                            # (h, n, d_v), (h, n, n)
    n = X.shape[0]
    return o.transpose(0, 1).reshape(n, -1) @ W_O, w


# --------------------------------------------------------------- sections

def make_embedding():
    g = gen(101)
    cases = []
    E = randn(g, 5, 3)
    ids = [3, 0, 3, 1, 3, 0]              # token 3 three times, 0 twice, 2 and 4 never
    G = randn(g, len(ids), 3)
    Et = leaf(E)
    out = F.embedding(torch.tensor(ids), Et)
    out.backward(G)
    cases.append({"op": "embedding", "name": "repeated tokens, two unused", "E": tolist(E),
                  "ids": ids, "G": tolist(G), "out": tolist(out), "dE": tolist(Et.grad)})
    X, P = randn(g, 3, 4), randn(g, 5, 4)
    G = randn(g, 3, 4)
    Xt, Pt = leaf(X), leaf(P)
    out = Xt + Pt[: X.shape[0]]
    out.backward(G)
    cases.append({"op": "positions", "name": "n = 3 of n_max = 5", "X": tolist(X), "P": tolist(P),
                  "G": tolist(G), "out": tolist(out), "dX": tolist(Xt.grad), "dP": tolist(Pt.grad)})
    return write("grad_embedding.json", cases)


def make_rope():
    g = gen(102)
    cases = []
    for name, n, d, base, pairing, offset in [
        ("half pairs, offset 0", 4, 6, 10000.0, "half", 0),
        ("interleaved pairs, offset 3", 4, 6, 10000.0, "interleaved", 3),
        ("half pairs, base 100, offset 5", 3, 4, 100.0, "half", 5),
    ]:
        X, G = randn(g, n, d), randn(g, n, d)
        Xt = leaf(X)
        out = ref_rope(Xt, base, pairing, offset)
        out.backward(G)
        cases.append({"op": "rope", "name": name, "X": tolist(X), "base": base,
                      "pairing": pairing, "offset": offset, "G": tolist(G), "out": tolist(out),
                      "dX": tolist(Xt.grad)})
    return write("grad_rope.json", cases)


def make_softmax():
    g = gen(103)
    cases = []
    for name, X in [("(3, 5)", randn(g, 3, 5, scale=2.0)),
                    ("large scores (2, 4)", randn(g, 2, 4, scale=30.0))]:
        G = randn(g, *X.shape)
        Xt = leaf(X)
        out = torch.softmax(Xt, dim=-1)
        out.backward(G)
        cases.append({"op": "softmax", "name": name, "X": tolist(X), "G": tolist(G),
                      "out": tolist(out), "dX": tolist(Xt.grad)})
    return write("grad_softmax.json", cases)


def make_attention():
    g = gen(104)
    cases = []
    padding = torch.tensor([[True, True, False, False, True],
                            [False, False, False, False, False],   # a query that sees nothing
                            [True, False, True, False, False]])
    for name, n_q, n_k, d_k, d_v, mask in [
        ("no mask", 4, 4, 6, 6, None),
        ("causal", 4, 4, 6, 6, causal(4)),
        ("cross, padding mask with an all-hidden row", 3, 5, 4, 3, padding),
    ]:
        Q, K, V = randn(g, n_q, d_k), randn(g, n_k, d_k), randn(g, n_k, d_v)
        G = randn(g, n_q, d_v)
        Qt, Kt, Vt = leaf(Q), leaf(K), leaf(V)
        out, W = ref_attention(Qt, Kt, Vt, mask)
        out.backward(G)
        cases.append({"op": "attention", "name": name, "Q": tolist(Q), "K": tolist(K),
                      "V": tolist(V), "mask": tolist(mask), "G": tolist(G), "out": tolist(out),
                      "weights": tolist(W), "dQ": tolist(Qt.grad), "dK": tolist(Kt.grad),
                      "dV": tolist(Vt.grad)})
    return write("grad_attention.json", cases)


def make_multi_head():
    g = gen(105)
    cases = []
    for name, n, d, h, d_k, d_v, d_out, mask, rope in [
        ("n = 4, d = 6, h = 2, causal", 4, 6, 2, 3, 3, 6, causal(4), None),
        ("rope half pairs, causal", 4, 4, 2, 2, 2, 4, causal(4),
         {"base": 10000.0, "pairing": "half", "offset": 0}),
        ("rope interleaved, offset 2, d_v = 3, d_out = 5, no mask", 3, 4, 2, 2, 3, 5, None,
         {"base": 10000.0, "pairing": "interleaved", "offset": 2}),
    ]:
        X = randn(g, n, d)
        s = 1.0 / math.sqrt(d)
        W_Q, W_K = randn(g, d, h * d_k, scale=s * 2), randn(g, d, h * d_k, scale=s * 2)
        W_V, W_O = randn(g, d, h * d_v, scale=s), randn(g, h * d_v, d_out, scale=s)
        G = randn(g, n, d_out)
        ts = [leaf(t) for t in (X, W_Q, W_K, W_V, W_O)]
        out, W = ref_multi_head(*ts, h, mask, rope)
        out.backward(G)
        cases.append({"op": "multi_head", "name": name, "X": tolist(X), "W_Q": tolist(W_Q),
                      "W_K": tolist(W_K), "W_V": tolist(W_V), "W_O": tolist(W_O), "h": h,
                      "mask": tolist(mask), "rope": rope, "G": tolist(G), "out": tolist(out),
                      "weights": tolist(W), "dX": tolist(ts[0].grad), "dW_Q": tolist(ts[1].grad),
                      "dW_K": tolist(ts[2].grad), "dW_V": tolist(ts[3].grad),
                      "dW_O": tolist(ts[4].grad)})
    return write("grad_multi_head.json", cases)


def make_layer_norm():
    g = gen(106)
    cases = []
    X = randn(g, 3, 5, scale=2.0)
    X[2] = 0.75                                     # a constant row: x̂ = 0, only eps keeps r finite
    for name, X, eps in [("(3, 5) with a constant row", X, 1e-5),
                         ("(2, 6), eps 0.1", randn(g, 2, 6) + 3.0, 0.1)]:
        d = X.shape[1]
        gamma, beta = 1.0 + randn(g, d, scale=0.5), randn(g, d, scale=0.5)
        G = randn(g, *X.shape)
        Xt, gt, bt = leaf(X), leaf(gamma), leaf(beta)
        out = F.layer_norm(Xt, (d,), gt, bt, eps)
        out.backward(G)
        cases.append({"op": "layer_norm", "name": name, "X": tolist(X), "gamma": tolist(gamma),
                      "beta": tolist(beta), "eps": eps, "G": tolist(G), "out": tolist(out),
                      "dX": tolist(Xt.grad), "d_gamma": tolist(gt.grad),
                      "d_beta": tolist(bt.grad)})
    return write("grad_layer_norm.json", cases)


def make_unembedding():
    g = gen(107)
    X, W_U = randn(g, 4, 3), randn(g, 3, 7)
    G = randn(g, 4, 7)
    Xt, Wt = leaf(X), leaf(W_U)
    out = Xt @ Wt
    out.backward(G)
    return write("grad_unembedding.json", [
        {"op": "unembedding", "name": "n = 4, d = 3, vocab = 7", "X": tolist(X), "W_U": tolist(W_U),
         "G": tolist(G), "out": tolist(out), "dX": tolist(Xt.grad), "dW_U": tolist(Wt.grad)}])


def make_cross_entropy():
    g = gen(108)
    cases = []
    for name, n, vocab, counts, d_loss, scale in [
        ("every position counts", 4, 6, None, 1.0, 2.0),
        ("two of five positions do not count, d_loss 0.5", 5, 6, [1, 0, 1, 1, 0], 0.5, 2.0),
        ("large logits", 3, 5, None, 1.0, 40.0),
    ]:
        logits = randn(g, n, vocab, scale=scale)
        targets = torch.randint(0, vocab, (n,), generator=g)
        ignored = targets.clone()
        if counts is not None:
            ignored[torch.tensor(counts) == 0] = -100           # F.cross_entropy's ignore_index
        lt = leaf(logits)
        loss = F.cross_entropy(lt, ignored, reduction="mean", ignore_index=-100)
        (loss * d_loss).backward()
        cases.append({"op": "cross_entropy", "name": name, "logits": tolist(logits),
                      "targets": targets.tolist(), "counts": counts, "d_loss": d_loss,
                      "loss": loss.item(), "d_logits": tolist(lt.grad)})
    return write("grad_cross_entropy.json", cases)


def make_adam():
    g = gen(109)
    cases = []
    for name, n, steps, opts in [
        ("defaults", 6, 4, {"lr": 1e-3, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8}),
        ("lr 0.05, betas (0.8, 0.99), eps 1e-6", 5, 5,
         {"lr": 0.05, "beta1": 0.8, "beta2": 0.99, "eps": 1e-6}),
    ]:
        params = randn(g, n)
        grads = [randn(g, n, scale=0.1 * (k + 1)) for k in range(steps)]
        grads[1][0] = 0.0                          # a zero gradient: m and v only decay
        p = torch.nn.Parameter(params.clone())
        opt = torch.optim.Adam([p], lr=opts["lr"], betas=(opts["beta1"], opts["beta2"]),
                               eps=opts["eps"])
        after = []
        for G in grads:
            opt.zero_grad()
            p.grad = G.clone()
            opt.step()
            st = opt.state[p]
            after.append({"params": p.detach().tolist(), "m": st["exp_avg"].tolist(),
                          "v": st["exp_avg_sq"].tolist(), "t": int(st["step"].item())})
        cases.append({"op": "adam", "name": name, **opts, "params": params.tolist(),
                      "grads": [G.tolist() for G in grads], "after": after})
    return write("grad_adam.json", cases)


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    total = 0
    for make in [make_embedding, make_rope, make_softmax, make_attention, make_multi_head,
                 make_layer_norm, make_unembedding, make_cross_entropy, make_adam]:
        total += make()
    print(f"total {total:,} bytes")


if __name__ == "__main__":
    main()
