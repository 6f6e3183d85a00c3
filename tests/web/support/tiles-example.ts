// tiles-example.ts — the 16-token causal example the tile stepper's tests
// type into a playground (tests/e2e/tiles.spec.ts, tests/web/panels/tiles.browser.test.ts):
// d = 4, fixed numbers typed as cells, four key tiles of the default size 4.

/** How many tokens. */
export const N = 16;
const rows = (f: (i: number, c: number) => number) => Array.from({ length: N }, (_, i) => Array.from({ length: 4 }, (_, c) => Math.round(f(i, c) * 100) / 100));
const cells = (m: number[][]) => m.map((r) => r.join(',')).join(';');
/** The example as a link's hash. */
export const START = `#op=attention&mask=causal&Q=${cells(rows((i, c) => 2 * Math.sin(1.3 * i + c)))}&K=${cells(rows((i, c) => 2 * Math.cos(0.7 * i - 2 * c)))}&V=${cells(rows((i, c) => i - c / 2))}`;
