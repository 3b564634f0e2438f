/** A DraftStore in memory, as localStorage is in the browser (src/editor/lib/drafts.ts). */
import type { DraftStore } from '../../src/editor/lib/drafts';

export function memoryStore(): DraftStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}
