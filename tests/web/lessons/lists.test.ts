// @vitest-environment jsdom
// lists.test.ts — the panels a lesson's step may show and the controls it may hide are the page's own lists
// (the panels' registry, the embed's controls), so that a lesson file is checked against what the page has.
import { expect, test } from 'vitest';
import { CONTROLS, PANELS } from '../../../web/src/lessons/lesson';

test('the panels and controls a lesson’s step names are the page’s own lists', async () => {
  const { PANELS: pagePanels } = await import('../../../web/src/panels/registry');
  const { CONTROLS: pageControls } = await import('../../../web/src/component/embed');
  expect(PANELS).toEqual([...pagePanels]);
  expect(CONTROLS).toEqual([...pageControls]);
});
