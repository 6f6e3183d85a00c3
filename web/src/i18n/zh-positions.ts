// zh-positions.ts — 简体中文 of experiment 5 (relative position) and of the
// permutation experiment's RoPE and ALiBi cases (experiment 7), the keys of
// en-positions.ts and their progress steps; zh.ts spreads it into its table,
// whose type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of experiments 5 and 7. */
export const ZH_POSITIONS = {
  // 进度（experiments/words.ts）
  'exp.step.relative': '计算 {n} 个位置、d = {d} 的分数：用旋转位置编码，以及用正弦位置编码',
  'exp.step.peRope': '使用旋转位置编码（旋转 Q 和 K）',
  'exp.step.peAlibi': '使用线性偏置（一个头的偏置）',
  // 5. 相对位置
  'exp.relative.title': '5. 相对位置：RoPE 与正弦位置编码对比',
  'exp.relative.what':
    '同一个查询向量 q 和同一个键向量 k 出现在每个位置上。位置 i 与位置 j 之间的分数是否只取决于 i − j？使用 RoPE 时，分数矩阵的每条对角线都是常数；把正弦位置编码加到 X 上时则不是。',
  'exp.field.nPositions': '位置数 n',
  'exp.field.base': 'RoPE 底数 base',
  'exp.field.pairing': 'RoPE 配对方式',
  'exp.field.pairingHalf': '前后半 (x_i, x_i+d/2)',
  'exp.field.pairingInterleaved': '相邻 (x_2i, x_2i+1)',
  'exp.relative.rope': 'RoPE：rope(q)·rope(k)/√d',
  'exp.relative.sin': '正弦编码：(q+PE)·(k+PE)/√d',
  'exp.relative.queryPos': '查询位置 i',
  'exp.relative.keyPos': '键位置 j',
  'exp.relative.deviation': '偏离“每条对角线为常数”的最大值：',
  'exp.relative.caption': 'q 和 k 由种子 {seed} 生成，d = {d}，RoPE 底数 {base}，{pairing}配对。两张图共用一个颜色刻度：{lo} … {hi}。',
  'exp.relative.cell': '查询位置 {i} 与键位置 {j} 的分数（i − j = {c}）：{v}',
  // 7. 置换实验的新位置方式
  'exp.field.peRope': 'RoPE（旋转 Q 和 K）',
  'exp.field.peAlibi': 'ALiBi（一个头的偏置）',
  'exp.perm.withRope': '使用 RoPE',
  'exp.perm.withAlibi': '使用 ALiBi',
  // 报告
  'rep.rope.sentence': 'RoPE：分数只取决于 i − j（最大偏差 {rope}）；把正弦编码加到 X 上：则不是（偏差 {sin}）。',
  'rep.rope.title': '10-rope.txt——相对位置：分数是否只取决于 i − j？',
  'rep.rope.settings': 'n = {n} 个位置，d = {d}，种子 {seed}（先 q 后 k，标准正态），RoPE 底数 {base}，{pairing}配对',
  'rep.rope.setup': 'Q = n 份 q，K = n 份 k；S_rope[i][j] = rope(Q)[i]·rope(K)[j] / √d，S_sin[i][j] = (q + PE_i)·(k + PE_j) / √d',
  'rep.rope.devRope': 'RoPE：    偏离常数对角线的最大值 = {dev}（{raw}）',
  'rep.rope.devSin': '正弦编码：偏离常数对角线的最大值 = {dev}（{raw}）',
  'rep.rope.deviationIs': '（偏差：对每个偏移 c = i − j，取该对角线上 S[i][j] 的最大值减最小值，再取所有对角线中的最大者）',
  'rep.rope.diagonal': '主对角线 S[i][i]（i − j = 0），i = 0 … {last}：',
  'rep.rope.subDiagonal': '其下第一条对角线 S[i][i − 1]（i − j = 1），i = 1 … {last}：',
  'rep.rope.why':
    '原因：RoPE 把 q 旋转 i·θ、把 k 旋转 j·θ，它们的点积只看到角度 (i − j)·θ；正弦编码是加到向量上的，所以 q·PE_j 和 PE_i·k 这两项取决于 i 和 j 本身。',
  'rep.perm.peRope': 'RoPE（底数 10000，前后半配对）：Q = K = rope(PX)，V = PX 不旋转',
  'rep.perm.peAlibi': 'ALiBi，一个头（斜率 1/256）：在缩放后的分数上加 −|i − j| / 256',
  'rep.perm.positions': '位置方式：{pe}，在置换之后施加：词元移动时，每个位置保留自己的旋转或偏置',
  'rep.perm.tailRope': '使用 RoPE 时差为 {diff}：旋转跟随位置，所以顺序变得重要。',
  'rep.perm.tailAlibi': '使用 ALiBi 时差为 {diff}：偏置跟随位置，所以顺序变得重要。',
  'rep.perm.withRope': '使用 RoPE：   max |attention(PX) − P·attention(X)| = {diff}（{raw}）',
  'rep.perm.withAlibi': '使用 ALiBi：  max |attention(PX) − P·attention(X)| = {diff}（{raw}）',
  'rep.notes.permPos': '在置换之后施加 {pe}，差值变为 {diff}，这时 순서 才起作用',
} satisfies Partial<Record<Key, string>>;
