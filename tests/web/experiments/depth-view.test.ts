// @vitest-environment jsdom
// depth-view.test.ts — the depth experiment's view: the axis
// format, the three series (every r > 0 drawn at its layer, each stack its own
// dash), the summary and per-layer tables, the sentence, and a result whose
// r is exactly 0 (left out of the log plot, said so under it).
import { afterEach, describe, expect, test } from 'vitest';
import type { DepthResult } from '../../../web/src/experiments/depth/run';
import { DepthView, depthSeries, fmtAxisR } from '../../../web/src/experiments/depth/view';
import type { ViewContext } from '../../../web/src/experiments/view-kit';
import { t } from '../../../web/src/i18n/i18n';
import { chartWords, heatmapWords } from '../../../web/src/panels/words';

afterEach(() => document.body.replaceChildren());

const tr = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const kit: ViewContext = { t: tr, lang: 'en', chartWords: chartWords(tr), heatmapWords: heatmapWords(tr) };

/** A result from r lists per stack. */
function made(r: Record<'attention' | 'residual' | 'pre_ln', number[]>): DepthResult {
  const c = (xs: number[]) => ({ r: Float64Array.from(xs), ratio: xs[0] > 0 ? xs[xs.length - 1] / xs[0] : 1, collapsed: xs[xs.length - 1] < 1e-6 });
  const curves = { attention: c(r.attention), residual: c(r.residual), pre_ln: c(r.pre_ln) };
  return { experiment: 'depth', settings: { n: 4, d: 2, L: r.attention.length - 1, seed: 1 }, curves, threshold: 1e-6, elapsedMs: 1 };
}

const RESULT = made({ attention: [0.9, 0.3, 2e-9, 1.5e-16], residual: [0.9, 0.8, 0.6, 0.5], pre_ln: [0.9, 0.85, 0.8, 0.7] });

describe('the depth view', () => {
  test('axis labels: powers of ten short, any other r as in the table', () => {
    expect([1, 0.1, 0.01, 1e-3, 1e-5, 1e-17].map(fmtAxisR)).toEqual(['1', '0.1', '0.01', '1e-3', '1e-5', '1e-17']);
    expect([0.253, 1.91e-16, 0].map(fmtAxisR)).toEqual(['0.253', '1.91e-16', '0']);
  });

  test('three series, one point per layer, each with markers and its own dash', () => {
    const s = depthSeries(RESULT, tr);
    expect(s.map((x) => [x.id, x.label, x.dash, x.markers])).toEqual([
      ['attention', 'attention only', '', true],
      ['residual', 'attention + residual', '7 4', true],
      ['pre_ln', 'pre-LN + residual', '2 3', true],
    ]);
    expect(s[0].points).toEqual([
      { x: 0, y: 0.9 },
      { x: 1, y: 0.3 },
      { x: 2, y: 2e-9 },
      { x: 3, y: 1.5e-16 },
    ]);
  });

  test('show(): the sentence, the summary and every layer in the table', () => {
    const view = new DepthView(kit);
    document.body.appendChild(view.element);
    view.show(RESULT);
    const q = (id: string) => view.element.querySelector(`[data-testid=${id}]`)!;
    expect(q('exp-depth-sentence').textContent).toContain('After 3 layers attention alone is 1.50e-16 from rank one');
    const rows = [...q('exp-depth-table').querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['0', '0.900', '0.900', '0.900'],
      ['1', '0.300', '0.800', '0.850'],
      ['2', '2.00e-9', '0.600', '0.800'],
      ['3', '1.50e-16', '0.500', '0.700'],
    ]);
    const summary = [...q('exp-depth-summary').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(summary).toEqual(['attention only1.50e-161.67e-16yes', 'attention + residual0.5000.556no', 'pre-LN + residual0.7000.778no']);
    expect((q('exp-depth-zeros') as HTMLElement).hidden).toBe(true);
    expect(q('exp-depth-layers').getAttribute('aria-label')).toBe('r after each layer');
    expect(view.chart()).not.toBeNull();
  });

  test('an r of exactly 0 is said to be left out of the log plot', () => {
    const view = new DepthView(kit);
    document.body.appendChild(view.element);
    view.show(made({ attention: [0.5, 0], residual: [0.5, 0.4], pre_ln: [0.5, 0.45] }));
    const zeros = view.element.querySelector<HTMLElement>('[data-testid=exp-depth-zeros]')!;
    expect(zeros.hidden).toBe(false);
    expect(zeros.textContent).toContain('left out of the plot');
  });
});
