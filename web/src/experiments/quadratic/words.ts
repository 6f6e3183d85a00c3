// words.ts — the quadratic-cost experiment's words: its card, its form, its view and its sentences: each key's English and 中文, side by side (i18n/ merges every
// feature's words; a new string is one line here).

import { bilingual } from '../../base/words';

/** The quadratic-cost experiment’s words. */
export const QUADRATIC_WORDS = bilingual({
  'exp.field.nMax': ['largest n', '最大 n'],
  'exp.field.repeats': ['repeats', '重复次数'],
  'exp.quadratic.title': ['3. Quadratic cost of the score matrix', '3. 分数矩阵的平方增长'],
  'exp.quadratic.what': [
    'The score matrix has n × n entries: double the context and it grows four times. Measured here with one attention call per n.',
    '分数矩阵有 n × n 个元素：上下文加倍，它就变成 4 倍。这里对每个 n 实测一次注意力计算。',
  ],
  'exp.quad.sizeChart': ['Score entries against n (log–log)', '分数元素个数随 n 的变化（双对数）'],
  'exp.quad.timeChart': ['Time of one attention call (log–log)', '一次注意力计算的时间（双对数）'],
  'exp.quad.entries': ['entries n²', '元素个数 n²'],
  'exp.quad.entriesSeries': ['score entries', '分数元素'],
  'exp.quad.bytes': ['bytes (float64)', '字节（float64）'],
  'exp.quad.time': ['time', '时间'],
  'exp.quad.measured': ['measured', '实测'],
  'exp.quad.fit': ['fit, slope {slope}', '拟合，斜率 {slope}'],
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
});
