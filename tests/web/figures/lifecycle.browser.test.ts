// The figure lifecycle (web/src/figures/kit/lifecycle.ts) with Chromium's own
// ResizeObserver and animation frames: one render per change of the
// container's width, at that width, and none once destroyed.
import { afterEach, describe, expect, it } from 'vitest';
import { FigureLifecycle } from '../../../web/src/figures/kit/lifecycle';

/** Wait until the frames (and the resize notifications between them) have run. */
const frames = (n = 3): Promise<void> =>
  new Promise((done) => {
    const step = (left: number): void => void (left ? requestAnimationFrame(() => step(left - 1)) : done());
    step(n);
  });

afterEach(() => document.body.replaceChildren());

describe('figure lifecycle in Chromium', () => {
  it('renders once for each new width of its container, and not after destroy()', async () => {
    const container = document.createElement('div');
    container.style.width = '300px';
    const element = document.createElement('div');
    container.append(element);
    document.body.append(container);
    const widths: number[] = [];
    const life: FigureLifecycle = new FigureLifecycle({ element, container, render: () => widths.push(life.layoutWidth()) });
    await frames();
    expect(widths).toEqual([300]);

    life.requestRender();
    life.requestRender();
    await frames();
    expect(widths).toEqual([300]);

    container.style.width = '420px';
    await frames();
    expect(widths).toEqual([300, 420]);

    life.destroy();
    expect(element.isConnected).toBe(false);
    container.style.width = '500px';
    life.requestRender();
    await frames();
    expect(widths).toEqual([300, 420]);
  });
});
