/**
 * The upload queue lives in the editor's store; the media library reads it
 * through this context, so only an open library renders when it changes,
 * never the form being typed into.
 */
import { createContext, useContext } from 'react';
import type { UploadItem } from '../../lib/uploads';
import type { EditorDispatch } from '../hooks/useEditorStore';

export interface UploadQueueChannel {
  items: readonly UploadItem[];
  dispatch: EditorDispatch;
}

const UploadQueueContext = createContext<UploadQueueChannel | null>(null);
export const UploadQueueProvider = UploadQueueContext.Provider;

export function useUploadQueueChannel(): UploadQueueChannel {
  const channel = useContext(UploadQueueContext);
  if (!channel) throw new Error('The media library needs the editor’s UploadQueueProvider');
  return channel;
}
