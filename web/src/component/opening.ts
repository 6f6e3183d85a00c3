// opening.ts — what a playground opens with: its state (the link's, the one
// kept in the browser's storage, or the attributes'), the lesson the link or
// the `lesson` attribute names, and a notice when a stored state could not
// be read (it is then removed).

import { firstState, presetById, withMissingInputs } from '../model/presets';
import { defaultState, parse, parseStored, type State } from '../model/state';
import { hasState, lessonPlace } from '../lessons/link';
import { stateFromAttributes } from './attributes';
import { STORAGE_KEY } from './url-sync';

/** A lesson to open once the core is loaded: what names it, the step (null: the saved one), and whether the link's state is kept. */
export interface LessonAsk {
  what: string | object;
  step: number | null;
  keepState: boolean;
}

/** What a playground opens with. */
export interface Opening {
  state: State;
  lesson: LessonAsk | null;
  /** An i18n key to show above the panels, or null. */
  notice: string | null;
}

/** The lesson named by the page's query (`?lesson=`), for a playground that keeps the URL in sync; else null. */
export function queryLesson(el: Element): string | null {
  return el.hasAttribute('sync-hash') ? new URLSearchParams(location.search).get('lesson') : null;
}

/** The state kept in localStorage, or null; one that cannot be read is removed (`discarded`). */
function storedState(): { state: State | null; discarded: boolean } {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (!saved) return { state: null, discarded: false };
    const state = parseStored(saved);
    if (!state) localStorage.removeItem(STORAGE_KEY);
    return { state, discarded: !state };
  } catch {
    return { state: null, discarded: false }; // storage blocked: start from the URL or the attributes
  }
}

/** What `el` opens with (read once, at its first connection). */
export function opening(el: Element): Opening {
  let notice: string | null = null;
  let state: State | null = null;
  let lesson: LessonAsk | null = null;
  if (el.hasAttribute('sync-hash')) {
    const stored = storedState(); // read (and checked) first, so a damaged copy is discarded even when the URL has a state
    if (stored.discarded) notice = 'app.storedStateDiscarded';
    state = location.hash.length > 1 ? withMissingInputs(parse(location.hash)) : stored.state;
    const place = lessonPlace(location.hash, queryLesson(el));
    if (place) lesson = { what: place.ref, step: /(^|[#&])step=/.test(location.hash) ? place.step : null, keepState: hasState(location.hash) };
  }
  const attr = el.getAttribute('lesson');
  if (!lesson && attr) lesson = { what: attr, step: null, keepState: false };
  if (!state) {
    // no link, no stored state: the first screen ("the cat sat on the mat"), unless the attributes give matrices
    const own = ['state', 'matrices', 'op'].some((a) => el.hasAttribute(a));
    const base = presetById(el.getAttribute('preset') ?? '')?.build() ?? (own ? defaultState() : firstState());
    state = Object.assign(base, stateFromAttributes(el, base));
  }
  return { state, lesson, notice };
}
