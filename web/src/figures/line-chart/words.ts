// words.ts — the line chart's own words: the source of their English text.
// i18n/ builds its English table from DEFAULT_CHART_WORDS ('lc.' keys) and
// holds only the 中文 translations.

/**
 * Every text the chart writes itself, as templates: {name} is filled by
 * fill. {x} and {y} are the axis labels (x may be xName), {label} a
 * series' or an axis' label.
 */
export interface ChartWords {
  /** The button that shows the table. */
  table: string;
  /** The readout with no series. */
  noData: string;
  /** The readout with series but nothing drawable. */
  noPoints: string;
  /** The readout when no x is active: {x}. */
  hint: string;
  /** The accessible name: {summary} (see summarise) and the keyboard help, {x}. */
  aria: string;
  /** The readout of one x: {x}, {value} (of x), {values} (each series' "label y", joined by listSep). */
  readout: string;
  /** {values} of the readout when no series has a point there. */
  noValues: string;
  /** Between the items of a list (readout values, guide lines). */
  listSep: string;
  /** An axis title on a log axis: {label}. */
  logAxis: string;
  /** An axis in the summary on a log axis: {label}. */
  logSummary: string;
  /** The summary's first sentence without a title: {y}, {x}. */
  summary: string;
  /** The summary's first sentence with a title: {title}, {y}, {x}. */
  summaryTitled: string;
  /** The summary with no series: {head} (its first sentence). */
  summaryEmpty: string;
  /** The summary with series: {head}, {series} (joined by seriesSep). */
  summarySeries: string;
  /** One series with n ≠ 1 points: {label}, {n}, {y0} at {x0} (first) to {y1} at {x1} (last). */
  seriesPoints: string;
  /** One series with one point: as seriesPoints. */
  seriesPoint: string;
  /** One series with nothing drawable: {label}. */
  seriesNone: string;
  /** The label of a dashed series in the summary: {label}. */
  dashed: string;
  /** A series with a spread band: {text} (its description). */
  band: string;
  /** Between the series of the summary. */
  seriesSep: string;
  /** After the summary, one guide line: {text} (the summary), {list}. */
  guide: string;
  /** After the summary, several guide lines: {text}, {list}. */
  guides: string;
  /** The table's caption without a title: {y}, {x}. */
  tableCaption: string;
  /** The table's caption with a title: {title}, {y}, {x}. */
  tableCaptionTitled: string;
  /** The table header of a band's low end: {label}. */
  low: string;
  /** The table header of a band's high end: {label}. */
  high: string;
  /** The <title> of an exported SVG of a chart without a title: {y}, {x}. */
  svgTitle: string;
}

/** The chart's words in English. */
export const DEFAULT_CHART_WORDS: Readonly<ChartWords> = {
  table: 'Table',
  noData: 'No data yet.',
  noPoints: 'No points to show.',
  hint: 'Hover the chart, or focus it and use the arrow keys, to read the values at each {x}.',
  aria: '{summary} Focus and use the left and right arrow keys to read the values at each {x}.',
  readout: '{x} = {value}: {values}',
  noValues: 'no values',
  listSep: ', ',
  logAxis: '{label} (log scale)',
  logSummary: '{label}, log scale',
  summary: 'Line chart of {y} against {x}.',
  summaryTitled: '{title}. Line chart of {y} against {x}.',
  summaryEmpty: '{head} No data.',
  summarySeries: '{head} {series}.',
  seriesPoints: '{label}: {n} points, from {y0} at {x0} to {y1} at {x1}',
  seriesPoint: '{label}: {n} point, from {y0} at {x0} to {y1} at {x1}',
  seriesNone: '{label}: no points',
  dashed: '{label} (dashed)',
  band: '{text}, with a shaded spread band',
  seriesSep: '; ',
  guide: '{text} Guide line at {list}.',
  guides: '{text} Guide lines at {list}.',
  tableCaption: '{y} by {x}',
  tableCaptionTitled: '{title}: {y} by {x}',
  low: '{label}: low',
  high: '{label}: high',
  svgTitle: '{y} against {x}',
};

/** The full set of words: the given ones over DEFAULT_CHART_WORDS. */
export function chartWords(words?: Partial<ChartWords>): ChartWords {
  return { ...DEFAULT_CHART_WORDS, ...words };
}
