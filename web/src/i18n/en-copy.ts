// en-copy.ts — the English of the copy fallback (widgets/copy-text.ts): the box that shows
// the text selected when the page may not write the clipboard; spread into en.ts's page words; 中文 in zh-copy.ts.

/** The page words of the copy fallback box. */
export const COPY_WORDS = {
  'copy.blocked':
    'Copying is blocked here (for example, this page is in a frame without clipboard permission): the text is selected below — press Ctrl+C (⌘C on a Mac) to copy it.',
  'copy.label': 'The text to copy',
  'copy.close': 'Close',
} as const;
