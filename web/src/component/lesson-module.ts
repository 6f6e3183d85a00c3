// lesson-module.ts — what a lesson brings to the page when it is first opened
// (one import(): the player, the course, the progress store, the words and
// the styles), so that a page without a lesson loads none of it.

import { registerWords } from '../i18n/i18n';
import { loadLesson, lessonFrom } from '../lessons/load';
import type { Lesson } from '../lessons/lesson';
import { LessonPlayer, type PlayerOwner } from '../lessons/player';
import playerCss from '../lessons/player.styles.css?inline';
import { PLAYER_WORDS } from '../lessons/player.words';
import { storageStore, type Progress } from '../lessons/progress';
import { LessonSession } from '../lessons/session';
import { sheetsOf } from './stylesheets';

export { readProgress } from '../lessons/progress';

registerWords(PLAYER_WORDS);

/** Where progress is kept: localStorage (nothing where it is blocked). */
export const STORE = storageStore(() => (typeof localStorage === 'undefined' ? null : localStorage));

/** Adopt the player's stylesheet into a shadow root (once). */
export function adopt(root: ShadowRoot): void {
  const [sheet] = sheetsOf([playerCss]);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The lesson `what` names and the ref the link will carry: a course id or an address as it is; an object or JSON text under its id. */
export async function resolve(what: string | object, base: string): Promise<{ lesson: Lesson; ref: string }> {
  if (typeof what === 'object') {
    const lesson = lessonFrom(what, 'given');
    return { lesson, ref: `data:application/json,${encodeURIComponent(JSON.stringify(lesson))}` };
  }
  if (what.trimStart().startsWith('{')) return resolve(lessonFrom(what, 'given'), base);
  return { lesson: await loadLesson(what, base), ref: what };
}

/** A player for `lesson` at its saved progress, at `step` when one is given (the link's). */
export function makePlayer(lesson: Lesson, ref: string, progress: Progress | null, owner: PlayerOwner, step: number | null): LessonPlayer {
  const session = new LessonSession(lesson, ref, progress);
  if (step !== null) session.goTo(step);
  return new LessonPlayer(session, owner);
}
