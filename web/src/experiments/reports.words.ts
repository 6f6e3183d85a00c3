// reports.words.ts — the words of the experiments' report files (02-scale.txt, 05-perm.txt, 08-notes.md, …): each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the experiments' report files (02-scale.txt, 05-perm.txt, 08-notes.md, …). */
export const REPORTS_WORDS = bilingual({
  'rep.scale.near64': ['d = {d} (d = 64 was not measured; this is the nearest)', 'd = {d}（没有测量 d = 64，这是最接近的值）'],
  'rep.scale.sentence': [
    'At {at}: without scaling the largest weight is {unscaled} (median {unscaledMedian}) — attention picks one key; with scaling it is {scaled} (median {scaledMedian}) — a weighted average.',
    '{at}：不缩放时，最大权重为 {unscaled}（中位数 {unscaledMedian}）——注意力只挑中一个键；缩放后为 {scaled}（中位数 {scaledMedian}）——是加权平均。',
  ],
  'rep.scale.title': [
    '02-scale.txt — the largest softmax weight with and without dividing the scores by √d_k',
    '02-scale.txt——分数除以与不除以 √d_k 时 softmax 的最大权重',
  ],
  'rep.scale.settings': [
    'seed {seed}; {n} keys; {trials} trials per d; one query row and {n} key rows per trial, standard normal',
    '种子 {seed}；{n} 个键；每个 d 试验 {trials} 次；每次试验一个查询行和 {n} 个键行，服从标准正态分布',
  ],
  'rep.scale.at': ['{at}:', '{at}：'],
  'rep.scale.without': [
    '  without scaling (Q·Kᵀ):      largest weight {mean} (mean), std {std}, median {median}',
    '  不缩放（Q·Kᵀ）：      最大权重 {mean}（均值），标准差 {std}，中位数 {median}',
  ],
  'rep.scale.with': [
    '  with scaling (Q·Kᵀ / √d_k): largest weight {mean} (mean), std {std}, median {median}',
    '  缩放（Q·Kᵀ / √d_k）： 最大权重 {mean}（均值），标准差 {std}，中位数 {median}',
  ],
  'rep.scale.entropy': [
    '  entropy of the weights: {without} without, {with} with scaling (ln {n} = {max} is a uniform average, 0 is one key)',
    '  权重的熵：不缩放 {without}，缩放 {with}（ln {n} = {max} 表示均匀平均，0 表示全部落在一个键上）',
  ],
  'rep.scale.why': [
    'Why: each score is a sum of d products of standard normals, so its spread grows like √d; dividing by √d_k keeps it at 1 for every d.',
    '原因：每个分数是 d 个标准正态变量乘积之和，其离散程度按 √d 增长；除以 √d_k 后，无论 d 多大都保持为 1。',
  ],
  'rep.scale.table': [
    'The whole table (max_w: mean of the largest weight over the trials; H: mean entropy in nats):',
    '完整表格（max_w：各次试验中最大权重的均值；H：平均熵，单位 nat）：',
  ],
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
  'rep.quad.sentence': [
    'Doubling the context (4k → 8k) makes the score matrix {ratio}× larger: {from} → {to} entries, {bytesFrom} → {bytesTo} in float64.',
    '上下文加倍（4k → 8k），分数矩阵变为原来的 {ratio} 倍：元素个数 {from} → {to}，按 float64 计 {bytesFrom} → {bytesTo}。',
  ],
  'rep.quad.measured': [
    'One attention call at n = {n} (d = {d}) took {ms} for {entries} scores ({bytes}); time grows with log–log slope {slope}, entries with slope {entriesSlope}.',
    'n = {n}（d = {d}）时，一次注意力计算用时 {ms}，共 {entries} 个分数（{bytes}）；在双对数坐标下，时间的斜率为 {slope}，元素个数的斜率为 {entriesSlope}。',
  ],
  'rep.quad.slope': ['{slope} (fitted for n ≥ {from})', '{slope}（对 n ≥ {from} 拟合）'],
  'rep.quad.noSlope': ['not fitted (too few points)', '—（点太少，未拟合）'],
  'rep.h1.pass': ['✓ pass', '✓ 通过'],
  'rep.h1.fail': ['✗ fail', '✗ 未通过'],
  'rep.h1.first': [
    '{mark}: multi_head(Q, K, V, 1) against attention(Q, K, V): largest difference {out} in the output and {weights} in the weights.',
    '{mark}：multi_head(Q, K, V, 1) 与 attention(Q, K, V) 相比，输出的最大差值为 {out}，权重的最大差值为 {weights}。',
  ],
  'rep.h1.one': [
    'With h = 1 the one head has all d = {d} columns and is scaled by √{d}, exactly like attention.',
    'h = 1 时，唯一的头拥有全部 d = {d} 列，按 √{d} 缩放，与 attention 完全相同。',
  ],
  'rep.h1.many': [
    'With h = {h} each head sees d/h = {dHead} columns and divides its scores by √(d/h) = {scale}, not √d = {sqrtD}: each head equals attention on its slice (difference {headDiff}); dividing by √d instead would change the weights by up to {wrongDiff}.',
    'h = {h} 时，每个头只看到 d/h = {dHead} 列，分数除以 √(d/h) = {scale}，而不是 √d = {sqrtD}：每个头都等于在自己那一片上做 attention（差值 {headDiff}）；如果改为除以 √d，权重最多会变化 {wrongDiff}。',
  ],
  'rep.h1.sentence': ['{first} {second}', '{first}{second}'],
  'rep.notes.title': ['# 08-notes.md — attention in three numbers', '# 08-notes.md——用三个数字看注意力'],
  'rep.notes.scale': [
    '- **스케일링 (scaling by √d_k):** at d = {d} with {n} keys the largest softmax weight is {unscaled} without scaling and {scaled} with it (mean of {trials} trials, seed {seed}; medians {unscaledMedian} and {scaledMedian}). Without 스케일링 softmax nearly picks one key; with it the output is a weighted average.',
    '- **스케일링（缩放，除以 √d_k）**：在 d = {d}、{n} 个键时，softmax 的最大权重不缩放为 {unscaled}，缩放后为 {scaled}（{trials} 次试验的均值，种子 {seed}；中位数分别为 {unscaledMedian} 和 {scaledMedian}）。没有 스케일링，softmax 几乎只挑中一个键；有了它，输出才是加权平均。',
  ],
  'rep.notes.scaleMissing': [
    '- **스케일링 (scaling by √d_k):** not measured yet — run the scaling experiment for the two largest weights at d = 64.',
    '- **스케일링（缩放，除以 √d_k）**：尚未测量——请运行缩放实验，得到 d = 64 时的两个最大权重。',
  ],
  'rep.notes.perm': [
    '- **순서 (order):** without positional encoding attention ignores the 순서 of the tokens: max |attention(PX) − P·attention(X)| = {diff} for P = {perm} (X {rows} × {cols}); {withPe}.',
    '- **순서（顺序）**：没有位置编码时，注意力不理会词元的 순서：对 P = {perm}（X 为 {rows} × {cols}），max |attention(PX) − P·attention(X)| = {diff}；{withPe}。',
  ],
  'rep.notes.permNone': ['no positional encoding was chosen for the second case', '第二种情况没有选择位置编码'],
  'rep.notes.permPe': [
    'adding the sinusoidal positional encoding after permuting makes it {diff}, so only then does 순서 matter',
    '在置换之后加上正弦位置编码，差值变为 {diff}，这时 순서 才起作用',
  ],
  'rep.notes.permMissing': [
    '- **순서 (order):** not measured yet — run the permutation experiment for attention(PX) against P·attention(X).',
    '- **순서（顺序）**：尚未测量——请运行置换实验，比较 attention(PX) 与 P·attention(X)。',
  ],
  'rep.notes.quad': [
    '- **제곱 (square):** the score matrix has n² entries, so it grows with the 제곱 of the context: n = {n} gives {entries} entries ({bytes} in float64) and one attention call took {ms}{slope}. Doubling the context from 4k to 8k makes the score matrix {ratio}× larger ({bytesFrom} → {bytesTo}).',
    '- **제곱（平方）**：分数矩阵有 n² 个元素，所以随上下文长度的 제곱 增长：n = {n} 时有 {entries} 个元素（按 float64 计 {bytes}），一次注意力计算用时 {ms}{slope}。上下文从 4k 加倍到 8k，分数矩阵变为原来的 {ratio} 倍（{bytesFrom} → {bytesTo}）。',
  ],
  'rep.notes.quadSlope': [
    '; the measured time grows with slope {slope} on a log–log plot (n ≥ {from})',
    '；实测时间在双对数图上的斜率为 {slope}（n ≥ {from}）',
  ],
  'rep.notes.quadMissing': [
    '- **제곱 (square):** the score matrix has n² entries — the 제곱 of the context: 4k → 8k makes it 4× larger (128 MiB → 512 MiB in float64). Run the quadratic experiment for measured times.',
    '- **제곱（平方）**：分数矩阵有 n² 个元素，即上下文长度的 제곱：4k → 8k 使它变为原来的 4 倍（按 float64 计 128 MiB → 512 MiB）。运行平方增长实验可得到实测时间。',
  ],
});
