/**
 * Which editor tabs are open. Each tab holds a Web Lock named after its id for as long as it
 * lives; the browser lets go of it when the tab closes or crashes, with no timer to guess with.
 * So another tab can tell a closed tab's drafts (offered for recovery) from an open tab's
 * (that tab's own work, which it must never be offered to discard). Without Web Locks (an
 * insecure context: plain HTTP on a host other than localhost), no tab is known to be open, and
 * every other tab's drafts are offered, as before tabs were told apart.
 */
const LOCK_PREFIX = 'content-editor:tab:';

function newTabId(): string {
  // randomUUID needs a secure context too; uniqueness among one browser's tabs is all that is needed.
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** This tab's id, for the keys of its drafts. */
export const THIS_TAB = newTabId();

const locks = (): LockManager | undefined => (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined);

/** Whether open tabs can be told from closed ones here (Web Locks need a secure context). */
export const tabsAreKnown = () => locks() !== undefined;

/** Holds this tab's lock until the tab goes away. */
export function announceThisTab(): void {
  void locks()?.request(`${LOCK_PREFIX}${THIS_TAB}`, () => new Promise<never>(() => {}));
}

/** The ids of the editor tabs open now, this one included. */
export async function liveTabs(): Promise<Set<string>> {
  const live = new Set([THIS_TAB]);
  try {
    const { held = [] } = (await locks()?.query()) ?? {};
    for (const { name } of held) if (name?.startsWith(LOCK_PREFIX)) live.add(name.slice(LOCK_PREFIX.length));
  } catch {
    // No lock manager after all: only this tab is known to be open.
  }
  return live;
}

/** Settles when the tab `id` has gone (its lock is free), at once where there are no Web Locks. */
export async function whenTabCloses(id: string): Promise<void> {
  try {
    await locks()?.request(`${LOCK_PREFIX}${id}`, () => undefined);
  } catch {
    // No lock manager: nothing to wait for.
  }
}
