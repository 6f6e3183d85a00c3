// copy.words.ts — the words of the copy fallback box (where the clipboard is refused): each key's English and 中文,
// side by side (i18n/i18n.ts merges every feature's words; a new string is one line here).

import { bilingual } from '../base/words';

/** The words of the copy fallback box (where the clipboard is refused). */
export const COPY_WORDS = bilingual({
  'copy.blocked': [
    'Copying is blocked here (for example, this page is in a frame without clipboard permission): the text is selected below — press Ctrl+C (⌘C on a Mac) to copy it.',
    '此处无法复制（例如本页位于没有剪贴板权限的框架中）：文本已在下方选中——请按 Ctrl+C（Mac 上按 ⌘C）复制。',
  ],
  'copy.label': ['The text to copy', '要复制的文本'],
  'copy.close': ['Close', '关闭'],
});
