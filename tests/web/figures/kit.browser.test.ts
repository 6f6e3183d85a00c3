// Tests of the export helpers of web/src/figures/kit/figure-kit.ts that need a
// real browser (Vitest browser mode in Chromium): an SVG string loaded as an
// image (and a broken one refused with the given message), an SVG drawn on a
// canvas of its own size or a given one over a background, and a canvas as a
// PNG blob, decoded again to check its size and pixels.
import { describe, expect, it } from 'vitest';
import { SVG_NS, canvasToPng, loadSvgImage, svgCanvas } from '../../../web/src/figures/kit/figure-kit';

describe('figure-kit export in Chromium', () => {
  it('loads an SVG string as an image and draws it on a canvas', async () => {
    const svg = `<svg xmlns="${SVG_NS}" width="20" height="10"><rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff"/></svg>`;
    const img = await loadSvgImage(document, svg, 'no image');
    expect([img.naturalWidth, img.naturalHeight]).toEqual([20, 10]);
    const c = document.createElement('canvas');
    c.width = 20;
    c.height = 10;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    expect(Array.from(ctx.getImageData(5, 5, 1, 1).data)).toEqual([255, 0, 0, 255]);
    expect(Array.from(ctx.getImageData(15, 5, 1, 1).data)).toEqual([0, 0, 255, 255]);
  });

  it('refuses a broken SVG with the given message', async () => {
    await expect(loadSvgImage(document, '<svg xmlns="http://www.w3.org/2000/svg"><rect', 'could not render')).rejects.toThrow('could not render');
  });

  it('draws an SVG on a canvas of its own size, or of a given size over a background', async () => {
    const svg = `<svg xmlns="${SVG_NS}" width="20" height="10"><rect width="10" height="10" fill="#ff0000"/></svg>`;
    const own = await svgCanvas(document, svg, 'test');
    expect([own.width, own.height]).toEqual([20, 10]);
    const big = await svgCanvas(document, svg, 'test', { width: 40, height: 20 }, '#0000ff');
    expect([big.width, big.height]).toEqual([40, 20]);
    const ctx = big.getContext('2d')!;
    expect(Array.from(ctx.getImageData(10, 10, 1, 1).data)).toEqual([255, 0, 0, 255]);
    expect(Array.from(ctx.getImageData(30, 10, 1, 1).data)).toEqual([0, 0, 255, 255]);
    await expect(svgCanvas(document, '<svg', 'test')).rejects.toThrow('test: could not render the SVG as an image');
  });

  it('turns a canvas into a PNG blob of its size and pixels', async () => {
    const c = document.createElement('canvas');
    c.width = 7;
    c.height = 3;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#21918c';
    ctx.fillRect(0, 0, 7, 3);
    const blob = await canvasToPng(c, 'no png');
    expect(blob.type).toBe('image/png');
    const bmp = await createImageBitmap(blob);
    expect([bmp.width, bmp.height]).toEqual([7, 3]);
    const back = document.createElement('canvas');
    back.width = 7;
    back.height = 3;
    const bctx = back.getContext('2d')!;
    bctx.drawImage(bmp, 0, 0);
    expect(Array.from(bctx.getImageData(3, 1, 1, 1).data)).toEqual([0x21, 0x91, 0x8c, 255]);
  });
});
