// zh-copy.ts — 简体中文 of the copy fallback (the keys of en-copy.ts); spread into zh.ts, whose
// table's type checks that every key is translated.

import type { Key } from './en';

/** The 中文 of the copy fallback box. */
export const ZH_COPY = {
  'copy.blocked': '此处无法复制（例如本页位于没有剪贴板权限的框架中）：文本已在下方选中——请按 Ctrl+C（Mac 上按 ⌘C）复制。',
  'copy.label': '要复制的文本',
  'copy.close': '关闭',
} satisfies Partial<Record<Key, string>>;
