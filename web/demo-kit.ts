// demo-kit.ts — what the two component demo pages (heatmap-demo.ts and
// line-chart-demo.ts) share: a seeded generator, the dimmed checkbox, the
// export buttons and the #export shelf. Dev only; not part of the build.

/** A figure as the demos use it: Heatmap and LineChart both fit. */
export interface DemoFigure {
  setDimmed(dimmed: boolean): void;
  toSVG(): string;
  toPNG(): Promise<Blob>;
}

/** A seeded pseudo-random generator (mulberry32), so the page looks the same every time. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The element with this id. */
export const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** The #dim checkbox dims or restores every figure. */
export function wireDimmed(figures: DemoFigure[]): void {
  byId<HTMLInputElement>('dim').addEventListener('change', (e) => {
    const on = (e.target as HTMLInputElement).checked;
    for (const f of figures) f.setDimmed(on);
  });
}

/** The #svg and #png buttons download `figure`'s exports as `{name}.svg` and `{name}.png` and say their sizes in #status. */
export function wireExports(figure: DemoFigure, name: string): void {
  const status = byId('status');
  byId('svg').addEventListener('click', () => {
    const svg = figure.toSVG();
    status.textContent = `SVG: ${svg.length} characters`;
    download(`${name}.svg`, new Blob([svg], { type: 'image/svg+xml' }));
  });
  byId('png').addEventListener('click', async () => {
    const png = await figure.toPNG();
    status.textContent = `PNG: ${png.size} bytes`;
    download(`${name}.png`, png);
  });
}

function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** #export: a shelf at the top of `main` with a toPNG() (shown at half size) and a toSVG() as images. */
export function showExports(main: HTMLElement, png: Promise<Blob>, svg: string): void {
  const shelf = document.createElement('section');
  shelf.append('toPNG (shown at half size, it is rendered at 2×):');
  main.prepend(shelf);
  void png.then((blob) => {
    const img = new Image();
    img.src = URL.createObjectURL(blob);
    img.onload = () => {
      img.width = img.naturalWidth / 2;
      shelf.append(img, 'toSVG:', svgImg);
    };
  });
  const svgImg = new Image();
  svgImg.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}
