// pytorch-copy.spec.ts — "Copy as PyTorch" from the page, run by torch: a RoPE + sliding-window
// example (multi_head, 8 tokens, 2 heads, w = 3), an ALiBi + BigBird one and a RoPE + prefix-LM one; the copied script, run by
// /usr/bin/python3 with torch (float64), gives the weights the page shows (its "All as JSON" download)
// within 1e-9. Without torch the test fails and says to install python3-torch (scripts/setup.sh lists it).

import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { downloadText } from './experiment-runs';
import { open } from './playground';

const PYTHON = '/usr/bin/python3';

/** Runs a copied script and prints its `weights` as JSON (a list per head for multi_head). */
const RUNNER = `
import contextlib, io, json, sys
ns = {"__name__": "__main__"}
with contextlib.redirect_stdout(io.StringIO()):
    exec(compile(sys.stdin.read(), "copied.py", "exec"), ns)
print(json.dumps(ns["weights"].tolist()))
`;

type Nested = number | Nested[];

/** The largest |a − b| over two nested arrays of the same shape (Infinity when the shapes differ). */
function maxAbsDiff(a: Nested, b: Nested): number {
  if (typeof a === 'number' || typeof b === 'number') return typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) : Infinity;
  if (a.length !== b.length) return Infinity;
  return a.reduce<number>((m, x, i) => Math.max(m, maxAbsDiff(x, b[i])), 0);
}

const rows = (n: number, d: number, seed: number): string =>
  Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, j) => (Math.sin(seed * 7.1 + i * 1.3 + j * 2.9) * 1.5).toFixed(3)).join(',')).join(';');

const CASES = [
  { what: 'RoPE (half, base 10000) + sliding window w = 3, multi_head h = 2', hash: `op=multi_head&h=2&pos=rope&mask=window&mw=3`, n: 8 },
  {
    what: 'ALiBi + BigBird (16 tokens, block 2, 1 random block, seed 5), multi_head h = 4',
    hash: `op=multi_head&h=4&pos=alibi&mask=bigbird&mb=2&mr=1&ms=5`,
    n: 16,
  },
  { what: 'RoPE (interleaved, base 500) + prefix-LM p = 3, attention', hash: `op=attention&pos=rope&rp=interleaved&rb=500&mask=prefix&mp=3`, n: 8 },
];

test.beforeAll(() => {
  try {
    execFileSync(PYTHON, ['-c', 'import torch'], { stdio: 'pipe' });
  } catch {
    throw new Error(`${PYTHON} has no torch: install python3-torch (apt-get install python3-torch; scripts/setup.sh lists it)`);
  }
});

for (const { what, hash, n } of CASES)
  test(`Copy as PyTorch, run by torch, gives the page's weights: ${what}`, async ({ page, url }) => {
    await open(page, `${url}#${hash}&Q=${rows(n, 8, 1)}&K=${rows(n, 8, 2)}&V=${rows(n, 8, 3)}`);
    await expect(page.locator('[data-testid=op-message]')).toBeHidden();
    const json = JSON.parse((await downloadText(page, 'export-json')).text) as { weights: Nested[] };
    const shown: Nested = hash.startsWith('op=multi_head') ? json.weights : json.weights[0];

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('[data-testid=copy-pytorch]').click();
    await expect(page.locator('[data-testid=export-status]')).not.toHaveText('');
    const script = await page.evaluate(() => navigator.clipboard.readText());
    expect(script, 'the script builds the mask the page uses').toContain('mask = torch.tensor(');
    expect(script, 'the script writes the positions out').toMatch(hash.includes('pos=rope') ? /def rotate_(half|interleaved)/ : /get_slopes|slopes/);

    const torchWeights = JSON.parse(execFileSync(PYTHON, ['-c', RUNNER], { input: script, encoding: 'utf8' })) as Nested;
    const diff = maxAbsDiff(shown, torchWeights);
    console.log(`pytorch copy: ${what}: largest |page − torch| = ${diff.toExponential(2)}`);
    expect(diff, `largest |page − torch| for ${what}`).toBeLessThan(1e-9);
    // the mask is in the numbers: some weights are exactly 0 in both
    const zeros = (x: Nested): number => (typeof x === 'number' ? (x === 0 ? 1 : 0) : x.reduce<number>((s, y) => s + zeros(y), 0));
    expect(zeros(shown), 'hidden keys have weight exactly 0 on the page').toBeGreaterThan(0);
    expect(zeros(torchWeights), 'and in torch').toBe(zeros(shown));
  });
