// checks.ts — the check language of the lessons' exercises: small JSON
// objects, read (readCheck: every bad field named by where it is) and
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
//   state          { op?, h?, positions?, mask?, scale? }   what the learner chose
//   experiment     { name, path, atLeast?, atMost? }        a number of an experiment's last result
//   with           { set, check }                           `check` on the state patched by `set` (e.g. "sc=0")
//   all / any      { checks: [...] }                        every one / at least one
//   not            { check }
//
// A patch is a piece of a share link ("h=1&op=multi_head"), laid over the
// current state's link: the same keys the link has, nothing new to learn.

import type { Core } from '../core/core';
import { compute, type Outcome } from '../model/compute';
import { rowEntropy } from '../model/entropy';
import { parse, serialize, type State } from '../model/state';
import type { View } from '../model/view';

/** A check of an exercise. */
export type Check =
  | ({ kind: 'weight'; row: number; col: number; head?: number } & Range)
  | { kind: 'largestKey'; row: number; head?: number; is: number }
  | ({ kind: 'largestWeight'; row?: number; head?: number } & Range)
  | ({ kind: 'entropy'; row: number; head?: number } & Range)
  | { kind: 'futureHidden' }
  | ({ kind: 'visibleKeys'; row?: number } & Range)
  | { kind: 'sameOutput'; as: string; within: number }
  | { kind: 'state'; op?: string; h?: number; positions?: string; mask?: string; scale?: boolean }
  | ({ kind: 'experiment'; name: string; path: string } & Range)
  | { kind: 'with'; set: string; check: Check }
  | { kind: 'all' | 'any'; checks: Check[] }
  | { kind: 'not'; check: Check };

/** A closed range: either bound may be left out. */
export interface Range {
  atLeast?: number;
  atMost?: number;
}

/** What a check is evaluated on: the state, its outcome, the core (for patched states), the experiments' last results. */
export interface CheckContext {
  core: Core;
  state: State;
  outcome: Outcome;
  results?: Readonly<Record<string, unknown>>;
}

/** A problem of a lesson file: where (e.g. "steps[2].exercise.check.row") and what. */
export interface Problem {
  where: string;
  message: string;
}

// ---------------------------------------------------------------- reading

const KINDS = [
  'weight',
  'largestKey',
  'largestWeight',
  'entropy',
  'futureHidden',
  'visibleKeys',
  'sameOutput',
  'state',
  'experiment',
  'with',
  'all',
  'any',
  'not',
] as const;

/** The fields each kind may have, and whether each is required. */
const FIELDS: Record<Check['kind'], Record<string, 'index' | 'number' | 'string' | 'boolean' | 'check' | 'checks' | 'patch'>> = {
  weight: { row: 'index', col: 'index', head: 'index', atLeast: 'number', atMost: 'number' },
  largestKey: { row: 'index', head: 'index', is: 'index' },
  largestWeight: { row: 'index', head: 'index', atLeast: 'number', atMost: 'number' },
  entropy: { row: 'index', head: 'index', atLeast: 'number', atMost: 'number' },
  futureHidden: {},
  visibleKeys: { row: 'index', atLeast: 'number', atMost: 'number' },
  sameOutput: { as: 'patch', within: 'number' },
  state: { op: 'string', h: 'index', positions: 'string', mask: 'string', scale: 'boolean' },
  experiment: { name: 'string', path: 'string', atLeast: 'number', atMost: 'number' },
  with: { set: 'patch', check: 'check' },
  all: { checks: 'checks' },
  any: { checks: 'checks' },
  not: { check: 'check' },
};

/** The fields each kind must have. */
const REQUIRED: Record<Check['kind'], readonly string[]> = {
  weight: ['row', 'col'],
  largestKey: ['row', 'is'],
  largestWeight: [],
  entropy: ['row'],
  futureHidden: [],
  visibleKeys: [],
  sameOutput: ['as', 'within'],
  state: [],
  experiment: ['name', 'path'],
  with: ['set', 'check'],
  all: ['checks'],
  any: ['checks'],
  not: ['check'],
};

/** Is `x` a piece of a share link ("key=value&…", printable ASCII)? */
const isPatch = (x: unknown): x is string => typeof x === 'string' && /^[\x21-\x7e]+$/.test(x) && x.split('&').every((p) => p.indexOf('=') > 0);

/** One field's problem, or null. */
function fieldProblem(type: string, v: unknown, where: string, out: Problem[]): void {
  const bad = (message: string) => out.push({ where, message });
  if (type === 'index' && !(Number.isInteger(v) && (v as number) >= 0)) bad(`must be a whole number ≥ 0, got ${JSON.stringify(v)}`);
  else if (type === 'number' && !(typeof v === 'number' && Number.isFinite(v))) bad(`must be a finite number, got ${JSON.stringify(v)}`);
  else if (type === 'string' && typeof v !== 'string') bad(`must be text, got ${JSON.stringify(v)}`);
  else if (type === 'boolean' && typeof v !== 'boolean') bad(`must be true or false, got ${JSON.stringify(v)}`);
  else if (type === 'patch' && !isPatch(v)) bad(`must be a piece of a share link such as "h=1&op=multi_head", got ${JSON.stringify(v)}`);
  else if (type === 'check') checkProblems(v, where, out);
  else if (type === 'checks') {
    if (!Array.isArray(v) || v.length === 0) bad('must be a list of at least one check');
    else v.forEach((c, i) => checkProblems(c, `${where}[${i}]`, out));
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
  if (!(KINDS as readonly unknown[]).includes(kind)) {
    out.push({ where: `${where}.kind`, message: `must be one of ${KINDS.join(', ')}, got ${JSON.stringify(o.kind)}` });
    return out;
  }
  const fields = FIELDS[kind];
  for (const [key, v] of Object.entries(o)) {
    if (key === 'kind') continue;
    const type = fields[key];
    if (!type) out.push({ where: `${where}.${key}`, message: `is not a field of a "${kind}" check (it has ${Object.keys(fields).join(', ') || 'none'})` });
    else fieldProblem(type, v, `${where}.${key}`, out);
  }
  for (const key of REQUIRED[kind]) if (o[key] === undefined) out.push({ where: `${where}.${key}`, message: `is missing (a "${kind}" check needs it)` });
  if ('atLeast' in fields && typeof o.atLeast === 'number' && typeof o.atMost === 'number' && o.atLeast > o.atMost)
    out.push({ where: `${where}.atLeast`, message: `${o.atLeast} is above atMost ${o.atMost}` });
  return out;
}

// ---------------------------------------------------------------- evaluating

/** The state `patch` (a piece of a link) laid over `state`. */
export function patched(state: State, patch: string): State {
  return parse(`${serialize(state)}&${patch}`);
}

/** Is `x` in the range? */
const inRange = (x: number, r: Range): boolean => (r.atLeast === undefined || x >= r.atLeast) && (r.atMost === undefined || x <= r.atMost);

/** Row `row` of head `head`'s weights, or null when there is none. */
function rowOf(view: View, head = 0, row: number): Float64Array | null {
  const w = view.heads[head]?.weights;
  if (!w || row >= w.rows) return null;
  return w.data.subarray(row * w.cols, (row + 1) * w.cols);
}

/** The value at `path` ("at64.maxUnscaled", "points.3.d") of an object, or undefined. */
function at(x: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), x);
}

/** Does `check` hold for the context? (A check about weights fails while the outcome is an error.) */
export function evaluate(check: Check, ctx: CheckContext): boolean {
  const view = ctx.outcome.ok ? ctx.outcome.view : null;
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
    case 'state':
      return (
        (check.op === undefined || ctx.state.op === check.op) &&
        (check.h === undefined || ctx.state.h === check.h) &&
        (check.positions === undefined || ctx.state.positions === check.positions) &&
        (check.mask === undefined || ctx.state.mask === check.mask) &&
        (check.scale === undefined || ctx.state.scale === check.scale)
      );
    case 'experiment': {
      const x = at(ctx.results?.[check.name], check.path);
      return typeof x === 'number' && inRange(x, check);
    }
    default:
      return view !== null && evaluateOnView(check, view, ctx);
  }
}

/** The checks about the numbers shown. */
function evaluateOnView(check: Check, view: View, ctx: CheckContext): boolean {
  const w0 = view.heads[0]?.weights;
  switch (check.kind) {
    case 'weight': {
      const r = rowOf(view, check.head, check.row);
      return r !== null && check.col < r.length && inRange(r[check.col], check);
    }
    case 'largestKey': {
      const r = rowOf(view, check.head, check.row);
      if (!r || r.length === 0) return false;
      let best = 0;
      for (let j = 1; j < r.length; j++) if (r[j] > r[best]) best = j;
      return best === check.is;
    }
    case 'largestWeight': {
      const w = view.heads[check.head ?? 0]?.weights;
      if (!w) return false;
      const data = check.row === undefined ? w.data : rowOf(view, check.head, check.row);
      return data !== null && data.length > 0 && inRange(Math.max(...data), check);
    }
    case 'entropy': {
      const w = view.heads[check.head ?? 0]?.weights;
      return !!w && check.row < w.rows && inRange(rowEntropy(w.data, w.rows, w.cols)[check.row], check);
    }
    case 'futureHidden': {
      if (!w0) return false;
      const shift = ctx.state.align === 'bottom-right' ? w0.cols - w0.rows : 0;
      for (let i = 0; i < w0.rows; i++) for (let j = i + shift + 1; j < w0.cols; j++) if (!view.hidden?.[i * w0.cols + j]) return false;
      return true;
    }
    case 'visibleKeys': {
      if (!w0) return false;
      const rows = check.row === undefined ? [...Array(w0.rows).keys()] : [check.row];
      return rows.every((i) => {
        if (i >= w0.rows) return false;
        let seen = 0;
        for (let j = 0; j < w0.cols; j++) if (!view.hidden?.[i * w0.cols + j]) seen++;
        return inRange(seen, check);
      });
    }
    case 'sameOutput': {
      const other = compute(ctx.core, patched(ctx.state, check.as));
      if (!other.ok) return false;
      const a = view.out.m;
      const b = other.view.out.m;
      return a.rows === b.rows && a.cols === b.cols && a.data.every((x, i) => Math.abs(x - b.data[i]) <= check.within);
    }
    default:
      return false;
  }
}
