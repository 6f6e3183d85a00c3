// en-page-positions.ts — the English of the page's positions: the
// positions control (panels/positions-controls.ts), the notes of the vector
// plane and of the written-out weight, and the failure of model/positions.ts;
// spread into en.ts's page words. 中文 in zh-page-positions.ts.

import { POSITIONS_FAILURES } from '../model/positions';

/** The page words of the positions control and its notes. */
export const PAGE_POSITIONS_WORDS = {
  'pos.legend': 'Positions',
  'pos.none': 'none',
  'pos.sinusoidal': 'sinusoidal',
  'pos.rope': 'RoPE',
  'pos.alibi': 'ALiBi',
  'pos.pairing': 'RoPE pairing',
  'pos.pairing.half': 'half (GPT-NeoX, Hugging Face Llama)',
  'pos.pairing.interleaved': 'interleaved (RoFormer, Meta Llama)',
  'pos.base': 'RoPE base',
  'pos.base.invalid': 'The base must be a number from 1.0001 to 10⁹ (10000 in RoFormer and Llama 2, 500000 in Llama 3).',
  'pos.slopes': 'ALiBi slope of each head: m = {list}',
  'pos.slopesOne': 'ALiBi slope of the one head: m = {list}',
  'pos.hint.none': 'No positions: attention sees a set, not a sequence (two equal tokens get equal weights).',
  'pos.hint.sinusoidal': 'The seed’s sinusoidal encoding is added to {inputs}: each row gets the row of PE at its position.',
  'pos.hint.rope': 'q and k are rotated by their positions (θ_i = base^(−2i/d)): q·k then depends only on the distance i − j.',
  'pos.hint.alibi': 'Each scaled score gets −m·|i − j|: keys farther away lose weight, at each head’s own rate m.',
  'pos.hint.where.top-left': 'Keys sit at positions 0 … n_k − 1, query i at position i (queries aligned top-left).',
  'pos.hint.where.bottom-right': 'Keys sit at positions 0 … n_k − 1, queries at the last n_q of them (aligned bottom-right).',
  'pos.fail.tooManyQueries': POSITIONS_FAILURES.tooManyQueries,
  // the vector plane (panels/plane-panel.ts)
  'plane.pos.rope': 'The arrows are q and k rotated by RoPE: the vectors the core compares. To drag them, choose positions: none.',
  'plane.pos.sinusoidal': 'The arrows are q and k with the sinusoidal encoding added: the vectors the core compares. To drag them, choose positions: none.',
  'plane.pos.alibi': 'Beside each key, s includes the ALiBi bias −m·|i − j| (m = {m}).',
  // the written-out weight (model/explain.ts)
  'explain.pos.rope':
    'q and k are rotated by RoPE ({pairing} pairing, base {base}): query {i} at position {pi}, key {j} at position {j}; their product depends only on {pi} − {j}.',
  'explain.pos.sinusoidal': 'The sinusoidal encoding is in q, k and v: row {pi} of PE was added to query {i}, row {j} to key {j}.',
  'explain.pos.sinusoidalX': 'The sinusoidal encoding was added to X before the projections: row {pi} of PE to token {i}, row {j} to token {j}.',
  'explain.pos.alibi': 'ALiBi’s bias b = −m·|p_i − j| = −{m}·|{pi} − {j}| = {b} (query {i} at position {pi}).',
} as const;
