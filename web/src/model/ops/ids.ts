// ids.ts — the operations' names, in menu order: what a link's `op=` may say.
// Each has its descriptor in ops/<name>.ts, listed in ops/index.ts (whose
// type checks that every name here has one).

/** All operations, in menu order. */
export const OPERATIONS = ['attention', 'linear', 'multi_head', 'block', 'single_head', 'gqa'] as const;

/** An operation of the playground. */
export type Operation = (typeof OPERATIONS)[number];
