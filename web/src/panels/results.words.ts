// results.words.ts — the words of the results panel: the heads, the views of the weights, the outputs, the compact weights of a narrow screen: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the results panel: the heads, the views of the weights, the outputs, the compact weights of a narrow screen. */
export const RESULTS_WORDS = bilingual({
  'result.title': ['Attention weights', '注意力权重'],
  'result.query': ['query', '查询'],
  'result.key': ['key', '键'],
  'result.masked': ['masked', '已遮住'],
  'result.outNamed': ['Output: {name}', '输出：{name}'],
  'result.rowSums': ['row sums', '行和'],
  'result.rowMax': ['largest weight per row', '每行最大权重'],
  'view.legend': ['Show the weights as', '权重显示为'],
  'view.heatmap': ['heatmap', '热力图'],
  'view.lines': ['lines', '连线'],
  'view.both': ['both', '两者'],
  'view.linesTitle': ['Who attends to whom', '谁在关注谁'],
  'result.entropy': ['entropy (nats)', '熵（奈特）'],
  'result.maxEntropy': ['largest entropy ln {n} = {value} (uniform weights)', '最大熵 ln {n} = {value}（均匀权重）'],
  'mini.title': ['The weights, while the results are out of sight', '结果不在视野内时显示的权重'],
  'mini.label': ['{head}: {rows} × {cols} weights', '{head}：{rows} × {cols} 个权重'],
  'mini.jump': ['See the results ↑', '查看结果 ↑'],
  'result.stale': ['Showing the last good result: fix the input above.', '显示的是上一次有效的结果：请修正上面的输入。'],
  'result.error': ['Cannot compute: {message}', '无法计算：{message}'],
  'result.pooled': [
    '{rows} × {cols} weights, drawn as {blockRows} × {blockCols} blocks of up to {rowStep} × {colStep}: each shows its largest weight.',
    '{rows} × {cols} 的权重按 {blockRows} × {blockCols} 个块绘制（每块至多 {rowStep} × {colStep} 个单元格）：每块显示其中最大的权重。',
  ],
  'result.blockCell': ['{row} {rows} → {col} {cols}: largest weight {value}', '{row} {rows} → {col} {cols}：最大权重 {value}'],
  'result.blockMasked': ['{row} {rows} → {col} {cols}: {masked}', '{row} {rows} → {col} {cols}：{masked}'],
});
