// failure.ts — for the parser's module tests: the PasteFailure a call throws.
import { PasteFailure } from '../../../web/src/parse/messages';

/** The PasteFailure that f throws; fails the test when it returns or throws anything else. */
export function failure(f: () => unknown): PasteFailure {
  try {
    f();
  } catch (e) {
    if (e instanceof PasteFailure) return e;
    throw e;
  }
  throw new Error('expected a PasteFailure');
}

/** The code, variables and place of the PasteFailure that f throws, as one plain object. */
export function refused(f: () => unknown): { code: string; vars: Record<string, string | number>; line: number; column: number } {
  const e = failure(f);
  return { code: e.code, vars: e.vars, line: e.pos.line, column: e.pos.column };
}
