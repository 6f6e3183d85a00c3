// url-text.ts — the text of a link: percent-encoding that never throws, the
// separators a link rewriter may have encoded, masks, and the readers of one
// value (a whole number, a number in a range, a choice); state.ts builds the
// whole URL form from them and the schema's table (schema.ts).

/** The largest seed, and the largest size of a random source: 2³² − 1. */
export const MAX_UINT32 = 2 ** 32 - 1;

/** The engine's String.prototype.toWellFormed (ES2024: Chrome 111, Firefox 119, Safari 16.4), when it has one. */
const nativeWellFormed = (String.prototype as { toWellFormed?: (this: string) => string }).toWellFormed;

/**
 * `text` with every lone surrogate replaced by U+FFFD; linear. The engine's own toWellFormed where there is one (a
 * megabyte of lone surrogates in a few ms), else the same in JS (whose many small concatenations keep the garbage
 * collector busy: about 30× slower on such text).
 */
export function wellFormed(text: string): string {
  return nativeWellFormed ? nativeWellFormed.call(text) : wellFormedJs(text);
}

/** wellFormed() written out, for an engine without toWellFormed. */
export function wellFormedJs(text: string): string {
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
export const encode = (text: string): string => encodeURIComponent(wellFormed(text));

/** A cell's or a token's text, percent-encoded, with the separators ',', ';' and ':' in lower-case hex (see literalSeparators). */
export const encodeCell = (text: string): string =>
  ['%2C', '%3B', '%3A'].reduce((t, code) => (t.includes(code) ? t.split(code).join(code.toLowerCase()) : t), encode(text)); // split/join: 6× faster than replaceAll on a long text

/** Percent-decode, keeping text that is not valid percent-encoding (e.g. "100%", "%ED%A0%BD") as it is; always well-formed. */
export function safeDecode(t: string): string {
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

export function writeMask(mask: boolean[][]): string {
  return mask.map((row) => row.map((b) => (b ? '1' : '0')).join('')).join(';');
}
export function readMask(text: string): boolean[][] | undefined {
  if (!/^[01;]*$/.test(text)) return undefined;
  return text === '' ? [] : text.split(';').map((row) => Array.from(row, (c) => c === '1'));
}

/** A reader of whole numbers in [lo, hi]. */
export const int = (lo: number, hi: number) => (t: string) => {
  const n = Number(t);
  return t.trim() !== '' && Number.isInteger(n) && n >= lo && n <= hi ? n : undefined; // Number('') is 0
};
/** A finite number in [lo, hi]. */
export const within =
  ([lo, hi]: readonly [number, number]) =>
  (t: string) => {
    const x = Number(t);
    return t.trim() !== '' && Number.isFinite(x) && x >= lo && x <= hi ? x : undefined;
  };
/** '1' → true, '0' → false. */
export const bool = (t: string) => (t === '1' ? true : t === '0' ? false : undefined);
/** A reader of one of `values`. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (t: string) =>
    (values as readonly string[]).includes(t) ? (t as T) : undefined;
