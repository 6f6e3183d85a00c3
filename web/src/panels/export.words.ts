// export.words.ts — the words of the export panel: copy, download, PyTorch, embed code: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the export panel: copy, download, PyTorch, embed code. */
export const EXPORT_WORDS = bilingual({
  'export.title': ['Share and export', '分享与导出'],
  'export.copyLink': ['Copy link', '复制链接'],
  'export.copied': ['Copied!', '已复制！'],
  'export.failed': ['Nothing copied: {message}', '未复制：{message}'],
  'export.downloadFailed': ['Nothing downloaded: {message}', '未下载：{message}'],
  'export.preparing': ['Preparing…', '准备中…'],
  'export.preparingStatus': ['Writing out the large inputs in the background…', '正在后台写出大型输入…'],
  'export.png': ['Heatmap PNG', '热力图 PNG'],
  'export.svg': ['Heatmap SVG', '热力图 SVG'],
  'export.linesPng': ['Token view PNG', '连线图 PNG'],
  'export.linesSvg': ['Token view SVG', '连线图 SVG'],
  'export.csv': ['Output CSV', '输出 CSV'],
  'export.json': ['All as JSON', '全部导出为 JSON'],
  'export.pytorch': ['Copy as PyTorch', '复制为 PyTorch 代码'],
  'export.embed': ['Copy embed code', '复制嵌入代码'],
});
