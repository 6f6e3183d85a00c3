// index.ts — the package's main entry, `attention-playground`: importing it
// registers <attention-playground> (once: notebooks and instant-navigation
// sites may evaluate a module twice, so define() checks customElements.get).
// In Node (a static-site generator's build, a test) there is no DOM: the
// import does nothing and AttentionPlayground is undefined.

import type { AttentionPlayground as Element } from '../component/attention-playground.component';

export type { PlaygroundChangeDetail } from '../component/attention-playground.component';
export type { State } from '../model/state';

/** The element class (undefined where there is no DOM). */
export const AttentionPlayground: typeof Element | undefined =
  typeof HTMLElement === 'undefined' ? undefined : (await import('../component/attention-playground')).AttentionPlayground;
