// words.ts — the permutation experiment's words: its card, its form (the positions to compare with, the row picker), its view and 05-perm.txt: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The permutation experiment’s words. */
export const PERMUTATION_WORDS = bilingual({
  'exp.field.source': ['input X', '输入 X'],
  'exp.field.sourceRandom': ['random (n × d)', '随机（n × d）'],
  'exp.field.sourceCurrent': ['the playground’s current X / Q', '演练场当前的 X / Q'],
  'exp.field.perm': ['permutation (empty = random)', '置换（留空 = 随机）'],
  'exp.field.pe': ['positional encoding', '位置编码'],
  'exp.field.drag': ['or drag the rows into a new order (focus one, ← → move it)', '或拖动行来改变顺序（聚焦某一行，用 ← → 移动）'],
  'exp.field.peSin': ['sinusoidal', '正弦'],
  'exp.field.peNone': ['none', '无'],
  'exp.permutation.title': ['2. Permutation: attention does not know the order', '2. 置换：注意力不知道顺序'],
  'exp.permutation.what': [
    'Reorder the tokens with P and compare attention(PX) with P·attention(X): equal without a positional encoding, different with one.',
    '用 P 打乱词元顺序，比较 attention(PX) 与 P·attention(X)：没有位置编码时相等，加上之后不再相等。',
  ],
  'exp.perm.without': ['without PE', '无位置编码'],
  'exp.perm.with': ['with sinusoidal PE', '加正弦位置编码'],
  'exp.perm.none': ['PE = none', '位置编码 = 无'],
  'exp.perm.given': ['typed', '手动输入'],
  'exp.perm.random': ['random from the seed', '由种子随机生成'],
  'exp.perm.token': ['token', '词元'],
  'exp.perm.chip': ['position {i}: row {v} of X (← → move it)', '位置 {i}：X 的第 {v} 行（用 ← → 移动）'],
  'exp.field.peRope': ['RoPE (Q and K rotated)', 'RoPE（旋转 Q 和 K）'],
  'exp.field.peAlibi': ['ALiBi (one head’s bias)', 'ALiBi（一个头的偏置）'],
  'exp.perm.withRope': ['with RoPE', '使用 RoPE'],
  'exp.perm.withAlibi': ['with ALiBi', '使用 ALiBi'],
  'rep.perm.sentence': [
    'Without positional encoding, max |attention(PX) − P·attention(X)| = {diff}: attention does not know the order. {tail}',
    '没有位置编码时，max |attention(PX) − P·attention(X)| = {diff}：注意力不知道顺序。{tail}',
  ],
  'rep.perm.tailNone': ['No positional encoding was chosen, so both cases are the same.', '没有选择位置编码，所以两种情况相同。'],
  'rep.perm.tailPe': ['With the sinusoidal encoding it is {diff}: the order now matters.', '加上正弦位置编码后为 {diff}：顺序开始起作用了。'],
  'rep.perm.title': ['05-perm.txt — attention does not know the order (permutation equivariance)', '05-perm.txt——注意力不知道顺序（置换等变性）'],
  'rep.perm.x': ['X: {rows} × {cols}, {source}', 'X：{rows} × {cols}，{source}'],
  'rep.perm.xRandom': ['random standard normal, seed {seed}', '随机标准正态，种子 {seed}'],
  'rep.perm.given': ['given', '给定'],
  'rep.perm.p': ['permutation P ({source}): {perm} — row i of PX is row P[i] of X', '置换 P（{source}）：{perm}——PX 的第 i 行是 X 的第 P[i] 行'],
  'rep.perm.pRandom': ['random, seed {seed}', '随机，种子 {seed}'],
  'rep.perm.pe': [
    'positional encoding: {pe}, added after permuting (PX + PE): a position keeps its encoding while the tokens move',
    '位置编码：{pe}，在置换之后加上（PX + PE）：词元移动时，每个位置保留自己的编码',
  ],
  'rep.perm.peNone': ['none chosen', '未选择'],
  'rep.perm.peSin': ['sinusoidal pos_encoding(n, d)', '正弦 pos_encoding(n, d)'],
  'rep.perm.without': [
    'without positional encoding: max |attention(PX) − P·attention(X)| = {diff} ({raw})',
    '无位置编码：max |attention(PX) − P·attention(X)| = {diff}（{raw}）',
  ],
  'rep.perm.with': [
    'with positional encoding:    max |attention(PX + PE) − P·attention(X + PE)| = {diff} ({raw})',
    '有位置编码：max |attention(PX + PE) − P·attention(X + PE)| = {diff}（{raw}）',
  ],
  'rep.perm.exact': [
    'Without PE the output is permuted exactly like the input (up to rounding): attention is a function of a set, not of a sequence.',
    '没有位置编码时，输出与输入按完全相同的方式被置换（在舍入误差以内）：注意力是集合的函数，而不是序列的函数。',
  ],
  'rep.perm.notExact': [
    'Without PE the difference is larger than rounding (1e-12): check the input.',
    '没有位置编码时，差值超过了舍入误差（1e-12）：请检查输入。',
  ],
  'rep.perm.repeats': ['No encoding was chosen for the second case, so it repeats the first.', '第二种情况没有选择位置编码，所以它与第一种情况相同。'],
  'rep.perm.differ': [
    'With PE the outputs differ: the encoding tells attention where each token stands, so reordering changes the result.',
    '有位置编码时输出不同：编码告诉注意力每个词元所在的位置，所以重新排序会改变结果。',
  ],
  'rep.perm.small': [
    'With PE the difference is small: this permutation barely moves the tokens (or X is too symmetric).',
    '有位置编码时差值很小：这个置换几乎没有移动词元（或者 X 过于对称）。',
  ],
  'rep.perm.peRope': [
    'RoPE (base 10000, half pairing): Q = K = rope(PX), V = PX not rotated',
    'RoPE（底数 10000，前后半配对）：Q = K = rope(PX)，V = PX 不旋转',
  ],
  'rep.perm.peAlibi': [
    'ALiBi, one head (slope 1/256): −|i − j| / 256 added to the scaled scores',
    'ALiBi，一个头（斜率 1/256）：在缩放后的分数上加 −|i − j| / 256',
  ],
  'rep.perm.positions': [
    'positions: {pe}, applied after permuting: a position keeps its rotation or bias while the tokens move',
    '位置方式：{pe}，在置换之后施加：词元移动时，每个位置保留自己的旋转或偏置',
  ],
  'rep.perm.tailRope': [
    'With RoPE it is {diff}: the rotations follow the positions, so the order now matters.',
    '使用 RoPE 时差为 {diff}：旋转跟随位置，所以顺序变得重要。',
  ],
  'rep.perm.tailAlibi': [
    'With ALiBi it is {diff}: the bias follows the positions, so the order now matters.',
    '使用 ALiBi 时差为 {diff}：偏置跟随位置，所以顺序变得重要。',
  ],
  'rep.perm.withRope': [
    'with RoPE:                   max |attention(PX) − P·attention(X)| = {diff} ({raw})',
    '使用 RoPE：   max |attention(PX) − P·attention(X)| = {diff}（{raw}）',
  ],
  'rep.perm.withAlibi': [
    'with ALiBi:                  max |attention(PX) − P·attention(X)| = {diff} ({raw})',
    '使用 ALiBi：  max |attention(PX) − P·attention(X)| = {diff}（{raw}）',
  ],
});
