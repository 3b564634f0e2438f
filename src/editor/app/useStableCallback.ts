/** Identities that stay put across renders, for the props of memoized children. */
import { useCallback, useLayoutEffect, useRef } from 'react';

/** A function whose identity never changes and that calls the latest `callback`. */
export function useStableCallback<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  // Updated after rendering, so a render that React throws away does not leave its callback behind.
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** `value`, or the previous value while it is equal as JSON: for small derived lists recomputed on every edit. */
export function useStableValue<T>(value: T): T {
  const previous = useRef<{ value: T; json: string } | null>(null);
  const json = JSON.stringify(value);
  if (previous.current?.json !== json) previous.current = { value, json };
  return previous.current.value;
}
