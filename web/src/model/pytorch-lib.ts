// pytorch-lib.ts — what every operation's "Copy as PyTorch" lines are written
// with: Python literals of numbers, matrices and masks (shortest round-trip
// text, so torch gets the same doubles), the attention and multi_head
// functions the scripts define, and keyword arguments. Pure: no DOM.

import { LENGTHS, PE_QKV } from './pytorch-positions';
import type { State } from './state';

/** Python literal of a number: shortest round-trip text, so torch gets the same double. */
export function py(x: number): string {
  const s = String(x);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

/** Python literal of a matrix. */
export function pyMatrix(m: number[][]): string {
  if (m.length <= 1) return `[${m.map((r) => `[${r.map(py).join(', ')}]`).join(', ')}]`;
  return `[\n${m.map((r) => `    [${r.map(py).join(', ')}],`).join('\n')}\n]`;
}

/** Python literal of a boolean matrix. */
export function pyMask(m: boolean[][]): string {
  return `[\n${m.map((r) => `    [${r.map((b) => (b ? 'True' : 'False')).join(', ')}],`).join('\n')}\n]`;
}

export const ATTENTION_DEF = `def attention(Q, K, V, mask=None, scale=True, tau=1.0, bias=None):
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

export const MULTI_HEAD_DEF = `def multi_head(Q, K, V, h, mask=None, tau=1.0, bias=None, rope=None, first=None):
    """Split the last dimension into h heads, attend (scaled by sqrt(d/h)), concatenate.
    bias: h × n_q × n_k, one per head; rope: turns each head's q and k, query i at position first + i
    (default n_k - n_q: the last n_q positions)."""
    n_q, n_k = Q.shape[0], K.shape[0]
    first = n_k - n_q if first is None else first
    outs, weights = [], []
    for t, (Qt, Kt, Vt) in enumerate(zip(Q.chunk(h, dim=-1), K.chunk(h, dim=-1), V.chunk(h, dim=-1))):
        if rope is not None:
            Qt, Kt = rope(Qt, offset=first), rope(Kt)
        o, w = attention(Qt, Kt, Vt, mask, tau=tau, bias=None if bias is None else bias[t])
        outs.append(o)
        weights.append(w)
    return torch.cat(outs, dim=-1), torch.stack(weights)
`;

/** The options of a call as Python keyword arguments (", tau=0.5, bias=bias"): those that differ from the defaults. */
export function kwargs(o: Record<string, string | null>): string {
  return Object.entries(o)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `, ${k}=${v}`)
    .join('');
}

/** τ as a keyword argument, or null at 1. */
export const tauOf = (state: State) => (state.temperature !== 1 ? py(state.temperature) : null);

/** `first`: where query 0 sits among the key positions, as the page aligns the queries. */
export function firstLine(state: State): string {
  return state.align === 'bottom-right'
    ? 'first = n_k - n_q  # query i at position first + i: the last n_q (aligned bottom-right)'
    : 'first = 0  # query i at position i (aligned top-left)';
}

/** The lines before a call on Q, K, V: the query length, and the positions (PE added, or n_q and n_k for RoPE and ALiBi). */
export function qkvLines(state: State): string[] {
  const kind = state.positions;
  const lines = state.qLength !== 1 ? [`Q = Q * ${py(state.qLength)}  # the query length ×`] : [];
  if (kind !== 'none') lines.push(LENGTHS, firstLine(state));
  if (kind === 'sinusoidal') lines.push(...PE_QKV);
  return lines;
}
