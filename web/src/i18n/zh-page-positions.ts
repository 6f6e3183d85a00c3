// zh-page-positions.ts — 简体中文 of the page's positions: the
// positions control, its notes, and the steps' names that put positions in
// (model/words.ts); zh-figures.ts spreads it, zh.ts's type checks every key.

import type { Key } from './en';

/** The 中文 of the positions control, its notes and its steps. */
export const ZH_PAGE_POSITIONS = {
  'pos.legend': '位置',
  'pos.none': '无',
  'pos.sinusoidal': '正弦',
  'pos.rope': 'RoPE',
  'pos.alibi': 'ALiBi',
  'pos.pairing': 'RoPE 配对',
  'pos.pairing.half': '前后两半（GPT-NeoX、Hugging Face Llama）',
  'pos.pairing.interleaved': '相邻交错（RoFormer、Meta Llama）',
  'pos.base': 'RoPE 底数',
  'pos.base.invalid': '底数须是 1.0001 到 10⁹ 之间的数（RoFormer 和 Llama 2 用 10000，Llama 3 用 500000）。',
  'pos.slopes': '每个头的 ALiBi 斜率：m = {list}',
  'pos.slopesOne': '唯一一个头的 ALiBi 斜率：m = {list}',
  'pos.hint.none': '没有位置信息：注意力看到的是一个集合而不是序列（两个相同的词元得到相同的权重）。',
  'pos.hint.sinusoidal': '把种子的正弦位置编码加到 {inputs} 上：每一行加上 PE 中它所在位置的那一行。',
  'pos.hint.rope': '按位置旋转 q 和 k（θ_i = base^(−2i/d)）：于是 q·k 只取决于距离 i − j。',
  'pos.hint.alibi': '每个缩放后的分数加上 −m·|i − j|：越远的键权重越小，每个头有自己的斜率 m。',
  'pos.hint.where.top-left': '键位于位置 0 … n_k − 1，查询 i 位于位置 i（查询左上对齐）。',
  'pos.hint.where.bottom-right': '键位于位置 0 … n_k − 1，查询位于其中最后 n_q 个位置（右下对齐）。',
  'pos.fail.tooManyQueries':
    '{op} 加入位置（{positions}）时：Q 有 n_q = {nq} 行，而 K 只有 n_k = {nk} 行；右下对齐时查询位于 n_k 个键位置中的最后 n_q 个，所以 n_q 不能大于 n_k（或改为左上对齐）',
  'plane.pos.rope': '箭头是经 RoPE 旋转后的 q 和 k，即核心实际比较的向量。要拖动它们，请把位置选为“无”。',
  'plane.pos.sinusoidal': '箭头是加上正弦位置编码后的 q 和 k，即核心实际比较的向量。要拖动它们，请把位置选为“无”。',
  'plane.pos.alibi': '每个键旁边的 s 已包含 ALiBi 偏置 −m·|i − j|（m = {m}）。',
  'explain.pos.rope': 'q 和 k 经 RoPE 旋转（{pairing} 配对，底数 {base}）：查询 {i} 位于位置 {pi}，键 {j} 位于位置 {j}；它们的乘积只取决于 {pi} − {j}。',
  'explain.pos.sinusoidal': 'q、k、v 中含有正弦位置编码：查询 {i} 加上了 PE 的第 {pi} 行，键 {j} 加上了第 {j} 行。',
  'explain.pos.sinusoidalX': '正弦位置编码在投影之前加到了 X 上：词元 {i} 加上 PE 的第 {pi} 行，词元 {j} 加上第 {j} 行。',
  'explain.pos.alibi': 'ALiBi 的偏置 b = −m·|p_i − j| = −{m}·|{pi} − {j}| = {b}（查询 {i} 位于位置 {pi}）。',
  // the steps that put positions in (model/words.ts NAMES)
  'step.peQ': 'Q + PE（位置 {from}…{to} 的行）',
  'step.peK': 'K + PE（位置 0…{to} 的行）',
  'step.peV': 'V + PE（位置 0…{to} 的行）',
  'step.peX': 'X + PE（位置 0…{to} 的行）',
  'step.ropeQ': '经 RoPE 旋转的 q（位置 {from}…{to}）',
  'step.ropeK': '经 RoPE 旋转的 k（位置 0…{to}）',
  'step.alibi': '+ ALiBi 偏置 −m·|i − j|，m = {m}',
  'step.alibiShift': '+ ALiBi 偏置 −m·|p_i − j|，p_i = i + {first}，m = {m}',
  'step.scaledBias': '缩放 scaled = scores / √{dk} + 偏置',
  'step.scaledOffBias': 'scaled = scores + 偏置（不除以 √d_k）',
  'step.scaledTauBias': '缩放 scaled = scores / (τ·√{dk}) + 偏置，τ = {tau}',
  'step.scaledTauOffBias': 'scaled = scores / τ + 偏置，τ = {tau}',
} satisfies Partial<Record<Key, string>>;
