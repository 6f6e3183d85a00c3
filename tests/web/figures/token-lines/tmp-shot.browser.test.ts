import { it } from 'vitest';
import { buildLines } from '../../../../web/src/figures/token-lines/geometry';
import { computeLayout } from '../../../../web/src/figures/token-lines/layout';
import { drawLines, NO_LINES, applyLineView } from '../../../../web/src/figures/token-lines/lines';
import { createSvg } from '../../../../web/src/figures/token-lines/svg';
import { DEFAULT_PALETTE } from '../../../../web/src/figures/token-lines/style';
import { DEFAULT_TOKEN_LINES_WORDS } from '../../../../web/src/figures/token-lines/words';
import { plainData } from './fixtures';

it('timing', () => {
  const n = 64;
  const d = plainData(n, n, 1);
  const s = createSvg(document);
  document.body.append(s.svg);
  const L = computeLayout({ data: d, availableWidth: 600, words: DEFAULT_TOKEN_LINES_WORDS, headNames: ['h'] });
  let drawn = drawLines(s.lines, buildLines(d, L), 1, NO_LINES, DEFAULT_PALETTE);
  const m = (f: () => void): number => { const t0 = performance.now(); for (let k = 0; k < 20; k++) f(); return (performance.now() - t0) / 20; };
  const tb = m(() => buildLines(d, L));
  const tw = m(() => { for (const hd of d.heads) for (let p = 0; p < hd.weights.length; p++) hd.weights[p] = Math.random() / n; drawn = drawLines(s.lines, buildLines(d, L), 1, drawn, DEFAULT_PALETTE); });
  const tv = m(() => applyLineView(drawn, null, null));
  const ts = m(() => { for (const el of drawn.els) el.setAttribute('stroke-width', String(Math.random())); });
  const tsd = m(() => { for (const el of drawn.els) el.setAttribute('data-w', String(Math.random())); });
  const tc = m(() => { for (const el of drawn.els) el.setAttribute('data-w', 'x'); });
  const tc2 = m(() => { for (const el of drawn.els) el.setAttribute('data-w', 'y' + Math.random()); });
  const tstr = m(() => { let z = 0; for (let k = 0; k < 4096; k++) z += String(Math.random()).length; if (z < 0) throw 1; });
  console.log(`const ${tc.toFixed(2)} rand ${tc2.toFixed(2)} str ${tstr.toFixed(2)} mo ${typeof (window as unknown as {MutationObserver: unknown}).MutationObserver}`);
  const tr = m(() => { for (const el of drawn.els) (el as unknown as { x: number }).x = Math.random(); });
  console.log(`build ${tb.toFixed(2)} draw ${tw.toFixed(2)} view ${tv.toFixed(2)} setAttr stroke-width ×4096 ${ts.toFixed(2)} data-w ${tsd.toFixed(2)} noop ${tr.toFixed(2)}`);
});
