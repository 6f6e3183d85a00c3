#!/usr/bin/python3
"""make_golden_tiny.py — the reference for the tiny attention-only transformer
(cpp/tiny_transformer.h): the same model in PyTorch float64, with its weights
drawn here from a fixed torch seed and written into the fixture, so the C++ test
loads them into its model and compares.

    /usr/bin/python3 scripts/make_golden_tiny.py

Writes tests/golden/tiny_transformer.json, read by tests/cpp/tiny_transformer_test.cpp:
  [{op: "tiny", name, config: {layers, heads, d_model, vocab, context, layer_norm, positions},
    batch: {batch, context, vocab, tokens, targets, mask} (flat, B·T),
    params: {name: (rows, cols)},  loss,  grads: {name: (rows, cols)},
    adam: {lr, beta1, beta2, eps, losses: [loss before step 1, after 1, 2, 3]}}]

The model (the C++ header's legend): x = E[tokens] (+ P[:T]); per layer
x = x + MHA(LN(x)) with a causal mask and bias-free projections x·W (head t = columns
[t·d_k, (t+1)·d_k)), RoPE (Hugging Face Llama's rotate_half, base 10000) on each head's
queries and keys when positions = "rope"; logits = LN_f(x)·W_U; the loss is
F.cross_entropy(reduction="mean") over the counted positions (ignore_index elsewhere).
The 3 Adam steps are torch.optim.Adam on every parameter with the same batch each step.
Inputs are rounded to 4 decimals (they read back exactly); outputs are full precision.
"""

import json
import math
import os

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
F64 = torch.float64

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "golden", "tiny_transformer.json")


def rnd(t):
    return torch.round(t * 1e4) / 1e4


def param_shapes(c):
    """The C++ tiny_param_views order and shapes."""
    d, shapes = c["d_model"], []
    shapes.append(("E", (c["vocab"], d)))
    if c["positions"] == "learned":
        shapes.append(("P", (c["context"], d)))
    for l in range(c["layers"]):
        p = f"layer{l}."
        if c["layer_norm"]:
            shapes += [(p + "ln.gamma", (1, d)), (p + "ln.beta", (1, d))]
        shapes += [(p + w, (d, d)) for w in ("W_Q", "W_K", "W_V", "W_O")]
    if c["layer_norm"]:
        shapes += [("ln_f.gamma", (1, d)), ("ln_f.beta", (1, d))]
    shapes.append(("W_U", (d, c["vocab"])))
    return shapes


def rope(x):
    """x (h, T, dh) turned as HF Llama: x·cos + rotate_half(x)·sin, row r at position r."""
    T, dh = x.shape[-2], x.shape[-1]
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dh, 2, dtype=torch.int64).to(F64) / dh))
    freqs = torch.arange(T, dtype=F64)[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    x1, x2 = x[..., : dh // 2], x[..., dh // 2:]
    return x * emb.cos() + torch.cat((-x2, x1), dim=-1) * emb.sin()


def forward(c, P, tokens, targets, mask):
    """The mean cross-entropy over the counted positions of the batch."""
    B, T = tokens.shape
    d, h = c["d_model"], c["heads"]
    dk = d // h
    x = P["E"][tokens]                                        # (B, T, d)
    if c["positions"] == "learned":
        x = x + P["P"][:T]
    causal = torch.ones(T, T, dtype=torch.bool).tril()
    for l in range(c["layers"]):
        p = f"layer{l}."
        a = x
        if c["layer_norm"]:
            a = F.layer_norm(x, (d,), P[p + "ln.gamma"][0], P[p + "ln.beta"][0], 1e-5)
        def split(M):                                          # (B, T, d) → (B, h, T, dk)
            return M.view(B, T, h, dk).transpose(1, 2)
        q, k, v = split(a @ P[p + "W_Q"]), split(a @ P[p + "W_K"]), split(a @ P[p + "W_V"])
        if c["positions"] == "rope":
            q, k = rope(q), rope(k)
        S = q @ k.transpose(-2, -1) / math.sqrt(dk)           # (B, h, T, T)
        W = torch.softmax(S.masked_fill(~causal, float("-inf")), dim=-1)
        heads = (W @ v).transpose(1, 2).reshape(B, T, d)      # (B, T, d)
        x = x + heads @ P[p + "W_O"]
    if c["layer_norm"]:
        x = F.layer_norm(x, (d,), P["ln_f.gamma"][0], P["ln_f.beta"][0], 1e-5)
    logits = x @ P["W_U"]                                     # (B, T, V)
    t = torch.where(mask.bool(), targets, torch.full_like(targets, -100))
    return F.cross_entropy(logits.reshape(B * T, -1), t.reshape(-1), ignore_index=-100)


def case(name, c, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    params = {}
    for pname, shape in param_shapes(c):
        if pname.endswith("gamma"):
            t = 1.0 + 0.1 * torch.randn(*shape, generator=g)
        elif pname.endswith("beta"):
            t = 0.1 * torch.randn(*shape, generator=g)
        else:
            t = 0.5 * torch.randn(*shape, generator=g)
        params[pname] = rnd(t)
    B, T, V = 2, c["context"], c["vocab"]
    tokens = torch.randint(0, V, (B, T), generator=g)
    targets = torch.randint(0, V, (B, T), generator=g)
    mask = (torch.rand(B, T, generator=g) < 0.7).to(torch.int64)
    mask[0, -1] = 1

    leaves = {k: v.clone().requires_grad_(True) for k, v in params.items()}
    loss = forward(c, leaves, tokens, targets, mask)
    loss.backward()
    grads = {k: v.grad.tolist() for k, v in leaves.items()}

    lr, betas, eps = 1e-2, (0.9, 0.999), 1e-8
    adam_leaves = {k: v.clone().requires_grad_(True) for k, v in params.items()}
    opt = torch.optim.Adam(list(adam_leaves.values()), lr=lr, betas=betas, eps=eps)
    losses = []
    for _ in range(3):
        opt.zero_grad()
        l = forward(c, adam_leaves, tokens, targets, mask)
        losses.append(l.item())
        l.backward()
        opt.step()
    with torch.no_grad():
        losses.append(forward(c, adam_leaves, tokens, targets, mask).item())

    return {
        "op": "tiny", "name": name, "config": c,
        "batch": {"batch": B, "context": T, "vocab": V, "tokens": tokens.reshape(-1).tolist(),
                  "targets": targets.reshape(-1).tolist(), "mask": mask.reshape(-1).tolist()},
        "params": {k: v.tolist() for k, v in params.items()},
        "loss": loss.item(), "grads": grads,
        "adam": {"lr": lr, "beta1": betas[0], "beta2": betas[1], "eps": eps, "losses": losses},
    }


def main():
    cases = []
    seed = 2024
    for ln in (False, True):
        for pos in ("learned", "rope"):
            c = {"layers": 2, "heads": 2, "d_model": 8, "vocab": 6, "context": 6,
                 "layer_norm": ln, "positions": pos}
            cases.append(case(f"{pos}, {'LN' if ln else 'no LN'}", c, seed))
            seed += 1
    c = {"layers": 1, "heads": 4, "d_model": 8, "vocab": 5, "context": 4, "layer_norm": True,
         "positions": "rope"}
    cases.append(case("one layer, 4 heads, rope, LN", c, seed))
    lines = [json.dumps(x, separators=(",", ":"), allow_nan=False) for x in cases]
    with open(OUT, "w") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(cases)} cases, {os.path.getsize(OUT):,} bytes")


if __name__ == "__main__":
    main()
