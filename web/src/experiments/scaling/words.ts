// words.ts — the scaling experiment's words: its card, its form, its view and 02-scale.txt: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The scaling experiment’s words. */
export const SCALING_WORDS = bilingual({
  'exp.field.ds': ['values of d_k', 'd_k 的取值'],
  'exp.field.nKeys': ['keys n', '键的个数 n'],
  'exp.field.trials': ['trials', '试验次数'],
  'exp.scaling.title': ['1. Scaling by √d_k', '1. 按 √d_k 缩放'],
  'exp.scaling.what': [
    'For random standard-normal queries and keys, how large is the largest softmax weight, with and without dividing the scores by √d_k?',
    '对随机标准正态的查询和键，分数除以或不除以 √d_k 时，softmax 的最大权重有多大？',
  ],
  'exp.scaling.chart': ['Largest softmax weight against d_k', 'softmax 最大权重随 d_k 的变化'],
  'exp.scaling.y': ['largest weight (mean ± std)', '最大权重（均值 ± 标准差）'],
  'exp.scaling.without': ['without ÷√d_k', '不除以 √d_k'],
  'exp.scaling.with': ['with ÷√d_k', '除以 √d_k'],
  'exp.scaling.withoutShort': ['without', '不除'],
  'exp.scaling.withShort': ['with', '除'],
  'exp.scaling.caption': [
    '{n} keys, {trials} trials per d, seed {seed}; the band is mean ± one standard deviation.',
    '{n} 个键，每个 d 试验 {trials} 次，种子 {seed}；阴影带为均值 ± 一个标准差。',
  ],
  'exp.scaling.entropyWithout': ['entropy without', '熵（不除）'],
  'exp.scaling.entropyWith': ['entropy with', '熵（除）'],
  'exp.scaling.entropyNote': [
    'Entropy of the weights in nats: 0 = all weight on one key, {max} = a uniform average.',
    '权重的熵（单位 nat）：0 = 全部权重在一个键上，{max} = 均匀平均。',
  ],
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
});
