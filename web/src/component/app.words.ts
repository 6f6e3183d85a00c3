// app.words.ts — the words of the page's own words: its title, the loading note, the language menu: each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the page's own words: its title, the loading note, the language menu. */
export const APP_WORDS = bilingual({
  'app.title': ['Attention Playground', '注意力演练场'],
  'app.subtitle': [
    'Each word asks a question (its query) and every word offers an answer (its key): drag the arrows and watch who listens to whom.',
    '每个词提出一个问题（查询 query），每个词也给出一个答案（键 key）：拖动箭头，看看谁在关注谁。',
  ],
  'app.footer': [
    'softmax(Q·Kᵀ / √d_k)·V, computed exactly in float64 by a C++ core compiled to WebAssembly; the numbers agree with PyTorch (float64) within 1e-9.',
    'softmax(Q·Kᵀ / √d_k)·V 由编译为 WebAssembly 的 C++ 核心以 float64 精确计算；数值与 PyTorch（float64）的差在 1e-9 以内。',
  ],
  'app.loading': ['Loading the WebAssembly core…', '正在加载 WebAssembly 核心…'],
  'app.loadFailed': ['The WebAssembly core could not be loaded: {message}', '无法加载 WebAssembly 核心：{message}'],
  'app.storedStateDiscarded': ['The state saved in this browser could not be read, so it was discarded.', '此浏览器中保存的状态无法读取，已将其丢弃。'],
  'lang.label': ['Language', '语言'],
  'lesson.startCourse': ['Start the course', '开始课程'],
});
