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
import { ExperimentClient } from '../experiments/client';
import { SettingsError, VALIDATORS, type ExperimentName } from '../experiments/run';
import { presetById } from '../model/presets';
import { ALL_INPUTS } from '../model/ops/index';
import {
  defaultMaskParams,
  MASK_MODES,
  OPERATIONS,
  parse,
  POSITIONS,
  Q_LENGTH_RANGE,
  ROPE_BASE_RANGE,
  TEMPERATURE_RANGE,
  type MaskParams,
  type MatrixName,
  type MatrixSource,
  type State,
} from '../model/state';
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

const MATRIX_NAMES = new Set<string>(ALL_INPUTS);

/** A host's matrix: rows of numbers (or cell texts), or a MatrixSource as in State. */
function toSource(name: string, value: unknown): MatrixSource | string {
  if (Array.isArray(value)) {
    const rows = value as unknown[];
    const width = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : -1;
    for (const row of rows) {
      if (!Array.isArray(row) || row.length !== width) return `${name} must be a rectangular array of rows`;
      for (const x of row)
        if (!(typeof x === 'number' && Number.isFinite(x)) && typeof x !== 'string')
          return `${name} holds ${typeof x === 'number' ? x : JSON.stringify(x)}: numbers only`;
    }
    return { kind: 'cells', cells: rows.map((row) => (row as (number | string)[]).map((x) => String(x))) };
  }
  const src = value as Partial<MatrixSource> | null;
  if (src?.kind === 'cells' && Array.isArray(src.cells)) return toSource(name, src.cells);
  if (src?.kind === 'random' && [src.rows, src.cols, src.seed].every((n) => Number.isInteger(n) && (n as number) >= 0) && Number.isFinite(src.scale))
    return {
      kind: 'random',
      rows: src.rows!,
      cols: src.cols!,
      seed: src.seed!,
      scale: src.scale!,
      ...(src.digits === undefined ? {} : { digits: src.digits }),
    };
  return `${name} must be an array of rows`;
}

const int = (lo: number) => (v: unknown) => (Number.isInteger(v) && (v as number) >= lo ? (v as number) : undefined);
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
const within =
  ([lo, hi]: readonly [number, number]) =>
  (v: unknown) =>
    typeof v === 'number' && v >= lo && v <= hi ? v : undefined;
const oneOf = (values: readonly unknown[]) => (v: unknown) => (values.includes(v) ? v : undefined);
const strings = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v] : undefined);

/** A host's mask parameters: any of MaskParams' fields, whole numbers ≥ 0 (globals a list of them); the rest keep the defaults. */
function maskParamsOf(v: unknown): MaskParams | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out = defaultMaskParams();
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'globals' && Array.isArray(x) && x.every((g) => int(0)(g) !== undefined)) out.globals = [...(x as number[])];
    else if (k !== 'globals' && Object.hasOwn(out, k) && int(0)(x) !== undefined) out[k as Exclude<keyof MaskParams, 'globals'>] = x as number;
    else return undefined;
  }
  return out;
}

/** The keys of a patch that are one value each, with the check of each: the value to set, or undefined when bad. */
const SCALARS = {
  op: oneOf(OPERATIONS),
  mask: oneOf(MASK_MODES),
  causal: bool, // sets mask
  scale: bool,
  h: int(1),
  numHeads: int(1),
  numKvHeads: int(1),
  head: int(0),
  seed: int(0),
  query: int(0),
  eps: (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined),
  temperature: within(TEMPERATURE_RANGE),
  qLength: within(Q_LENGTH_RANGE),
  view: oneOf(['heatmap', 'lines', 'both']),
  positions: oneOf(POSITIONS),
  ropeBase: within(ROPE_BASE_RANGE),
  ropePairing: oneOf(['half', 'interleaved']),
  tileSize: (v: unknown) => (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 16 ? v : undefined), // the tile stepper
  maskParams: maskParamsOf,
  tokens: strings,
  run: (v: unknown) => (typeof v === 'string' ? v : undefined),
  planeDims: (v: unknown) => (Array.isArray(v) && v.length === 2 && v.every((x) => int(0)(x) !== undefined) && v[0] !== v[1] ? [v[0], v[1]] : undefined),
  customMask: (v: unknown) =>
    Array.isArray(v) && v.every((row) => Array.isArray(row) && row.every((b) => typeof b === 'boolean' || b === 0 || b === 1))
      ? (v as (boolean | number)[][]).map((row) => row.map(Boolean))
      : undefined,
  experiments: (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
      ? { ...(v as Record<string, string>) }
      : undefined,
};

/** The matrices of a patch (name → rows or a random source), or what is wrong with them. */
function matricesOf(v: unknown): Partial<Record<MatrixName, MatrixSource>> | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'matrices must be an object of name → rows';
  const matrices: Partial<Record<MatrixName, MatrixSource>> = {};
  for (const [name, value] of Object.entries(v as Record<string, unknown>)) {
    if (!MATRIX_NAMES.has(name)) return `unknown matrix "${name}" (one of ${[...MATRIX_NAMES].join(', ')})`;
    const src = toSource(name, value);
    if (typeof src === 'string') return src;
    matrices[name as MatrixName] = src;
  }
  return matrices;
}

/**
 * Turn a host's `{ state, preset }` into a patch for setState (pure). Every key
 * given replaces that key; `matrices` replaces all matrices (what the operation
 * needs and is missing is filled in, as when the operation changes).
 */
export function statePatch(state: unknown, preset?: unknown): { ok: true; patch: Partial<State> } | { ok: false; message: string } {
  const patch: Partial<State> = {};
  if (preset !== undefined) {
    const id = typeof preset === 'string' ? preset : (JSON.stringify(preset) ?? typeof preset);
    const p = presetById(id);
    if (!p) return { ok: false, message: `unknown preset "${id}"` };
    Object.assign(patch, p.build());
  }
  if (state === undefined || state === null) return { ok: true, patch };
  if (typeof state !== 'object' || Array.isArray(state)) return { ok: false, message: 'state must be an object' };
  for (const [key, v] of Object.entries(state as Record<string, unknown>)) {
    if (key === 'matrices') {
      const matrices = matricesOf(v);
      if (typeof matrices === 'string') return { ok: false, message: matrices };
      patch.matrices = matrices;
    } else if (Object.hasOwn(SCALARS, key)) {
      const value = SCALARS[key as keyof typeof SCALARS](v);
      if (value === undefined) return { ok: false, message: `bad value for ${key}: ${JSON.stringify(v)}` };
      Object.assign(patch, key === 'causal' ? { mask: value ? 'causal' : 'none' } : { [key]: value });
    } else return { ok: false, message: `unknown state key "${key}"` };
  }
  return { ok: true, patch };
}

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
