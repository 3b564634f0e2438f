// Runs tasks one at a time per key, in arrival order, within this process.
// A check and the write it guards (does the file exist? is the version still
// the one the client saw?) must be one step: two requests interleaving between
// them would both pass the check and both write.
// The queues live on globalThis: the production server (server/index.mjs) and
// the Astro routes load this module as two copies (the build bundles its own),
// and a git sync started by the one must wait for a changeset of the other.
// Plain JavaScript so the production server can load it without a build step.

/** @type {Map<string, Promise<unknown>>} */
const tails = (globalThis[Symbol.for('content-site-engine.serialised')] ??= new Map());

/**
 * @template T
 * @param {string} key
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export function serialised(key, task) {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  // The chain waits for the task whether it fails or not; the caller sees its own outcome.
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
