// pytorch-positions.ts — the positions of "Copy as PyTorch": the
// Python functions a script needs for the state's positions, written out in
// full (the seed's pos_encoding; RoPE with rotate_half or the interleaved
// pairs; ALiBi's slopes computed as Press et al.'s get_slopes), and the lines
// that put them in. The same conventions as model/positions.ts: keys at
// positions 0 … n_k − 1, queries at n_k − n_q + i. Pure: no DOM.

import type { RopePairing } from './state';

/** The seed's sinusoidal encoding (cpp/positional.cpp). */
export const PE_DEF = `def pos_encoding(n, d):
    """The seed's sinusoidal encoding: PE[p][2i] = sin(p / 10000^(2i/d)), PE[p][2i+1] = cos(p / 10000^(2i/d))."""
    p = torch.arange(n, dtype=dtype)[:, None]  # (n, 1)
    c = torch.arange(d)
    i2 = (c - c % 2).to(dtype)  # 2i for both columns of a pair
    angle = p / torch.pow(torch.tensor(10000.0, dtype=dtype), i2 / d)  # (n, d)
    return torch.where(c % 2 == 0, torch.sin(angle), torch.cos(angle))
`;

const ROTATE_HALF = `def rotate_half(x):
    """(x1, x2) -> (-x2, x1) on the two halves of the last dimension: pairs (x_i, x_{i+d/2}) (GPT-NeoX, Hugging Face Llama)."""
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)
`;

const ROTATE_INTERLEAVED = `def rotate_interleaved(x):
    """(x_2i, x_2i+1) -> (-x_2i+1, x_2i): pairs of neighbours (RoFormer, Meta's Llama)."""
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)
`;

/** RoPE (Su et al. 2021) with the pairing's rotation, its base as the default. */
export function ropeDef(pairing: RopePairing, base: string): string {
  const [rotate, repeat] = pairing === 'half' ? ['rotate_half', 'repeat(1, 2)'] : ['rotate_interleaved', 'repeat_interleave(2, dim=-1)'];
  return `${pairing === 'half' ? ROTATE_HALF : ROTATE_INTERLEAVED}

def rope(x, offset=0, base=${base}):
    """RoPE (Su et al. 2021): row r turned by the angles (offset + r)·θ_i, θ_i = base^(−2i/d); values are never turned."""
    n, d = x.shape
    theta = base ** (-torch.arange(0, d, 2, dtype=dtype) / d)  # (d/2,)
    angles = torch.arange(offset, offset + n, dtype=dtype)[:, None] * theta  # (n, d/2)
    cos, sin = angles.cos().${repeat}, angles.sin().${repeat}  # (n, d): the angle of each coordinate's pair
    return x * cos + ${rotate}(x) * sin
`;
}

/** ALiBi (Press et al. 2022): the slopes as their get_slopes, and the biases. */
export const ALIBI_DEF = `def alibi_slopes(h):
    """ALiBi's slope of each head (Press et al. 2022, their get_slopes): 2^(-8(t+1)/h) for a power of two h."""
    def power_of_2(n):
        return [2 ** (-8 * (t + 1) / n) for t in range(n)]
    if math.log2(h).is_integer():
        return power_of_2(h)
    p = 2 ** math.floor(math.log2(h))  # the power of two below h, then every other slope of 2p
    return power_of_2(p) + power_of_2(2 * p)[0::2][: h - p]


def alibi_bias(h, n_q, n_k, first=None):
    """bias[t][i][j] = -m_t·|p_i - j|, query i at position p_i = first + i (default n_k - n_q: the last n_q positions)."""
    first = n_k - n_q if first is None else first
    m = torch.tensor(alibi_slopes(h), dtype=dtype)[:, None, None]  # (h, 1, 1)
    p = torch.arange(first, first + n_q, dtype=dtype)[:, None]  # (n_q, 1)
    j = torch.arange(n_k, dtype=dtype)[None, :]  # (1, n_k)
    return -m * (p - j).abs()  # (h, n_q, n_k), added after scaling, before masking
`;

/** The sinusoidal encoding added to Q, K and V: each row gets the row of PE at its position. */
export const PE_QKV = [
  'Q = Q + pos_encoding(first + n_q, Q.shape[-1])[first:]',
  'K = K + pos_encoding(n_k, K.shape[-1])',
  'V = V + pos_encoding(n_k, V.shape[-1])',
];

/** The sinusoidal encoding added to X (block, single_head): row p gets PE row p. */
export const PE_X = ['X = X + pos_encoding(X.shape[0], X.shape[-1])  # the seed’s positions, added to X'];

/** The lengths the RoPE offsets and ALiBi biases of Q and K need. */
export const LENGTHS = 'n_q, n_k = Q.shape[0], K.shape[0]  # keys at positions 0 … n_k − 1';
