// progress.words.ts — the words of a run's progress steps: the English
// (PROGRESS), which the runs themselves read (settings.ts: progress() reports
// each step in English and by key, in the worker, with no i18n import), and
// the 中文. pages.ts registers both with the panel.

/**
 * The English label of each progress step, by i18n key (i18n/ takes its
 * English 'exp.step.*' entries from here): a run stays free of
 * languages, the panel shows t(key, vars).
 */
export const PROGRESS = {
  'exp.step.d': 'd = {d}',
  'exp.step.n': 'n = {n}',
  'exp.step.done': 'done',
  'exp.step.xGiven': 'X given',
  'exp.step.xRandom': 'random X',
  'exp.step.plain': 'without positional encoding',
  'exp.step.peNone': 'no encoding chosen',
  'exp.step.pe': 'with the sinusoidal encoding',
  'exp.step.fit': 'fitting the slope',
  'exp.step.h1': 'h = 1 against attention',
  'exp.step.heads': 'h = {h}: one scale per head',
  'exp.step.relative': 'scores of {n} positions, d = {d}, with RoPE and with the sinusoidal encoding',
  'exp.step.peRope': 'with RoPE (Q and K rotated)',
  'exp.step.peAlibi': 'with ALiBi (one head’s bias)',
  'exp.step.depth': '{L} layers of {n} tokens, d = {d}: attention alone, + residual, pre-LN + residual',
  'exp.step.memWarm': 'warming up (one small call of each)',
  'exp.step.memFlash': 'flash_attention, n = {n}',
  'exp.step.memAttention': 'attention, n = {n}',
} as const;

/** A progress step's i18n key. */
export type ProgressKey = keyof typeof PROGRESS;

/** The 中文 of PROGRESS (pages.ts registers both); the type refuses a missing or an orphaned key. */
export const PROGRESS_ZH = {
  'exp.step.d': 'd = {d}',
  'exp.step.n': 'n = {n}',
  'exp.step.done': '完成',
  'exp.step.xGiven': '使用给定的 X',
  'exp.step.xRandom': '随机生成 X',
  'exp.step.plain': '无位置编码',
  'exp.step.peNone': '未选择位置编码',
  'exp.step.pe': '加正弦位置编码',
  'exp.step.fit': '拟合斜率',
  'exp.step.h1': 'h = 1 与 attention 比较',
  'exp.step.heads': 'h = {h}：每个头各自缩放',
  'exp.step.relative': '计算 {n} 个位置、d = {d} 的分数：用旋转位置编码，以及用正弦位置编码',
  'exp.step.peRope': '使用旋转位置编码（旋转 Q 和 K）',
  'exp.step.peAlibi': '使用线性偏置（一个头的偏置）',
  'exp.step.depth': '{n} 个词元、d = {d} 的 {L} 层：仅注意力、注意力加残差、前置 LN 加残差',
  'exp.step.memWarm': '预热（每种调用先跑一次小的）',
  'exp.step.memFlash': '分块注意力，n = {n}',
  'exp.step.memAttention': 'attention，n = {n}',
} as const satisfies { readonly [K in keyof typeof PROGRESS]: string };
