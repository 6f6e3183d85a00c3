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

/** The 中文 of DEFAULT_CHART_WORDS (i18n/i18n.ts gives it the keys' prefix 'lc.'); the type refuses a missing or an orphaned key. */
export const CHART_ZH = {
  table: '表格',
  noData: '暂无数据。',
  noPoints: '没有可显示的点。',
  hint: '将鼠标悬停在图上，或聚焦图表后用方向键，读取每个 {x} 处的数值。',
  aria: '{summary}聚焦后用左右方向键读取每个 {x} 处的数值。',
  readout: '{x} = {value}：{values}',
  noValues: '无数值',
  listSep: '，',
  logAxis: '{label}（对数刻度）',
  logSummary: '{label}（对数刻度）',
  summary: '折线图：{y} 随 {x} 的变化。',
  summaryTitled: '{title}。折线图：{y} 随 {x} 的变化。',
  summaryEmpty: '{head}暂无数据。',
  summarySeries: '{head}{series}。',
  seriesPoints: '{label}：{n} 个点，从 {x0} 处的 {y0} 到 {x1} 处的 {y1}',
  seriesPoint: '{label}：{n} 个点，从 {x0} 处的 {y0} 到 {x1} 处的 {y1}',
  seriesNone: '{label}：没有点',
  dashed: '{label}（虚线）',
  band: '{text}，阴影带为波动范围',
  seriesSep: '；',
  guide: '{text}参考线位于 {list}。',
  guides: '{text}参考线位于 {list}。',
  tableCaption: '各 {x} 处的 {y}',
  tableCaptionTitled: '{title}：各 {x} 处的 {y}',
  low: '{label}：下限',
  high: '{label}：上限',
  svgTitle: '{y} 随 {x} 的变化',
} as const satisfies { readonly [K in keyof typeof DEFAULT_CHART_WORDS]: string };
