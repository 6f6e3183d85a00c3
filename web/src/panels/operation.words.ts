// operation.words.ts — the words of the operation panel: the menus, the options of each operation, the examples: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the operation panel: the menus, the options of each operation, the examples. */
export const OPERATION_WORDS = bilingual({
  'op.legend': ['Operation', '运算'],
  'op.label': ['Operation', '运算'],
  'preset.label': ['Example', '示例'],
  'preset.choose': ['Load an example…', '加载示例…'],
  'preset.sentence': ['“the cat sat on the mat” (2-D vectors to drag)', '“the cat sat on the mat”（可拖动的二维向量）'],
  'preset.hand': ['3×2 by hand', '手算 3×2'],
  'preset.trySeed000': ['Seed 000 example', '种子 000 示例'],
  'opt.scale': ['divide by √d_k', '除以 √d_k'],
  'opt.temperature': ['temperature τ', '温度 τ'],
  'opt.temperature.hint': [
    'softmax(scores / (τ·√d_k)): τ < 1 sharper, τ > 1 flatter; 1 is standard.',
    'softmax(scores / (τ·√d_k))：τ < 1 更尖锐，τ > 1 更平坦；1 为标准值。',
  ],
  'opt.qLength': ['query length ×', '查询长度 ×'],
  'opt.qLength.hint': ['Q × this: longer queries, larger scores, sharper weights.', 'Q 乘以此数：查询越长，得分越大，权重越尖锐。'],
  'opt.sliderReset': ['Reset {name} to 1', '将{name}重置为 1'],
  'opt.h': ['heads h', '头数 h'],
  'opt.eps': ['LayerNorm eps', 'LayerNorm eps'],
  'opt.numHeads': ['query heads', '查询头数'],
  'opt.numKvHeads': ['key/value heads', '键/值头数'],
  'opt.kind.mha': ['MHA: every query head has its own K/V head', 'MHA：每个查询头都有自己的 K/V 头'],
  'opt.kind.mqa': ['MQA: all query heads share one K/V head', 'MQA：所有查询头共享一个 K/V 头'],
  'opt.kind.gqa': ['GQA: {group} query heads share each K/V head', 'GQA：每 {group} 个查询头共享一个 K/V 头'],
  'opt.tokens': ['token names', '词元名称'],
  'opt.tokens.placeholder': ['e.g. the cat sat', '例如 我 爱 猫'],
  'opt.head': ['steps of head', '显示第几个头的步骤'],
});
