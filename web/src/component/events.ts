// events.ts — the details of the events an <attention-playground> fires
// (bubbling, composed), for hosts and the npm package's types.

import type { State } from '../model/state';

export type { ExerciseCheckedDetail } from '../lessons/player';

/** Detail of the `playground-change` event. */
export interface PlaygroundChangeDetail {
  state: State;
  ok: boolean;
  message: string;
  /** True while the state is computed in the background (another event follows with its outcome). */
  pending: boolean;
}

/** Detail of the `lesson-opened` event: the lesson opened (null when it could not be), or why not. */
export interface LessonOpenedDetail {
  lesson: string | null;
  ok: boolean;
  message: string;
}
