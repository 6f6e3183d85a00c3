// later.ts — the words of the panels loaded after the first screen (each
// registers its own when its module arrives: panels/registry.ts) and of the
// lesson player (component/lesson-module.ts), listed
// here for the tests and tools that need every word at once.

import { EXPERIMENTS_LATER } from '../experiments/pages';
import { EXPLAIN_WORDS } from '../panels/explain.words';
import { KVCACHE_WORDS } from '../panels/kvcache.words';
import { TILES_WORDS } from '../panels/tiles.words';
import { PLAYER_WORDS } from '../lessons/player.words';
import { AUTHOR_WORDS } from '../lessons/author/author.words';
import { registerWords } from './i18n';

/** Every word registered later, by the panel that registers it. */
export const LATER_WORDS = {
  explain: [EXPLAIN_WORDS],
  tiles: [TILES_WORDS],
  kvcache: [KVCACHE_WORDS],
  experiments: EXPERIMENTS_LATER,
  lessons: [PLAYER_WORDS],
  author: [AUTHOR_WORDS],
} as const;

/** Register every word at once (tests, tools). */
export function registerEveryWord(): void {
  registerWords(...Object.values(LATER_WORDS).flat());
}
