/**
 * Work the editor defers until the browser has nothing else to do: code fetched ahead of need
 * (dialogs, dnd-kit, the Markdown parser) and drafts written between keystrokes.
 */

export interface IdleTiming {
  /** At the latest after this many milliseconds, idle or not. */
  timeout: number;
  /** Safari has no idle callbacks: there, a timer of this many milliseconds. */
  fallback: number;
}

/** Runs `callback` once, when the browser is idle; returns what cancels it. */
export function whenIdle(callback: () => void, { timeout, fallback }: IdleTiming): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, fallback);
  return () => window.clearTimeout(timer);
}
