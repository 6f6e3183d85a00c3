// schema.ts — the playground's state: its type, and every field in one table
// (in the spirit of TensorFlow Playground's state.ts), each with its initial
// value, its type and bounds, its key in a share link, its name as an
// attribute of <attention-playground> and its key in the embed API's state
// patch. The link (state.ts: parse, serialize), the embed API (component/
// embed.ts: statePatch) and the element's attributes all walk this table, so
// a bound is written once and checked the same way everywhere.

import {
  ALIGNMENTS,
  defaultMaskParams,
  MASK_MODES,
  POSITIONS,
  ROPE_BASE_RANGE,
  TILE_SIZE_RANGE,
  type Alignment,
  type MaskMode,
  type MaskParams,
  type Positions,
  type RopePairing,
} from './options';
import { OPERATIONS, type Operation } from './ops/ids';
import { cellsOf, readSource, sourceOfValue, writeSource, type MatrixSource } from './source';
import { encode, encodeCell, int, literalSeparators, MAX_UINT32, oneOf, readMask, safeDecode, writeMask } from './url-text';
import { enumOf, ints, isObject, reals, Refused, scalar as scalarOf, whole, type FieldOf, type ScalarKey } from './field';

export { Refused, scalarFromText, scalarFromValue, type ScalarType } from './field';

/** The names of the matrices a user can edit. */
export type MatrixName = 'Q' | 'K' | 'V' | 'X' | 'Wq' | 'Wk' | 'Wv' | 'Wo' | 'bq' | 'bk' | 'bv' | 'bo';

/** What the results show of the weights. */
export type WeightsView = 'heatmap' | 'lines' | 'both';

/** The colour themes: auto follows the host page's own scheme, else the reader's prefers-color-scheme (component/theme.ts). */
export const THEMES = ['auto', 'light', 'dark'] as const;
/** The colour theme asked for. */
export type Theme = (typeof THEMES)[number];

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
  /** Where the queries sit among the keys when n_q ≠ n_k: top-left (query i at position i) or bottom-right (at n_k − n_q + i); every mask and position mode follows it. */
  align: Alignment;
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
  /** The colour theme: auto (the host page's scheme, else prefers-color-scheme), light or dark; the reader's, so presets and lesson steps keep it. */
  theme: Theme;
}

// ---------------------------------------------------------------- the table

/** The largest number of heads (the core's maxHeads). */
const MAX_HEADS = 256;
/** The whole-number mask parameters: field ↔ link key, each 0 … 2³² − 1 (the builders check them against n). */
const MASK_NUMBERS: readonly (readonly [Exclude<keyof MaskParams, 'globals'>, string])[] = [
  ['window', 'mw'],
  ['prefix', 'mp'],
  ['dilation', 'md'],
  ['block', 'mb'],
  ['randomBlocks', 'mr'],
  ['maskSeed', 'ms'],
];
const MATRIX_NAMES: readonly MatrixName[] = ['Q', 'K', 'V', 'X', 'Wq', 'Wk', 'Wv', 'Wo', 'bq', 'bk', 'bv', 'bo'];

/** A host's mask parameters: any of MaskParams' fields, whole numbers ≥ 0 (globals a list of them); the rest keep the defaults. */
function maskParamsOf(v: unknown): MaskParams | undefined {
  if (!isObject(v)) return undefined;
  const out = defaultMaskParams();
  for (const [k, x] of Object.entries(v)) {
    if (k === 'globals' && Array.isArray(x) && x.every(whole)) out.globals = [...x];
    else if (k !== 'globals' && Object.hasOwn(out, k) && whole(x)) out[k as Exclude<keyof MaskParams, 'globals'>] = x;
    else return undefined;
  }
  return out;
}

/** A host's matrices (name → rows or a random source), or what is wrong with them. */
function matricesOf(v: unknown): Partial<Record<MatrixName, MatrixSource>> | Refused {
  if (!isObject(v)) return new Refused('matrices must be an object of name → rows');
  const matrices: Partial<Record<MatrixName, MatrixSource>> = {};
  for (const [name, value] of Object.entries(v)) {
    if (!(MATRIX_NAMES as readonly string[]).includes(name)) return new Refused(`unknown matrix "${name}" (one of ${MATRIX_NAMES.join(', ')})`);
    const src = sourceOfValue(name, value);
    if (typeof src === 'string') return new Refused(src);
    matrices[name as MatrixName] = src;
  }
  return matrices;
}

/** One field of the state and how each channel carries it (field.ts). */
export type Field<K extends keyof State = keyof State> = FieldOf<State, K>;

/** A one-value field of the state (field.ts: scalar). */
const scalar = <K extends ScalarKey<State>>(key: K, url: string, attr: string, type: Parameters<typeof scalarOf>[3], initial: State[K], always = false) =>
  scalarOf<State, K>(key, url, attr, type, initial, always);

/** The alignment a link without `al` shows: bottom-right for a built mask or positions (as the page did before the choice), else top-left. */
function alignBefore(mask: string, positions: string): Alignment {
  const built = ['window', 'prefix', 'localglobal', 'dilated', 'bigbird'].includes(mask);
  return built || ((POSITIONS as readonly string[]).includes(positions) && positions !== 'none') ? 'bottom-right' : 'top-left';
}

/** Every field of the state, in the order of the link's entries. */
export const FIELDS: readonly Field[] = [
  scalar('op', 'op', 'op', enumOf(OPERATIONS), 'attention', true),
  scalar('mask', 'mask', 'mask', enumOf(MASK_MODES), 'none'),
  scalar('positions', 'pos', 'positions', enumOf(POSITIONS), 'none'),
  scalar('ropeBase', 'rb', 'rope-base', reals(ROPE_BASE_RANGE), 10000),
  scalar('ropePairing', 'rp', 'rope-pairing', enumOf(['half', 'interleaved']), 'half'),
  scalar('scale', 'scale', 'scale', { kind: 'bool' }, true),
  scalar('temperature', 'tau', 'temperature', reals(TEMPERATURE_RANGE), 1),
  scalar('qLength', 'qlen', 'q-length', reals(Q_LENGTH_RANGE), 1),
  scalar('query', 'qi', 'query', ints(0, MAX_UINT32), 0),
  scalar('view', 'view', 'view', enumOf(['heatmap', 'lines', 'both']), 'both'),
  scalar('h', 'h', 'h', ints(1, MAX_HEADS), 1),
  scalar('eps', 'eps', 'eps', reals([0, Number.MAX_VALUE]), 1e-5),
  scalar('numHeads', 'H', 'num-heads', ints(1, MAX_HEADS), 2),
  scalar('numKvHeads', 'G', 'num-kv-heads', ints(1, MAX_HEADS), 1),
  scalar('seed', 'seed', 'seed', ints(0, MAX_UINT32), 42),
  scalar('head', 'head', 'head', ints(0, MAX_HEADS - 1), 0),
  scalar('tileSize', 'tb', 'tile-size', ints(...TILE_SIZE_RANGE), 4),
  scalar('theme', 'theme', 'theme', enumOf(THEMES), 'auto'),
  {
    key: 'mask',
    alias: true,
    initial: () => 'none',
    link: null,
    embed: { key: 'causal', read: (v) => (typeof v === 'boolean' ? (v ? 'causal' : 'none') : undefined), expects: 'true or false: mask causal or none' },
    attr: { name: 'causal', read: (t) => (t === 'true' || t === '' ? 'causal' : t === 'false' ? 'none' : undefined) },
  } satisfies Field<'mask'>,
  {
    key: 'align',
    initial: () => 'top-left',
    // a link written before the alignment had a choice: its built masks and positions put the queries at the
    // last n_q positions and its causal mask top-left, so without `al` those links keep what they showed
    link: {
      keys: ['al'],
      write: (align, state) => (align !== alignBefore(state.mask, state.positions) ? [`al=${align}`] : []),
      read: (entries) => {
        const al = entries.get('al');
        if (al !== undefined) return oneOf(ALIGNMENTS)(safeDecode(al));
        return alignBefore(safeDecode(entries.get('mask') ?? ''), safeDecode(entries.get('pos') ?? ''));
      },
    },
    embed: {
      key: 'align',
      read: (v) => ((ALIGNMENTS as readonly unknown[]).includes(v) ? (v as Alignment) : undefined),
      expects: `one of ${ALIGNMENTS.join(', ')}`,
    },
    attr: { name: 'align', read: (t) => oneOf(ALIGNMENTS)(t) },
  } satisfies Field<'align'>,
  {
    key: 'planeDims',
    initial: () => [0, 1],
    link: {
      keys: ['pd'],
      write: (d) => (d[0] !== 0 || d[1] !== 1 ? [`pd=${d.join(',')}`] : []),
      read: (entries) => {
        const dims = /^(\d{1,3}),(\d{1,3})$/.exec(literalSeparators(entries.get('pd') ?? '', ','));
        return dims && dims[1] !== dims[2] ? [Number(dims[1]), Number(dims[2])] : undefined;
      },
    },
    embed: {
      key: 'planeDims',
      read: (v) => (Array.isArray(v) && v.length === 2 && v.every(whole) && v[0] !== v[1] ? [v[0], v[1]] : undefined),
      expects: 'two different whole numbers, the columns the plane shows',
    },
    attr: null,
  } satisfies Field<'planeDims'>,
  {
    key: 'tokens',
    initial: () => [],
    link: {
      keys: ['tokens'],
      write: (tokens) => (tokens.length > 0 ? [`tokens=${tokens.map(encodeCell).join(',')}`] : []),
      read: (entries) => {
        const tokens = literalSeparators(entries.get('tokens') ?? '', ',');
        return tokens ? tokens.split(',').map(safeDecode) : undefined;
      },
    },
    embed: { key: 'tokens', read: (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v] : undefined), expects: 'an array of strings' },
    attr: { name: 'tokens', read: (t) => t.split(/\s+/).filter((w) => w !== '') },
  } satisfies Field<'tokens'>,
  {
    key: 'maskParams',
    initial: defaultMaskParams,
    link: {
      keys: [...MASK_NUMBERS.map(([, url]) => url), 'mg'],
      write: (m) => {
        const d = defaultMaskParams();
        const parts = MASK_NUMBERS.filter(([k]) => m[k] !== d[k]).map(([k, url]) => `${url}=${m[k]}`);
        if (m.globals.join(',') !== d.globals.join(',')) parts.push(`mg=${m.globals.join(',')}`);
        return parts;
      },
      read: (entries) => {
        if (![...MASK_NUMBERS.map(([, url]) => url), 'mg'].some((k) => entries.has(k))) return undefined;
        const into = defaultMaskParams();
        for (const [k, url] of MASK_NUMBERS) {
          const v = int(0, MAX_UINT32)(safeDecode(entries.get(url) ?? ''));
          if (v !== undefined) into[k] = v;
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
        return into;
      },
    },
    embed: {
      key: 'maskParams',
      read: maskParamsOf,
      expects: `an object of whole numbers ≥ 0 (${MASK_NUMBERS.map(([k]) => k).join(', ')}; globals a list of them)`,
    },
    attr: null,
  } satisfies Field<'maskParams'>,
  {
    key: 'customMask',
    initial: () => [],
    link: {
      keys: ['M'],
      write: (mask, state) => (state.mask === 'custom' ? [`M=${writeMask(mask)}`] : []),
      read: (entries) => {
        const mask = entries.get('M');
        return mask === undefined ? undefined : (readMask(literalSeparators(mask, ';')) ?? []);
      },
    },
    embed: {
      key: 'customMask',
      read: (v) =>
        Array.isArray(v) && v.every((row) => Array.isArray(row) && row.every((b) => typeof b === 'boolean' || b === 0 || b === 1))
          ? (v as (boolean | number)[][]).map((row) => row.map(Boolean))
          : undefined,
      expects: 'rows of true / false (or 1 / 0), true where query i sees key j',
    },
    attr: null,
  } satisfies Field<'customMask'>,
  {
    key: 'experiments',
    initial: () => ({}),
    link: {
      keys: ['x.'], // a prefix: x.<experiment>.<field>
      write: (x) => Object.entries(x).map(([key, value]) => `x.${encode(key)}=${encode(value)}`),
      read: (entries) => {
        const x: Record<string, string> = {};
        for (const [key, value] of entries) if (key.startsWith('x.')) x[safeDecode(key.slice(2))] = safeDecode(value);
        return Object.keys(x).length ? x : undefined;
      },
    },
    embed: {
      key: 'experiments',
      read: (v) => (isObject(v) && Object.values(v).every((x) => typeof x === 'string') ? { ...(v as Record<string, string>) } : undefined),
      expects: 'an object of strings, <experiment>.<setting> → its text',
    },
    attr: null,
  } satisfies Field<'experiments'>,
  {
    key: 'run',
    initial: () => '',
    link: {
      keys: ['run'],
      write: (run) => (run ? [`run=${encode(run)}`] : []),
      read: (entries) => {
        const run = entries.get('run');
        return run && /^[a-z0-9]+$/.test(run) ? run : undefined;
      },
    },
    embed: { key: 'run', read: (v) => (typeof v === 'string' ? v : undefined), expects: 'a string' },
    attr: null,
  } satisfies Field<'run'>,
  {
    key: 'matrices',
    initial: () => ({
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
    }),
    link: {
      keys: MATRIX_NAMES,
      write: (m) => MATRIX_NAMES.flatMap((name) => (m[name] ? [`${name}=${writeSource(m[name])}`] : [])),
      // a link names its matrices explicitly: those, and no others
      read: (entries) => {
        if (!MATRIX_NAMES.some((n) => entries.has(n))) return undefined;
        const matrices: Partial<Record<MatrixName, MatrixSource>> = {};
        for (const name of MATRIX_NAMES) {
          const raw = entries.get(name);
          const src = raw === undefined ? undefined : readSource(literalSeparators(raw, ',;:'));
          if (src) matrices[name] = src;
        }
        return matrices;
      },
    },
    embed: { key: 'matrices', read: matricesOf },
    // JSON of name → rows: those matrices are set, the others kept
    attr: {
      name: 'matrices',
      read: (text, current) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return undefined;
        }
        if (!isObject(parsed)) return undefined;
        const next = { ...current };
        for (const [name, rows] of Object.entries(parsed)) {
          const src = (MATRIX_NAMES as readonly string[]).includes(name) ? sourceOfValue(name, rows) : undefined;
          if (src && typeof src !== 'string') next[name as MatrixName] = src;
        }
        return next;
      },
    },
  } satisfies Field<'matrices'>,
] as readonly Field[];

/** A state with every field at its initial value: the hand-sized 3×2 example. */
export function defaultState(): State {
  const s: Partial<Record<keyof State, unknown>> = {};
  for (const f of FIELDS) if (!f.alias) s[f.key] = f.initial();
  return s as State;
}

/** The field of a one-value State key (its type and bounds: what a control offers). */
export function fieldOf(key: ScalarKey<State>): Field {
  return FIELDS.find((f) => f.key === key && !f.alias) as Field;
}

/** The bounds [min, max] of a whole-number or number field. */
export function boundsOf(key: ScalarKey<State>): readonly [number, number] {
  const t = fieldOf(key).type;
  return t && (t.kind === 'int' || t.kind === 'real') ? [t.min, t.max] : [-Infinity, Infinity];
}
