// numeric-format.ts — what d3-scale imports from d3-format, for the one format the page's scales ask for.
//
// A linear scale formats its ticks with d3-format (tickFormat: ",f" with the precision of the tick step), and
// so d3-scale brings all of d3-format (locales, SI prefixes, currencies, padding, alignment, numerals: 2 KB
// gzipped, on the first screen) though only the line chart's linear axes call it. The builds give d3-scale
// this module in d3-format's place (scripts/numeric-scales.ts): fixed point ("f"), with or without grouping
// (","), at a precision, written exactly as d3-format 3 writes it in its default locale ("," thousands, "."
// decimal, "−" minus, "NaN"). Any other specifier is refused: a format the page does not use is a bug. Same
// formulas as d3-format 3.1 (ISC licence, Mike Bostock); tests/web/figures/numeric-format.test.ts compares them
// with it.

/** A parsed specifier: grouping, precision (digits after the point) and type. */
export interface Specifier {
  comma: boolean;
  precision: number | undefined;
  type: string;
  toString(): string;
}

const SPECIFIER = /^(,)?(?:\.(\d+))?(f)$/;

/** Parse "[,][.precision]f" (d3's formatSpecifier, for the fixed-point specifiers only). */
export function formatSpecifier(specifier: string | Specifier): Specifier {
  const m = SPECIFIER.exec(String(specifier));
  if (!m) throw new TypeError(`numeric-format: the page formats numbers with [,][.precision]f only, got "${String(specifier)}"`);
  return {
    comma: m[1] === ',',
    precision: m[2] === undefined ? undefined : Number(m[2]),
    type: m[3],
    toString() {
      return `${this.comma ? ',' : ''}${this.precision === undefined ? '' : `.${Math.max(0, this.precision | 0)}`}${this.type}`;
    },
  };
}

/** The decimal exponent of x (1.23e-4 → −4), NaN for 0, ±∞ and NaN. */
function exponent(x: number): number {
  x = Math.abs(x);
  if (!Number.isFinite(x) || x === 0) return NaN;
  const s = x.toExponential();
  return Number(s.slice(s.indexOf('e') + 1));
}

/** Digits in groups of three from the right, joined by ",". */
function group(digits: string): string {
  const parts: string[] = [];
  for (let i = digits.length; i > 0; i -= 3) parts.unshift(digits.slice(Math.max(0, i - 3), i));
  return parts.join(',');
}

/** A formatter for the specifier: x.toFixed(precision) (6 when none), its integer part grouped with ",", "−" for a negative that does not round to 0. */
export function format(specifier: string | Specifier): (value: number) => string {
  const { comma, precision } = formatSpecifier(specifier);
  const digits = precision === undefined ? 6 : Math.max(0, Math.min(20, precision));
  return (x) => {
    const value = +x;
    const text = Number.isNaN(value) ? 'NaN' : Math.abs(value).toFixed(digits);
    // -0 is negative too (1 / -0 < 0), but a value that rounds to 0 has no sign
    const negative = (value < 0 || 1 / value < 0) && Number(text) !== 0;
    const cut = text.search(/\D/); // the integer part: the digits before the point (or "e", "NaN", "Infinity")
    const [whole, rest] = cut < 0 ? [text, ''] : [text.slice(0, cut), text.slice(cut)];
    return (negative ? '−' : '') + (comma ? group(whole) : whole) + rest;
  };
}

/** The digits after the point that show a step (0.25 → 2): d3's precisionFixed. */
export function precisionFixed(step: number): number {
  return Math.max(0, -exponent(Math.abs(step)));
}

/** The significant digits that tell max from max − step: d3's precisionRound. */
export function precisionRound(step: number, max: number): number {
  step = Math.abs(step);
  max = Math.abs(max) - step;
  return Math.max(0, exponent(max) - exponent(step)) + 1;
}

/** The digits after an SI prefix's point that show a step at value's scale: d3's precisionPrefix. */
export function precisionPrefix(step: number, value: number): number {
  return Math.max(0, Math.max(-8, Math.min(8, Math.floor(exponent(value) / 3))) * 3 - exponent(Math.abs(step)));
}

/** SI-prefixed formats ("s"): not used by the page (a log scale's default tick format would ask for one). */
export function formatPrefix(specifier: string | Specifier, _value?: number): (value: number) => string {
  throw new TypeError(`numeric-format: SI-prefixed formats are not bundled, got "${String(specifier)}"`);
}
