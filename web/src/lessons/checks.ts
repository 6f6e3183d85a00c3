// checks.ts — the check language of the lessons' exercises: small JSON
// objects, read (checkProblems: every bad field named by where it is) and
// evaluated (evaluate) on the core's own numbers after every recompute, with
// no eval (the strict CSP stays). One `kind` an object:
//
//   weight         { row, col, head?, atLeast?, atMost? }   one weight in a range
//   largestKey     { row, head?, is }                       the key row `row` weights most
//   largestWeight  { row?, head?, atLeast?, atMost? }       the largest weight (of a row, or of all)
//   entropy        { row, head?, atLeast?, atMost? }        a row's entropy in nats
//   futureHidden   {}                                       every key after its query hidden
//   visibleKeys    { row?, atLeast?, atMost? }              how many keys each row (or one) sees
//   sameOutput     { as, within }                           the output equals that of the state patched by `as`
//   sameValues     { matrix, cells, within }                the cells [i, j] of a result or step are equal
//   rowStat        { matrix, row, stat, atLeast?, atMost? } a row's mean or variance (LN(X): 0 and 1)
//   tile           { value, step?, row?, atLeast?, atMost? } the tile stepper's m, l, rescale after a tile, or its tile count
//   kvCache        { model, tokens, width, unit?, … }       a calculator model's K/V cache at `width` bytes a value (in B, or KiB … TiB)
//   computes       {}                                       the state computes (no error)
//   state          { op?, h?, H?, G?, positions?, mask?, scale? }  what the learner chose (H, G: query and K/V heads)
//   experiment     { name, path, atLeast?, atMost? }        a number of an experiment's last result
//   answer         { is | of, within }                      the learner's typed answer: near a number, or near what `of` measures
//   with           { set, check }                           `check` on the state patched by `set` (e.g. "scale=0")
//   all / any      { checks: [...] }                        every one / at least one
//   not            { check }
//
// A patch is a piece of a share link ("h=1&op=multi_head"), laid over the
// current state's link: the same keys the link has, nothing new to learn.
// The numbers a check measures (weight … experiment) are measures.ts's.

import type { Core } from '../core/core';
import { compute, type Outcome } from '../model/compute';
import { CONFIGS, FIELD_RANGE } from '../model/kv-cache';
import { EXPERIMENT_SPECS } from '../experiments/index';
import { MASK_MODES, OPERATIONS, parse, POSITIONS, serialize, type MaskMode, type Operation, type Positions, type State } from '../model/state';
import { NAMES } from '../model/words';
import { inRange, measure, sameValues, viewCheck, UNITS, type Range } from './measures';

export type { Range } from './measures';

/** What the tile check reads: m, l or the rescale factor of a row after a tile, or how many tiles there are. */
export type TileValue = 'm' | 'l' | 'rescale' | 'tiles';

/** A check that measures one number (an answer may be asked for it). */
export type Measure =
  | ({ kind: 'weight'; row: number; col: number; head?: number } & Range)
  | ({ kind: 'largestWeight'; row?: number; head?: number } & Range)
  | ({ kind: 'entropy'; row: number; head?: number } & Range)
  | ({ kind: 'rowStat'; matrix: string; row: number; stat: 'mean' | 'variance' } & Range)
  | ({ kind: 'tile'; value: TileValue; step?: number; row?: number } & Range)
  | ({ kind: 'kvCache'; model: string; tokens: number; width: number; unit?: (typeof UNITS)[number] } & Range)
  | ({ kind: 'experiment'; name: string; path: string } & Range);

/** A check of an exercise. */
export type Check =
  | Measure
  | { kind: 'largestKey'; row: number; head?: number; is: number }
  | { kind: 'futureHidden' }
  | ({ kind: 'visibleKeys'; row?: number } & Range)
  | { kind: 'sameOutput'; as: string; within: number }
  | { kind: 'sameValues'; matrix: string; cells: [number, number][]; within: number }
  | { kind: 'computes' }
  | { kind: 'state'; op?: Operation; h?: number; H?: number; G?: number; positions?: Positions; mask?: MaskMode; scale?: boolean }
  | { kind: 'answer'; is?: number; of?: Measure; within: number }
  | { kind: 'with'; set: string; check: Check }
  | { kind: 'all' | 'any'; checks: Check[] }
  | { kind: 'not'; check: Check };

/** What a check is evaluated on: the state, its outcome, the core (for patched states), the experiments' last results, the learner's typed answer. */
export interface CheckContext {
  core: Core;
  state: State;
  outcome: Outcome;
  results?: Readonly<Record<string, unknown>>;
  /** The number the learner typed for the exercise, if any (an "answer" check fails without one). */
  answer?: number;
}

/** A problem of a lesson file: where (e.g. "steps[2].exercise.check.row") and what. */
export interface Problem {
  where: string;
  message: string;
}

// ---------------------------------------------------------------- reading

/** The type of a field: a kind of value, or the texts it may be. */
type FieldType = 'index' | 'number' | 'string' | 'boolean' | 'check' | 'checks' | 'patch' | 'measure' | 'cells' | 'matrix' | readonly string[];

const MATRIX_NAMES = Object.keys(NAMES).filter((k) => k.startsWith('step.'));
const RANGE = { atLeast: 'number', atMost: 'number' } as const;

/** The fields each kind may have, with their types. */
const FIELDS: Record<Check['kind'], Record<string, FieldType>> = {
  weight: { row: 'index', col: 'index', head: 'index', ...RANGE },
  largestKey: { row: 'index', head: 'index', is: 'index' },
  largestWeight: { row: 'index', head: 'index', ...RANGE },
  entropy: { row: 'index', head: 'index', ...RANGE },
  futureHidden: {},
  visibleKeys: { row: 'index', ...RANGE },
  sameOutput: { as: 'patch', within: 'number' },
  sameValues: { matrix: 'matrix', cells: 'cells', within: 'number' },
  rowStat: { matrix: 'matrix', row: 'index', stat: ['mean', 'variance'], ...RANGE },
  tile: { value: ['m', 'l', 'rescale', 'tiles'], step: 'index', row: 'index', ...RANGE },
  kvCache: { model: CONFIGS.map((c) => c.id), tokens: 'index', width: 'index', unit: UNITS, ...RANGE },
  computes: {},
  state: { op: OPERATIONS, h: 'index', H: 'index', G: 'index', positions: POSITIONS, mask: MASK_MODES, scale: 'boolean' },
  experiment: { name: EXPERIMENT_SPECS.map((e) => e.name), path: 'string', ...RANGE },
  answer: { is: 'number', of: 'measure', within: 'number' },
  with: { set: 'patch', check: 'check' },
  all: { checks: 'checks' },
  any: { checks: 'checks' },
  not: { check: 'check' },
};

const KINDS = Object.keys(FIELDS) as Check['kind'][];
const MEASURES: readonly Check['kind'][] = ['weight', 'largestWeight', 'entropy', 'rowStat', 'tile', 'kvCache', 'experiment'];

/** The fields each kind must have. */
const REQUIRED: Partial<Record<Check['kind'], readonly string[]>> = {
  weight: ['row', 'col'],
  largestKey: ['row', 'is'],
  entropy: ['row'],
  sameOutput: ['as', 'within'],
  sameValues: ['matrix', 'cells', 'within'],
  rowStat: ['matrix', 'row', 'stat'],
  tile: ['value'],
  kvCache: ['model', 'tokens', 'width'],
  experiment: ['name', 'path'],
  answer: ['within'],
  with: ['set', 'check'],
  all: ['checks'],
  any: ['checks'],
  not: ['check'],
};

/** Is `x` a piece of a share link ("key=value&…", printable ASCII)? */
const isPatch = (x: unknown): x is string => typeof x === 'string' && /^[\x21-\x7e]+$/.test(x) && x.split('&').every((p) => p.indexOf('=') > 0);
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** The problems of one field of type `type`. */
function fieldProblem(type: FieldType, v: unknown, where: string, out: Problem[]): void {
  const bad = (message: string) => out.push({ where, message });
  const got = JSON.stringify(v);
  if (typeof type !== 'string') {
    if (!type.includes(v as string)) bad(`must be one of ${type.join(', ')}, got ${got}`);
  } else if (type === 'index' && !isIndex(v)) bad(`must be a whole number ≥ 0, got ${got}`);
  else if (type === 'number' && !(typeof v === 'number' && Number.isFinite(v))) bad(`must be a finite number, got ${got}`);
  else if (type === 'string' && typeof v !== 'string') bad(`must be text, got ${got}`);
  else if (type === 'boolean' && typeof v !== 'boolean') bad(`must be true or false, got ${got}`);
  else if (type === 'patch' && !isPatch(v)) bad(`must be a piece of a share link such as "h=1&op=multi_head", got ${got}`);
  else if (type === 'matrix' && !MATRIX_NAMES.includes(v as string)) bad(`must name a result or a step: one of ${MATRIX_NAMES.join(', ')}, got ${got}`);
  else if (type === 'cells' && !(Array.isArray(v) && v.length >= 2 && v.length <= 64 && v.every((c) => Array.isArray(c) && c.length === 2 && c.every(isIndex))))
    bad(`must be a list of 2 to 64 cells [i, j] (whole numbers ≥ 0), got ${got}`);
  else if (type === 'check') checkProblems(v, where, out);
  else if (type === 'checks') {
    if (!Array.isArray(v) || v.length === 0) bad('must be a list of at least one check');
    else v.forEach((c, i) => checkProblems(c, `${where}[${i}]`, out));
  } else if (type === 'measure') measureProblems(v, where, out);
}

/** An answer's `of`: a check that measures a number, without a range of its own. */
function measureProblems(v: unknown, where: string, out: Problem[]): void {
  const before = out.length;
  checkProblems(v, where, out);
  if (out.length > before) return;
  const o = v as Record<string, unknown>;
  if (!MEASURES.includes(o.kind as Check['kind']))
    out.push({ where: `${where}.kind`, message: `must be a check that measures a number: one of ${MEASURES.join(', ')}` });
  for (const key of ['atLeast', 'atMost'])
    if (key in o) out.push({ where: `${where}.${key}`, message: 'has no meaning here: the answer is compared with the number measured' });
}

/** The problems of a kind's fields taken together. */
function togetherProblems(o: Record<string, unknown>, where: string, out: Problem[]): void {
  if (typeof o.atLeast === 'number' && typeof o.atMost === 'number' && o.atLeast > o.atMost)
    out.push({ where: `${where}.atLeast`, message: `${o.atLeast} is above atMost ${o.atMost}` });
  if (o.kind === 'answer' && (o.is === undefined) === (o.of === undefined))
    out.push({ where, message: 'needs either "is" (a number) or "of" (a check that measures one), not both' });
  if (o.kind === 'tile' && o.value !== 'tiles')
    for (const key of ['step', 'row'])
      if (o[key] === undefined) out.push({ where: `${where}.${key}`, message: `is missing (the tile check of "${String(o.value)}" needs it)` });
  if (o.kind === 'kvCache') {
    const [[t0, t1], [w0, w1]] = [FIELD_RANGE.tokens, FIELD_RANGE.bytes];
    if (isIndex(o.tokens) && (o.tokens < t0 || o.tokens > t1)) out.push({ where: `${where}.tokens`, message: `must be ${t0} … ${t1}` });
    if (isIndex(o.width) && (o.width < w0 || o.width > w1)) out.push({ where: `${where}.width`, message: `must be ${w0} … ${w1} bytes per value` });
  }
}

/** Every problem of a check (an empty list: it can be evaluated). */
export function checkProblems(x: unknown, where: string, out: Problem[] = []): Problem[] {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) {
    out.push({ where, message: 'must be an object with a "kind"' });
    return out;
  }
  const o = x as Record<string, unknown>;
  const kind = o.kind as Check['kind'];
  if (!KINDS.includes(kind)) {
    out.push({ where: `${where}.kind`, message: `must be one of ${KINDS.join(', ')}, got ${JSON.stringify(o.kind)}` });
    return out;
  }
  const fields = FIELDS[kind];
  for (const [key, v] of Object.entries(o)) {
    if (key === 'kind') continue;
    const type = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!type) out.push({ where: `${where}.${key}`, message: `is not a field of a "${kind}" check (it has ${Object.keys(fields).join(', ') || 'none'})` });
    else fieldProblem(type, v, `${where}.${key}`, out);
  }
  for (const key of REQUIRED[kind] ?? []) if (o[key] === undefined) out.push({ where: `${where}.${key}`, message: `is missing (a "${kind}" check needs it)` });
  togetherProblems(o, where, out);
  return out;
}

// ---------------------------------------------------------------- evaluating

/** The state `patch` (a piece of a link) laid over `state`. */
export function patched(state: State, patch: string): State {
  return parse(`${serialize(state)}&${patch}`);
}

/** Is `check` one that measures a number? */
export function isMeasure(check: Check): check is Measure {
  return MEASURES.includes(check.kind);
}

/** Does `check` hold for the context? (A check about weights fails while the outcome is an error; none throws.) */
export function evaluate(check: Check, ctx: CheckContext): boolean {
  if (isMeasure(check)) {
    const x = measure(check, ctx);
    return x !== null && inRange(x, check);
  }
  switch (check.kind) {
    case 'all':
      return check.checks.every((c) => evaluate(c, ctx));
    case 'any':
      return check.checks.some((c) => evaluate(c, ctx));
    case 'not':
      return !evaluate(check.check, ctx);
    case 'with': {
      const state = patched(ctx.state, check.set);
      return evaluate(check.check, { ...ctx, state, outcome: compute(ctx.core, state) });
    }
    case 'state': {
      const s = ctx.state;
      const want = (asked: unknown, chosen: unknown) => asked === undefined || asked === chosen;
      return (
        want(check.op, s.op) &&
        want(check.h, s.h) &&
        want(check.H, s.numHeads) &&
        want(check.G, s.numKvHeads) &&
        want(check.positions, s.positions) &&
        want(check.mask, s.mask) &&
        want(check.scale, s.scale)
      );
    }
    case 'answer': {
      if (ctx.answer === undefined || !Number.isFinite(ctx.answer)) return false;
      const target = check.of ? measure(check.of, ctx) : (check.is ?? null);
      return target !== null && Number.isFinite(target) && Math.abs(ctx.answer - target) <= check.within;
    }
    case 'computes':
      return ctx.outcome.ok;
    case 'sameOutput': {
      const other = compute(ctx.core, patched(ctx.state, check.as));
      if (!ctx.outcome.ok || !other.ok) return false;
      const [a, b] = [ctx.outcome.view.out.m, other.view.out.m];
      return a.rows === b.rows && a.cols === b.cols && a.data.every((x, i) => Math.abs(x - b.data[i]) <= check.within);
    }
    case 'sameValues':
      return sameValues(check.matrix, check.cells, check.within, ctx);
    default:
      return ctx.outcome.ok && viewCheck(check, ctx.outcome.view, ctx.state);
  }
}
