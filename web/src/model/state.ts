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

/** The operations the playground can run. */
export type Operation = 'attention' | 'multi_head' | 'block' | 'single_head' | 'gqa';

/** All operations, in menu order. */
export const OPERATIONS: readonly Operation[] = ['attention', 'multi_head', 'block', 'single_head', 'gqa'];

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

/** How the mask is chosen. */
export type MaskMode = 'none' | 'causal' | 'custom';

/** The complete state of one playground. */
export interface State {
  op: Operation;
  mask: MaskMode;
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
}

/** Which matrices each operation reads, in display order. */
export const INPUTS: Record<Operation, readonly MatrixName[]> = {
  attention: ['Q', 'K', 'V'],
  multi_head: ['Q', 'K', 'V'],
  block: ['X'],
  single_head: ['X', 'Wq', 'Wk', 'Wv'],
  gqa: ['Q', 'K', 'V', 'Wq', 'Wk', 'Wv', 'Wo', 'bq', 'bk', 'bv', 'bo'],
};

/** Bias vectors are optional: an empty bias means "no bias". */
export const OPTIONAL: ReadonlySet<MatrixName> = new Set<MatrixName>(['bq', 'bk', 'bv', 'bo']);

/** A state with the hand-sized 3×2 example. */
export function defaultState(): State {
  return {
    op: 'attention',
    mask: 'none',
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

type Scalar = 'op' | 'mask' | 'scale' | 'temperature' | 'qLength' | 'query' | 'view' | 'h' | 'eps' | 'numHeads' | 'numKvHeads' | 'seed' | 'head';

interface Prop<K extends Scalar> {
  key: K;
  url: string;
  read(text: string): State[K] | undefined;
  write(value: State[K]): string;
}

/** The largest seed, and the largest size of a random source: 2³² − 1. */
const MAX_UINT32 = 2 ** 32 - 1;

const int = (lo: number, hi: number) => (t: string) => {
  const n = Number(t);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : undefined;
};
/** A finite number in [lo, hi]. */
const within =
  ([lo, hi]: readonly [number, number]) =>
  (t: string) => {
    const x = Number(t);
    return t.trim() !== '' && Number.isFinite(x) && x >= lo && x <= hi ? x : undefined;
  };
const bool = (t: string) => (t === '1' ? true : t === '0' ? false : undefined);
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (t: string) =>
    (values as readonly string[]).includes(t) ? (t as T) : undefined;

/** The scalar properties: state key ↔ URL key, with a reader and writer each. */
const PROPS: { [K in Scalar]: Prop<K> } = {
  op: { key: 'op', url: 'op', read: oneOf(OPERATIONS), write: String },
  mask: { key: 'mask', url: 'mask', read: oneOf(['none', 'causal', 'custom'] as const), write: String },
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
};

const MATRIX_NAMES: readonly MatrixName[] = ['Q', 'K', 'V', 'X', 'Wq', 'Wk', 'Wv', 'Wo', 'bq', 'bk', 'bv', 'bo'];

/** `text` with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which ES2022 lacks); linear. */
export function wellFormed(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = text.charCodeAt(i + 1); // NaN at the end
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++; // a pair
      continue;
    }
    out += text.slice(from, i) + '\ufffd';
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Percent-encode any text: never throws (a lone surrogate is written as U+FFFD). */
const encode = (text: string): string => encodeURIComponent(wellFormed(text));

/** A cell's or a token's text, percent-encoded, with the separators ',', ';' and ':' in lower-case hex (see literalSeparators). */
const encodeCell = (text: string): string =>
  ['%2C', '%3B', '%3A'].reduce((t, code) => (t.includes(code) ? t.split(code).join(code.toLowerCase()) : t), encode(text)); // split/join: 6× faster than replaceAll on a long text

/** Percent-decode, keeping text that is not valid percent-encoding (e.g. "100%", "%ED%A0%BD") as it is; always well-formed. */
function safeDecode(t: string): string {
  try {
    return wellFormed(decodeURIComponent(t));
  } catch {
    return wellFormed(t);
  }
}

/**
 * `text` with its separators made literal when a link rewriter percent-encoded them all (',' → %2C, ';' → %3B,
 * '&' → %26, '=' → %3D, ':' → %3A): when none of `separators` occurs literally but one occurs encoded in upper
 * case, the whole text is decoded once (a cell's own encoded ',' then reads as %2c again, decoded per cell as
 * usual). serialize() writes a separator inside a cell or a token in lower-case hex (encodeCell), so its own
 * links are never mistaken for rewritten ones; rewriters write upper case (RFC 3986 §2.1, encodeURIComponent).
 */
export function literalSeparators(text: string, separators: string): string {
  if ([...separators].some((c) => text.includes(c))) return text;
  const encoded = [...separators].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  if (!encoded.some((e) => text.includes(e))) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// Cells are joined by ',' and rows by ';'; each cell is percent-encoded so a
// ',' or ';' typed into a cell survives.
function writeCells(cells: string[][]): string {
  return cells.map((row) => row.map(encodeCell).join(',')).join(';');
}
function readCells(text: string): string[][] {
  if (text === '') return [];
  return text.split(';').map((row) => row.split(',').map(safeDecode));
}

/** "rand:3:2:42:0.5" (or with ":2" rounding digits) ↔ a random source. */
function writeSource(s: MatrixSource): string {
  if (s.kind === 'cells') return writeCells(s.cells);
  return `rand:${s.rows}:${s.cols}:${s.seed}:${s.scale}` + (s.digits === undefined ? '' : `:${s.digits}`);
}
/**
 * A random source, or the cells of `text`. The expression is linear: ':' ends each run of digits and cannot
 * occur in the scale. Rows and columns are kept up to 2³² − 1 (the largest seed, and every length an array
 * can have), however far over the core's limits: compute.ts reports those limits by name.
 */
function readSource(text: string): MatrixSource | undefined {
  const m = /^rand:(\d+):(\d+):(\d+):([-+0-9.eE]+)(?::(\d+))?$/.exec(text);
  if (m) {
    const [rows, cols, seed, scale] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    const digits = m[5] === undefined ? undefined : Number(m[5]);
    const size = (n: number) => n >= 1 && n <= MAX_UINT32;
    if (!size(rows) || !size(cols) || !Number.isFinite(scale) || seed > MAX_UINT32 || (digits ?? 0) > 15) return undefined;
    return digits === undefined ? { kind: 'random', rows, cols, seed, scale } : { kind: 'random', rows, cols, seed, scale, digits };
  }
  return { kind: 'cells', cells: readCells(text) };
}

function writeMask(mask: boolean[][]): string {
  return mask.map((row) => row.map((b) => (b ? '1' : '0')).join('')).join(';');
}
function readMask(text: string): boolean[][] | undefined {
  if (!/^[01;]*$/.test(text)) return undefined;
  return text === '' ? [] : text.split(';').map((row) => Array.from(row, (c) => c === '1'));
}

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
const URL_KEYS: ReadonlySet<string> = new Set([...Object.values(PROPS).map((p) => p.url), 'pd', 'tokens', 'M', 'run', ...MATRIX_NAMES]);

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
    planeDims: [...s.planeDims],
    tokens: [...s.tokens],
    matrices: { ...s.matrices },
    experiments: { ...s.experiments },
  };
}
