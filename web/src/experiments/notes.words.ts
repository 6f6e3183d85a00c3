// notes.words.ts — the words of 08-notes.md (notes.ts): each key's English and 中文, side by side
// (i18n/ merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of 08-notes.md. */
export const NOTES_WORDS = bilingual({
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
  'rep.notes.permPos': [
    'with {pe} applied after permuting it is {diff}, so only then does 순서 matter',
    '在置换之后施加 {pe}，差值变为 {diff}，这时 순서 才起作用',
  ],
});
