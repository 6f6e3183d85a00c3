// @vitest-environment jsdom
// Tests of web/src/figures/line-chart/table.ts: the table alternative of the
// chart writes whole numbers exactly (n² = 16777216 at n = 4096, not the 6
// significant digits 16777200), fractions to 6 digits, band columns, and "—"
// where a series has no point.
import { describe, expect, it } from 'vitest';
import { chartTable } from '../../../../web/src/figures/line-chart/table';
import { NS, mixedOptions, mixedSeries, quadOptions, quadSeries, scalingOptions, scalingSeries } from './fixtures';

/** The table's body as rows of cell texts (the row header first). */
const bodyOf = (table: HTMLTableElement): string[][] => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent ?? ''));

describe('chartTable', () => {
  it('gives every n² of the quadratic chart exactly, the times to 6 digits and "—" where the fit has no point', () => {
    const rows = bodyOf(chartTable(document, quadSeries(), NS, quadOptions));
    expect(rows.map((r) => r[0])).toEqual(NS.map(String));
    expect(rows.map((r) => r[1])).toEqual(NS.map((n) => String(n * n)));
    expect(rows[NS.indexOf(1024)][1]).toBe('1048576');
    expect(rows[NS.indexOf(4096)][1]).toBe('16777216');
    expect(rows[NS.indexOf(4096)][2]).toBe(String(Number((2e-5 * 4096 ** 1.9).toPrecision(6))));
    expect(rows[NS.indexOf(64)][3], 'the fit has points at the ends only').toBe('—');
  });
  it('writes the band columns (low, high) after a banded series', () => {
    const table = chartTable(document, scalingSeries(), [64], scalingOptions);
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toHaveLength(1 + 2 * 3);
    expect(bodyOf(table)[0]).toEqual(['64', '0.97', '0.92', '1', '0.46', '0.36', '0.56']);
  });
  it('uses the chart’s xFormat for the row headers when it has one, and the exact format otherwise', () => {
    const table = chartTable(document, mixedSeries(), [0, 8], { ...mixedOptions, xFormat: (v) => `step ${v}` });
    expect(bodyOf(table).map((r) => r[0])).toEqual(['step 0', 'step 8']);
    const plain = chartTable(document, [{ id: 'big', label: 'big', points: [{ x: 123_456_789, y: 987_654_321 }] }], [123_456_789], quadOptions);
    expect(bodyOf(plain)).toEqual([['123456789', '987654321']]);
  });
});
