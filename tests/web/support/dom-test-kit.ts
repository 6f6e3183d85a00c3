// dom-test-kit.ts — the jsdom set-up the component tests share
// (heatmap.test.ts, line-chart.test.ts): a container of a known width and a
// checked parse of an exported SVG.
import { expect } from 'vitest';

/** A container of a given width in a fresh part of the document (jsdom lays nothing out, so clientWidth is set by hand). */
export function box(width = 640): HTMLElement {
  const div = document.createElement('div');
  Object.defineProperty(div, 'clientWidth', { value: width, configurable: true });
  document.body.append(div);
  return div;
}

/** Parse an exported SVG document, failing the test if it is not well-formed XML. */
export function parseSVG(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror').length).toBe(0);
  return doc;
}
