// embed-protocol.ts — the postMessage types between an embedded page and its
// host (no DOM: host pages and the end-to-end tests import it as it is).

/** The message types, page ↔ parent. */
export const MSG = {
  set: 'attention-playground:set',
  get: 'attention-playground:get',
  runExperiment: 'attention-playground:run-experiment',
  result: 'attention-playground:result',
  progress: 'attention-playground:progress',
  experiment: 'attention-playground:experiment',
  ready: 'attention-playground:ready',
  height: 'attention-playground:height',
} as const;
