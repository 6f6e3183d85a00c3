// stylesheets.ts — the component's stylesheets: one CSS file per part of the page (imported as text),
// built into constructable stylesheets once and adopted by every shadow root (no inline <style>: strict CSP).
// A panel loaded later brings its own (panels/registry.ts: BuiltPanel.styles), added by sheetsOf().

import figureKitCss from '../figures/kit/figure-kit.css?inline';
import heatmapCss from '../figures/heatmap/heatmap.css?inline';
import lineChartCss from '../figures/line-chart/line-chart.css?inline';
import tokenLinesCss from '../figures/token-lines/token-lines.css?inline';
import vectorPlaneCss from '../figures/vector-plane/vector-plane.css?inline';
import css from './attention-playground.styles.css?inline';
import controlsCss from './controls.styles.css?inline';
import panelsCss from './panels.styles.css?inline';
import printCss from './print.styles.css?inline';

let sheets: CSSStyleSheet[] | null = null;
/** The component's stylesheets, built once and adopted by every shadow root (no inline <style>: strict CSP). */
export function styleSheets(): CSSStyleSheet[] {
  if (!sheets) {
    sheets = [css, panelsCss, controlsCss, figureKitCss, heatmapCss, lineChartCss, tokenLinesCss, vectorPlaneCss, printCss].map((text) => {
      const s = new CSSStyleSheet();
      s.replaceSync(text);
      return s;
    });
  }
  return sheets;
}

const built = new Map<string, CSSStyleSheet>();
/** A lazily loaded panel's stylesheets, built once each (the same text: the same sheet). */
export function sheetsOf(texts: readonly string[]): CSSStyleSheet[] {
  return texts.map((text) => {
    let s = built.get(text);
    if (!s) {
      s = new CSSStyleSheet();
      s.replaceSync(text);
      built.set(text, s);
    }
    return s;
  });
}
