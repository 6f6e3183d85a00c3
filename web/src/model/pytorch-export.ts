// pytorch-export.ts — "Copy as PyTorch": a Python script that rebuilds the
// same inputs and prints the same weights and output with torch (float64),
// so a learner can check the page against PyTorch: the temperature, the
// query length and the positions (pytorch-positions.ts) included. Pure: no DOM.

import { positionsOf } from './positions';
import { ALIBI_DEF, LENGTHS, PE_DEF, PE_QKV, PE_X, ropeDef } from './pytorch-positions';
import type { MatrixName, State } from './state';

/** Python literal of a number: shortest round-trip text, so torch gets the same double. */
function py(x: number): string {
  const s = String(x);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

/** Python literal of a matrix. */
function pyMatrix(m: number[][]): string {
  if (m.length <= 1) return `[${m.map((r) => `[${r.map(py).join(', ')}]`).join(', ')}]`;
  return `[\n${m.map((r) => `    [${r.map(py).join(', ')}],`).join('\n')}\n]`;
}

/** Python literal of a boolean matrix. */
function pyMask(m: boolean[][]): string {
  return `[\n${m.map((r) => `    [${r.map((b) => (b ? 'True' : 'False')).join(', ')}],`).join('\n')}\n]`;
}

const ATTENTION_DEF = `def attention(Q, K, V, mask=None, scale=True, tau=1.0, bias=None):
    """softmax(Q·Kᵀ / (τ·√d_k) + bias)·V; mask[i][j] True = query i may see key j."""
    scores = Q @ K.transpose(-2, -1)
    if scale:
        scores = scores / math.sqrt(Q.shape[-1])
    scores = scores / tau  # the softmax temperature
    if bias is not None:
        scores = scores + bias  # e.g. ALiBi: after scaling, before masking
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))  # before softmax
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nan_to_num(weights, nan=0.0)  # a fully hidden row -> zeros, as in the playground
    return weights @ V, weights
`;

const MULTI_HEAD_DEF = `def multi_head(Q, K, V, h, mask=None, tau=1.0, bias=None, rope=None):
    """Split the last dimension into h heads, attend (scaled by sqrt(d/h)), concatenate.
    bias: h × n_q × n_k, one per head; rope: turns each head's q and k (queries at the last n_q positions)."""
    n_q, n_k = Q.shape[0], K.shape[0]
    outs, weights = [], []
    for t, (Qt, Kt, Vt) in enumerate(zip(Q.chunk(h, dim=-1), K.chunk(h, dim=-1), V.chunk(h, dim=-1))):
        if rope is not None:
            Qt, Kt = rope(Qt, offset=n_k - n_q), rope(Kt)
        o, w = attention(Qt, Kt, Vt, mask, tau=tau, bias=None if bias is None else bias[t])
        outs.append(o)
        weights.append(w)
    return torch.cat(outs, dim=-1), torch.stack(weights)
`;

/** The Python functions the state's positions need. */
function positionDefs(state: State): string[] {
  const kind = positionsOf(state);
  if (kind === 'sinusoidal') return [PE_DEF];
  if (kind === 'rope') return [ropeDef(state.ropePairing, py(state.ropeBase))];
  if (kind === 'alibi') return [ALIBI_DEF];
  return [];
}

/** The options of a call as Python keyword arguments (", tau=0.5, bias=bias"): those that differ from the defaults. */
function kwargs(o: Record<string, string | null>): string {
  return Object.entries(o)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `, ${k}=${v}`)
    .join('');
}

/** τ as a keyword argument, or null at 1. */
const tauOf = (state: State) => (state.temperature !== 1 ? py(state.temperature) : null);

/** attention and multi_head: the query length, the positions, the call. */
function attentionLines(state: State): string[] {
  const kind = positionsOf(state);
  const lines = state.qLength !== 1 ? [`Q = Q * ${py(state.qLength)}  # the query length ×`] : [];
  if (kind === 'sinusoidal') lines.push(...PE_QKV);
  else if (kind !== 'none') lines.push(LENGTHS);
  const tau = tauOf(state);
  if (state.op === 'multi_head') {
    if (kind === 'alibi') lines.push(`bias = alibi_bias(${state.h}, n_q, n_k)  # (h, n_q, n_k)`);
    const more = kwargs({ tau, bias: kind === 'alibi' ? 'bias' : null, rope: kind === 'rope' ? 'rope' : null });
    lines.push(`out, weights = multi_head(Q, K, V, ${state.h}, mask${more})`);
    return lines;
  }
  if (kind === 'alibi') lines.push('bias = alibi_bias(1, n_q, n_k)[0]  # (n_q, n_k): one head');
  const [q, k] = kind === 'rope' ? ['rope(Q, offset=n_k - n_q)', 'rope(K)'] : ['Q', 'K'];
  lines.push(
    `out, weights = attention(${q}, ${k}, V, mask, scale=${state.scale ? 'True' : 'False'}${kwargs({ tau, bias: kind === 'alibi' ? 'bias' : null })})`,
  );
  return lines;
}

/** block: PE added to X, or RoPE / ALiBi in each head. */
function blockLines(state: State): string[] {
  const kind = positionsOf(state);
  const lines = kind === 'sinusoidal' ? [...PE_X] : [];
  lines.push(`eps = ${py(state.eps)}`, 'normed = torch.nn.functional.layer_norm(X, (X.shape[-1],), eps=eps)  # pre-LN, no affine');
  if (kind === 'alibi') lines.push(`bias = alibi_bias(${state.h}, X.shape[0], X.shape[0])  # (h, n, n)`);
  const more = kwargs({ bias: kind === 'alibi' ? 'bias' : null, rope: kind === 'rope' ? 'rope' : null });
  lines.push(`attended, weights = multi_head(normed, normed, normed, ${state.h}, mask${more})`, 'out = X + attended  # residual');
  return lines;
}

/** single_head: PE added to X, or RoPE / ALiBi on the projections. */
function singleHeadLines(state: State): string[] {
  const kind = positionsOf(state);
  const lines = kind === 'sinusoidal' ? [...PE_X] : [];
  lines.push(
    'q, k, v = X @ Wq, X @ Wk, X @ Wv  # Wq is d_model × d_k, used as X·W (seed 000)',
    'print("q", tuple(q.shape), " k", tuple(k.shape), " v", tuple(v.shape))',
  );
  if (kind === 'rope') lines.push('out, weights = attention(rope(q), rope(k), v, mask)  # positions 0 … n − 1');
  else if (kind === 'alibi') lines.push('bias = alibi_bias(1, X.shape[0], X.shape[0])[0]  # (n, n)', 'out, weights = attention(q, k, v, mask, bias=bias)');
  else lines.push('out, weights = attention(q, k, v, mask)');
  return lines;
}

const GQA_LINES = [
  'def linear(x, W, b):',
  '    return x @ W if b is None else x @ W + b',
  'q, k, v = linear(Q, Wq, bq), linear(K, Wk, bk), linear(V, Wv, bv)',
  'd_k, d_v = q.shape[-1] // H, v.shape[-1] // G',
  'outs, weights = [], []',
  'for i in range(H):',
  '    g = i // (H // G)  # the K/V head this query head reads',
  '    o, w = attention(q[:, i * d_k:(i + 1) * d_k], k[:, g * d_k:(g + 1) * d_k], v[:, g * d_v:(g + 1) * d_v], mask)',
  '    outs.append(o)',
  '    weights.append(w)',
  'weights = torch.stack(weights)',
  'out = linear(torch.cat(outs, dim=-1), Wo, bo)',
];

/** The script for `state`, given the numbers of its inputs and the mask (true = visible) or null. */
export function toPyTorch(state: State, inputs: Partial<Record<MatrixName, number[][]>>, mask: boolean[][] | null): string {
  const lines: string[] = [
    '# Generated by Attention Playground: the same inputs, computed with PyTorch (float64).',
    '# Run: python3 this_file.py',
    'import math',
    '',
    'import torch',
    '',
    'torch.set_printoptions(precision=6, sci_mode=False)',
    'dtype = torch.float64',
    '',
  ];
  const tensor = (name: MatrixName, shape1d = false) => {
    const m = inputs[name];
    if (!m) return;
    const value = shape1d ? `[${m.flat().map(py).join(', ')}]` : pyMatrix(m);
    lines.push(`${name} = torch.tensor(${value}, dtype=dtype)`);
  };
  const names = {
    attention: ['Q', 'K', 'V'],
    multi_head: ['Q', 'K', 'V'],
    block: ['X'],
    single_head: ['X', 'Wq', 'Wk', 'Wv'],
    gqa: ['Q', 'K', 'V', 'Wq', 'Wk', 'Wv', 'Wo'],
  } as const;
  names[state.op].forEach((n) => tensor(n));
  if (state.op === 'gqa') (['bq', 'bk', 'bv', 'bo'] as const).forEach((n) => (inputs[n] ? tensor(n, true) : lines.push(`${n} = None`)));
  lines.push(mask ? `mask = torch.tensor(${pyMask(mask)})  # True = query i may see key j` : 'mask = None', '');
  lines.push(ATTENTION_DEF, ...positionDefs(state).map((d) => `\n${d}`));
  if (state.op === 'multi_head' || state.op === 'block') lines.push(MULTI_HEAD_DEF);
  switch (state.op) {
    case 'attention':
    case 'multi_head':
      lines.push(...attentionLines(state));
      break;
    case 'block':
      lines.push(...blockLines(state));
      break;
    case 'single_head':
      lines.push(...singleHeadLines(state));
      break;
    case 'gqa':
      lines.push(`H, G = ${state.numHeads}, ${state.numKvHeads}  # query heads, key/value heads (G = H: MHA, G = 1: MQA)`, ...GQA_LINES);
      break;
  }
  lines.push('print("weights", tuple(weights.shape))', 'print(weights)', 'print("out", tuple(out.shape))', 'print(out)', '');
  return lines.join('\n');
}
