// The training panel's loss and accuracy charts in a real Chromium (Vitest
// browser mode): the x axis counts steps, so its ticks are whole numbers,
// before a run (steps 0 to 1) and along one.
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../web/src/figures/kit/figure-kit.css';
import '../../../../web/src/figures/line-chart/line-chart.css';
import { DEFAULT_CHART_WORDS } from '../../../../web/src/figures/line-chart/words';
import { CurveView } from '../../../../web/src/panels/training/curve-view';

afterEach(() => document.body.replaceChildren());

/** A curve view 600 px wide in the document, its words the keys themselves. */
function view(): CurveView {
  const host = document.createElement('div');
  host.style.width = '600px';
  document.body.append(host);
  const v = new CurveView((key) => key, { ...DEFAULT_CHART_WORDS });
  host.append(v.element);
  return v;
}

/** The x tick labels of a chart (the loss's or the accuracy's). */
const xLabels = (testid: string): string[] => [...document.querySelectorAll(`[data-testid=${testid}] .lc-axis-x .tick text`)].map((t) => t.textContent ?? '');

describe('training curves: the step axis', () => {
  it('before a run, steps 0 and 1 and nothing between', () => {
    const v = view();
    v.show([], false, 0);
    for (const chart of ['train-loss', 'train-accuracy']) expect(xLabels(chart)).toEqual(['0', '1']);
  });
  it('along a run of 3 steps, the ticks 0, 1, 2, 3: each label once', () => {
    const v = view();
    v.show(
      [0, 1, 2].map((step) => ({ step, loss: 2 - step / 2, accuracy: step / 3 })),
      false,
      3,
    );
    for (const chart of ['train-loss', 'train-accuracy']) {
      const labels = xLabels(chart).filter((s) => s !== '');
      expect(labels).toEqual([...new Set(labels)]);
      expect(labels.every((s) => /^\d+$/.test(s))).toBe(true);
      expect(labels[0]).toBe('0');
      expect(labels.at(-1)).toBe('3');
    }
  });
});
