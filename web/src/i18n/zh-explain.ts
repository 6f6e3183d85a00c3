// zh-explain.ts — 简体中文 of the written-out computation of a weight
// (model/explain*.ts, panels/explain-panel.ts); zh.ts spreads it into its
// table, whose type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the 'explain.' keys. */
export const ZH_EXPLAIN = {
  // 权重是怎样算出来的：逐步写出的计算（model/explain*.ts, panels/explain-panel.ts）
  'explain.title': '权重 ({i}, {j}) 是怎样算出来的',
  'explain.titleOutput': '输出第 {i} 行是怎样算出来的',
  'explain.hint': '指向一个权重（鼠标悬停在热力图的单元格上，或用键盘聚焦它），即可看到它是怎样算出来的。',
  'explain.default': '当前显示：所选查询 {i} 的最大权重。',
  'explain.hintDefault': '{hint}{now}',
  'explain.copy': '复制为文本',
  'explain.copied': '已复制！',
  'explain.query': '查询 {name}',
  'explain.key': '键 {name}',
  'explain.sep': '、',
  'explain.step.source': '向量',
  'explain.step.dot': '分数：查询与键的点积',
  'explain.step.scaled': '缩放后的分数',
  'explain.step.softmax': '对整行做 softmax：得到权重',
  'explain.step.share': '它在输出中所占的份额',
  'explain.step.weights': '权重行',
  'explain.step.sum': '各值向量行的加权和',
  'explain.projected': '这里 q = X·Wq 和 k = X·Wk 是投影后的查询和键，v = X·Wv。',
  'explain.headColumns': '第 {n} 个头比较 Q 和 K 的第 {from}–{to} 列。',
  'explain.qLength': '查询是 Q 的各行乘以长度倍数 {f}。',
  'explain.terms': '（共 {n} 项；中间的 {hidden} 项未显示）',
  'explain.termsKeys': '（共 {n} 个键；中间的 {hidden} 个未显示）',
  'explain.noScaling': '（不做除法：√d_k 缩放已关闭，且 τ = 1）',
  'explain.sumOf': '（对 {n} 个键求和）',
  'explain.shift': 'm = {m} 是这一行最大的缩放分数：从每个指数中减去它，权重不变，而且每个 e^… 都不会超出 float64 的范围。',
  'explain.maskedKeys': '被掩码的键向和中加入 e^(−∞) = 0：{keys}。',
  'explain.masked': '已掩码：查询 {i} 不能看到键 {j}，所以它的分数在 softmax 之前变为 −∞，权重恰好为 0。',
  'explain.allMasked': '查询 {i} 的所有键都被掩码：它的权重全为 0，输出行也为 0。',
  'explain.maskedShare': '权重为 0，对 {out} 没有任何贡献。',
  'explain.weightShare': '{out} 是各值向量行的加权平均（权重之和为 1）：{v} 以权重 {pct} 参与其中。',
  'explain.columns': '按列来看，这一项是{list}。',
  'explain.column': '第 {c} 列 {total} 中的 {part}（{pct}）',
  'explain.sumsToOne': '每一行的权重之和为 1。',
  'explain.largest': '最大的权重 {w} 落在 {k} 上。',
  'explain.headSlice': '这是第 {n} 个头对输出的贡献：输出行的第 {from}–{to} 列。',
  'explain.summary': '权重 ({i}, {j}) = {w}：分数 {s}，缩放后 {x}，softmax 为 {num} / {den}。',
  'explain.summaryMasked': '权重 ({i}, {j}) = 0：对查询 {i} 而言，键 {j} 被掩码。',
  'explain.summaryOutput': '输出第 {i} 行 = {row}。',
} satisfies Partial<Record<Key, string>>;
