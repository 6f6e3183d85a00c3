// @vitest-environment jsdom
// SVG snapshots of the token view on fixed inputs: toSVG() compared with
// files in __snapshots__/ (token-lines-*.svg, viewable in a browser). Any
// change to what the figure draws or exports shows up here as a diff; update
// with `npx vitest run tests/web/figures/token-lines/snapshots -u` only when
// the change is meant. The inputs are exact (fixtures.ts) and text widths are
// estimated, so the files are the same on every machine.
import { describe, expect, it } from 'vitest';
import { TokenLines, type TokenLinesData, type TokenLinesOptions, type TokenLinesWords } from '../../../../web/src/figures/token-lines/token-lines';
import { box, parseSVG } from '../../support/dom-test-kit';
import { TOKENS, causalData, causalHead, previousTokenHead } from './fixtures';

/** The exported SVG of a token view of these data at this width, checked to be well-formed. */
function exported(data: TokenLinesData, options: TokenLinesOptions, width: number): string {
  const tl = new TokenLines(box(width), options);
  tl.update(data);
  const svg = tl.toSVG();
  tl.destroy();
  parseSVG(svg);
  return svg;
}

/** The token view's words in 中文 (as the i18n table has them). */
const zh: Partial<TokenLinesWords> = {
  queries: '查询',
  keys: '键',
  head: '第 {n} 个头',
  headsMany: '{n} 个头',
  ariaTitled: '{title}：注意力连线，{rows} 个查询 × {cols} 个键，{heads}。',
  weight: '权重',
  svgTitle: '{title}（查询 → 键）',
};

describe('token view SVG snapshots', () => {
  it('a causal 4 × 4, one head: 10 lines, no head legend', async () => {
    const svg = exported(causalData(['the', 'cat', 'sat', 'down']), { title: 'head 1' }, 360);
    expect(svg.match(/<line class="tl-line"/g)).toHaveLength(10);
    expect(svg).not.toContain('tl-legend-head');
    expect(svg).toContain('<title>head 1 (queries → keys)</title>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/token-lines-causal.svg');
  });

  it('two heads on "the cat sat on the mat": two colours side by side and a legend naming them', async () => {
    const svg = exported(causalData(TOKENS, [causalHead(6), previousTokenHead(6)]), { title: 'Layer 0' }, 480);
    expect(svg.match(/stroke="#0072B2"/g)!.length).toBeGreaterThanOrEqual(2); // head group and legend
    expect(svg.match(/stroke="#D55E00"/g)!.length).toBeGreaterThanOrEqual(2);
    expect(svg.match(/data-head="1" data-i="\d" data-j="\d"/g)).toHaveLength(21);
    expect(svg).toContain('>head 2</text>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/token-lines-two-heads.svg');
  });

  it('in 中文: token labels, headings, legend and accessible name', async () => {
    const tokens = ['我', '喜欢', '注意力', '机制'];
    const svg = exported(causalData(tokens, [causalHead(4, ''), previousTokenHead(4, '')]), { title: '第 0 层', words: zh }, 360);
    expect(svg).toContain('aria-label="第 0 层：注意力连线，4 个查询 × 4 个键，2 个头。"');
    expect(svg).toContain('<title>第 0 层（查询 → 键）</title>');
    expect(svg).toContain('>注意力</text>');
    expect(svg).toContain('>第 2 个头</text>');
    expect(svg).toContain('>权重</text>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/token-lines-zh.svg');
  });

  it('long token names at a phone width: labels cut with "…", the full text in a <title>', async () => {
    const tokens = ['Transformers', 'use', 'self-attention', 'mechanisms', 'everywhere', 'internationalisation'];
    const svg = exported(causalData(tokens), {}, 343);
    const doc = parseSVG(svg);
    const cut = Array.from(doc.querySelectorAll('.tl-labels-q text')).filter((t) => t.querySelector('title'));
    expect(cut.map((t) => t.querySelector('title')!.textContent)).toEqual(['self-attention', 'internationalisation']);
    for (const t of cut) expect(t.firstChild!.textContent!.endsWith('…')).toBe(true);
    expect(doc.documentElement.getAttribute('width')).toBe('343');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/token-lines-long-labels.svg');
  });
});
