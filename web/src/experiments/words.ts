// words.ts — the experiments' progress steps: the source of their English
// text. i18n/ builds its 'exp.step.*' English entries from PROGRESS.

/**
 * The English label of each progress step, by i18n key (i18n/ takes its
 * English 'exp.step.*' entries from here): run.ts stays free of
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
  // relative position (experiments 5 and 7)
  'exp.step.relative': 'scores of {n} positions, d = {d}, with RoPE and with the sinusoidal encoding',
  'exp.step.peRope': 'with RoPE (Q and K rotated)',
  'exp.step.peAlibi': 'with ALiBi (one head’s bias)',
  // depth (experiment 6)
  'exp.step.depth': '{L} layers of {n} tokens, d = {d}: attention alone, + residual, pre-LN + residual',
  // memory (experiment 8)
  'exp.step.memWarm': 'warming up (one small call of each)',
  'exp.step.memFlash': 'flash_attention, n = {n}',
  'exp.step.memAttention': 'attention, n = {n}',
} as const;

/** A progress step's i18n key. */
export type ProgressKey = keyof typeof PROGRESS;
