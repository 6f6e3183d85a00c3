// link.ts — a lesson's place in the link: `lesson=<ref>&step=<n>` before the
// state's own entries in the URL hash (ref: a lesson of the course by its id,
// or the address of a lesson file, encoded), so that Back, Forward and a
// reload keep the step. `?lesson=<ref>` in the query opens a lesson too (the
// link a teacher gives); its hash then carries only the step. Pure.

/** A lesson and a step (from 1) as the link holds them. */
export interface LessonPlace {
  ref: string;
  step: number;
}

/** The entries of a hash (with or without '#'), key → value (raw). */
function entries(hash: string): [string, string][] {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  return text
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq > 0 ? [part.slice(0, eq), part.slice(eq + 1)] : [part, ''];
    });
}

const decode = (x: string): string | null => {
  try {
    return decodeURIComponent(x);
  } catch {
    return null;
  }
};

/** The lesson and step of a hash, the lesson from `queryRef` where the hash names none; null outside a lesson. */
export function lessonPlace(hash: string, queryRef: string | null = null): LessonPlace | null {
  const e = new Map(entries(hash));
  const ref = e.has('lesson') ? decode(e.get('lesson') as string) : queryRef;
  if (!ref) return null;
  const step = Number(e.get('step'));
  return { ref, step: Number.isInteger(step) && step >= 1 ? step : 1 };
}

/** The hash without its lesson entries ('#' kept when there was one): the state's own link. */
export function stateHash(hash: string): string {
  const hashMark = hash.startsWith('#') ? '#' : '';
  const parts = (hashMark ? hash.slice(1) : hash).split('&');
  return hashMark + parts.filter((part) => part !== '' && !/^(lesson|step)(=|$)/.test(part)).join('&');
}

/** The hash entries of a place ('lesson=…&step=…', only the step when the query already names the lesson), or ''. */
export function placeEntries(place: LessonPlace | null, queryRef: string | null = null): string {
  if (!place) return '';
  const step = `step=${place.step}`;
  return place.ref === queryRef ? step : `lesson=${encodeURIComponent(place.ref)}&${step}`;
}

/** Does the hash hold any of the state's entries (beyond the lesson's)? */
export const hasState = (hash: string): boolean => stateHash(hash).replace(/^#/, '') !== '';

/** An address without the `lesson` entry of its query (the rest of the query and the hash kept). */
export function withoutQueryLesson(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('lesson');
  return url.href;
}
