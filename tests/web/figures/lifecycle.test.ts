// @vitest-environment jsdom
// Tests of web/src/figures/kit/lifecycle.ts, the life every figure shares:
// renders asked for within one frame run once and only for a new width,
// destroy() removes the listeners, the observer, the frame and the element
// (nothing renders after it), and export answers before the first draw.
// The frames and the resize observer are stand-ins driven by hand; a real
// Chromium runs the same life in lifecycle.browser.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SVG } from '../../../web/src/figures/kit/figure-kit';
import { FigureLifecycle, type FigureExport, type LifecycleOptions } from '../../../web/src/figures/kit/lifecycle';

/** A resize observer whose notifications the test sends (resize) and which says whether it still observes. */
class FakeObserver {
  static made: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: (entries: Array<{ contentRect: { width: number } }>) => void) {
    FakeObserver.made.push(this);
  }
  observe(target: Element): void {
    this.observed.push(target);
  }
  disconnect(): void {
    this.observed = [];
  }
  /** Tell the callback the container is `width` px wide, as a real observer would while it observes. */
  resize(width: number): void {
    this.callback([{ contentRect: { width } }]);
  }
}

const win = document.defaultView!;
let frames: Array<FrameRequestCallback | null> = [];
let cancelled: number[] = [];

/** Run the frames asked for so far, as the browser's next animation frame would. */
function nextFrame(): void {
  const due = frames;
  frames = [];
  due.forEach((f) => f?.(0));
}

beforeEach(() => {
  FakeObserver.made = [];
  frames = [];
  cancelled = [];
  Object.assign(win, { ResizeObserver: FakeObserver });
  vi.spyOn(win, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
  vi.spyOn(win, 'cancelAnimationFrame').mockImplementation((id) => {
    cancelled.push(id);
    frames[id - 1] = null;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(win, 'ResizeObserver');
  document.body.replaceChildren();
});

/** A figure's element inside a container in the page, with a lifecycle whose renders are counted (each lays out, i.e. records its width). */
function figure(options: Partial<LifecycleOptions<string>> = {}) {
  const container = document.createElement('div');
  const element = document.createElement('div');
  container.append(element);
  document.body.append(container);
  const widths: number[] = [];
  const life: FigureLifecycle<string> = new FigureLifecycle({ element, container, render: () => widths.push(life.layoutWidth()), ...options });
  return { life, element, container, widths, observer: FakeObserver.made[0] };
}

describe('the scheduled render', () => {
  it('observes the container and runs the renders asked for in one frame once', () => {
    const { life, container, widths, observer } = figure();
    expect(observer.observed).toEqual([container]);
    life.requestRender();
    life.requestRender();
    life.requestRender();
    expect(frames).toHaveLength(1);
    expect(widths).toEqual([]);
    nextFrame();
    expect(widths).toEqual([0]);
  });

  it('renders once per frame of resizes, at the last observed width in whole pixels, and not for the width already drawn', () => {
    const { life, widths, observer } = figure();
    observer.resize(200);
    observer.resize(300.7);
    nextFrame();
    expect(widths).toEqual([300]);
    expect(life.width).toBe(300);
    observer.resize(300.2);
    life.requestRender();
    nextFrame();
    expect(widths).toEqual([300]);
    observer.resize(0); // a hidden container keeps the width it had
    nextFrame();
    observer.resize(420);
    nextFrame();
    expect(widths).toEqual([300, 420]);
  });

  it('renders nothing while the figure has nothing to draw', () => {
    let data = false;
    const { observer, widths } = figure({ drawable: () => data });
    observer.resize(300);
    nextFrame();
    expect(widths).toEqual([]);
    data = true;
    observer.resize(300);
    nextFrame();
    expect(widths).toEqual([300]);
  });

  it('reads clientWidth (the element’s, else the container’s) when it is not to trust the observed width', () => {
    const { life, element, container, observer } = figure({ observedWidth: false });
    Object.defineProperty(container, 'clientWidth', { value: 320 });
    observer.resize(500);
    expect(life.measure()).toBe(320);
    Object.defineProperty(element, 'clientWidth', { value: 318 });
    expect(life.measure()).toBe(318);
  });

  it('without a container observes nothing and renders only when asked', () => {
    const render = vi.fn();
    const life = new FigureLifecycle({ element: document.createElement('div'), render });
    expect(FakeObserver.made).toHaveLength(0);
    life.requestRender();
    expect(render).not.toHaveBeenCalled();
    nextFrame();
    expect(render).toHaveBeenCalledTimes(1);
  });
});

describe('destroy', () => {
  it('removes the listeners, the observer, the pending frame and the element; nothing renders after it', () => {
    const { life, element, container, widths, observer } = figure();
    const button = document.createElement('button');
    element.append(button);
    const onClick = vi.fn();
    life.listeners.add(button, 'click', onClick);
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);

    life.requestRender();
    life.destroy();
    expect(cancelled).toEqual([1]);
    expect(observer.observed).toEqual([]);
    expect(container.childElementCount).toBe(0);
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);

    life.requestRender();
    observer.resize(640); // a notification already on its way
    expect(frames.filter(Boolean)).toHaveLength(0);
    nextFrame();
    expect(widths).toEqual([]);
  });
});

describe('export', () => {
  /** A canvas stand-in whose toBlob gives `blob` (null: fails). */
  const canvas = (blob: Blob | null) => ({ toBlob: (done: (b: Blob | null) => void) => done(blob) }) as unknown as HTMLCanvasElement;
  const png = new Blob(['png'], { type: 'image/png' });
  const exporter = (blob: Blob | null): FigureExport<string> => ({
    name: 'test figure',
    nothingDrawn: 'test figure: nothing drawn yet',
    svg: (s) => `<svg>${s}</svg>`,
    canvas: () => Promise.resolve(canvas(blob)),
  });

  it('before anything is drawn: the empty SVG, and toPNG refuses with the figure’s words', async () => {
    const { life } = figure({ source: () => null, export: exporter(png) });
    expect(life.toSVG()).toBe(EMPTY_SVG);
    await expect(life.toPNG()).rejects.toThrow('test figure: nothing drawn yet');
  });

  it('before the first frame: the source as it is now, as SVG and PNG', async () => {
    const { life, widths } = figure({ source: () => 'cells', export: exporter(png) });
    expect(widths).toEqual([]);
    expect(life.toSVG()).toBe('<svg>cells</svg>');
    await expect(life.toPNG()).resolves.toBe(png);
  });

  it('names the figure when the canvas gives no PNG, and refuses without an export', async () => {
    await expect(figure({ source: () => 'cells', export: exporter(null) }).life.toPNG()).rejects.toThrow('test figure: toBlob failed');
    const plain = figure();
    expect(plain.life.toSVG()).toBe(EMPTY_SVG);
    await expect(plain.life.toPNG()).rejects.toThrow(/nothing to export/);
  });
});
