// course.ts — the course built in: its lessons in order (course/<nn>-<id>.json),
// each read with readLesson. They are our own data, so a lesson that does not
// read is a thrown error naming its file and every problem.

import { readLesson, type Lesson } from './lesson';
import softmax from './course/01-softmax.json';
import scaling from './course/02-scaling.json';
import masks from './course/03-masks.json';
import multiHead from './course/04-multi-head.json';
import positions from './course/05-positions.json';
import block from './course/06-block.json';
import flash from './course/07-flash.json';
import kvCache from './course/08-kv-cache.json';
import induction from './course/09-induction.json';

/** The lesson files, in the course's order, by file name. */
const FILES: readonly (readonly [string, unknown])[] = [
  ['01-softmax.json', softmax],
  ['02-scaling.json', scaling],
  ['03-masks.json', masks],
  ['04-multi-head.json', multiHead],
  ['05-positions.json', positions],
  ['06-block.json', block],
  ['07-flash.json', flash],
  ['08-kv-cache.json', kvCache],
  ['09-induction.json', induction],
];

/** A lesson file of the course read, or an error naming the file and its problems. */
export function courseLesson(file: string, x: unknown): Lesson {
  const r = readLesson(x);
  if (r.ok) return r.lesson;
  throw new Error(`lesson ${file}: ${r.problems.map((p) => `${p.where}: ${p.message}`).join('; ')}`);
}

/** The course's lessons, in order. */
export const COURSE: readonly Lesson[] = FILES.map(([file, x]) => courseLesson(file, x));
