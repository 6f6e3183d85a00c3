// embed-protocol.ts — the postMessage types between an embedded page and its
// host (no DOM: host pages and the end-to-end tests import it as it is).

/** The message types, page ↔ parent. */
export const MSG = {
  set: 'attention-playground:set',
  get: 'attention-playground:get',
  runExperiment: 'attention-playground:run-experiment',
  lesson: 'attention-playground:lesson',
  getGrade: 'attention-playground:get-grade',
  setProgress: 'attention-playground:set-progress',
  result: 'attention-playground:result',
  progress: 'attention-playground:progress',
  experiment: 'attention-playground:experiment',
  lessonOpened: 'attention-playground:lesson-opened',
  grade: 'attention-playground:grade',
  exerciseChecked: 'attention-playground:exercise-checked',
  ready: 'attention-playground:ready',
  height: 'attention-playground:height',
} as const;
