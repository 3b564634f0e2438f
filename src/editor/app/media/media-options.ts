/**
 * What image fields need from the editor: the server's upload limit, where an image is used, and
 * the delete and rename of one. Apart from the media library (MediaLibrary.tsx), which is loaded
 * only when an image is chosen (lazy-dialogs.ts).
 */
import { useMemo } from 'react';
import type { MarkdownReader } from '../../../engine/references';
import { imageUsage } from '../../lib/content-ops';
import { whereUsed, type Usage } from '../../lib/media';
import type { Docs } from '../../lib/model';

export interface MediaOptions {
  maxUploadBytes: number;
  /** Where the image is used: with the Markdown reader, as the store judges a delete; before it loads, wherever its URL is written. */
  whereUsed(url: string, markdown?: MarkdownReader): Usage[];
  /** Confirms and applies a delete or rename of an image; resolves true when it happened. */
  manageImage?(url: string, action: 'delete' | 'rename'): Promise<boolean>;
}

/** Media options over the editor's documents as they are when asked (a ref, so the options object stays the same). */
export function useMediaOptions(maxUploadBytes: number, docs: { readonly current: Docs }, manageImage?: MediaOptions['manageImage']): MediaOptions {
  return useMemo(
    () => ({ maxUploadBytes, whereUsed: (url: string, markdown?: MarkdownReader) => (markdown ? imageUsage(docs.current, url, markdown) : whereUsed(docs.current, url)), manageImage }),
    [maxUploadBytes, docs, manageImage],
  );
}

