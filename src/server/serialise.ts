/**
 * Runs tasks one at a time per key, in arrival order, within this process.
 * A check and the write it guards (does the file exist? is the version still
 * the one the client saw?) must be one step: two requests interleaving between
 * them would both pass the check and both write.
 */
const tails = new Map<string, Promise<unknown>>();

export function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
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
