// schema-theme.test.ts — the state's `theme` field (web/src/model/schema.ts):
// its values in the link, the attribute and the embed patch, the initial
// `auto` never written (so every link written before it opens as it did),
// and the pure helpers of component/theme.ts that keep the reader's theme.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { statePatch } from '../../../web/src/model/patch';
import { THEMES } from '../../../web/src/model/schema';
import { defaultState, FIELDS, parse, serialize, type State } from '../../../web/src/model/state';
import { keepingTheme, onlyTheme } from '../../../web/src/component/theme';

const theme = FIELDS.find((f) => f.key === 'theme' && !f.alias)!;
const CORPUS = JSON.parse(readFileSync('tests/fixtures/links.json', 'utf8')) as { link: string }[];

describe('the theme field', () => {
  test('auto, light or dark: link key theme, attribute theme, embed key theme; auto at first', () => {
    expect(THEMES).toEqual(['auto', 'light', 'dark']);
    expect(theme.type).toEqual({ kind: 'enum', values: THEMES });
    expect(theme.link!.keys).toEqual(['theme']);
    expect(theme.attr!.name).toBe('theme');
    expect(theme.embed!.key).toBe('theme');
    expect(defaultState().theme).toBe('auto');
  });

  test('each value read the same way by the link, the attribute and the embed patch', () => {
    for (const t of THEMES) {
      expect(parse(`#theme=${t}`).theme).toBe(t);
      expect(theme.attr!.read(t, 'auto')).toBe(t);
      expect(statePatch({ theme: t })).toEqual({ ok: true, patch: { theme: t } });
    }
  });

  test('out of bounds: a link keeps auto, the attribute and the embed patch refuse it', () => {
    for (const bad of ['', 'Dark', 'DARK', 'night', 'slate', 'dark ', '1']) {
      expect(parse(`#theme=${encodeURIComponent(bad)}`).theme, `link "${bad}"`).toBe('auto');
      expect(theme.attr!.read(bad, 'auto'), `attribute "${bad}"`).toBeUndefined();
    }
    for (const bad of ['night', 1, true, null, ['dark']]) expect(statePatch({ theme: bad }).ok, `embed ${JSON.stringify(bad)}`).toBe(false);
  });

  test('auto is not written; light and dark are, and read back', () => {
    expect(serialize(defaultState())).not.toContain('theme');
    for (const t of ['light', 'dark'] as const) {
      const s: State = { ...defaultState(), theme: t };
      expect(serialize(s)).toContain(`theme=${t}`);
      expect(parse(serialize(s))).toEqual(s);
    }
  });

  test('no link of the corpus changes: each opens with auto and is written back without a theme', () => {
    for (const { link } of CORPUS) {
      expect(parse(link).theme, link).toBe('auto');
      expect(serialize(parse(link)), link).not.toMatch(/(^|&)theme=/);
    }
  });
});

describe('the reader’s theme kept', () => {
  test('keepingTheme: a change that replaces the whole state (a preset) keeps the theme; other fields change', () => {
    const s: State = { ...defaultState(), theme: 'dark' };
    keepingTheme((x) => Object.assign(x, defaultState(), { op: 'multi_head' }))(s);
    expect(s.theme).toBe('dark');
    expect(s.op).toBe('multi_head');
  });

  test('onlyTheme: a link whose own entries are only the theme is no state of its own (the lesson’s entries aside)', () => {
    expect(onlyTheme('#theme=dark')).toBe(true);
    expect(onlyTheme('#lesson=masks&step=2&theme=dark')).toBe(true);
    expect(onlyTheme('#lesson=masks&step=2&theme=dark&op=attention')).toBe(false);
    expect(onlyTheme('#lesson=masks&step=2')).toBe(false);
    expect(onlyTheme('')).toBe(false);
    expect(onlyTheme('#op=attention')).toBe(false);
  });
});
