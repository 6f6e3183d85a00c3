// format.ts — how the experiments write their numbers, the same in both
// languages: in sentences, tables, the report files and their CSV.

/** A weight with 2 decimals, as in the sentences ("0.85"). */
export const fmtWeight = (x: number): string => x.toFixed(2);

/** A value for a table: 4 decimals. */
export const fmt4 = (x: number): string => x.toFixed(4);

/** A difference: "0" when exact, "2.22e-16" when tiny, "1.77" otherwise. */
export function fmtDiff(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toPrecision(3);
}

/** A whole number with thousands separators ("16,777,216"). */
export const fmtCount = (x: number): string => Math.round(x).toLocaleString('en-US');

/** Bytes in binary units ("128 MiB"). */
export function fmtBytes(x: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let u = 0;
  while (x >= 1024 && u < units.length - 1) {
    x /= 1024;
    u++;
  }
  return `${Number.isInteger(x) ? x : x.toFixed(1)} ${units[u]}`;
}

/** A duration with 3 significant digits ("0.0213 ms", "412 ms", "1.01 s"). */
export const fmtMs = (x: number): string => (x >= 1000 ? `${(x / 1000).toPrecision(3)} s` : `${x.toPrecision(3)} ms`);

/** A mean and its standard deviation in one table cell, 3 decimals: "0.854 ± 0.175" (a no-break space after ±, so a narrow column breaks the line only before it). */
export const fmtMeanStd = (mean: number, std: number): string => `${mean.toFixed(3)} ±\u00a0${std.toFixed(3)}`;

/** A permutation as the seed writes lists: "[3, 4, 2, 0, 1]". */
export const fmtPerm = (p: ArrayLike<number>): string => `[${Array.from(p).join(', ')}]`;

/** A table as CSV: a header and rows, one line each. */
export function csv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.join(',')).join('\n') + '\n';
}
