/**
 * Which render worker a render goes to (render-pool.ts): the idlest, except
 * that a page rendered alone gets a worker that holds nothing else until it
 * answers. That is how a stuck page is told from the pages stopped with it
 * (page-rendering.ts): a worker stopped as stuck while it held one page alone
 * was stuck on that page.
 */
import type { RenderWorker } from './render-worker-thread';

export class WorkerChoice {
  /** Workers rendering a page alone: nothing else is sent to them until it is answered. */
  readonly #alone = new Set<RenderWorker>();
  #waitingAlone = 0;
  /** Renders waiting for a worker, told to look again when a request is answered or a worker stops. */
  #waiting: (() => void)[] = [];

  /**
   * @param workers the running workers
   * @param replaceStopped starts workers in place of stopped ones, when the render is for `generation`
   *   (the snapshot the workers were last brought to); resolves once they hold it
   */
  constructor(
    private readonly workers: () => readonly RenderWorker[],
    private readonly replaceStopped: (generation: number) => Promise<void>,
  ) {}

  /**
   * Sends a render, with `send`, to the idlest worker it may go to, once there is one: for a page
   * alone, a worker that holds nothing (kept for it until `released`); otherwise any not kept so,
   * once no page alone waits. `send` is called at once on the worker chosen, so that what it sends
   * counts before another render chooses. Throws when no worker runs and none can be started.
   */
  async send<T>(generation: number, forOnePage: boolean, send: (worker: RenderWorker) => Promise<T>): Promise<T> {
    if (forOnePage) this.#waitingAlone += 1;
    try {
      for (;;) {
        await this.replaceStopped(generation);
        const open = this.workers().filter((worker) => !this.#alone.has(worker) && (forOnePage ? worker.pending.size === 0 : this.#waitingAlone === 0));
        // A page alone goes to the least used of the idle workers: one started in place of a stopped one, if any, so that a
        // worker near some limit of its own (its memory, say) is not what a page is judged by.
        const better = (candidate: RenderWorker, best: RenderWorker) => (forOnePage ? candidate.answered < best.answered : candidate.pending.size < best.pending.size);
        const worker = open.reduce<RenderWorker | undefined>((best, candidate) => (!best || better(candidate, best) ? candidate : best), undefined);
        if (worker) {
          if (forOnePage) this.#alone.add(worker);
          return send(worker);
        }
        if (this.workers().length === 0) throw new Error('No render worker is running');
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
      }
    } finally {
      if (forOnePage) this.#waitingAlone -= 1;
    }
  }

  /** A request of `worker` was answered or failed, or it stopped: a worker kept for one page is free again. */
  released(worker?: RenderWorker): void {
    if (worker) this.#alone.delete(worker);
    else this.#alone.clear();
    const woken = this.#waiting;
    this.#waiting = [];
    for (const wake of woken) wake();
  }
}
