// embed-code.ts — the snippets "Copy embed code" gives for the current state:
//   1. the web component: one <script type="module"> and the element, with the
//      state as its attributes (op, h, causal, matrices as numbers, lang, and
//      `state` in the share-link form when there is more: tokens, custom mask, …);
//   2. an iframe of the page's compact ?embed view, the full state in its #hash,
//      allow="clipboard-write" (so its Copy buttons work from another origin),
//      and three lines that let the iframe grow to its content.

import type { Lang } from '../base/lang';
import { version } from '../../../package.json';
import { opOf } from './ops/index';
import { defaultState, serialize, type MatrixName, type State } from './state';

/** The npm package's files on jsDelivr: where the snippet points when this code was not loaded from the site. */
export const PACKAGE_ROOT = `https://cdn.jsdelivr.net/npm/attention-playground@${version}/dist-package/`;

/**
 * The folder the site is served from (e.g. "https://me.github.io/repo/"),
 * found from where this module was loaded: the site's bundles sit in
 * assets/, the component's one-file build at the top. Loaded from the npm
 * package (a CDN, a bundler's copy) or from a blob:/data: URL (a notebook,
 * anywidget), there is no site: the package on jsDelivr.
 */
export function siteRoot(moduleUrl: string = import.meta.url): string {
  if (!/^(https?|file):/.test(moduleUrl) || moduleUrl.includes('/dist-package/')) return PACKAGE_ROOT;
  const dir = new URL('.', moduleUrl).href;
  return dir.replace(/(assets|src)\/$/, '');
}

/** Escape text for a double-quoted HTML attribute. */
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The <script> + <attention-playground> snippet and the <iframe> snippet for `state`. */
export function embedCode(state: State, inputs: Partial<Record<MatrixName, number[][]>>, root: string, lang: Lang): string {
  const attrs: [string, string][] = [['op', state.op]];
  if (opOf(state).flags.heads === 'split') attrs.push(['h', String(state.h)]);
  attrs.push(['causal', String(state.mask === 'causal')]);
  const matrices: Partial<Record<MatrixName, number[][]>> = {};
  for (const name of opOf(state).inputs) if (inputs[name]) matrices[name] = inputs[name];
  attrs.push(['matrices', JSON.stringify(matrices)]);
  if (lang !== 'en') attrs.push(['lang', lang]);
  // what the readable attributes cannot say travels in `state` (the share-link form)
  const d = defaultState();
  const extra =
    state.tokens.length > 0 ||
    !state.scale ||
    state.mask === 'custom' ||
    state.eps !== d.eps ||
    opOf(state).flags.heads === 'grouped' ||
    state.head !== 0 ||
    Object.keys(state.experiments).length > 0;
  if (extra) attrs.unshift(['state', serialize(state)]);
  const element = `<attention-playground ${attrs.map(([k, v]) => `${k}="${attr(v)}"`).join(' ')}></attention-playground>`;
  const src = `${root}?embed${lang !== 'en' ? `&lang=${lang}` : ''}#${serialize(state)}`;
  const script = [
    '<!-- 1. The web component: one module script, then the element anywhere on the page -->',
    `<script type="module" src="${attr(root === PACKAGE_ROOT ? `${root}standalone.js` : `${root}attention-playground.js`)}"></script>`,
    element,
    '',
  ];
  // the iframe shows the site's page: there is none to point at when this came from the package
  if (root === PACKAGE_ROOT) return [...script, ''].join('\n').replace(/\n\n$/, '\n');
  return [
    ...script,
    '<!-- 2. Or an iframe; it posts its height, so it can grow to fit -->',
    `<iframe class="attention-playground-frame" src="${attr(src)}" title="Attention Playground" width="100%" height="900" loading="lazy" allow="clipboard-write"></iframe>`,
    '<script type="module">',
    "  addEventListener('message', (e) => { if (e.data?.type === 'attention-playground:height')",
    "    for (const f of document.querySelectorAll('iframe.attention-playground-frame')) if (f.contentWindow === e.source) f.style.height = `${e.data.height}px`; });",
    '</script>',
    '',
  ].join('\n');
}
