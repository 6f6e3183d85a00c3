// load.ts — a lesson found from what names it: the id of a lesson of the
// course built in, a lesson file's address (same origin, or a data: URL), a
// lesson's JSON text, or a lesson object (the element's `lesson` property,
// the embed API). Whatever goes wrong is a LessonLoadError whose message
// names the address and, for a file that does not read, every bad field.

import { COURSE } from './course';
import { readLesson, type Lesson, type Problem } from './lesson';

/** The largest lesson file read, in characters (a file cannot make the page hold unbounded text). */
export const MAX_LESSON_CHARS = 1_000_000;

/** A lesson that could not be loaded: what, and where. */
export class LessonLoadError extends Error {
  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
    this.name = 'LessonLoadError';
  }
}

/** The course's lesson with this id, or undefined. */
export const courseLessonById = (id: string): Lesson | undefined => COURSE.find((l) => l.id === id);

/** A lesson object or its JSON text, read; `source` names it in the message. */
export function lessonFrom(x: unknown, source: string): Lesson {
  let value = x;
  if (typeof x === 'string') {
    if (x.length > MAX_LESSON_CHARS) throw new LessonLoadError(`the lesson ${source} has ${x.length} characters, over the limit of ${MAX_LESSON_CHARS}`);
    try {
      value = JSON.parse(x);
    } catch (err) {
      throw new LessonLoadError(`the lesson ${source} is not JSON: ${(err as Error).message}`);
    }
  }
  const r = readLesson(value);
  if (r.ok) return r.lesson;
  const lines = r.problems.slice(0, 8).map((p) => `${p.where}: ${p.message}`);
  const more = r.problems.length > 8 ? `; and ${r.problems.length - 8} more` : '';
  throw new LessonLoadError(`the lesson ${source} has ${r.problems.length} problem${r.problems.length > 1 ? 's' : ''}: ${lines.join('; ')}${more}`, r.problems);
}

/** May the page read a lesson file from `url` (relative to `base`)? Only its own origin, or a data: URL. */
export function allowedLessonUrl(ref: string, base: string): URL | null {
  try {
    const url = new URL(ref, base);
    if (url.protocol === 'data:') return url;
    return url.origin === new URL(base).origin ? url : null;
  } catch {
    return null;
  }
}

/** The lesson `ref` names: a course lesson's id, or a lesson file's address (fetched). */
export async function loadLesson(ref: string, base: string, fetchText: (url: string) => Promise<string> = fetchLessonText): Promise<Lesson> {
  const own = courseLessonById(ref);
  if (own) return own;
  const url = allowedLessonUrl(ref, base);
  const shown = ref.length > 80 ? `${ref.slice(0, 77)}…` : ref;
  if (!url)
    throw new LessonLoadError(
      `"${shown}" is neither a lesson of the course (${COURSE.map((l) => l.id).join(', ')}) nor a lesson file of this site or a data: URL`,
    );
  let text: string;
  try {
    // a data: URL is read here, not fetched: the strict CSP's connect-src does not allow data:
    text = url.protocol === 'data:' ? dataUrlText(url.href) : await fetchText(url.href);
  } catch (err) {
    throw new LessonLoadError(`the lesson file ${shown} could not be read: ${(err as Error).message}`);
  }
  return lessonFrom(text, shown);
}

/** The text a data: URL holds (`data:[<type>][;base64],<data>`, RFC 2397), as UTF-8. */
export function dataUrlText(href: string): string {
  const comma = href.indexOf(',');
  if (comma < 0) throw new Error('a data: URL needs a comma before its data');
  const header = href.slice(5, comma);
  const data = href.slice(comma + 1);
  if (!/;base64$/i.test(header)) return decodeURIComponent(data);
  const bytes = Uint8Array.from(atob(decodeURIComponent(data)), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A lesson file's text from its address (an HTTP error is an error). */
async function fetchLessonText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
}
