// explain-format.ts — the pieces a written-out computation is made of
// (explain.ts), and how each number is shown: 4 significant digits in the
// text, the full float64 value beside it (a title, a tooltip), the minus sign
// "−", a negative factor in parentheses. Pure: no DOM; the panel turns the
// pieces into <var>, <sub>, <sup> (explain-panel.ts), plainText() into one
// line of Unicode for copying and for screen readers.

/** A number as the explanation shows it. */
export interface Shown {
  /** The float64 value. */
  value: number;
  /** 4 significant digits (an integer in full), e.g. "0.7071", "−3", "4.852×10⁸". */
  text: string;
  /** Every digit of the value (the shortest text that reads back as the same float64), e.g. "0.7071067811865475". */
  full: string;
}

/** One piece of a written-out line. */
export type Piece =
  /** Words, operators and brackets, as they are. */
  | { kind: 'text'; text: string }
  /** A variable with a subscript: q₀, k₂, x₀,₂, d_k. */
  | { kind: 'var'; name: string; sub: string }
  /** A number; `paren` wraps a negative one in parentheses (a factor or a term: 0·(−1)). */
  | { kind: 'num'; num: Shown; paren: boolean }
  /** A base raised to a power: e^(…). */
  | { kind: 'pow'; base: string; pieces: Piece[] };

const MINUS = '−';
const SUPERSCRIPT: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  i: 'ᵢ',
  j: 'ⱼ',
  k: 'ₖ',
  v: 'ᵥ',
};

/** A number's text with the minus sign "−" instead of "-". */
const minus = (s: string) => s.replace(/-/g, MINUS);

/** "0.5000" → "0.5", "2.000" → "2", "12.30" → "12.3". */
function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** |x| as m.mmm×10ⁿ. */
function scientific(a: number): string {
  const [mantissa, exponent] = a.toExponential(3).split('e');
  const power = String(Number(exponent))
    .split('')
    .map((c) => SUPERSCRIPT[c] ?? c)
    .join('');
  return `${trimZeros(mantissa)}×10${power}`;
}

/** x with 4 significant digits (whole numbers in full up to 10⁶, rounded ones from 10⁴), "−" for minus, ±∞ spelled out. */
export function formatShort(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (x === 0) return '0';
  const a = Math.abs(x);
  const sign = x < 0 ? MINUS : '';
  if (a >= 1e6 || a < 1e-4) return sign + scientific(a);
  if (Number.isInteger(a)) return sign + String(a);
  const p = a.toPrecision(4);
  if (p.includes('e')) return sign + String(Math.round(a)); // 10⁴ ≤ a < 10⁶
  return sign + trimZeros(p);
}

/** x with every digit: the shortest text that reads back as the same float64, "−" for minus. */
export function formatFull(x: number): string {
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  return minus(Object.is(x, -0) ? '0' : String(x));
}

/** x as the explanation shows it. */
export function shown(x: number): Shown {
  return { value: x, text: formatShort(x), full: formatFull(x) };
}

/** A share as a percentage with 3 significant digits: 0.40114 → "40.1%". */
export function formatPercent(fraction: number): string {
  return `${formatShort(Number((fraction * 100).toPrecision(3)))}%`;
}

/** Words or operators. */
export const text = (t: string): Piece => ({ kind: 'text', text: t });
/** A variable with a subscript (0-based indices, "i,j", "k"). */
export const v = (name: string, sub: string | number): Piece => ({ kind: 'var', name, sub: String(sub) });
/** A number; a negative one in parentheses when `paren`. */
export const num = (x: number, paren = false): Piece => ({ kind: 'num', num: shown(x), paren });
/** e raised to the pieces. */
export const exp = (...pieces: Piece[]): Piece => ({ kind: 'pow', base: 'e', pieces });

/** The subscript in Unicode where every character has one ("0,2" → "₀,₂", "k" → "ₖ"), else after "_". */
export function subscript(sub: string): string {
  const chars = sub.split('');
  if (chars.every((c) => SUBSCRIPT[c] !== undefined || c === ',' || c === '′')) return chars.map((c) => SUBSCRIPT[c] ?? c).join('');
  return `_${sub}`;
}

/** The plain Unicode text of one piece. */
function pieceText(p: Piece): string {
  switch (p.kind) {
    case 'text':
      return p.text;
    case 'var':
      return p.name + subscript(p.sub);
    case 'num':
      return p.paren && p.num.value < 0 ? `(${p.num.text})` : p.num.text;
    case 'pow':
      return `${p.base}^(${plainText(p.pieces)})`;
  }
}

/** The plain Unicode text of a line of pieces, e.g. "q₀·k₂ = 1·1 + 0·1 = 1". */
export function plainText(pieces: readonly Piece[]): string {
  return pieces.map(pieceText).join('');
}

/**
 * The indices to show of `n` terms: all of them up to `most`, else the first 4 and the last 2 (null marks "…").
 */
export function elide(n: number, most = 8): (number | null)[] {
  if (n <= most) return Array.from({ length: n }, (_, c) => c);
  return [0, 1, 2, 3, null, n - 2, n - 1];
}

/** A vector "[a, b, …]" with its entries shown (long ones elided as elide() does). */
export function vector(values: ArrayLike<number>, most = 8): Piece[] {
  const out: Piece[] = [text('[')];
  elide(values.length, most).forEach((c, idx) => {
    if (idx > 0) out.push(text(', '));
    out.push(c === null ? text('…') : num(values[c]));
  });
  out.push(text(']'));
  return out;
}

/** Translate a key (the panel's t(); tests pass the English one). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What a placeholder of a phrase becomes: text, a number, or pieces. */
export type PhraseVar = string | number | Piece | Piece[];

/**
 * The translated sentence `key` as pieces, its {placeholders} replaced by `vars` — numbers stay numbers with their full
 * value (phrase(t, 'explain.largest', { w: num(0.4) }) → [text('The largest weight, '), num(0.4), …]).
 */
export function phrase(t: Translate, key: string, vars: Record<string, PhraseVar> = {}): Piece[] {
  const template = t(key);
  const out: Piece[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const value = Object.hasOwn(vars, m[1]) ? vars[m[1]] : undefined;
    if (value === undefined) continue;
    if (m.index > last) out.push(text(template.slice(last, m.index)));
    if (typeof value === 'string' || typeof value === 'number') out.push(text(String(value)));
    else if (Array.isArray(value)) out.push(...value);
    else out.push(value);
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(text(template.slice(last)));
  return out;
}
