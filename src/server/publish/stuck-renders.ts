/**
 * Pages a render worker was stopped over on their own (page-rendering.ts), by render key. Each
 * costs a publication the worker's timeout twice (its batch, then the page alone), so a later
 * publication keeps such a page's live version at once, saying why, instead of every save waiting
 * that long again, until its content or the code changes: that is a new render key, tried afresh.
 */
export class StuckRenders {
  readonly #reasons = new Map<string, string>();

  /** Why the page with `renderKey` is not rendered, if it got stuck before. */
  reasonFor(renderKey: string): string | undefined {
    const reason = this.#reasons.get(renderKey);
    return reason && `${reason}; it is not rendered again until its content or the code changes`;
  }

  add(renderKey: string, reason: string): void {
    this.#reasons.set(renderKey, reason);
  }

  /** Forgets the render keys no page has now, so this holds only pages that exist. */
  keepOnly(renderKeys: ReadonlySet<string>): void {
    for (const key of this.#reasons.keys()) if (!renderKeys.has(key)) this.#reasons.delete(key);
  }
}
