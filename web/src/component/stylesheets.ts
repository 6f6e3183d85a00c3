// stylesheets.ts — the component's stylesheets: one CSS file per part of the page (imported as text),
// built into constructable stylesheets once and adopted by every shadow root (no inline <style>: strict CSP).
// A new panel with its own CSS adds its file here.

import figureKitCss from '../figures/kit/figure-kit.css?inline';
import heatmapCss from '../figures/heatmap/heatmap.css?inline';
import lineChartCss from '../figures/line-chart/line-chart.css?inline';
import tokenLinesCss from '../figures/token-lines/token-lines.css?inline';
import vectorPlaneCss from '../figures/vector-plane/vector-plane.css?inline';
import flashTilesCss from '../figures/flash-tiles/flash-tiles.css?inline'; // the tile stepper
import css from './attention-playground.styles.css?inline';
import controlsCss from './controls.styles.css?inline';
import explainCss from './explain.styles.css?inline';
import experimentsCss from './experiments.styles.css?inline';
import panelsCss from './panels.styles.css?inline';
import kvcacheCss from './kvcache.styles.css?inline'; // the KV-cache panel

let sheets: CSSStyleSheet[] | null = null;
/** The component's stylesheets, built once and adopted by every shadow root (no inline <style>: strict CSP). */
export function styleSheets(): CSSStyleSheet[] {
  if (!sheets) {
    sheets = [
      css,
      panelsCss,
      controlsCss,
      explainCss,
      experimentsCss,
      figureKitCss,
      heatmapCss,
      lineChartCss,
      tokenLinesCss,
      vectorPlaneCss,
      flashTilesCss,
      kvcacheCss,
    ].map((text) => {
      const s = new CSSStyleSheet();
      s.replaceSync(text);
      return s;
    });
  }
  return sheets;
}
