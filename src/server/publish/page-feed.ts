/**
 * A publication's pages as its planning finds them, so that rendering starts
 * with the first pages rather than after the last is planned: planning runs on
 * the server's (or the build's) thread while the render workers would
 * otherwise wait. Renderers take pages in batches; planning pushes them, then
 * ends the feed, or fails it, which fails every renderer waiting on it.
 */

/**
 * Lets the event loop answer what is waiting (visitors' requests, keep-alive timers, the workers'
 * replies): planning and rendering in process go mostly through promises that settle at once, so
 * thousands of pages in a row would otherwise hold the thread for seconds.
 */
export const letRequestsThrough = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Planning failed: the renderers stop with its error, and nothing is rendered again elsewhere. */
export class FeedFailed extends Error {}

export class PageFeed<T> {
  #items: T[] = [];
  #taken = 0;
  #ended = false;
  #failure: FeedFailed | undefined;
  #waiting: (() => void)[] = [];

  /** A feed of `items`, ended. */
  static of<T>(items: Iterable<T>): PageFeed<T> {
    const feed = new PageFeed<T>();
    for (const item of items) feed.push(item);
    feed.end();
    return feed;
  }

  push(item: T): void {
    this.#items.push(item);
    this.#wake();
  }

  end(): void {
    this.#ended = true;
    this.#wake();
  }

  fail(error: unknown): void {
    this.#failure ??= new FeedFailed(error instanceof Error ? error.message : String(error), { cause: error });
    this.#wake();
  }

  #wake() {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }

  async #until(ready: () => boolean): Promise<void> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      if (ready()) return;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  /** Waits until more than `count` items are in, or the feed ended: whether more than `count` are. */
  async moreThan(count: number): Promise<boolean> {
    await this.#until(() => this.#items.length > count || this.#ended);
    return this.#items.length > count;
  }

  /** The next `size` items no one took yet (fewer at the end); undefined once every item is taken and the feed ended. */
  async take(size: number): Promise<T[] | undefined> {
    await this.#until(() => this.#items.length - this.#taken >= size || this.#ended);
    if (this.#taken >= this.#items.length) return undefined;
    const batch = this.#items.slice(this.#taken, this.#taken + size);
    this.#taken += batch.length;
    return batch;
  }

  /** Every item, once the feed ended: to render them all again elsewhere. */
  async all(): Promise<T[]> {
    await this.#until(() => this.#ended);
    return this.#items;
  }
}

/** Rendering failed, so planning stopped: not a failure of its own. */
class PlanningStopped extends Error {}

/**
 * Plans and renders at once: `plan` hands each page to `push` as soon as it is planned (and calls
 * `push()` with nothing for a page it does not render), and `render` takes them from the feed. Planning that fails fails the rendering with its error; a
 * rendering that fails stops the planning at its next page, so a failed publication leaves nothing
 * running behind it. Settles once both have.
 */
export async function planWhileRendering<T, Planned, Rendered>(plan: (push: (item?: T) => void) => Promise<Planned>, render: (feed: PageFeed<T>) => Promise<Rendered>): Promise<[Planned, Rendered]> {
  const feed = new PageFeed<T>();
  let renderingFailed = false;
  const planning = plan((item) => {
    if (renderingFailed) throw new PlanningStopped('Planning stopped: rendering failed');
    if (item !== undefined) feed.push(item);
  }).then(
    (planned) => {
      feed.end();
      return planned;
    },
    (error: unknown) => {
      feed.fail(error);
      throw error;
    },
  );
  const rendering = render(feed);
  rendering.catch(() => {
    renderingFailed = true;
  });
  const [planned, rendered] = await Promise.allSettled([planning, rendering]);
  // Planning's own failure first: the renderers only saw it through the feed.
  if (planned.status === 'rejected' && !(planned.reason instanceof PlanningStopped)) throw planned.reason;
  if (rendered.status === 'rejected') throw rendered.reason;
  if (planned.status === 'rejected') throw planned.reason;
  return [planned.value, rendered.value];
}
