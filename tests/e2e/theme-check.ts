// theme-check.ts — which theme a playground shows, read from the page: its custom state
// (:state(dark) / :state(light)), a panel's background and a heatmap axis's text colour.
// Used by theme.spec.ts and by the course-notes examples' specs (a host's own dark scheme).

import { expect, type Locator } from '@playwright/test';

/** The panels' background in each theme (--ap-panel). */
export const PANEL = { light: 'rgb(247, 248, 251)', dark: 'rgb(22, 27, 34)' };
/** The text colour in each theme (--ap-fg). */
export const TEXT = { light: 'rgb(29, 36, 51)', dark: 'rgb(230, 237, 243)' };

/** The theme the element shows: its custom state, and the colours a panel and a heatmap's axis are drawn in. */
export async function shown(element: Locator): Promise<{ state: string; panel: string; axis: string }> {
  return element.evaluate((e) => {
    const root = e.shadowRoot!;
    const state = e.matches(':state(dark)') ? 'dark' : e.matches(':state(light)') ? 'light' : 'none';
    const panel = getComputedStyle(root.querySelector('.panel-results')!).backgroundColor;
    const axis = getComputedStyle(root.querySelector('.hm-overlay .hm-axis')!).color;
    return { state, panel, axis };
  });
}

/** Expect the element to show `theme` (its state, a panel's background, a heatmap axis's text). */
export async function expectTheme(element: Locator, theme: 'light' | 'dark', what: string): Promise<void> {
  await expect.poll(() => shown(element), what).toEqual({ state: theme, panel: PANEL[theme], axis: TEXT[theme] });
}
