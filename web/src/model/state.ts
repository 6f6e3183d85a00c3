// state.ts — the whole playground state in one table, and its URL form.
//
// Every property is listed once in PROPS with its type, default and URL key;
// parse() and serialize() are pure and inverse to each other, so a link
// reproduces the view exactly. Matrices keep the text the user typed in each
// cell (never lose an edit), or a seeded random generator (short links).
//
// Neither can break the page: parse() reads any string (malformed entries
// keep their defaults, rows keep the lengths the link gives them, a random
// source keeps its size however large: compute.ts reports what the core
// cannot take), and serialize() writes any state, in printable ASCII. Text is
// kept well-formed: a lone surrogate (half of a UTF-16 pair, which
// encodeURIComponent refuses) becomes U+FFFD "�" when read and when written,
// the one place where the two are not inverse. A link is read leniently;
// parseStored() reads the copy kept in localStorage strictly, so that a
// damaged one is noticed (and discarded by the page).

import { defaultMaskParams, MASK_MODES, POSITIONS, ROPE_BASE_RANGE, type MaskMode, type MaskParams, type Positions, type RopePairing } from './options';
import { TILE_SIZE_RANGE } from './options'; // the tile stepper
export * from './options';
import {
  bool,
  encode,
  encodeCell,
  int,
  literalSeparators,
  MAX_UINT32,
  oneOf,
  within,
  readMask,
  readSource,
  safeDecode,
  writeMask,
  writeSource,
} from './url-text';
export { literalSeparators, wellFormed } from './url-text';

import { OPERATIONS, type Operation } from './ops/ids';
export { OPERATIONS, type Operation } from './ops/ids';

/** The names of the matrices a user can edit. */
export type MatrixName = 'Q' | 'K' | 'V' | 'X' | 'Wq' | 'Wk' | 'Wv' | 'Wo' | 'bq' | 'bk' | 'bv' | 'bo';

/** A matrix as the user typed it (cell text), or a seeded random fill. */
export type MatrixSource = { kind: 'cells'; cells: string[][] } | { kind: 'random'; rows: number; cols: number; seed: number; scale: number; digits?: number };

/** What the results show of the weights. */
export type WeightsView = 'heatmap' | 'lines' | 'both';

/** The range of the temperature slider (log scale). */
export const TEMPERATURE_RANGE: readonly [number, number] = [0.05, 20];
/** The range of the query length multiplier (log scale). */
export const Q_LENGTH_RANGE: readonly [number, number] = [0.1, 10];

/** The complete state of one playground. */
export interface State {
  op: Operation;
  mask: MaskMode;
  /** The parameters of the built masks (used when mask is one of them). */
  maskParams: MaskParams;
  /** How positions enter (attention, multi_head, block, single_head). */
  positions: Positions;
  /** RoPE's base and pairing (positions = 'rope'). */
  ropeBase: number;
  ropePairing: RopePairing;
  /** The custom mask (n_q × n_k), true = query may see key; used when mask = 'custom'. */
  customMask: boolean[][];
  /** Divide scores by √d_k (attention only). */
  scale: boolean;
  /** Softmax temperature τ: scores / (τ·√d_k); 1 is standard (attention and multi_head). */
  temperature: number;
  /** Length multiplier of the queries: the core receives qLength·Q (longer vectors sharpen the weights). */
  qLength: number;
  /** The two columns of Q and K the vector plane draws (0-based; d_k = 2 draws both). */
  planeDims: [number, number];
  /** The query the vector plane compares with every key (0-based). */
  query: number;
  /** What the results show of the weights: the heatmap, the token lines, or both. */
  view: WeightsView;
  /** Heads for multi_head and block. */
  h: number;
  /** LayerNorm epsilon for block. */
  eps: number;
  /** Query heads and key/value heads for grouped-query attention. */
  numHeads: number;
  numKvHeads: number;
  /** Optional token names, used as axis labels. */
  tokens: string[];
  /** The seed used by the next random fill. */
  seed: number;
  /** Which head's steps to show (0-based). */
  head: number;
  matrices: Partial<Record<MatrixName, MatrixSource>>;
  /** Experiment settings as typed in their fields, keyed "experiment.field" (e.g. "scaling.ds"). */
  experiments: Record<string, string>;
  /** The experiment to run when the state is opened (a shared link re-runs it), or ''. */
  run: string;
  /** Keys per tile of the tile stepper (1 … 16, the menu offers TILE_SIZES). */
  tileSize: number;
}

/** A state with the hand-sized 3×2 example. */
export function defaultState(): State {
  return {
    op: 'attention',
    mask: 'none',
    maskParams: defaultMaskParams(),
    positions: 'none',
    ropeBase: 10000,
    ropePairing: 'half',
    customMask: [],
    scale: true,
    temperature: 1,
    qLength: 1,
    planeDims: [0, 1],
    query: 0,
    view: 'both',
    h: 1,
    eps: 1e-5,
    numHeads: 2,
    numKvHeads: 1,
    tokens: [],
    seed: 42,
    head: 0,
    experiments: {},
    run: '',
    tileSize: 4,
    matrices: {
      Q: cellsOf([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
      K: cellsOf([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
      V: cellsOf([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    },
  };
}

/** A cells source from numbers (shortest round-trip text). */
export function cellsOf(rows: number[][]): MatrixSource {
  return { kind: 'cells', cells: rows.map((r) => r.map((x) => String(x))) };
}

// ---------------------------------------------------------------- URL form

type Scalar =
  | 'op'
  | 'mask'
  | 'positions'
  | 'ropeBase'
  | 'ropePairing'
  | 'scale'
  | 'temperature'
  | 'qLength'
  | 'query'
  | 'view'
  | 'h'
  | 'eps'
  | 'numHeads'
  | 'numKvHeads'
  | 'seed'
  | 'head'
  | 'tileSize';

interface Prop<K extends Scalar> {
  key: K;
  url: string;
  read(text: string): State[K] | undefined;
  write(value: State[K]): string;
}

/** The scalar properties: state key ↔ URL key, with a reader and writer each. */
const PROPS: { [K in Scalar]: Prop<K> } = {
  op: { key: 'op', url: 'op', read: oneOf(OPERATIONS), write: String },
  mask: { key: 'mask', url: 'mask', read: oneOf(MASK_MODES), write: String },
  positions: { key: 'positions', url: 'pos', read: oneOf(POSITIONS), write: String },
  ropeBase: { key: 'ropeBase', url: 'rb', read: within(ROPE_BASE_RANGE), write: String },
  ropePairing: { key: 'ropePairing', url: 'rp', read: oneOf(['half', 'interleaved'] as const), write: String },
  scale: { key: 'scale', url: 'scale', read: bool, write: (b) => (b ? '1' : '0') },
  temperature: { key: 'temperature', url: 'tau', read: within(TEMPERATURE_RANGE), write: String },
  qLength: { key: 'qLength', url: 'qlen', read: within(Q_LENGTH_RANGE), write: String },
  query: { key: 'query', url: 'qi', read: int(0, MAX_UINT32), write: String },
  view: { key: 'view', url: 'view', read: oneOf(['heatmap', 'lines', 'both'] as const), write: String },
  h: { key: 'h', url: 'h', read: int(1, 256), write: String },
  eps: {
    key: 'eps',
    url: 'eps',
    read: (t) => {
      const x = Number(t);
      return t !== '' && Number.isFinite(x) && x >= 0 ? x : undefined;
    },
    write: String,
  },
  numHeads: { key: 'numHeads', url: 'H', read: int(1, 256), write: String },
  numKvHeads: { key: 'numKvHeads', url: 'G', read: int(1, 256), write: String },
  seed: { key: 'seed', url: 'seed', read: int(0, MAX_UINT32), write: String },
  head: { key: 'head', url: 'head', read: int(0, 255), write: String },
  tileSize: { key: 'tileSize', url: 'tb', read: int(...TILE_SIZE_RANGE), write: String },
};

/** The whole-number mask parameters: field ↔ URL key, each 0 … 65536 (the builders check them against n). */
const MASK_NUMBERS: readonly (readonly [Exclude<keyof MaskParams, 'globals'>, string])[] = [
  ['window', 'mw'],
  ['prefix', 'mp'],
  ['dilation', 'md'],
  ['block', 'mb'],
  ['randomBlocks', 'mr'],
  ['maskSeed', 'ms'],
];
const maskNumber = int(0, MAX_UINT32);

/** The mask parameters that differ from their defaults, as URL entries. */
function writeMaskParams(m: MaskParams): string[] {
  const d = defaultMaskParams();
  const parts = MASK_NUMBERS.filter(([k]) => m[k] !== d[k]).map(([k, url]) => `${url}=${m[k]}`);
  if (m.globals.join(',') !== d.globals.join(',')) parts.push(`mg=${m.globals.join(',')}`);
  return parts;
}

/** The mask parameters of a link's entries (a malformed one keeps its default). */
function readMaskParams(entries: Map<string, string>, into: MaskParams): void {
  for (const [k, url] of MASK_NUMBERS) {
    const v = maskNumber(safeDecode(entries.get(url) ?? ''));
    if (v !== undefined && entries.has(url)) into[k] = v;
  }
  const g = literalSeparators(entries.get('mg') ?? '', ',');
  if (entries.has('mg') && /^(\d{1,10}(,\d{1,10}){0,255})?$/.test(g))
    into.globals =
      g === ''
        ? []
        : g
            .split(',')
            .map(Number)
            .filter((x) => x <= MAX_UINT32);
}

const MATRIX_NAMES: readonly MatrixName[] = ['Q', 'K', 'V', 'X', 'Wq', 'Wk', 'Wv', 'Wo', 'bq', 'bk', 'bv', 'bo'];

/** State → the URL hash (without '#'), in printable ASCII. Only values that differ from the defaults of scalars are written; matrices always are. Never throws. */
export function serialize(state: State): string {
  const parts: string[] = [];
  const defaults = defaultState();
  for (const p of Object.values(PROPS) as Prop<Scalar>[]) {
    const v = state[p.key];
    if (p.key === 'op' || v !== defaults[p.key]) parts.push(`${p.url}=${encode(p.write(v))}`);
  }
  if (state.planeDims[0] !== 0 || state.planeDims[1] !== 1) parts.push(`pd=${state.planeDims.join(',')}`);
  if (state.tokens.length > 0) parts.push(`tokens=${state.tokens.map(encodeCell).join(',')}`);
  parts.push(...writeMaskParams(state.maskParams));
  if (state.mask === 'custom') parts.push(`M=${writeMask(state.customMask)}`);
  for (const [key, value] of Object.entries(state.experiments)) parts.push(`x.${encode(key)}=${encode(value)}`);
  if (state.run) parts.push(`run=${encode(state.run)}`);
  for (const name of MATRIX_NAMES) {
    const src = state.matrices[name];
    if (src) parts.push(`${name}=${writeSource(src)}`);
  }
  return parts.join('&');
}

/** The URL hash (with or without '#') → a State; unknown or malformed entries keep their defaults. Never throws. */
export function parse(hash: string): State {
  const state = defaultState();
  const text = literalSeparators(hash.startsWith('#') ? hash.slice(1) : hash, '&=');
  if (text === '') return state;
  const entries = new Map<string, string>();
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) entries.set(part.slice(0, eq), part.slice(eq + 1));
  }
  // a link names its matrices explicitly: start from none
  if (MATRIX_NAMES.some((n) => entries.has(n))) state.matrices = {};
  for (const p of Object.values(PROPS) as Prop<Scalar>[]) {
    const raw = entries.get(p.url);
    if (raw === undefined) continue;
    const v = p.read(safeDecode(raw));
    if (v !== undefined) (state as unknown as Record<string, unknown>)[p.key] = v;
  }
  const dims = /^(\d{1,3}),(\d{1,3})$/.exec(literalSeparators(entries.get('pd') ?? '', ','));
  if (dims && dims[1] !== dims[2]) state.planeDims = [Number(dims[1]), Number(dims[2])];
  const tokens = literalSeparators(entries.get('tokens') ?? '', ',');
  if (tokens) state.tokens = tokens.split(',').map(safeDecode);
  for (const [key, value] of entries) if (key.startsWith('x.')) state.experiments[safeDecode(key.slice(2))] = safeDecode(value);
  const run = entries.get('run');
  if (run && /^[a-z0-9]+$/.test(run)) state.run = run;
  readMaskParams(entries, state.maskParams);
  const mask = entries.get('M');
  if (mask !== undefined) state.customMask = readMask(literalSeparators(mask, ';')) ?? [];
  for (const name of MATRIX_NAMES) {
    const raw = entries.get(name);
    if (raw === undefined) continue;
    const src = readSource(literalSeparators(raw, ',;:'));
    if (src) state.matrices[name] = src;
  }
  return state;
}

/** The URL keys parse() reads, besides the experiment settings "x.…". */
const URL_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(PROPS).map((p) => p.url),
  'pd',
  'tokens',
  'M',
  'run',
  'mg',
  ...MASK_NUMBERS.map(([, url]) => url),
  ...MATRIX_NAMES,
]);

/** Is `part` an entry key=value with a key parse() reads? */
function isEntry(part: string): boolean {
  const eq = part.indexOf('=');
  return eq > 0 && (URL_KEYS.has(part.slice(0, eq)) || part.startsWith('x.'));
}

/**
 * The state the page keeps in localStorage ('#' + serialize(state)), or null when the text is not one: not
 * '#' and printable ASCII (all serialize() writes), or an entry that is not key=value with a key parse() reads.
 * A link is read leniently (parse); the stored copy strictly, so that a damaged one is noticed and discarded.
 */
export function parseStored(text: string): State | null {
  if (!/^#[\x21-\x7e]+$/.test(text) || !text.slice(1).split('&').every(isEntry)) return null;
  return parse(text);
}

/**
 * A copy to change. Matrix sources are shared, not copied: they are treated as
 * immutable values (an edit always makes a new source), which keeps an update
 * cheap and lets editors skip a matrix whose source did not change.
 */
export function cloneState(s: State): State {
  return {
    ...s,
    customMask: s.customMask.map((row) => [...row]),
    maskParams: { ...s.maskParams, globals: [...s.maskParams.globals] },
    planeDims: [...s.planeDims],
    tokens: [...s.tokens],
    matrices: { ...s.matrices },
    experiments: { ...s.experiments },
  };
}
