// fake-context.ts — a PanelContext for testing one panel alone: a fixed state
// and language, nothing computed or written unless the test says so.

import type { Core } from '../../../web/src/core/core';
import { t, type Lang } from '../../../web/src/i18n/i18n';
import type { PanelContext } from '../../../web/src/panels/context';
import type { State } from '../../../web/src/model/state';

/** A context holding `state` in `lang` (English by default), with `over` replacing any of its members. */
export function fakeContext(state: () => State, core: Core | null, over: Partial<PanelContext> & { lang?: Lang } = {}): PanelContext {
  const lang = over.lang ?? 'en';
  return {
    core: core as Core,
    lang,
    host: document.body,
    state,
    update: () => undefined,
    t: (key, vars) => t(lang, key, vars),
    lastGood: () => null,
    cancelCompute: () => undefined,
    shareLink: () => '',
    point: () => undefined,
    pointed: () => null,
    live: () => false,
    ...over,
  };
}
