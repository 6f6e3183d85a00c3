// words.ts — the relative-position experiment's words: its card, its form (RoPE's base and pairing), its view and 10-rope.txt: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The relative-position experiment’s words. */
export const RELATIVE_WORDS = bilingual({
  'exp.relative.title': ['5. Relative position: RoPE against the sinusoidal encoding', '5. 相对位置：RoPE 与正弦位置编码对比'],
  'exp.relative.what': [
    'The same query vector q and key vector k stand at every position. Does the score of position i with position j depend only on i − j? With RoPE every diagonal of the score matrix is constant; with the sinusoidal encoding added to X it is not.',
    '同一个查询向量 q 和同一个键向量 k 出现在每个位置上。位置 i 与位置 j 之间的分数是否只取决于 i − j？使用 RoPE 时，分数矩阵的每条对角线都是常数；把正弦位置编码加到 X 上时则不是。',
  ],
  'exp.field.nPositions': ['positions n', '位置数 n'],
  'exp.field.base': ['RoPE base', 'RoPE 底数 base'],
  'exp.field.pairing': ['RoPE pairing', 'RoPE 配对方式'],
  'exp.field.pairingHalf': ['half (x_i, x_i+d/2)', '前后半 (x_i, x_i+d/2)'],
  'exp.field.pairingInterleaved': ['interleaved (x_2i, x_2i+1)', '相邻 (x_2i, x_2i+1)'],
  'exp.relative.rope': ['RoPE: rope(q)·rope(k)/√d', 'RoPE：rope(q)·rope(k)/√d'],
  'exp.relative.sin': ['sinusoidal: (q+PE)·(k+PE)/√d', '正弦编码：(q+PE)·(k+PE)/√d'],
  'exp.relative.queryPos': ['query position i', '查询位置 i'],
  'exp.relative.keyPos': ['key position j', '键位置 j'],
  'exp.relative.deviation': ['largest deviation from constant diagonals: ', '偏离“每条对角线为常数”的最大值：'],
  'exp.relative.caption': [
    'q and k from seed {seed}, d = {d}, RoPE base {base}, {pairing} pairing. Both maps share one colour scale, {lo} … {hi}.',
    'q 和 k 由种子 {seed} 生成，d = {d}，RoPE 底数 {base}，{pairing}配对。两张图共用一个颜色刻度：{lo} … {hi}。',
  ],
  'exp.relative.cell': ['score of query position {i} with key position {j} (i − j = {c}): {v}', '查询位置 {i} 与键位置 {j} 的分数（i − j = {c}）：{v}'],
  'rep.rope.sentence': [
    'RoPE: the score depends only on i − j (largest deviation {rope}); sinusoidal added to X: it does not (deviation {sin}).',
    'RoPE：分数只取决于 i − j（最大偏差 {rope}）；把正弦编码加到 X 上：则不是（偏差 {sin}）。',
  ],
  'rep.rope.title': ['10-rope.txt — relative position: does a score depend only on i − j?', '10-rope.txt——相对位置：分数是否只取决于 i − j？'],
  'rep.rope.settings': [
    'n = {n} positions, d = {d}, seed {seed} (q, then k, standard normal), RoPE base {base}, {pairing} pairing',
    'n = {n} 个位置，d = {d}，种子 {seed}（先 q 后 k，标准正态），RoPE 底数 {base}，{pairing}配对',
  ],
  'rep.rope.setup': [
    'Q = n copies of q, K = n copies of k; S_rope[i][j] = rope(Q)[i]·rope(K)[j] / √d, S_sin[i][j] = (q + PE_i)·(k + PE_j) / √d',
    'Q = n 份 q，K = n 份 k；S_rope[i][j] = rope(Q)[i]·rope(K)[j] / √d，S_sin[i][j] = (q + PE_i)·(k + PE_j) / √d',
  ],
  'rep.rope.devRope': ['RoPE:       largest deviation from constant diagonals = {dev} ({raw})', 'RoPE：    偏离常数对角线的最大值 = {dev}（{raw}）'],
  'rep.rope.devSin': ['sinusoidal: largest deviation from constant diagonals = {dev} ({raw})', '正弦编码：偏离常数对角线的最大值 = {dev}（{raw}）'],
  'rep.rope.deviationIs': [
    '(the deviation is the largest, over the offsets c = i − j, of max − min of S[i][j] along that diagonal)',
    '（偏差：对每个偏移 c = i − j，取该对角线上 S[i][j] 的最大值减最小值，再取所有对角线中的最大者）',
  ],
  'rep.rope.diagonal': ['The main diagonal S[i][i] (i − j = 0), i = 0 … {last}:', '主对角线 S[i][i]（i − j = 0），i = 0 … {last}：'],
  'rep.rope.subDiagonal': [
    'The first diagonal below it, S[i][i − 1] (i − j = 1), i = 1 … {last}:',
    '其下第一条对角线 S[i][i − 1]（i − j = 1），i = 1 … {last}：',
  ],
  'rep.rope.why': [
    'Why: RoPE turns q by the angles i·θ and k by j·θ, so their dot product sees only the angle (i − j)·θ; the sinusoidal encoding is added to the vectors, so the terms q·PE_j and PE_i·k depend on i and j themselves.',
    '原因：RoPE 把 q 旋转 i·θ、把 k 旋转 j·θ，它们的点积只看到角度 (i − j)·θ；正弦编码是加到向量上的，所以 q·PE_j 和 PE_i·k 这两项取决于 i 和 j 本身。',
  ],
});
