// one-run.ts — what the experiments client and the compute client
// share: one lazily started Web Worker running one request at a time. A newer
// run cancels the older one, cancel terminates the worker (which stops it even
// inside a long WASM call; the next run starts a fresh one), messages of a
// cancelled run are dropped, and a worker that fails to start rejects its run.

/** The part of a Worker the clients use (a test can pass a fake). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((e: MessageEvent) => unknown) | null;
  onerror: ((e: ErrorEvent) => unknown) | null;
}

/** A run waiting for its worker's answer; subclasses add what they need (progress callback, names). */
export interface Run {
  id: number;
  resolve: (value: never) => void;
  reject: (e: Error) => void;
}

/** One worker, one run at a time; a subclass says what its messages mean. */
export abstract class OneRunWorker<M extends { id: number }, R extends Run> {
  private worker: WorkerLike | null = null;
  private pending: R | null = null;
  private nextId = 1;

  /** `makeWorker` starts the worker (tests pass a fake); `label` names it in a start-up failure. */
  constructor(
    private readonly makeWorker: () => WorkerLike,
    private readonly label: string,
  ) {}

  /** True while a run is going. */
  get running(): boolean {
    return this.pending !== null;
  }

  /** Stop the current run now (terminates the worker); true if one was running. */
  cancel(): boolean {
    const p = this.pending;
    if (!p) return false;
    this.pending = null;
    this.dropWorker();
    p.reject(this.cancelled(p));
    return true;
  }

  /** Cancel any run and stop the worker. */
  dispose(): void {
    this.cancel();
    this.dropWorker();
  }

  /** Cancel the current run, then post `request(id)` and wait for its end (`run` is the rest of the pending record). */
  protected start<T>(run: Omit<R, keyof Run>, request: (id: number) => unknown): Promise<T> {
    this.cancel(); // one run at a time: a newer run replaces an older one
    const id = this.nextId++;
    const worker = this.ensureWorker();
    return new Promise<T>((resolve, reject) => {
      this.pending = { ...run, id, resolve, reject } as unknown as R;
      worker.postMessage(request(id));
    });
  }

  /** The rejection of a cancelled run. */
  protected abstract cancelled(p: R): Error;
  /** True for a progress message (the run goes on); anything else ends the run. */
  protected abstract isProgress(m: M): boolean;
  /** Report a progress message of the current run. */
  protected abstract progress(m: M, p: R): void;
  /** Settle the run `p` with its final message `m`. */
  protected abstract finish(m: M, p: R): void;

  /** The worker, started if need be. */
  protected ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    w.onmessage = (e: MessageEvent) => this.receive(e.data as M);
    w.onerror = (e: ErrorEvent) => {
      // the worker itself failed (e.g. its script or the WASM did not load)
      const p = this.pending;
      this.pending = null;
      this.dropWorker();
      p?.reject(new Error(`${this.label} worker failed: ${e.message || 'could not start'}`));
    };
    this.worker = w;
    return w;
  }

  /** Terminate the worker, if there is one. */
  protected dropWorker(): void {
    if (!this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.worker = null;
  }

  private receive(m: M): void {
    const p = this.pending;
    if (!p || m.id !== p.id) return; // a message of a cancelled run
    if (this.isProgress(m)) {
      this.progress(m, p);
      return;
    }
    this.pending = null;
    this.finish(m, p);
  }
}
