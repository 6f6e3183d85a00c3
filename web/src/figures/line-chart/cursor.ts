// cursor.ts — the chart's cursor, pure: where a key moves it among the x
// positions and which position is nearest to a pixel.

/** Index of the x position nearest to pixel px, given each position's pixel; −1 if none. */
export function nearestIndex(pixels: number[], px: number): number {
  let best = -1;
  let dist = Infinity;
  pixels.forEach((p, i) => {
    const d = Math.abs(p - px);
    if (d < dist) {
      dist = d;
      best = i;
    }
  });
  return best;
}

/** Where the cursor goes for a key (←/→ one stop, Home/End the ends, PageDown/PageUp 5 stops left/right); null if the key is not ours. */
export function moveIndex(cur: number, key: string, n: number): number | null {
  const clamp = (i: number): number => Math.max(0, Math.min(n - 1, i));
  switch (key) {
    case 'ArrowLeft':
      return clamp(cur - 1);
    case 'ArrowRight':
      return clamp(cur + 1);
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    case 'PageDown':
      return clamp(cur - 5);
    case 'PageUp':
      return clamp(cur + 5);
    default:
      return null;
  }
}

/** The index of the position under a point (px, py) in plot coordinates: the nearest x within the plot ± 12 px, else −1. */
export function indexAtPoint(pixels: number[], px: number, py: number, plot: { width: number; height: number }): number {
  if (!pixels.length || px < -12 || px > plot.width + 12 || py < -12 || py > plot.height + 12) return -1;
  return nearestIndex(pixels, px);
}
