// positions.words.ts — the words of the positions control, its notes and its steps: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';
import { POSITIONS_FAILURES } from '../model/positions';

/** The words of the positions control, its notes and its steps. */
export const POSITIONS_PAGE_WORDS = bilingual({
  'pos.legend': ['Positions', '位置'],
  'pos.none': ['none', '无'],
  'pos.sinusoidal': ['sinusoidal', '正弦'],
  'pos.rope': ['RoPE', 'RoPE'],
  'pos.alibi': ['ALiBi', 'ALiBi'],
  'pos.pairing': ['RoPE pairing', 'RoPE 配对'],
  'pos.pairing.half': ['half (GPT-NeoX, Hugging Face Llama)', '前后两半（GPT-NeoX、Hugging Face Llama）'],
  'pos.pairing.interleaved': ['interleaved (RoFormer, Meta Llama)', '相邻交错（RoFormer、Meta Llama）'],
  'pos.base': ['RoPE base', 'RoPE 底数'],
  'pos.base.invalid': [
    'The base must be a number from 1.0001 to 10⁹ (10000 in RoFormer and Llama 2, 500000 in Llama 3).',
    '底数须是 1.0001 到 10⁹ 之间的数（RoFormer 和 Llama 2 用 10000，Llama 3 用 500000）。',
  ],
  'pos.slopes': ['ALiBi slope of each head: m = {list}', '每个头的 ALiBi 斜率：m = {list}'],
  'pos.slopesOne': ['ALiBi slope of the one head: m = {list}', '唯一一个头的 ALiBi 斜率：m = {list}'],
  'pos.hint.none': [
    'No positions: attention sees a set, not a sequence (two equal tokens get equal weights).',
    '没有位置信息：注意力看到的是一个集合而不是序列（两个相同的词元得到相同的权重）。',
  ],
  'pos.hint.sinusoidal': [
    'The seed’s sinusoidal encoding is added to {inputs}: each row gets the row of PE at its position.',
    '把种子的正弦位置编码加到 {inputs} 上：每一行加上 PE 中它所在位置的那一行。',
  ],
  'pos.hint.rope': [
    'q and k are rotated by their positions (θ_i = base^(−2i/d)): q·k then depends only on the distance i − j.',
    '按位置旋转 q 和 k（θ_i = base^(−2i/d)）：于是 q·k 只取决于距离 i − j。',
  ],
  'pos.hint.alibi': [
    'Each scaled score gets −m·|i − j|: keys farther away lose weight, at each head’s own rate m.',
    '每个缩放后的分数加上 −m·|i − j|：越远的键权重越小，每个头有自己的斜率 m。',
  ],
  'pos.hint.where.top-left': [
    'Keys sit at positions 0 … n_k − 1, query i at position i (queries aligned top-left).',
    '键位于位置 0 … n_k − 1，查询 i 位于位置 i（查询左上对齐）。',
  ],
  'pos.hint.where.bottom-right': [
    'Keys sit at positions 0 … n_k − 1, queries at the last n_q of them (aligned bottom-right).',
    '键位于位置 0 … n_k − 1，查询位于其中最后 n_q 个位置（右下对齐）。',
  ],
  'pos.fail.tooManyQueries': [
    POSITIONS_FAILURES.tooManyQueries,
    '{op} 加入位置（{positions}）时：Q 有 n_q = {nq} 行，而 K 只有 n_k = {nk} 行；右下对齐时查询位于 n_k 个键位置中的最后 n_q 个，所以 n_q 不能大于 n_k（或改为左上对齐）',
  ],
  'plane.pos.rope': [
    'The arrows are q and k rotated by RoPE: the vectors the core compares. To drag them, choose positions: none.',
    '箭头是经 RoPE 旋转后的 q 和 k，即核心实际比较的向量。要拖动它们，请把位置选为“无”。',
  ],
  'plane.pos.sinusoidal': [
    'The arrows are q and k with the sinusoidal encoding added: the vectors the core compares. To drag them, choose positions: none.',
    '箭头是加上正弦位置编码后的 q 和 k，即核心实际比较的向量。要拖动它们，请把位置选为“无”。',
  ],
  'plane.pos.alibi': ['Beside each key, s includes the ALiBi bias −m·|i − j| (m = {m}).', '每个键旁边的 s 已包含 ALiBi 偏置 −m·|i − j|（m = {m}）。'],
  'explain.pos.rope': [
    'q and k are rotated by RoPE ({pairing} pairing, base {base}): query {i} at position {pi}, key {j} at position {j}; their product depends only on {pi} − {j}.',
    'q 和 k 经 RoPE 旋转（{pairing} 配对，底数 {base}）：查询 {i} 位于位置 {pi}，键 {j} 位于位置 {j}；它们的乘积只取决于 {pi} − {j}。',
  ],
  'explain.pos.sinusoidal': [
    'The sinusoidal encoding is in q, k and v: row {pi} of PE was added to query {i}, row {j} to key {j}.',
    'q、k、v 中含有正弦位置编码：查询 {i} 加上了 PE 的第 {pi} 行，键 {j} 加上了第 {j} 行。',
  ],
  'explain.pos.sinusoidalLN': [
    'The sinusoidal encoding was added to X before the layer norm: row {pi} of PE to token {i}, row {j} to token {j}.',
    '正弦位置编码在层归一化之前加到了 X 上：词元 {i} 加上 PE 的第 {pi} 行，词元 {j} 加上第 {j} 行。',
  ],
  'explain.pos.sinusoidalX': [
    'The sinusoidal encoding was added to X before the projections: row {pi} of PE to token {i}, row {j} to token {j}.',
    '正弦位置编码在投影之前加到了 X 上：词元 {i} 加上 PE 的第 {pi} 行，词元 {j} 加上第 {j} 行。',
  ],
  'explain.pos.alibi': [
    'ALiBi’s bias b = −m·|p_i − j| = −{m}·|{pi} − {j}| = {b} (query {i} at position {pi}).',
    'ALiBi 的偏置 b = −m·|p_i − j| = −{m}·|{pi} − {j}| = {b}（查询 {i} 位于位置 {pi}）。',
  ],
});
