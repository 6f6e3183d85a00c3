// source.ts — a matrix as the user typed it (the text of each cell, never
// lost) or as a seeded random fill (a short link), and its link text: cells
// joined by ',' and rows by ';', each cell percent-encoded, or
// "rand:rows:cols:seed:scale[:digits]".

import { encodeCell, MAX_UINT32, safeDecode } from './url-text';

/** A matrix as the user typed it (cell text), or a seeded random fill. */
export type MatrixSource = { kind: 'cells'; cells: string[][] } | { kind: 'random'; rows: number; cols: number; seed: number; scale: number; digits?: number };

/** A cells source from numbers (shortest round-trip text). */
export function cellsOf(rows: number[][]): MatrixSource {
  return { kind: 'cells', cells: rows.map((r) => r.map((x) => String(x))) };
}

// Cells are joined by ',' and rows by ';'; each cell is percent-encoded so a
// ',' or ';' typed into a cell survives.
export function writeCells(cells: string[][]): string {
  return cells.map((row) => row.map(encodeCell).join(',')).join(';');
}
export function readCells(text: string): string[][] {
  if (text === '') return [];
  return text.split(';').map((row) => row.split(',').map(safeDecode));
}

/** "rand:3:2:42:0.5" (or with ":2" rounding digits) ↔ a random source. */
export function writeSource(s: MatrixSource): string {
  if (s.kind === 'cells') return writeCells(s.cells);
  return `rand:${s.rows}:${s.cols}:${s.seed}:${s.scale}` + (s.digits === undefined ? '' : `:${s.digits}`);
}
/**
 * A random source, or the cells of `text`. The expression is linear: ':' ends each run of digits and cannot
 * occur in the scale. Rows and columns are kept up to 2³² − 1 (the largest seed, and every length an array
 * can have), however far over the core's limits: compute.ts reports those limits by name.
 */
export function readSource(text: string): MatrixSource | undefined {
  const m = /^rand:(\d+):(\d+):(\d+):([-+0-9.eE]+)(?::(\d+))?$/.exec(text);
  if (m) {
    const [rows, cols, seed, scale] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    const digits = m[5] === undefined ? undefined : Number(m[5]);
    const size = (n: number) => n >= 1 && n <= MAX_UINT32;
    if (!size(rows) || !size(cols) || !Number.isFinite(scale) || seed > MAX_UINT32 || (digits ?? 0) > 15) return undefined;
    return digits === undefined ? { kind: 'random', rows, cols, seed, scale } : { kind: 'random', rows, cols, seed, scale, digits };
  }
  return { kind: 'cells', cells: readCells(text) };
}

/** A host's matrix (the embed API, setState, an attribute): rectangular rows of numbers (or cell texts), or a MatrixSource as in State; else what is wrong. */
export function sourceOfValue(name: string, value: unknown): MatrixSource | string {
  if (Array.isArray(value)) {
    const rows = value as unknown[];
    const width = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : -1;
    for (const row of rows) {
      if (!Array.isArray(row) || row.length !== width) return `${name} must be a rectangular array of rows`;
      for (const x of row)
        if (!(typeof x === 'number' && Number.isFinite(x)) && typeof x !== 'string')
          return `${name} holds ${typeof x === 'number' ? x : JSON.stringify(x)}: numbers only`;
    }
    return { kind: 'cells', cells: rows.map((row) => (row as (number | string)[]).map((x) => String(x))) };
  }
  const src = value as Partial<MatrixSource> | null;
  // the state's own form (getState(), a link read by parse()): rows of cell texts, which may differ in length as
  // a link's may; the page names such rows where it shows the matrix, as it does for the link
  if (src?.kind === 'cells' && Array.isArray(src.cells) && src.cells.every((row) => Array.isArray(row) && row.every((x) => typeof x === 'string')))
    return { kind: 'cells', cells: src.cells.map((row) => [...row]) };
  if (src?.kind === 'cells' && Array.isArray(src.cells)) return sourceOfValue(name, src.cells);
  if (src?.kind === 'random' && [src.rows, src.cols, src.seed].every((n) => Number.isInteger(n) && (n as number) >= 0) && Number.isFinite(src.scale))
    return {
      kind: 'random',
      rows: src.rows!,
      cols: src.cols!,
      seed: src.seed!,
      scale: src.scale!,
      ...(src.digits === undefined ? {} : { digits: src.digits }),
    };
  return `${name} must be an array of rows`;
}
