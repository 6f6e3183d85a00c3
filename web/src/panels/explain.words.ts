// explain.words.ts — the words of the explain panel: how weight (i, j) was made, written out: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the explain panel: how weight (i, j) was made, written out. */
export const EXPLAIN_WORDS = bilingual({
  'explain.title': ['How weight ({i}, {j}) was made', '权重 ({i}, {j}) 是怎样算出来的'],
  'explain.titleOutput': ['How output row {i} was made', '输出第 {i} 行是怎样算出来的'],
  'explain.hint': [
    'Point at a weight (hover or focus a heatmap cell) to see how it was made.',
    '指向一个权重（鼠标悬停在热力图的单元格上，或用键盘聚焦它），即可看到它是怎样算出来的。',
  ],
  'explain.default': ['Shown now: the largest weight of the selected query {i}.', '当前显示：所选查询 {i} 的最大权重。'],
  'explain.hintDefault': ['{hint} {now}', '{hint}{now}'],
  'explain.copy': ['Copy as text', '复制为文本'],
  'explain.copied': ['Copied!', '已复制！'],
  'explain.query': ['query {name}', '查询 {name}'],
  'explain.key': ['key {name}', '键 {name}'],
  'explain.sep': [', ', '、'],
  'explain.step.source': ['The vectors', '向量'],
  'explain.step.dot': ['Score: the dot product of the query and the key', '分数：查询与键的点积'],
  'explain.step.scaled': ['Scaled score', '缩放后的分数'],
  'explain.step.softmax': ['Softmax over the row: the weight', '对整行做 softmax：得到权重'],
  'explain.step.share': ['Its share of the output', '它在输出中所占的份额'],
  'explain.step.weights': ['The weights row', '权重行'],
  'explain.step.sum': ['The weighted sum of the value rows', '各值向量行的加权和'],
  'explain.projected': [
    'Here q = X·Wq and k = X·Wk are the projected queries and keys, and v = X·Wv.',
    '这里 q = X·Wq 和 k = X·Wk 是投影后的查询和键，v = X·Wv。',
  ],
  'explain.normed': [
    'The block has no projections: head {n}’s q, k and v are {cols} of LN(X), the layer-normed input.',
    '这个块没有投影：第 {n} 个头的 q、k、v 都是 LN(X)（层归一化后的输入）的{cols}。',
  ],
  'explain.grouped': [
    'Query head {n} reads key/value head {kv}: q is {qcols} of q·Wq, k is {kcols} of k·Wk and v is {vcols} of v·Wv (each with its bias, where given).',
    '第 {n} 个查询头读取第 {kv} 个键/值头：q 是 q·Wq 的{qcols}，k 是 k·Wk 的{kcols}，v 是 v·Wv 的{vcols}（如有偏置，各自加上）。',
  ],
  'explain.headColumns': ['Head {n} compares {cols} of Q and K.', '第 {n} 个头比较 Q 和 K 的{cols}。'],
  'explain.cols': ['columns {from}–{to}', '第 {from}–{to} 列'],
  'explain.col': ['column {from}', '第 {from} 列'],
  'explain.qLength': ['The queries are the rows of Q times the length multiplier {f}.', '查询是 Q 的各行乘以长度倍数 {f}。'],
  'explain.terms': [' ({n} terms; the {hidden} in the middle are not shown)', '（共 {n} 项；中间的 {hidden} 项未显示）'],
  'explain.termsKeys': [' ({n} keys; the {hidden} in the middle are not shown)', '（共 {n} 个键；中间的 {hidden} 个未显示）'],
  'explain.noScaling': [' (not divided: √d_k scaling is off and τ = 1)', '（不做除法：√d_k 缩放已关闭，且 τ = 1）'],
  'explain.sumOf': ['(the sum over {n} keys)', '（对 {n} 个键求和）'],
  'explain.shift': [
    'm = {m} is the largest scaled score of the row: subtracting it from every exponent gives the same weight and keeps every e^… within float64.',
    'm = {m} 是这一行最大的缩放分数：从每个指数中减去它，权重不变，而且每个 e^… 都不会超出 float64 的范围。',
  ],
  'explain.maskedKeys': ['Masked keys add e^(−∞) = 0 to the sum: {keys}.', '被掩码的键向和中加入 e^(−∞) = 0：{keys}。'],
  'explain.masked': [
    'Masked: query {i} may not see key {j}, so its score becomes −∞ before softmax and its weight is exactly 0.',
    '已掩码：查询 {i} 不能看到键 {j}，所以它的分数在 softmax 之前变为 −∞，权重恰好为 0。',
  ],
  'explain.allMasked': [
    'Every key is masked for query {i}: all its weights are 0 and its output row is 0.',
    '查询 {i} 的所有键都被掩码：它的权重全为 0，输出行也为 0。',
  ],
  'explain.maskedShare': ['A weight of 0 adds nothing to {out}.', '权重为 0，对 {out} 没有任何贡献。'],
  'explain.weightShare': [
    '{out} is a weighted average of the value rows (the weights sum to 1): {v} enters it with weight {pct}.',
    '{out} 是各值向量行的加权平均（权重之和为 1）：{v} 以权重 {pct} 参与其中。',
  ],
  'explain.columns': ['Per column, this term is {list}.', '按列来看，这一项是{list}。'],
  'explain.column': ['{part} of {total} ({pct}) in column {c}', '第 {c} 列 {total} 中的 {part}（{pct}）'],
  'explain.sumsToOne': ['The weights of a row sum to 1.', '每一行的权重之和为 1。'],
  'explain.largest': ['The largest, {w}, is on {k}.', '最大的权重 {w} 落在 {k} 上。'],
  'explain.headSlice': ['This is head {n}’s part of the output: {cols} of the output row.', '这是第 {n} 个头对输出的贡献：输出行的{cols}。'],
  'explain.headSliceAttended': [
    'This is head {n}’s output: {cols} of the row of attended; the block’s out adds X to it (out = X + attended).',
    '这是第 {n} 个头的输出：attended 这一行的{cols}；块的 out 再加上 X（out = X + attended）。',
  ],
  'explain.headSliceGrouped': [
    'This is head {n}’s output: it fills {cols} of the heads’ concatenation, which Wo turns into the output (out = concat·Wo, plus bo where given).',
    '这是第 {n} 个头的输出：它填入各头拼接结果的{cols}，再由 Wo 变换为输出（out = concat·Wo，如有 bo 再加上 bo）。',
  ],
  'explain.summary': [
    'Weight ({i}, {j}) = {w}: score {s}, scaled {x}, softmax {num} / {den}.',
    '权重 ({i}, {j}) = {w}：分数 {s}，缩放后 {x}，softmax 为 {num} / {den}。',
  ],
  'explain.summaryMasked': ['Weight ({i}, {j}) = 0: key {j} is masked for query {i}.', '权重 ({i}, {j}) = 0：对查询 {i} 而言，键 {j} 被掩码。'],
  'explain.summaryOutput': ['Output row {i} = {row}.', '输出第 {i} 行 = {row}。'],
});
