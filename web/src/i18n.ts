// i18n.ts — every label, message and report heading in English and 简体中文.
//
// t(lang, key, vars) looks a key up, falls back to English, and fills
// {name} placeholders. The language is chosen by attribute / URL / the
// browser, switchable, and remembered (see pickLanguage).

/** The supported languages. */
export type Lang = 'en' | 'zh';

/** All supported languages, for the switcher. */
export const LANGS: readonly Lang[] = ['en', 'zh'];

const en = {
  'app.title': 'Attention Playground',
  'app.subtitle': 'softmax(Q·Kᵀ / √d_k)·V, computed exactly in float64 by a C++ core compiled to WebAssembly.',
  'app.footer': 'Numbers agree with PyTorch (float64) within 1e-9.',
  'app.loading': 'Loading the WebAssembly core…',
  'app.loadFailed': 'The WebAssembly core could not be loaded: {message}',
  'lang.label': 'Language',
  'op.legend': 'Operation',
  'op.label': 'Operation',
  'op.attention': 'attention(Q, K, V)',
  'op.multi_head': 'multi_head(Q, K, V, h)',
  'op.block': 'block(X, h) — pre-LN + residual',
  'op.single_head': 'single_head(X, Wq, Wk, Wv) — seed 000',
  'op.gqa': 'grouped-query attention (MHA / GQA / MQA)',
  'preset.label': 'Example',
  'preset.choose': 'Load an example…',
  'preset.hand': '3×2 by hand',
  'preset.seed000': 'Seed 000: single head (X, Wq, Wk, Wv)',
  'preset.cross': 'Cross-attention (2 queries, 4 keys)',
  'preset.multihead': 'Multi-head (h = 2, causal)',
  'preset.block': 'Block: X + multi_head(LN(X))',
  'preset.seed004mha': 'Seed 004: MHA (8 heads of 16)',
  'preset.seed004gqa': 'Seed 004: GQA (8 query heads, 2 KV heads)',
  'preset.seed004mqa': 'Seed 004: MQA (8 query heads, 1 KV head)',
  'opt.mask': 'Mask',
  'opt.mask.none': 'none',
  'opt.mask.causal': 'causal',
  'opt.mask.custom': 'custom (click cells)',
  'opt.scale': 'divide by √d_k',
  'opt.h': 'heads h',
  'opt.eps': 'LayerNorm eps',
  'opt.numHeads': 'query heads',
  'opt.numKvHeads': 'key/value heads',
  'opt.kind.mha': 'MHA: every query head has its own K/V head',
  'opt.kind.mqa': 'MQA: all query heads share one K/V head',
  'opt.kind.gqa': 'GQA: {group} query heads share each K/V head',
  'opt.tokens': 'token names',
  'opt.tokens.placeholder': 'e.g. the cat sat',
  'opt.head': 'steps of head',
  'inputs.title': 'Inputs',
  'inputs.rows': 'rows',
  'inputs.cols': 'columns',
  'inputs.addRow': '+ row',
  'inputs.removeRow': '− row',
  'inputs.addCol': '+ column',
  'inputs.removeCol': '− column',
  'inputs.paste': 'Paste…',
  'inputs.pasteHelp': 'Paste JSON, CSV, TSV, whitespace-separated rows, or a NumPy / PyTorch literal, then Apply.',
  'inputs.apply': 'Apply',
  'inputs.cancel': 'Cancel',
  'inputs.random': 'Random fill',
  'inputs.seed': 'seed',
  'inputs.editCells': 'Edit cells',
  'inputs.randomSummary': 'random normal × {scale}, seed {seed}',
  'inputs.tooLarge': 'Too large to edit cell by cell: paste a matrix or use a random fill.',
  'inputs.cell': '{name} row {row}, column {col}',
  'inputs.optional': '(optional, empty = no bias)',
  'inputs.clear': 'Clear',
  'inputs.reset': 'Reset to example',
  'mask.title': 'Mask (click a cell: ✓ visible, × hidden)',
  'mask.cell': 'query {i} sees key {j}',
  'result.title': 'Attention weights',
  'result.head': 'head {n}',
  'result.query': 'query',
  'result.key': 'key',
  'result.masked': 'masked',
  'result.out': 'Output',
  'result.rowSums': 'row sums',
  'result.rowMax': 'largest weight per row',
  'result.stale': 'Showing the last good result: fix the input above.',
  'result.error': 'Cannot compute',
  'steps.title': 'Step by step',
  'steps.trace': 'Shapes',
  'export.title': 'Share and export',
  'export.copyLink': 'Copy link',
  'export.copied': 'Copied!',
  'export.png': 'Heatmap PNG',
  'export.svg': 'Heatmap SVG',
  'export.csv': 'Output CSV',
  'export.json': 'All as JSON',
  'export.pytorch': 'Copy as PyTorch',
  'export.embed': 'Copy embed code',
  'exp.title': 'Experiments',
  'exp.run': 'Run',
  'exp.cancel': 'Cancel',
  'exp.seed': 'seed',
  'exp.download': 'Download',
  'exp.cancelled': 'Cancelled.',
} as const;

/** A translation key. */
export type Key = keyof typeof en;

const zh: Partial<Record<Key, string>> = {
  'app.title': '注意力演练场',
  'app.subtitle': 'softmax(Q·Kᵀ / √d_k)·V：由编译为 WebAssembly 的 C++ 核心以 float64 精确计算。',
  'app.footer': '数值与 PyTorch（float64）的差在 1e-9 以内。',
  'app.loading': '正在加载 WebAssembly 核心…',
  'app.loadFailed': '无法加载 WebAssembly 核心：{message}',
  'lang.label': '语言',
  'op.legend': '运算',
  'op.label': '运算',
  'op.attention': 'attention(Q, K, V)',
  'op.multi_head': 'multi_head(Q, K, V, h)',
  'op.block': 'block(X, h)——pre-LN + 残差',
  'op.single_head': 'single_head(X, Wq, Wk, Wv)——种子 000',
  'op.gqa': '分组查询注意力（MHA / GQA / MQA）',
  'preset.label': '示例',
  'preset.choose': '加载示例…',
  'preset.hand': '手算 3×2',
  'preset.seed000': '种子 000：单头（X, Wq, Wk, Wv）',
  'preset.cross': '交叉注意力（2 个查询，4 个键）',
  'preset.multihead': '多头（h = 2，因果）',
  'preset.block': '块：X + multi_head(LN(X))',
  'preset.seed004mha': '种子 004：MHA（8 个 16 维的头）',
  'preset.seed004gqa': '种子 004：GQA（8 个查询头，2 个 KV 头）',
  'preset.seed004mqa': '种子 004：MQA（8 个查询头，1 个 KV 头）',
  'opt.mask': '掩码',
  'opt.mask.none': '无',
  'opt.mask.causal': '因果',
  'opt.mask.custom': '自定义（点击单元格）',
  'opt.scale': '除以 √d_k',
  'opt.h': '头数 h',
  'opt.eps': 'LayerNorm eps',
  'opt.numHeads': '查询头数',
  'opt.numKvHeads': '键/值头数',
  'opt.kind.mha': 'MHA：每个查询头都有自己的 K/V 头',
  'opt.kind.mqa': 'MQA：所有查询头共享一个 K/V 头',
  'opt.kind.gqa': 'GQA：每 {group} 个查询头共享一个 K/V 头',
  'opt.tokens': '词元名称',
  'opt.tokens.placeholder': '例如 我 爱 猫',
  'opt.head': '显示第几个头的步骤',
  'inputs.title': '输入',
  'inputs.rows': '行',
  'inputs.cols': '列',
  'inputs.addRow': '+ 行',
  'inputs.removeRow': '− 行',
  'inputs.addCol': '+ 列',
  'inputs.removeCol': '− 列',
  'inputs.paste': '粘贴…',
  'inputs.pasteHelp': '粘贴 JSON、CSV、TSV、空格分隔的行，或 NumPy / PyTorch 字面量，然后点击“应用”。',
  'inputs.apply': '应用',
  'inputs.cancel': '取消',
  'inputs.random': '随机填充',
  'inputs.seed': '种子',
  'inputs.editCells': '逐格编辑',
  'inputs.randomSummary': '随机正态 × {scale}，种子 {seed}',
  'inputs.tooLarge': '太大，无法逐格编辑：请粘贴矩阵或使用随机填充。',
  'inputs.cell': '{name} 第 {row} 行，第 {col} 列',
  'inputs.optional': '（可选，留空表示无偏置）',
  'inputs.clear': '清空',
  'inputs.reset': '重置为示例',
  'mask.title': '掩码（点击单元格：✓ 可见，× 隐藏）',
  'mask.cell': '查询 {i} 能看到键 {j}',
  'result.title': '注意力权重',
  'result.head': '第 {n} 个头',
  'result.query': '查询',
  'result.key': '键',
  'result.masked': '已遮住',
  'result.out': '输出',
  'result.rowSums': '行和',
  'result.rowMax': '每行最大权重',
  'result.stale': '显示的是上一次有效的结果：请修正上面的输入。',
  'result.error': '无法计算',
  'steps.title': '逐步计算',
  'steps.trace': '形状',
  'export.title': '分享与导出',
  'export.copyLink': '复制链接',
  'export.copied': '已复制！',
  'export.png': '热力图 PNG',
  'export.svg': '热力图 SVG',
  'export.csv': '输出 CSV',
  'export.json': '全部导出为 JSON',
  'export.pytorch': '复制为 PyTorch 代码',
  'export.embed': '复制嵌入代码',
  'exp.title': '实验',
  'exp.run': '运行',
  'exp.cancel': '取消',
  'exp.seed': '种子',
  'exp.download': '下载',
  'exp.cancelled': '已取消。',
};

const TABLES: Record<Lang, Partial<Record<string, string>>> = { en, zh };

/** Translate `key` into `lang`, filling {placeholders} from `vars`. */
export function t(lang: Lang, key: Key | string, vars: Record<string, string | number> = {}): string {
  const text = TABLES[lang][key] ?? (en as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Is `x` a supported language code? */
export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'zh';
}

const STORAGE_KEY = 'attention-playground.lang';

/** The language to use: explicit choice, then the remembered one, then the browser's. */
export function pickLanguage(explicit?: string | null): Lang {
  if (explicit) {
    const e = explicit.toLowerCase();
    if (e.startsWith('zh')) return 'zh';
    if (e.startsWith('en')) return 'en';
  }
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    // storage may be blocked (sandboxed iframe, file://)
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Remember the user's language choice. */
export function rememberLanguage(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // ignore: remembering is a convenience
  }
}

/** Every key, for tests that check both tables are complete. */
export const KEYS = Object.keys(en) as Key[];
/** The Chinese table, for completeness tests. */
export const ZH = zh;
