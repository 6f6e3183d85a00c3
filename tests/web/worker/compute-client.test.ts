// compute-client.test.ts — computing large states off the page's thread:
// ComputeClient against a fake worker (progress, cancel, a newer run cancels an
// older one, errors), the worker's handler with the real core (stages, the
// outcome, its buffers transferred once), and the page's runner (small → at
// once, large → pending then the worker's outcome, over the caps → refused,
// Cancel, only the latest state reported).
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import type { WorkerLike } from '../../../web/src/worker/client';
import { ComputeCancelled, ComputeClient } from '../../../web/src/worker/client';
import { handleCompute } from '../../../web/src/worker/handlers';
import { transfers, type ComputeMessage, type ComputeRequest } from '../../../web/src/worker/protocol';
import { CANCELLED, Computation, isWorkNote, PENDING, pendingOutcome, type Report } from '../../../web/src/worker/computation';
import { compute, type Outcome } from '../../../web/src/model/compute';
import { presetById } from '../../../web/src/model/presets';
import { defaultState, parse, type State } from '../../../web/src/model/state';
import { WORKER_MULTIPLY_ADDS } from '../../../web/src/model/route';
import { estimateWork } from '../../../web/src/model/work';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A worker the test answers by hand. */
class FakeWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => unknown) | null = null;
  onerror: ((e: ErrorEvent) => unknown) | null = null;
  requests: ComputeRequest[] = [];
  terminated = false;
  postMessage(message: unknown): void {
    this.requests.push(structuredClone(message as ComputeRequest));
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Post `m` as the worker would. */
  send(m: ComputeMessage): void {
    this.onmessage?.({ data: m } as MessageEvent);
  }
}

/** A client over fake workers, and the workers it started. */
function fakeClient(): { client: ComputeClient; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const client = new ComputeClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  });
  return { client, workers };
}

const ok = (o: Outcome) => o.ok;
const BIG = parse('#op=attention&Q=rand:4096:64:1:1&K=rand:4096:64:2:1&V=rand:4096:64:3:1');

describe('ComputeClient', () => {
  test('posts the state, reports each stage, resolves with the outcome', async () => {
    const { client, workers } = fakeClient();
    const stages: string[] = [];
    const run = client.run(defaultState(), (s) => stages.push(s));
    expect(client.running).toBe(true);
    const [w] = workers;
    expect(w.requests).toEqual([{ type: 'compute', id: 1, state: defaultState() }]);
    w.send({ type: 'compute-progress', id: 1, stage: 'start' });
    w.send({ type: 'compute-progress', id: 1, stage: 'inputs' });
    const outcome = compute(core, defaultState());
    w.send({ type: 'computed', id: 1, outcome });
    await expect(run).resolves.toBe(outcome);
    expect(stages).toEqual(['start', 'inputs']);
    expect(client.running).toBe(false);
    // the worker stays for the next run, until released
    void client.run(defaultState());
    expect(workers).toHaveLength(1);
    w.send({ type: 'computed', id: 2, outcome });
    await Promise.resolve();
    client.release();
    expect(w.terminated).toBe(true);
  });

  test('cancel terminates the worker at once and rejects the run; the next run starts a new worker', async () => {
    const { client, workers } = fakeClient();
    const run = client.run(BIG);
    expect(client.cancel()).toBe(true);
    await expect(run).rejects.toBeInstanceOf(ComputeCancelled);
    expect(workers[0].terminated).toBe(true);
    expect(workers[0].onmessage).toBeNull();
    expect(client.cancel()).toBe(false);
    void client.run(defaultState()).catch(() => undefined);
    expect(workers).toHaveLength(2);
    client.dispose();
    expect(workers[1].terminated).toBe(true);
  });

  test('a newer run cancels the older: only the newer outcome arrives', async () => {
    const { client, workers } = fakeClient();
    const older = client.run(BIG);
    const newer = client.run(defaultState());
    await expect(older).rejects.toBeInstanceOf(ComputeCancelled);
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    const outcome = compute(core, defaultState());
    workers[1].send({ type: 'computed', id: 1, outcome: { ok: false, cellErrors: [], code: 'x', message: 'the older run' } }); // a stale id
    workers[1].send({ type: 'computed', id: 2, outcome });
    await expect(newer).resolves.toBe(outcome);
  });

  test('errors: the worker cannot compute, or cannot start', async () => {
    const { client, workers } = fakeClient();
    const run = client.run(defaultState());
    workers[0].send({ type: 'compute-error', id: 1, message: 'could not load the WASM core' });
    await expect(run).rejects.toThrow('could not load the WASM core');
    const again = client.run(defaultState());
    workers[0].onerror?.({ message: '' } as ErrorEvent);
    await expect(again).rejects.toThrow('compute worker failed: could not start');
    expect(workers[0].terminated).toBe(true);
  });
});

describe('the worker’s handler', () => {
  test('posts its stages, then the outcome with each buffer transferred once', async () => {
    const posted: [ComputeMessage, ArrayBuffer[] | undefined][] = [];
    const s = presetById('seed004-gqa')!.build();
    await handleCompute(
      () => Promise.resolve(core),
      { type: 'compute', id: 7, state: s },
      (m, t) => posted.push([m, t]),
    );
    expect(posted.map(([m]) => m.type + ('stage' in m ? `:${m.stage}` : ''))).toEqual([
      'compute-progress:start',
      'compute-progress:inputs',
      'compute-progress:operation',
      'computed',
    ]);
    const [last, buffers] = posted[3];
    if (last.type !== 'computed' || !last.outcome.ok) throw new Error('no outcome');
    expect(last.outcome).toEqual(compute(core, s));
    expect(new Set(buffers).size).toBe(buffers!.length);
    expect(buffers).toContain(last.outcome.view.heads[0].weights.data.buffer);
    expect(new Set(last.outcome.view.heads.map((h) => h.weights.data.buffer)).size).toBe(1); // the 8 heads' weights share one buffer
    expect(transfers({ ok: false, cellErrors: [], code: 'x', message: '' })).toEqual([]);
  });

  test('a core that does not load is a compute-error', async () => {
    const posted: ComputeMessage[] = [];
    await handleCompute(
      () => Promise.reject(new Error('no WASM')),
      { type: 'compute', id: 1, state: defaultState() },
      (m) => posted.push(m),
    );
    expect(posted.at(-1)).toEqual({ type: 'compute-error', id: 1, message: 'no WASM' });
  });
});

describe('the page’s runner', () => {
  /** A runner over a fake client, with what it reported. */
  function runner() {
    const { client, workers } = fakeClient();
    const reports: [State, Outcome, boolean][] = [];
    const report: Report = (state, outcome, final) => reports.push([state, outcome, final]);
    return { computation: new Computation(core, report, () => client), workers, reports };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  test('a small state is computed at once, as compute() does', () => {
    const { computation, workers } = runner();
    expect(computation.run(defaultState())).toEqual(compute(core, defaultState()));
    expect(workers).toHaveLength(0);
  });

  test('a state over the caps is refused at once, without a worker', () => {
    const { computation, workers } = runner();
    const o = computation.run(parse('#op=attention&Q=rand:4096:1:1:1&K=rand:4096:1:2:1&V=rand:4096:4096:3:1'));
    expect(o).toMatchObject({ ok: false, code: 'too_large', message: expect.stringMatching(/^attention: this call needs 6\.9e10 multiply-adds/) as unknown });
    expect(workers).toHaveLength(0);
  });

  test('a large state is pending, then the worker’s outcome is reported; its stages in between', async () => {
    const { computation, workers, reports } = runner();
    const pending = computation.run(BIG);
    expect(pending).toEqual(pendingOutcome(estimateWork(core, BIG), 'start'));
    expect(pending).toMatchObject({ ok: false, code: PENDING, key: 'work.pending', vars: { rows: 4096, cols: 4096 } });
    expect(pending.ok || pending.message).toBe('Computing 4096 × 4096 weights in the background…');
    expect(isWorkNote(pending)).toBe(true);
    expect(computation.busy).toBe(true);
    workers[0].send({ type: 'compute-progress', id: 1, stage: 'operation' });
    const outcome = compute(core, defaultState()); // (any outcome: the fake worker answers what it is told)
    workers[0].send({ type: 'computed', id: 1, outcome });
    await settle();
    expect(reports.map(([s, o, final]) => [s, isWorkNote(o) ? (o.ok ? '' : o.vars?.stage) : ok(o), final])).toEqual([
      [BIG, 'operation', false],
      [BIG, true, true],
    ]);
    expect(computation.busy).toBe(false);
    expect(workers[0].terminated).toBe(true); // 128 MiB of weights: the worker gives its memory back
  });

  test('Cancel: the run stops and its outcome is the cancelled note', async () => {
    const { computation, workers, reports } = runner();
    computation.run(BIG);
    computation.cancel();
    await settle();
    expect(workers[0].terminated).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0][1]).toMatchObject({ ok: false, code: CANCELLED, key: 'work.cancelled' });
    computation.cancel(); // nothing running: nothing reported
    expect(reports).toHaveLength(1);
  });

  test('a newer state cancels the running one: only the newer is ever reported', async () => {
    const { computation, workers, reports } = runner();
    const other = parse('#op=attention&Q=rand:4096:32:1:1&K=rand:4096:32:2:1&V=rand:4096:32:3:1');
    computation.run(BIG);
    computation.run(other);
    expect(workers[0].terminated).toBe(true);
    expect(computation.run(defaultState()).ok).toBe(true); // a small edit: computed at once, the run stopped
    expect(workers[1].terminated).toBe(true);
    await settle();
    expect(reports).toEqual([]);
  });

  test('a worker that fails is reported as the failure', async () => {
    const { computation, workers, reports } = runner();
    computation.run(BIG);
    workers[0].send({ type: 'compute-error', id: 1, message: 'no WASM' });
    await settle();
    expect(reports[0][1]).toMatchObject({ ok: false, code: 'internal', key: 'work.failed', message: 'the background computation failed: no WASM' });
  });

  test('without workers (jsdom, old browsers) a large state is computed at once', () => {
    const make = vi.fn(() => null);
    const computation = new Computation(core, () => undefined, make);
    const large = parse('#op=attention&Q=rand:1200:4:1:1&K=rand:1200:4:2:1&V=rand:1200:4:3:1'); // over the threshold, quick
    expect(estimateWork(core, large).multiplyAdds).toBeGreaterThan(WORKER_MULTIPLY_ADDS);
    expect(computation.run(large).ok).toBe(true);
    expect(make).toHaveBeenCalled();
  });
});
