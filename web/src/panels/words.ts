// words.ts — the heatmap's, the line chart's, the token view's and the
// vector plane's own words in the page's language. The components know nothing of i18n/: they take
// templates with {placeholders} (English by default); the i18n key of each
// word is its name under the component's prefix ('hm.table', 'lc.hint',
// 'tl.clear', see i18n/i18n.ts), looked up without variables so the
// placeholders reach the component intact.

import type { HeatmapWords } from '../figures/heatmap/words';
import { DEFAULT_HEATMAP_WORDS } from '../figures/heatmap/words';
import type { ChartWords } from '../figures/line-chart/words';
import { DEFAULT_CHART_WORDS } from '../figures/line-chart/words';
import type { TokenLinesWords } from '../figures/token-lines/words';
import { DEFAULT_TOKEN_LINES_WORDS } from '../figures/token-lines/words';
import type { PlaneWords } from '../figures/vector-plane/words';
import { DEFAULT_PLANE_WORDS } from '../figures/vector-plane/words';
import { PREFIXES } from '../base/words';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** Each word of `english` (a component's defaults), translated by t from its key under `prefix`. */
function translate<W extends string>(prefix: string, english: Readonly<Record<W, string>>, t: T): Record<W, string> {
  const out = {} as Record<W, string>;
  for (const w of Object.keys(english) as W[]) out[w] = t(prefix + w);
  return out;
}

/** The heatmap's words in t's language. */
export function heatmapWords(t: T): HeatmapWords {
  return translate(PREFIXES.heatmap, DEFAULT_HEATMAP_WORDS, t);
}

/** The line chart's words in t's language. */
export function chartWords(t: T): ChartWords {
  return translate(PREFIXES.chart, DEFAULT_CHART_WORDS, t);
}

/** The token view's words in t's language. */
export function tokenLinesWords(t: T): TokenLinesWords {
  return translate(PREFIXES.tokenLines, DEFAULT_TOKEN_LINES_WORDS, t);
}

/** The vector plane's words in t's language. */
export function planeWords(t: T): PlaneWords {
  return translate(PREFIXES.plane, DEFAULT_PLANE_WORDS, t);
}
