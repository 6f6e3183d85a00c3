// words.ts — the depth experiment's words (rank collapse): its card, its form, its view and 11-depth.txt: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The depth experiment’s words. */
export const DEPTH_WORDS = bilingual({
  'exp.depth.title': ['6. Rank collapse with depth: why residual connections', '6. 随深度的秩坍缩：为什么需要残差连接'],
  'exp.depth.what': [
    'Stack L self-attention layers with random weights Wq, Wk, Wv (entries N(0, 1/d), the same for all three stacks) and measure how far the tokens are from being one shared row: r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F (x̄ = the column means). Attention alone loses rank doubly exponentially with depth (Dong, Cordonnier & Loukas 2021); the residual connection keeps the tokens apart.',
    '把 L 层自注意力叠起来，权重 Wq、Wk、Wv 随机（元素服从 N(0, 1/d)，三种堆叠用同一组矩阵），测量各词元离“全都是同一行”有多远：r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F（x̄ 为各列均值）。只有注意力时，秩随深度双指数级地丢失（Dong、Cordonnier 与 Loukas，2021）；残差连接让各词元保持分开。',
  ],
  'exp.field.layers': ['layers L', '层数 L'],
  'exp.depth.chart': ['Distance to rank one after each layer (log scale)', '每层之后到秩一的距离（对数刻度）'],
  'exp.depth.x': ['layer', '层'],
  'exp.depth.y': ['r = ‖X − 1·x̄ᵀ‖ / ‖X‖', 'r = ‖X − 1·x̄ᵀ‖ / ‖X‖'],
  'exp.depth.attention': ['attention only', '仅注意力'],
  'exp.depth.residual': ['attention + residual', '注意力 + 残差'],
  'exp.depth.pre_ln': ['pre-LN + residual', 'pre-LN + 残差'],
  'exp.depth.attentionShort': ['attention', '仅注意力'],
  'exp.depth.residualShort': ['+ residual', '+ 残差'],
  'exp.depth.pre_lnShort': ['pre-LN', 'pre-LN'],
  'exp.depth.caption': [
    'n = {n} tokens, d = {d}, seed {seed}; the same Wq, Wk, Wv for the three stacks. Layer 0 is the input X₀.',
    'n = {n} 个词元，d = {d}，种子 {seed}；三种堆叠使用同一组 Wq、Wk、Wv。第 0 层是输入 X₀。',
  ],
  'exp.depth.zeros': [
    'An r of exactly 0 (every token the same row) has no place on a log axis: it is left out of the plot and shown in the table.',
    '恰好为 0 的 r（所有词元是同一行）无法画在对数轴上：图中略去，表中照常列出。',
  ],
  'exp.depth.stack': ['stack', '堆叠'],
  'exp.depth.last': ['r after {L} layers', '{L} 层之后的 r'],
  'exp.depth.ratio': ['r_L / r_0', 'r_L / r_0'],
  'exp.depth.state': ['collapsed (r < {threshold})', '已坍缩（r < {threshold}）'],
  'exp.depth.collapsed': ['yes', '是'],
  'exp.depth.kept': ['no', '否'],
  'exp.depth.tableTitle': ['r after each layer', '每层之后的 r'],
  'rep.depth.sentence': [
    'After {L} layers attention alone is {a} from rank one; with the residual it is at {b}, with pre-LN + residual at {c}: {tail}',
    '经过 {L} 层后，仅注意力离秩一只有 {a}；加上残差为 {b}，pre-LN 加残差为 {c}：{tail}',
  ],
  'rep.depth.tailKept': ['the residual connection keeps the tokens apart.', '残差连接让各词元保持分开。'],
  'rep.depth.tailAll': ['here even the residual stacks have collapsed (r below {threshold}).', '这里连带残差的堆叠也坍缩了（r 低于 {threshold}）。'],
  'rep.depth.tailNot': [
    'attention alone has not collapsed yet (r is still above {threshold}): try more layers.',
    '仅注意力还没有坍缩（r 仍高于 {threshold}）：试试更多层。',
  ],
  'rep.depth.tailOne': [
    'the input is already rank one (all its rows are equal), so there is nothing to lose.',
    '输入本身已是秩一（所有行都相同），没有可丢失的秩。',
  ],
  'rep.depth.from': [
    'Attention alone fell below {threshold} at layer {layer} and stayed there.',
    '仅注意力在第 {layer} 层降到 {threshold} 以下，此后一直如此。',
  ],
  'rep.depth.title': [
    '11-depth.txt — rank collapse with depth (Dong, Cordonnier & Loukas 2021, “Attention is not all you need: pure attention loses rank doubly exponentially with depth”)',
    '11-depth.txt——随深度的秩坍缩（Dong、Cordonnier 与 Loukas，2021，“Attention is not all you need: pure attention loses rank doubly exponentially with depth”）',
  ],
  'rep.depth.settings': [
    'settings: n = {n} tokens, d = {d}, L = {L} layers, seed {seed}; X₀ entries N(0, 1); Wq, Wk, Wv entries N(0, 1/d), drawn in that order per layer, the same matrices for the three stacks',
    '设置：n = {n} 个词元，d = {d}，L = {L} 层，种子 {seed}；X₀ 的元素服从 N(0, 1)；Wq、Wk、Wv 的元素服从 N(0, 1/d)，每层按此顺序抽取，三种堆叠使用同一组矩阵',
  ],
  'rep.depth.stacks': [
    'stacks: attention: X ← attention(X·Wq, X·Wk, X·Wv); residual: X ← X + attention(…); pre_ln: X ← X + attention(Z·Wq, Z·Wk, Z·Wv), Z = LayerNorm(X) (eps 1e-5); one head, scores ÷ √d, no mask',
    '堆叠：attention：X ← attention(X·Wq, X·Wk, X·Wv)；residual：X ← X + attention(…)；pre_ln：X ← X + attention(Z·Wq, Z·Wk, Z·Wv)，Z = LayerNorm(X)（eps 1e-5）；单头，分数除以 √d，无掩码',
  ],
  'rep.depth.measure': [
    'r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F (x̄ = the column means; 0 when every row is the same); collapsed: r_L < {threshold}',
    'r(X) = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F（x̄ 为各列均值；所有行相同时为 0）；坍缩：r_L < {threshold}',
  ],
  'rep.depth.summary': ['Per stack:', '各堆叠：'],
  'rep.depth.perLayer': ['r after each layer (layer 0 is the input):', '每层之后的 r（第 0 层是输入）：'],
});
