// panel-host.browser.test.ts — which panels a live update (a drag, typing) reaches, in a real Chromium with
// real IntersectionObservers: one in sight is rendered and told what is pointed at; one out of sight is
// skipped (stale), is not told, and is up to date again once it comes near the screen.
import { fakeContext } from '../support/fake-context';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { PanelHost, type HostOwner } from '../../../web/src/component/panel-host';
import { loadCore, type Core } from '../../../web/src/core/core';
import { compute, type Outcome } from '../../../web/src/model/compute';
import { defaultState, type State } from '../../../web/src/model/state';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});
afterEach(() => {
  document.body.replaceChildren();
  window.scrollTo(0, 0);
});

/** The results panel on the screen and the explanation panel 4000 px below it, their host, and what it was given. */
async function twoPanels() {
  let state: State = defaultState();
  let outcome: Outcome = compute(core, state);
  const owner: HostOwner = {
    current: () => ({ state, outcome }),
    rendering: (f) => f(),
    changed: () => undefined,
    adopt: () => undefined,
    register: () => undefined,
  };
  const host = new PanelHost(
    fakeContext(() => state, core),
    new Set(['results', 'explain']),
    owner,
  );
  const [results] = host.column('right');
  const spacer = document.createElement('div');
  spacer.style.height = '4000px';
  document.body.append(results, spacer, ...host.column('right').slice(1));
  /** Render the current state and outcome (`live`: as a drag does). */
  const render = (live: boolean) =>
    host.render(
      state,
      outcome,
      false,
      () => true,
      () => undefined,
      live,
    );
  render(false);
  host.loadRest();
  await vi.waitFor(() => expect(host.upToDate()).toHaveLength(2), { timeout: 5000 });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // the observers' first answers
  const next = (query: number) => {
    state = { ...state, query };
    outcome = compute(core, state);
    render(true);
  };
  return { host, next, explain: () => host.elementOf('explain')! };
}

describe('a live update', () => {
  test('renders the panels in sight; one out of sight is skipped, not told what is pointed at, and catches up near the screen', async () => {
    const { host, next, explain } = await twoPanels();
    const [results, other] = host.upToDate();
    expect(host.upToDate().map((p) => p.element)).toEqual([results.element, explain()]);
    const explained = vi.spyOn(other, 'render');
    next(1);
    expect(explained, 'out of sight: not rendered').not.toHaveBeenCalled();
    expect(host.upToDate(), 'and not among the panels told what is pointed at').toEqual([results]);
    explain().scrollIntoView();
    await vi.waitFor(() => expect(host.upToDate()).toEqual([results, other]), { timeout: 5000 });
    expect(explained, 'near the screen: caught up').toHaveBeenCalledTimes(1);
    host.dispose();
  });
});
