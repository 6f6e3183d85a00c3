// @vitest-environment jsdom
// SVG snapshots of the line chart on fixed inputs: toSVG() compared with files
// in __snapshots__/ (line-chart-*.svg, viewable in a browser). Any change to
// what the chart draws or exports shows up here as a diff; update with
// `npx vitest run tests/web/figures/line-chart-snapshots -u` only when the
// change is meant. The clip path's id (lc-<instance>-clip) depends on how
// many charts were made before, so it is written as lc-N-clip.
import { describe, expect, it } from 'vitest';
import { LineChart, type ChartOptions, type Series } from '../../../web/src/figures/line-chart/line-chart';
import { box, parseSVG } from '../support/dom-test-kit';
import { mixedOptions, mixedSeries, quadOptions, quadSeries, scalingOptions, scalingSeries, zhScaling } from './line-chart/fixtures';

/** The exported SVG of a chart of these series at this width, checked to be well-formed, with the instance id taken out. */
function exported(series: Series[], options: ChartOptions, width: number): string {
  const c = new LineChart(box(width), options);
  c.update(series);
  const svg = c.toSVG();
  c.destroy();
  parseSVG(svg);
  return svg.replace(/\blc-\d+-clip\b/g, 'lc-N-clip');
}

describe('line chart SVG snapshots', () => {
  it('several series: two with markers and bands, a plain one, a dashed fit, long names, two guides and a caption', async () => {
    const svg = exported(mixedSeries(), mixedOptions, 640);
    expect(svg).toContain('stroke-dasharray="6 4"');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-mixed.svg');
  });

  it('the same at a phone width: the title and the legend wrap, x labels thin out', async () => {
    await expect(exported(mixedSeries(), mixedOptions, 343)).toMatchFileSnapshot('./__snapshots__/line-chart-mixed-narrow.svg');
  });

  it('the √d_k chart in 中文: title, labels, series names, guide, caption and words', async () => {
    const { series, options } = zhScaling();
    const svg = exported(series, options, 480);
    expect(svg).toContain('<title>最大的 softmax 权重随键维度 d 的变化</title>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/line-chart-zh.svg');
  });

  it('the √d_k chart: log₂ x axis, bands, markers, a guide at d = 64', async () => {
    await expect(exported(scalingSeries(), scalingOptions, 640)).toMatchFileSnapshot('./__snapshots__/line-chart-scaling.svg');
  });

  it('the quadratic-cost chart: log–log axes and a dashed fit', async () => {
    await expect(exported(quadSeries(), quadOptions, 480)).toMatchFileSnapshot('./__snapshots__/line-chart-quad.svg');
  });
});
