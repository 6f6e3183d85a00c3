// embed.ts — the stand-alone page inside an iframe (course notes, a blog):
// URL flags for a compact view, the page's height posted to the parent, and
// commands from the parent by postMessage. main.ts calls initEmbed() once;
// it works whether or not the tag is registered yet.
//
// URL flags (read once, at load):
//   ?embed                compact view: no page header/footer; the #state is read
//                         once and never written back (no history entries in the host)
//   ?hide=steps,export,op hide panels (operation,inputs,results,steps,export,experiments)
//                         and controls (op,preset,lang,mask,scale,tokens,options)
//   ?steps_hide=1         the same for one name, as TensorFlow Playground's *_hide flags
//   ?panels=results,steps show only these panels
//   ?lang=zh              the language
//
// Messages, accepted from the parent window only; every answer carries the request's `id`:
//   → { type: 'attention-playground:set', state?: {…partial State…}, preset?: 'seed000', id? }
//   → { type: 'attention-playground:get', id? }
//       both answered by ← { type: 'attention-playground:result', ok, message, weights, out, state, id }
//   → { type: 'attention-playground:run-experiment', experiment, settings, id? }
//       ← { type: 'attention-playground:progress', step, total, label, id }   zero or more
//       ← { type: 'attention-playground:experiment', ok, message, experiment, result, errors?, id }
//   ← { type: 'attention-playground:ready' }            once the first result is computed
//   ← { type: 'attention-playground:height', height }   whenever the page's height changes

import type { AttentionPlayground } from './attention-playground.component';
import { PANELS, type PanelName } from './attention-playground.component';
import { fromTyped, type Matrix } from '../core/core';
import { ExperimentClient } from '../worker/client';
import { SettingsError, VALIDATORS, type ExperimentName } from '../experiments/index';
import { statePatch } from '../model/patch';
import { parse, type State } from '../model/state';

export { statePatch } from '../model/patch';
import { MSG } from './embed-protocol';

/** The controls `hide-controls` (and the URL's hide flags) can hide. */
export const CONTROLS = ['op', 'preset', 'lang', 'mask', 'scale', 'tokens', 'options', 'sliders', 'views', 'positions'] as const;
/** A hideable control. */
export type ControlName = (typeof CONTROLS)[number];

export { MSG };

/** What the URL asks of the page. */
export interface EmbedFlags {
  /** ?embed: the compact view. */
  embed: boolean;
  /** The panels to show, or null for the element's own choice. */
  panels: PanelName[] | null;
  /** The controls to hide. */
  hideControls: ControlName[];
  /** ?lang=…, or null. */
  lang: string | null;
}

const isPanel = (x: string): x is PanelName => (PANELS as readonly string[]).includes(x);
const isControl = (x: string): x is ControlName => (CONTROLS as readonly string[]).includes(x);
const ON = new Set(['', '1', 'true', 'yes']);

/** Read the flags from a query string (pure). */
export function embedFlags(search: string): EmbedFlags {
  const q = new URLSearchParams(search);
  const hidden = new Set<string>();
  for (const name of (q.get('hide') ?? '').split(',')) if (name.trim()) hidden.add(name.trim());
  for (const [key, value] of q) if (key.endsWith('_hide') && ON.has(value.toLowerCase())) hidden.add(key.slice(0, -'_hide'.length));
  const only = q.get('panels');
  const shown = only
    ? only
        .split(',')
        .map((p) => p.trim())
        .filter(isPanel)
    : [...PANELS];
  const anyPanelHidden = [...hidden].some(isPanel);
  return {
    embed: q.has('embed') && q.get('embed') !== '0' && q.get('embed') !== 'false',
    panels: only || anyPanelHidden ? shown.filter((p) => !hidden.has(p)) : null,
    hideControls: CONTROLS.filter((c) => hidden.has(c)),
    lang: q.get('lang'),
  };
}

/** Give the element the flags as attributes (`panels`, `hide-controls`, `lang`); in embed mode it stops writing the URL hash. */
export function applyFlags(host: HTMLElement, flags: EmbedFlags): void {
  if (flags.panels) {
    const own = host.getAttribute('panels');
    const allowed = own ? own.split(',').map((p) => p.trim()) : PANELS;
    host.setAttribute('panels', flags.panels.filter((p) => allowed.includes(p)).join(','));
  }
  if (flags.hideControls.length) {
    const own = (host.getAttribute('hide-controls') ?? '').split(/[\s,]+/).filter(isControl);
    host.setAttribute('hide-controls', [...new Set([...own, ...flags.hideControls])].join(','));
  }
  if (flags.embed) {
    host.removeAttribute('sync-hash');
    if (flags.lang) host.setAttribute('lang', flags.lang);
  }
}

// ---------------------------------------------------------------- state patches from a host page

/** The answer to `get` and `set`: the numbers shown, and the state. */
export interface ResultAnswer {
  type: typeof MSG.result;
  ok: boolean;
  message: string;
  /** Per head, (n_q, n_k); empty while the input is invalid. */
  weights: Matrix[];
  /** (n_q, d_v); empty while the input is invalid. */
  out: Matrix;
  state: State;
  id?: unknown;
}

/** The current result of a playground, as plain arrays. */
export function resultOf(host: AttentionPlayground): ResultAnswer {
  const outcome = host.getOutcome();
  const base = { type: MSG.result, state: host.getState(), weights: [], out: [] };
  if (!outcome) return { ...base, ok: false, message: 'not computed yet' };
  if (!outcome.ok) return { ...base, ok: false, message: outcome.message };
  return { ...base, ok: true, message: '', weights: outcome.view.heads.map((h) => fromTyped(h.weights)), out: fromTyped(outcome.view.out.m) };
}

// ---------------------------------------------------------------- the page side

interface Request {
  type?: unknown;
  id?: unknown;
  state?: unknown;
  preset?: unknown;
  experiment?: unknown;
  settings?: unknown;
}

/** Wire the page's playground to its URL flags and, inside a frame, to the parent window. */
export function initEmbed(host: AttentionPlayground | null = document.querySelector('attention-playground')): void {
  if (!host) return;
  const flags = embedFlags(location.search);
  applyFlags(host, flags);
  if (flags.embed) {
    document.documentElement.classList.add('embed');
    // the element no longer syncs the hash: take the state the link carries, once
    // (and never a state remembered from an earlier visit)
    const state = parse(location.hash);
    void customElements.whenDefined(host.localName).then(() => host.setState(state));
  }
  if (window.parent === window) return;

  const parent = window.parent;
  const post = (message: object) => parent.postMessage(message, '*');
  // (the element may not be upgraded yet if the tag is registered later)
  const computed = () => typeof host.getOutcome === 'function' && host.getOutcome() !== null;
  const ready = new Promise<void>((resolve) => (computed() ? resolve() : host.addEventListener('playground-change', () => resolve(), { once: true })));
  void ready.then(() => post({ type: MSG.ready }));

  // the height, so the host can size the iframe to fit (no inner scrollbar)
  let last = -1;
  const postHeight = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) post({ type: MSG.height, height: (last = height) });
  };
  new ResizeObserver(postHeight).observe(document.documentElement);

  let experiments: ExperimentClient | null = null;
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== parent) return; // commands come from the embedding page only
    const req = (e.data ?? {}) as Request;
    const answer = (message: object) => post(req.id === undefined ? message : { ...message, id: req.id });
    if (req.type === MSG.get) void ready.then(() => answer(resultOf(host)));
    else if (req.type === MSG.set) {
      const p = statePatch(req.state, req.preset);
      void ready.then(() => {
        if (!p.ok) return answer({ ...resultOf(host), ok: false, message: p.message });
        host.setState(p.patch);
        answer(resultOf(host));
      });
    } else if (req.type === MSG.runExperiment) {
      const name = String(req.experiment) as ExperimentName;
      const reply = (ok: boolean, message: string, result: unknown = null, errors?: Record<string, string>) =>
        answer({ type: MSG.experiment, ok, message, experiment: name, result, ...(errors ? { errors } : {}) });
      if (!(name in VALIDATORS)) return reply(false, `unknown experiment "${name}" (one of ${Object.keys(VALIDATORS).join(', ')})`);
      experiments ??= new ExperimentClient();
      const settings = (req.settings ?? {}) as Record<string, unknown>;
      experiments
        .run(name, settings, (step, total, label) => answer({ type: MSG.progress, step, total, label }))
        .then((result) => reply(true, '', result))
        .catch((err: unknown) => reply(false, err instanceof Error ? err.message : String(err), null, err instanceof SettingsError ? err.errors : undefined));
    }
  });
}
