// Tests of web/src/figures/line-chart/describe.ts (pure, run without a DOM):
// the readout, the accessible summary, axis titles, guide labels and the idle
// readout, in English and with given (中文) words.
import { describe, expect, it } from 'vitest';
import { axisTitle, guideLabel, idleReadout, readoutText, summarise, xNameOf } from '../../../../web/src/figures/line-chart/describe';
import { formatNumber } from '../../../../web/src/figures/line-chart/text';
import { DEFAULT_CHART_WORDS, chartWords } from '../../../../web/src/figures/line-chart/words';
import { ZH_WORDS, quadOptions, quadSeries, scalingOptions, scalingSeries, zhOptions } from './fixtures';

describe('readoutText', () => {
  it('reads all series at one x with the short labels: "d = 64: without 0.97, with 0.46"', () => {
    expect(readoutText(64, scalingSeries(), scalingOptions)).toBe('d = 64: without 0.97, with 0.46');
  });
  it('falls back to the labels, the x label and the default format; leaves out series without a point there', () => {
    const s = quadSeries();
    expect(readoutText(4096, s, quadOptions)).toBe(
      `n = 4096: score entries n² 16.8M, measured time (ms) ${formatNumber(2e-5 * 4096 ** 1.9)}, fit, slope 1.9 ${formatNumber(2e-5 * 4096 ** 1.9)}`,
    );
    expect(readoutText(64, s, { xLabel: 'length' })).toBe(`length = 64: score entries n² 4096, measured time (ms) ${formatNumber(2e-5 * 64 ** 1.9)}`);
    expect(readoutText(3, s, quadOptions)).toBe('n = 3: no values');
  });
});

describe('summarise', () => {
  it('names the axes, the log scales, each series with its range and band, and the guide lines', () => {
    const text = summarise(scalingSeries(), scalingOptions);
    expect(text).toContain('Largest softmax weight. Line chart of largest weight against key dimension d, log scale.');
    expect(text).toContain('without ÷√d_k: 11 points, from 0.20 at 1 to 0.99 at 1024, with a shaded spread band');
    expect(text).toContain('Guide line at d = 64.');
    const q = summarise(quadSeries(), quadOptions);
    expect(q).toContain('count or ms, log scale against sequence length n, log scale');
    expect(q).toContain('fit, slope 1.9 (dashed): 2 points');
    expect(summarise([], quadOptions)).toMatch(/No data\.$/);
  });
  it('says "Guide lines" for several, naming an unlabelled one by its x', () => {
    const text = summarise(scalingSeries(), {
      ...scalingOptions,
      annotations: [
        { x: 64, label: 'd = 64' },
        { x: 512, label: '' },
      ],
    });
    expect(text).toMatch(/Guide lines at d = 64, d = 512\.$/);
  });
});

describe('labels and the idle readout', () => {
  it('names x by xName, else xLabel; marks log axes in the title; names guides by their label, else by x', () => {
    expect(xNameOf(scalingOptions)).toBe('d');
    expect(xNameOf(quadOptions)).toBe('n');
    expect(xNameOf({ xLabel: 'epoch' })).toBe('epoch');
    expect(axisTitle('n', 'log', DEFAULT_CHART_WORDS)).toBe('n (log scale)');
    expect(axisTitle('n', 'linear', DEFAULT_CHART_WORDS)).toBe('n');
    expect(axisTitle('长度 n', 'log', ZH_WORDS)).toBe('长度 n（对数刻度）');
    expect(guideLabel({ x: 64, label: 'here' }, scalingOptions)).toBe('here');
    expect(guideLabel({ x: 16384, label: '' }, quadOptions)).toBe('n = 16.4k');
    expect(guideLabel({ x: 3, label: '' }, { xLabel: 'x', xFormat: (v) => `${v}s` })).toBe('x = 3s');
  });
  it('says there is no data, nothing to show, or how to read the values', () => {
    expect(idleReadout([], 0, quadOptions)).toBe('No data yet.');
    expect(idleReadout(quadSeries(), 0, quadOptions)).toBe('No points to show.');
    expect(idleReadout(quadSeries(), 9, quadOptions)).toBe('Hover the chart, or focus it and use the arrow keys, to read the values at each n.');
    expect(idleReadout(quadSeries(), 9, zhOptions)).toBe('用方向键读取每个 n 处的数值。');
  });
  it('fills missing words from DEFAULT_CHART_WORDS', () => {
    expect(chartWords()).toEqual(DEFAULT_CHART_WORDS);
    expect(chartWords({ table: '表格' })).toEqual({ ...DEFAULT_CHART_WORDS, table: '表格' });
  });
});

describe('given words', () => {
  it('summarise and readoutText use the given words', () => {
    const s = quadSeries();
    s[0].points = s[0].points.map((p) => ({ ...p, lo: p.y / 2, hi: p.y * 2 }));
    const text = summarise([...s, { id: 'one', label: '一', points: [{ x: 16, y: 2 }] }, { id: 'none', label: '无', points: [] }], {
      ...zhOptions,
      title: '代价',
      annotations: [{ x: 64, label: 'n = 64' }],
    });
    expect(text).toBe(
      '代价。折线图：个数（对数） 随 长度 n（对数） 的变化。' +
        'score entries n²：9 个点，从 16 处的 256 到 4096 处的 16.8M，带阴影；' +
        `measured time (ms)：9 个点，从 16 处的 ${formatNumber(2e-5 * 16 ** 1.9)} 到 4096 处的 ${formatNumber(2e-5 * 4096 ** 1.9)}；` +
        `fit, slope 1.9（虚线）：2 个点，从 16 处的 ${formatNumber(2e-5 * 16 ** 1.9)} 到 4096 处的 ${formatNumber(2e-5 * 4096 ** 1.9)}；` +
        '一：1 个点，在 16 处为 2（16，2）；无：没有点。参考线：n = 64。',
    );
    expect(summarise([], zhOptions)).toBe('折线图：个数（对数） 随 长度 n（对数） 的变化。暂无数据。');
    expect(readoutText(3, s, zhOptions)).toBe('n = 3：无数值');
    expect(readoutText(16, s.slice(0, 2), { ...zhOptions, yFormat: (v) => v.toFixed(1) })).toBe(
      `n = 16：score entries n² 256.0，measured time (ms) ${(2e-5 * 16 ** 1.9).toFixed(1)}`,
    );
  });
});
