// words.ts — the words every experiment card shares (the panel's title, Run,
// Cancel, the seed, the downloads, the intro, the progress and its status):
// each key's English and 中文, side by side (i18n/ merges every feature's
// words; a new string is one line here). The progress steps' words are
// progress.words.ts.

import { bilingual } from '../base/words';

/** The words every experiment card shares. */
export const EXPERIMENTS_WORDS = bilingual({
  'exp.title': ['Experiments', '实验'],
  'exp.run': ['Run', '运行'],
  'exp.cancel': ['Cancel', '取消'],
  'exp.seed': ['seed', '种子'],
  'exp.download': ['Download', '下载'],
  'exp.cancelled': ['Cancelled.', '已取消。'],
  'exp.intro': [
    '{count} experiments — the seed’s four, then positions, depth and memory — run in a background worker on the same core: change a setting, press Run, download the report.',
    '{count} 个实验（种子文档的四个，另加位置、深度与内存），在后台 worker 中用同一个核心运行：修改设置，点击“运行”，下载报告。',
  ],
  'exp.progress': ['progress', '进度'],
  'exp.done': ['done in {ms} ms', '用时 {ms} ms'],
  'exp.status': ['{label} ({step}/{total})', '{label}（{step}/{total}）'],
});
