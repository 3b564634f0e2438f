/**
 * The editor's Markdown reader (rich-text/markdown-reader.ts), loaded on demand: it carries a
 * Markdown parser, which the editor's first load must not (docs/performance.md, section 5). Loaded
 * once, by whichever part asks first (a dialog that names links, a save's note, the media library);
 * until then, links inside texts are not read, and whoever asked reads them once it has loaded.
 */
import type { MarkdownReader } from '../../engine/references';

let loaded: MarkdownReader | undefined;
let loading: Promise<MarkdownReader> | undefined;

/** The reader, when it has loaded. */
export const loadedMarkdownReader = (): MarkdownReader | undefined => loaded;

/** Loads the reader (once; a failed load is tried again on the next call). */
export function loadMarkdownReader(): Promise<MarkdownReader> {
  loading ??= import('./rich-text/markdown-reader').then(
    ({ markdownReader }) => (loaded = markdownReader),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
