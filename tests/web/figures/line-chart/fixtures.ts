// fixtures.ts — the fixed inputs the line-chart tests share: the √d_k scaling
// chart, the quadratic-cost chart (log–log, with a dashed fit), a chart of
// several series with bands, a fit and long names, and a complete set of
// 中文 words.
import type { ChartOptions, ChartWords, Series } from '../../../../web/src/figures/line-chart/line-chart';

/** The key dimensions of the scaling experiment. */
export const DS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** The √d_k experiment: largest weight without and with scaling, mean ± std. */
export function scalingSeries(): Series[] {
  const without = DS.map((d, i) => {
    const y = i === 6 ? 0.97 : Math.min(0.99, 0.2 + 0.08 * i);
    return { x: d, y, lo: y - 0.05, hi: Math.min(1, y + 0.05) };
  });
  const withS = DS.map((d, i) => {
    const y = i === 6 ? 0.46 : 0.4 + 0.01 * (i % 3);
    return { x: d, y, lo: y - 0.1, hi: y + 0.1 };
  });
  return [
    { id: 'unscaled', label: 'without ÷√d_k', shortLabel: 'without', points: without, markers: true },
    { id: 'scaled', label: 'with ÷√d_k', shortLabel: 'with', points: withS, markers: true },
  ];
}

/** The options of the √d_k chart: log₂ x, fixed 0…1 y, a guide at d = 64, a caption. */
export const scalingOptions: ChartOptions = {
  title: 'Largest softmax weight',
  xLabel: 'key dimension d',
  xName: 'd',
  yLabel: 'largest weight',
  xScale: 'log',
  xDomain: [1, 1024],
  yDomain: [0, 1],
  yFormat: (v) => v.toFixed(2),
  annotations: [{ x: 64, label: 'd = 64' }],
  caption: 'Bands are mean ± one standard deviation over 200 trials.',
};

/** The sequence lengths of the quadratic-cost experiment. */
export const NS = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/** The quadratic-cost experiment on log–log axes: n², a measured time and a dashed fit. */
export function quadSeries(): Series[] {
  return [
    { id: 'entries', label: 'score entries n²', points: NS.map((n) => ({ x: n, y: n * n })), markers: true },
    { id: 'time', label: 'measured time (ms)', points: NS.map((n) => ({ x: n, y: 2e-5 * n ** 1.9 })), markers: true },
    { id: 'fit', label: 'fit, slope 1.9', points: [NS[0], NS[NS.length - 1]].map((n) => ({ x: n, y: 2e-5 * n ** 1.9 })), dashed: true },
  ];
}

/** The options of the quadratic-cost chart: log–log, no title. */
export const quadOptions: ChartOptions = { xLabel: 'sequence length n', xName: 'n', yLabel: 'count or ms', xScale: 'log', yScale: 'log' };

/** Several series on linear axes: two with markers and bands, one plain (dashed by its index), a dashed fit, long names. */
export function mixedSeries(): Series[] {
  const xs = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  return [
    {
      id: 'train',
      label: 'training loss of the small model with learned positional encodings',
      shortLabel: 'train',
      points: xs.map((x) => ({ x, y: 2.4 * Math.exp(-x / 3) + 0.3, lo: 2.2 * Math.exp(-x / 3) + 0.25, hi: 2.6 * Math.exp(-x / 3) + 0.35 })),
      markers: true,
    },
    {
      id: 'valid',
      label: 'validation loss of the small model with learned positional encodings',
      shortLabel: 'valid',
      points: xs.map((x) => ({ x, y: 2.5 * Math.exp(-x / 3.5) + 0.45, lo: 2.2 * Math.exp(-x / 3.5) + 0.35, hi: 2.8 * Math.exp(-x / 3.5) + 0.55 })),
      markers: true,
    },
    { id: 'baseline', label: 'uniform-attention baseline (no training at all)', points: xs.map((x) => ({ x, y: 1.9 - 0.02 * x })) },
    { id: 'fit', label: 'exponential fit', points: xs.map((x) => ({ x, y: 2.45 * Math.exp(-x / 3.2) + 0.35 })), dashed: true },
  ];
}

/** The options of the mixed chart: linear axes, a long title, a guide near the right edge, a caption. */
export const mixedOptions: ChartOptions = {
  title: 'Loss while training a two-layer attention model on the copy task, four runs averaged',
  xLabel: 'epoch',
  yLabel: 'cross-entropy loss (nats per token)',
  annotations: [
    { x: 2, label: 'warm-up ends' },
    { x: 7.5, label: 'learning rate halved' },
  ],
  caption: 'Bands are the lowest and highest of four runs; the dashed line is a least-squares fit of a + b·e^(−x/c).',
};

/** Every word changed: Chinese templates with the same placeholders. */
export const ZH_WORDS: ChartWords = {
  table: '表格',
  noData: '暂无数据。',
  noPoints: '没有可显示的点。',
  hint: '用方向键读取每个 {x} 处的数值。',
  aria: '{summary}用左右方向键读取每个 {x} 处的数值。',
  readout: '{x} = {value}：{values}',
  noValues: '无数值',
  listSep: '，',
  logAxis: '{label}（对数刻度）',
  logSummary: '{label}（对数）',
  summary: '折线图：{y} 随 {x} 的变化。',
  summaryTitled: '{title}。折线图：{y} 随 {x} 的变化。',
  summaryEmpty: '{head}暂无数据。',
  summarySeries: '{head}{series}。',
  seriesPoints: '{label}：{n} 个点，从 {x0} 处的 {y0} 到 {x1} 处的 {y1}',
  seriesPoint: '{label}：{n} 个点，在 {x0} 处为 {y0}（{x1}，{y1}）',
  seriesNone: '{label}：没有点',
  dashed: '{label}（虚线）',
  band: '{text}，带阴影',
  seriesSep: '；',
  guide: '{text}参考线：{list}。',
  guides: '{text}参考线：{list}。',
  tableCaption: '各 {x} 处的 {y}',
  tableCaptionTitled: '{title}：各 {x} 处的 {y}',
  low: '{label}：下限',
  high: '{label}：上限',
  svgTitle: '{y} 随 {x} 的变化',
};

/** The quadratic-cost chart's options in 中文. */
export const zhOptions: ChartOptions = { ...quadOptions, xLabel: '长度 n', yLabel: '个数', words: ZH_WORDS };

/** The scaling chart entirely in 中文: title, labels, series names, guide, caption and words. */
export function zhScaling(): { series: Series[]; options: ChartOptions } {
  const names = [
    ['未缩放（不除以 √d_k）', '未缩放'],
    ['缩放后（除以 √d_k）', '缩放后'],
  ];
  const series = scalingSeries().map((s, k) => ({ ...s, label: names[k][0], shortLabel: names[k][1] }));
  const options: ChartOptions = {
    ...scalingOptions,
    title: '最大的 softmax 权重随键维度 d 的变化',
    xLabel: '键维度 d',
    yLabel: '最大权重（均值 ± 标准差）',
    annotations: [{ x: 64, label: 'd = 64（常见取值）' }],
    caption: '阴影带为 200 次试验的均值 ± 一个标准差。',
    words: ZH_WORDS,
  };
  return { series, options };
}
