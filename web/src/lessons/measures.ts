// measures.ts — the numbers the checks of checks.ts read, each from where the
// page shows it: a weight, a row's largest weight or entropy (the outcome's
// heads), a row's mean or variance and equal cells (a named result or step),
// the tile stepper's m, l and rescale factor (model/tiles-input.ts: the core's
// flash trace), a model's K/V cache size (model/kv-cache.ts) and an
// experiment's result; and the checks about what is hidden. None throws: a
// number that is not there is null, and the check fails.

import { CONFIGS, cacheBytes } from '../model/kv-cache';
import { rowEntropy } from '../model/entropy';
import type { State } from '../model/state';
import { rowReading } from '../model/tiles';
import { runTiles, tileInputs } from '../model/tiles-input';
import type { NamedMatrix, View } from '../model/view';
import type { Check, CheckContext, Measure } from './checks';

/** A closed range: either bound may be left out. */
export interface Range {
  atLeast?: number;
  atMost?: number;
}

/** The units a cache size may be measured in (binary: KiB = 2¹⁰ bytes). */
export const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Is `x` in the range? */
export const inRange = (x: number, r: Range): boolean => (r.atLeast === undefined || x >= r.atLeast) && (r.atMost === undefined || x <= r.atMost);

/** Row `row` of head `head`'s weights, or null when there is none. */
function rowOf(view: View, head = 0, row: number): Float64Array | null {
  const w = view.heads[head]?.weights;
  if (!w || row >= w.rows) return null;
  return w.data.subarray(row * w.cols, (row + 1) * w.cols);
}

/** The result or step named `key` ("step.ln", "step.scores"), or undefined. */
function named(view: View, key: string): NamedMatrix | undefined {
  return [view.out, ...view.extra, ...(view.steps ?? [])].find((m) => m.key === key);
}

/** The value at `path` ("at64.max_unscaled_mean", "points.3.d") of an object, or undefined. */
function at(x: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), x);
}

/** The tile stepper's number: the tile count, or m, l or the rescale factor of `row` after tile `step` (the core's flash trace). */
function tileValue(check: Extract<Measure, { kind: 'tile' }>, ctx: CheckContext): number | null {
  const { inputs } = tileInputs(ctx.core, ctx.state);
  if (!inputs) return null;
  let run: ReturnType<typeof runTiles>;
  try {
    run = runTiles(ctx.core, inputs, ctx.state.tileSize);
  } catch {
    return null; // what the core refuses, the compute panel says
  }
  if (check.value === 'tiles') return run.trace.steps.length;
  const [step, row] = [check.step ?? 0, check.row ?? 0];
  if (step > run.trace.steps.length || row >= inputs.Q.rows) return null;
  const r = rowReading(run.trace, step, row);
  return check.value === 'm' ? r.m : check.value === 'l' ? r.l : r.rescale;
}

/** A row's mean, or its variance (population: Σ(x − mean)² / n, as LayerNorm's). */
function rowStat(m: NamedMatrix, row: number, stat: 'mean' | 'variance'): number | null {
  const { data, rows, cols } = m.m;
  if (row >= rows || cols === 0) return null;
  const x = data.subarray(row * cols, (row + 1) * cols);
  const mean = x.reduce((s, v) => s + v, 0) / cols;
  return stat === 'mean' ? mean : x.reduce((s, v) => s + (v - mean) ** 2, 0) / cols;
}

/** The number `check` measures, or null when the context has none. */
export function measure(check: Measure, ctx: CheckContext): number | null {
  const view = ctx.outcome.ok ? ctx.outcome.view : null;
  switch (check.kind) {
    case 'experiment': {
      const x = at(ctx.results?.[check.name], check.path);
      return typeof x === 'number' ? x : null;
    }
    case 'tile':
      return tileValue(check, ctx);
    case 'kvCache': {
      const model = CONFIGS.find((c) => c.id === check.model);
      if (!model) return null;
      const unit = 2 ** (10 * UNITS.indexOf(check.unit ?? 'B'));
      return Number(cacheBytes(model, check.tokens, check.width)) / unit;
    }
    case 'rowStat': {
      const m = view && named(view, check.matrix);
      return m ? rowStat(m, check.row, check.stat) : null;
    }
    case 'weight': {
      const r = view && rowOf(view, check.head, check.row);
      return r && check.col < r.length ? r[check.col] : null;
    }
    case 'largestWeight': {
      const w = view?.heads[check.head ?? 0]?.weights;
      const data = !view || !w ? null : check.row === undefined ? w.data : rowOf(view, check.head, check.row);
      return data && data.length > 0 ? data.reduce((a, b) => Math.max(a, b), -Infinity) : null;
    }
    case 'entropy': {
      const w = view?.heads[check.head ?? 0]?.weights;
      return w && check.row < w.rows ? rowEntropy(w.data, w.rows, w.cols)[check.row] : null;
    }
  }
}

/** Are the cells [i, j] of the result or step `key` equal within `within`? (False when one is not there.) */
export function sameValues(key: string, cells: readonly [number, number][], within: number, ctx: CheckContext): boolean {
  const m = ctx.outcome.ok ? named(ctx.outcome.view, key)?.m : undefined;
  if (!m || !cells.every(([i, j]) => i < m.rows && j < m.cols)) return false;
  const values = cells.map(([i, j]) => m.data[i * m.cols + j]);
  return Math.max(...values) - Math.min(...values) <= within; // at most 64 cells
}

/** The checks about the weights shown and what is hidden. */
export function viewCheck(check: Check, view: View, state: State): boolean {
  const w0 = view.heads[0]?.weights;
  switch (check.kind) {
    case 'largestKey': {
      const r = rowOf(view, check.head, check.row);
      if (!r || r.length === 0) return false;
      let best = 0;
      for (let j = 1; j < r.length; j++) if (r[j] > r[best]) best = j;
      return best === check.is;
    }
    case 'futureHidden': {
      if (!w0) return false;
      const shift = state.align === 'bottom-right' ? w0.cols - w0.rows : 0;
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
    default:
      return false;
  }
}
