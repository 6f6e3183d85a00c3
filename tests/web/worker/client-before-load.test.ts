// The experiment settings are checked against the core's limits, which a
// thread knows once it has loaded the core. This file starts with no core
// loaded (vitest gives each test file its own modules): the validators say so
// plainly, and ExperimentClient leaves the check to the worker, whose
// SettingsError carries the same per-field messages.
import { describe, expect, it } from 'vitest';
import { loadedLimits, type Core } from '../../../web/src/core/core';
import type { WorkerLike } from '../../../web/src/worker/client';
import { ExperimentClient } from '../../../web/src/worker/experiment-client';
import { handleRequest } from '../../../web/src/worker/handlers';
import { type RunRequest, type WorkerMessage } from '../../../web/src/worker/protocol';
import { currentLimits, SettingsError } from '../../../web/src/experiments/index';
import { validateScaling } from '../../../web/src/experiments/scaling/settings';
import { loadCoreForNode } from '../support/load-core';

/** A worker that loads the core only when it gets its first request. */
class LazyWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => unknown) | null = null;
  onerror: ((e: ErrorEvent) => unknown) | null = null;
  requests: RunRequest[] = [];
  private core: Promise<Core> | null = null;
  postMessage(message: unknown): void {
    const req = structuredClone(message as RunRequest);
    this.requests.push(req);
    setTimeout(() => {
      void handleRequest(
        () => (this.core ??= loadCoreForNode()),
        req,
        (m: WorkerMessage) => this.onmessage?.({ data: structuredClone(m) } as MessageEvent),
      );
    }, 0);
  }
  terminate(): void {}
}

describe('before this thread has loaded the core', () => {
  it('the validators ask for the core (or explicit limits) instead of guessing', () => {
    expect(loadedLimits()).toBeNull();
    expect(() => currentLimits()).toThrow(/load the core/);
    expect(() => validateScaling({ n: 8 })).toThrow(/load the core/);
  });

  it('the client sends the raw settings and the worker rejects bad ones field by field', async () => {
    const worker = new LazyWorker();
    const client = new ExperimentClient(() => worker);
    await expect(client.run('quadratic', { nMax: '5000', d: 'x' })).rejects.toMatchObject({
      name: 'SettingsError',
      errors: { nMax: 'largest n = 5000 is over the limit of 4096', d: 'd: "x" is not a number' },
    });
    expect(worker.requests[0].settings).toEqual({ nMax: '5000', d: 'x' });
    // the worker has loaded the core (here: the same thread), so the limits are known now
    expect(loadedLimits()).toEqual((await loadCoreForNode()).limits());
    await expect(client.run('quadratic', { nMax: 5000 })).rejects.toBeInstanceOf(SettingsError);
    expect(worker.requests).toHaveLength(1); // checked here this time: no request sent
    const r = await client.run('h1', { n: '4', d: '4', h: '2' });
    expect(r.pass).toBe(true);
    expect(worker.requests[1].settings).toMatchObject({ n: 4, d: 4, h: 2 });
  });
});
