// words.ts — the words of a large state computed in the worker: its progress notes: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of a large state computed in the worker: its progress notes. */
export const WORK_WORDS = bilingual({
  'work.pending': ['Computing {rows} × {cols} weights in the background…', '正在后台计算 {rows} × {cols} 的权重…'],
  'work.pendingHeads': ['Computing {heads} heads of {rows} × {cols} weights in the background…', '正在后台计算 {heads} 个头、每个 {rows} × {cols} 的权重…'],
  'work.progress': ['{note} ({stage})', '{note}（{stage}）'],
  'work.stage.start': ['starting the worker', '正在启动后台线程'],
  'work.stage.inputs': ['reading the inputs', '正在读取输入'],
  'work.stage.operation': ['computing the attention', '正在计算注意力'],
  'work.cancel': ['Cancel', '取消'],
  'work.cancelled': ['Stopped. Showing the last result; change an input to compute again.', '已停止。显示的是上一次的结果；修改任一输入即可重新计算。'],
  'work.failed': ['the background computation failed: {message}', '后台计算失败：{message}'],
});
