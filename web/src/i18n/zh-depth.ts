// zh-depth.ts — 简体中文 of experiment 6, rank collapse with depth (
// experiments/depth-words.ts and its progress step); zh.ts spreads it into its
// table, whose type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the depth experiment. */
export const ZH_DEPTH = {
  'exp.step.depth': '{n} 个词元、d = {d} 的 {L} 层：仅注意力、注意力加残差、前置 LN 加残差',
  'exp.depth.title': '6. 随深度的秩坍缩：为什么需要残差连接',
  'exp.depth.what':
    '把 L 层自注意力叠起来，权重 Wq、Wk、Wv 随机（元素服从 N(0, 1/d)，三种堆叠用同一组矩阵），测量各词元离“全都是同一行”有多远：r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F（x̄ 为各列均值）。只有注意力时，秩随深度双指数级地丢失（Dong、Cordonnier 与 Loukas，2021）；残差连接让各词元保持分开。',
  'exp.field.layers': '层数 L',
  'exp.depth.chart': '每层之后到秩一的距离（对数刻度）',
  'exp.depth.x': '层',
  'exp.depth.y': 'r = ‖X − 1·x̄ᵀ‖ / ‖X‖',
  'exp.depth.attention': '仅注意力',
  'exp.depth.residual': '注意力 + 残差',
  'exp.depth.pre_ln': 'pre-LN + 残差',
  'exp.depth.attentionShort': '仅注意力',
  'exp.depth.residualShort': '+ 残差',
  'exp.depth.pre_lnShort': 'pre-LN',
  'exp.depth.caption': 'n = {n} 个词元，d = {d}，种子 {seed}；三种堆叠使用同一组 Wq、Wk、Wv。第 0 层是输入 X₀。',
  'exp.depth.zeros': '恰好为 0 的 r（所有词元是同一行）无法画在对数轴上：图中略去，表中照常列出。',
  'exp.depth.stack': '堆叠',
  'exp.depth.last': '{L} 层之后的 r',
  'exp.depth.ratio': 'r_L / r_0',
  'exp.depth.state': '已坍缩（r < {threshold}）',
  'exp.depth.collapsed': '是',
  'exp.depth.kept': '否',
  'exp.depth.tableTitle': '每层之后的 r',
  'rep.depth.sentence': '经过 {L} 层后，仅注意力离秩一只有 {a}；加上残差为 {b}，pre-LN 加残差为 {c}：{tail}',
  'rep.depth.tailKept': '残差连接让各词元保持分开。',
  'rep.depth.tailAll': '这里连带残差的堆叠也坍缩了（r 低于 {threshold}）。',
  'rep.depth.tailNot': '仅注意力还没有坍缩（r 仍高于 {threshold}）：试试更多层。',
  'rep.depth.tailOne': '输入本身已是秩一（所有行都相同），没有可丢失的秩。',
  'rep.depth.from': '仅注意力在第 {layer} 层降到 {threshold} 以下，此后一直如此。',
  'rep.depth.title':
    '11-depth.txt——随深度的秩坍缩（Dong、Cordonnier 与 Loukas，2021，“Attention is not all you need: pure attention loses rank doubly exponentially with depth”）',
  'rep.depth.settings':
    '设置：n = {n} 个词元，d = {d}，L = {L} 层，种子 {seed}；X₀ 的元素服从 N(0, 1)；Wq、Wk、Wv 的元素服从 N(0, 1/d)，每层按此顺序抽取，三种堆叠使用同一组矩阵',
  'rep.depth.stacks':
    '堆叠：attention：X ← attention(X·Wq, X·Wk, X·Wv)；residual：X ← X + attention(…)；pre_ln：X ← X + attention(Z·Wq, Z·Wk, Z·Wv)，Z = LayerNorm(X)（eps 1e-5）；单头，分数除以 √d，无掩码',
  'rep.depth.measure': 'r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F（x̄ 为各列均值；所有行相同时为 0）；坍缩：r_L < {threshold}',
  'rep.depth.summary': '各堆叠：',
  'rep.depth.perLayer': '每层之后的 r（第 0 层是输入）：',
} satisfies Partial<Record<Key, string>>;
