/** The Markdown reader for a part that names links inside texts: undefined until it has loaded (markdown-reader-loader.ts), starting the load when `wanted`. */
import { useEffect, useState } from 'react';
import type { MarkdownReader } from '../../../engine/references';
import { loadedMarkdownReader, loadMarkdownReader } from '../../lib/markdown-reader-loader';

export function useMarkdownReader(wanted = true, onError?: (error: Error) => void): MarkdownReader | undefined {
  const [reader, setReader] = useState(loadedMarkdownReader);
  useEffect(() => {
    if (!wanted || reader) return;
    let live = true;
    loadMarkdownReader().then(
      (loaded) => live && setReader(() => loaded),
      (error: Error) => live && onError?.(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, reader]);
  return reader;
}
