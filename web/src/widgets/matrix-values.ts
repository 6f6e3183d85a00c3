// matrix-values.ts — what the matrix summary and the export read from a
// matrix's cell text: its statistics (min, max, mean of the cells that are
// numbers) and its text in an export format. Cells are read as the compute
// reads them (checkCell), so the numbers are the ones the core gets. Pure.

import { checkCell } from '../model/inputs';
import { formatMatrix } from '../parse/parse';

/** The statistics of a matrix's numbers; `bad` cells (not numbers, or missing in a short row) are left out. */
export interface MatrixStats {
  min: number;
  max: number;
  mean: number;
  /** Cells that are numbers. */
  count: number;
  /** Cells that are not. */
  bad: number;
}

/** min, max and mean of the cells of `cells` that are numbers (null when none is); `cols` cells a row, a short row's missing cells counted as bad. */
export function matrixStats(cells: readonly (readonly string[])[], cols: number): MatrixStats | null {
  let [min, max, mean, count, bad] = [Infinity, -Infinity, 0, 0, 0];
  for (const row of cells)
    for (let j = 0; j < cols; j++) {
      const text = row[j];
      const v = text === undefined ? null : checkCell(text);
      if (typeof v !== 'number') {
        bad += 1;
        continue;
      }
      min = Math.min(min, v);
      max = Math.max(max, v);
      count += 1;
      mean += v / count - mean / count; // a running mean: no sum to overflow near 1e308
    }
  return count === 0 ? null : { min, max, mean, count, bad };
}

/** The export formats: the paste box reads every one of them back. */
export const EXPORT_FORMATS = ['csv', 'tsv', 'json', 'numpy', 'torch'] as const;

/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How each format is named in the menu (code names, the same in every language). */
export const FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = { csv: 'CSV', tsv: 'TSV', json: 'JSON', numpy: 'NumPy', torch: 'PyTorch' };

/** The file name ending and media type of each format. */
export const FORMAT_FILES: Readonly<Record<ExportFormat, { ext: string; type: string }>> = {
  csv: { ext: 'csv', type: 'text/csv' },
  tsv: { ext: 'tsv', type: 'text/tab-separated-values' },
  json: { ext: 'json', type: 'application/json' },
  numpy: { ext: 'txt', type: 'text/plain' },
  torch: { ext: 'txt', type: 'text/plain' },
};

/**
 * The matrix as `format` text at full precision (formatMatrix: the paste box reads it back to the same
 * numbers), or the first cell that is not a number ({ row, col }) when one is not.
 */
export function exportText(cells: readonly (readonly string[])[], format: ExportFormat): string | { row: number; col: number } {
  const cols = cells.reduce((n, row) => Math.max(n, row.length), 0);
  const rows: number[][] = [];
  for (let i = 0; i < cells.length; i++) {
    const line: number[] = [];
    for (let j = 0; j < cols; j++) {
      const text = cells[i][j];
      const v = text === undefined ? null : checkCell(text);
      if (typeof v !== 'number') return { row: i, col: j };
      line.push(v);
    }
    rows.push(line);
  }
  return formatMatrix(rows, format);
}

/** A statistic as the summary shows it: 4 significant digits, a true minus sign. */
export function formatStat(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : x < 0 ? '−∞' : 'NaN';
  const s = String(Number(x.toPrecision(4)));
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}
