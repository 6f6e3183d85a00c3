// words.ts — the heatmap's and the line chart's own words in the page's
// language. The components know nothing of i18n.ts: they take templates with
// {placeholders} (English by default); here each template is an i18n key,
// looked up without variables so the placeholders reach the component intact.

import type { HeatmapWords } from '../figures/heatmap/heatmap';
import type { Key } from '../i18n/i18n';
import type { ChartWords } from '../figures/line-chart/line-chart';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** The i18n key of every heatmap word. */
export const HEATMAP_KEYS: Record<keyof HeatmapWords, Key> = {
  table: 'hm.table',
  noData: 'hm.noData',
  empty: 'hm.empty',
  hint: 'hm.hint',
  aria: 'hm.aria',
  ariaTitled: 'hm.ariaTitled',
  ariaKeys: 'hm.ariaKeys',
  cell: 'hm.cell',
  cellMasked: 'hm.cellMasked',
  caption: 'hm.caption',
  captionTitled: 'hm.captionTitled',
  tableOmitted: 'hm.tableOmitted',
  svgTitle: 'hm.svgTitle',
  untitled: 'hm.untitled',
};

/** The i18n key of every line-chart word. */
export const CHART_KEYS: Record<keyof ChartWords, Key> = {
  table: 'lc.table',
  noData: 'lc.noData',
  noPoints: 'lc.noPoints',
  hint: 'lc.hint',
  aria: 'lc.aria',
  readout: 'lc.readout',
  noValues: 'lc.noValues',
  listSep: 'lc.listSep',
  logAxis: 'lc.logAxis',
  logSummary: 'lc.logSummary',
  summary: 'lc.summary',
  summaryTitled: 'lc.summaryTitled',
  summaryEmpty: 'lc.summaryEmpty',
  summarySeries: 'lc.summarySeries',
  seriesPoints: 'lc.seriesPoints',
  seriesPoint: 'lc.seriesPoint',
  seriesNone: 'lc.seriesNone',
  dashed: 'lc.dashed',
  band: 'lc.band',
  seriesSep: 'lc.seriesSep',
  guide: 'lc.guide',
  guides: 'lc.guides',
  tableCaption: 'lc.tableCaption',
  tableCaptionTitled: 'lc.tableCaptionTitled',
  low: 'lc.low',
  high: 'lc.high',
  svgTitle: 'lc.svgTitle',
};

/** Each word's template, translated by t. */
function translate<W extends string>(keys: Record<W, Key>, t: T): Record<W, string> {
  const out = {} as Record<W, string>;
  for (const w of Object.keys(keys) as W[]) out[w] = t(keys[w]);
  return out;
}

/** The heatmap's words in t's language. */
export function heatmapWords(t: T): HeatmapWords {
  return translate(HEATMAP_KEYS, t);
}

/** The line chart's words in t's language. */
export function chartWords(t: T): ChartWords {
  return translate(CHART_KEYS, t);
}
