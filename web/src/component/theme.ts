// theme.ts — how a playground dresses for its page: the colour theme it
// resolves and the ::part() names an embedder styles.
//
// The theme is the state's `theme` (the link's theme=, the `theme`
// attribute, the embed patch): light, dark, or auto. Auto follows the page's
// own scheme where the page declares one (hostScheme below: MkDocs
// Material's slate, JupyterLab's and VS Code's dark themes, a dark reveal.js
// slide), else the reader's prefers-color-scheme. The element shows what it
// resolved as its custom state `dark` or `light` (ElementInternals.states):
// the stylesheets switch their custom properties on :host(:state(dark)), a
// page can style attention-playground:state(dark), and no attribute of the
// embedder's own is written. Browsers without custom states (before Chrome
// 125, Firefox 126, Safari 17.4) keep the light theme.
//
// ThemeFollower watches what auto depends on while the element is in a page
// (a MutationObserver on <html>, <body> and the enclosing .reveal, the media
// query's change event) and, when the resolved theme changes, tells each
// figure (THEME_CHANGE on every .fig), which reads its colours again. At the
// first resolve after a build it names the parts the element builds itself
// (nameParts); the top bar and the panels name theirs where they are made
// (topbar.ts, panel-host.ts).

import { THEME_CHANGE } from '../figures/kit/figure-kit';
import type { Theme } from '../model/schema';
import type { State } from '../model/state';
import { stateHash } from '../lessons/link';
import { firstState } from '../model/presets';
import { opening, type Opening } from './opening';

/** A resolved theme. */
export type Scheme = 'light' | 'dark';

/** The attributes of <html> and <body> a host page declares its scheme in (class: VS Code's vscode-dark, …). */
const HOST_ATTRIBUTES = ['data-md-color-scheme', 'data-jp-theme-light', 'class'];
/** reveal.js marks a slide (and the deck, for the slide shown) by the contrast of its background. */
const REVEAL_CONTRAST = '.has-dark-background, .has-light-background';

/** WCAG relative luminance of a computed colour "rgb(r, g, b)" / "rgba(r, g, b, a)"; null when transparent or unreadable. */
function luminanceOf(colour: string): number | null {
  const m = /^rgba?\((\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)(?:[,\s/]+(\d*\.?\d+)(%?))?\)$/.exec(colour.trim());
  if (!m) return null;
  if (m[4] !== undefined && Number(m[4]) === 0) return null;
  const lin = (x: string): number => {
    const s = Number(x) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
}

/** The reveal.js deck `el` is in (a .reveal around .slides: not any element of class reveal), or null. */
const revealOf = (el: Element): Element | null => el.closest('.reveal .slides')?.closest('.reveal') ?? null;

/** What one element of the page (<body>, <html>) says of its scheme, or null. */
function declared(node: Element): Scheme | null {
  const md = node.getAttribute('data-md-color-scheme'); // MkDocs Material: default | slate (| a custom scheme)
  if (md === 'slate') return 'dark';
  if (md === 'default') return 'light';
  const jp = node.getAttribute('data-jp-theme-light'); // JupyterLab, Notebook 7
  if (jp === 'false') return 'dark';
  if (jp === 'true') return 'light';
  const c = node.classList; // VS Code's notebook outputs and webviews
  if (c.contains('vscode-dark') || c.contains('vscode-high-contrast')) return c.contains('vscode-high-contrast-light') ? 'light' : 'dark';
  if (c.contains('vscode-light') || c.contains('vscode-high-contrast-light')) return 'light';
  return null;
}

/**
 * The scheme the page around `el` declares, or null when it declares none: MkDocs Material's
 * `data-md-color-scheme` (slate: dark), JupyterLab's `data-jp-theme-light`, VS Code's `vscode-dark` /
 * `vscode-light` class, on <body> or <html>; inside reveal.js, the slide's contrast class, else the
 * brightness of the deck's background (its theme's --r-background-color).
 */
export function hostScheme(el: Element): Scheme | null {
  const doc = el.ownerDocument;
  for (const node of [doc.body, doc.documentElement]) {
    const said = node ? declared(node) : null;
    if (said) return said;
  }
  const reveal = revealOf(el);
  if (!reveal) return null;
  const slide = el.closest(REVEAL_CONTRAST); // the element's slide, else the deck (the slide shown)
  if (slide) return slide.classList.contains('has-dark-background') ? 'dark' : 'light';
  const win = doc.defaultView;
  for (let node: Element | null = reveal; node && win; node = node.parentElement) {
    const l = luminanceOf(win.getComputedStyle(node).backgroundColor);
    if (l !== null) return l < 0.18 ? 'dark' : 'light';
  }
  return null;
}

/** The theme `asked` resolves to in the page around `el`, `prefersDark` being the reader's media query. */
export function resolveTheme(asked: Theme, el: Element, prefersDark: boolean): Scheme {
  if (asked !== 'auto') return asked;
  return hostScheme(el) ?? (prefersDark ? 'dark' : 'light');
}

/** Follows the theme of one element: resolves it, shows it as the element's custom state, tells its figures when it changes. */
export class ThemeFollower {
  private states: CustomStateSet | null | undefined;
  private media: MediaQueryList | null = null;
  private observer: MutationObserver | null = null;
  private resolved: Scheme | null = null;
  /** The build whose parts were named last (the shadow root's first element). */
  private dressed: Element | null = null;
  private readonly onChange = () => this.apply();

  /** `host`: the element; `asked`: the theme its state asks for now. */
  constructor(
    private readonly host: HTMLElement,
    private readonly asked: () => Theme,
  ) {}

  /** Start watching the page (the element was connected), and resolve. */
  connect(): void {
    this.disconnect();
    const doc = this.host.ownerDocument;
    const win = doc.defaultView;
    this.media = win?.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
    this.media?.addEventListener('change', this.onChange);
    if (win && 'MutationObserver' in win) {
      const observer = new win.MutationObserver(this.onChange);
      for (const node of [doc.documentElement, doc.body]) if (node) observer.observe(node, { attributes: true, attributeFilter: HOST_ATTRIBUTES });
      // a deck moves its contrast classes from slide to slide
      const reveal = revealOf(this.host);
      if (reveal) observer.observe(reveal, { attributes: true, attributeFilter: ['class'], subtree: true });
      this.observer = observer;
    }
    this.apply();
  }

  /** Stop watching (the element left the page). */
  disconnect(): void {
    this.media?.removeEventListener('change', this.onChange);
    this.media = null;
    this.observer?.disconnect();
    this.observer = null;
  }

  /** Resolve the theme again (the state or the page changed): on a change, show it and tell the figures; name the parts of a new build. */
  apply(): void {
    const root = this.host.shadowRoot;
    if (root && root.firstElementChild !== this.dressed) {
      this.dressed = root.firstElementChild;
      nameParts(root);
    }
    const scheme = resolveTheme(this.asked(), this.host, this.media?.matches ?? false);
    if (scheme === this.resolved) return;
    const first = this.resolved === null;
    this.resolved = scheme;
    const states = this.customStates();
    states?.delete(scheme === 'dark' ? 'light' : 'dark');
    states?.add(scheme);
    if (first) return;
    for (const fig of root?.querySelectorAll('.fig') ?? []) fig.dispatchEvent(new Event(THEME_CHANGE));
  }

  /** The element's custom states (attached once), or null where the browser has none. */
  private customStates(): CustomStateSet | null {
    if (this.states === undefined) {
      try {
        const states = this.host.attachInternals().states;
        states.add('light'); // throws where only the older `--name` form is known
        this.states = states;
      } catch {
        this.states = null;
      }
    }
    return this.states;
  }
}

/** `mutate` with the state's theme kept: a panel's change or a lesson step is the content's, the theme the reader's. */
export const keepingTheme =
  (mutate: (s: State) => void) =>
  (s: State): void => {
    const theme = s.theme;
    mutate(s);
    s.theme = theme;
  };

/** Is the link's own part (without the lesson's entries) only the theme: `#theme=dark`, `#lesson=masks&step=2&theme=dark`? */
export function onlyTheme(hash: string): boolean {
  const own = stateHash(hash).replace(/^#/, '');
  return own !== '' && own.split('&').every((e) => e.startsWith('theme='));
}

/**
 * What `el` opens with (opening.ts), where a link that says only its theme is no state of its own: the first
 * screen (or a lesson step's own state) in that theme.
 */
export function themedOpening(el: Element, hash = location.hash): Opening {
  const open = opening(el);
  if (!el.hasAttribute('sync-hash') || !onlyTheme(hash)) return open;
  return { ...open, state: { ...firstState(), theme: open.state.theme }, lesson: open.lesson && { ...open.lesson, keepState: false } };
}

/** Name the parts the element builds itself in its shadow root: the wrapper (`playground`), the lesson player (`lesson`) and the author mode (`author`). */
export function nameParts(root: ParentNode): void {
  const parts: [string, string][] = [
    ['.playground', 'playground'],
    ['.lesson', 'lesson'],
    ['.author', 'author'],
  ];
  for (const [selector, part] of parts) root.querySelector(selector)?.setAttribute('part', part);
}
