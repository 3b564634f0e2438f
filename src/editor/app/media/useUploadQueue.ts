/**
 * The upload queue of an open media library. Its state is the editor
 * store's (`uploads`), changed by the store's upload commands; this hook
 * reads the files, sends them, and cancels what is still running when the
 * library closes, which empties the queue.
 */
import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { IMAGE_TYPES } from '../../../../server/headers.mjs';
import { rasterTypeOf, SIGNATURE_BYTES } from '../../../../server/image-signatures.mjs';
import { base64OfDataUrl, filenameOf, filenameProblem, uploadMimeType, type ContentType } from '../../lib/media';
import { newUpload, othersPending } from '../../lib/uploads';
import { uploadAsset } from '../api';
import { useUploadQueueChannel } from './UploadQueueContext';

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(base64OfDataUrl(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

let nextUploadId = 1;

/**
 * The file with the type its bytes say it is, where that is a raster type (rasterTypeOf, as the
 * server judges it): the browser guesses a file's type from its extension, so a PNG saved as
 * `.jpg` was named and sent as a JPEG, which the server refused, and renaming it to `.png` as the
 * server said was refused here. The name the library suggests then ends as the type does. With
 * it, what the bytes are (`other`: no raster image), so a file that only claims to be one is
 * refused here (newUpload); absent when they could not be read.
 */
async function asItIs(file: File): Promise<{ file: File; content?: ContentType }> {
  const head = await file.slice(0, SIGNATURE_BYTES).arrayBuffer().catch(() => undefined);
  if (!head) return { file };
  const type = rasterTypeOf(new Uint8Array(head));
  const mime = type && IMAGE_TYPES[type].mime;
  return { file: mime && mime !== file.type ? new File([file], file.name, { type: mime, lastModified: file.lastModified }) : file, content: type ?? 'other' };
}

interface Options {
  maxUploadBytes: number;
  /** The library's image URLs, for a free name after a conflict. */
  assets(): readonly string[];
  /** An upload finished: `url` is in the library (`replaced` when it overwrote an image); `more` when other uploads are still queued. */
  onUploaded(url: string, replaced: boolean, more: boolean): void;
  /** A sentence for screen readers. */
  announce(message: string): void;
  /** Moves focus to a ready item's name input. */
  focusName(id: number): void;
}

export function useUploadQueue({ maxUploadBytes, assets, onUploaded, announce, focusName }: Options) {
  const { items, dispatch } = useUploadQueueChannel();
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const aborts = useRef(new Map<number, () => void>());
  const mounted = useRef(true);

  // Uploads still running when the library closes are cancelled; previews are released.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const abort of aborts.current.values()) abort();
      for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
      dispatch({ type: 'dismissUpload' });
    };
  }, [dispatch]);

  const remove = useCallback((id: number) => {
    aborts.current.get(id)?.();
    const item = itemsRef.current.find((candidate) => candidate.id === id);
    if (item?.preview) URL.revokeObjectURL(item.preview);
    dispatch({ type: 'dismissUpload', id });
  }, [dispatch]);

  const addFiles = useCallback(
    async (chosen: File[]) => {
      if (chosen.length === 0) return;
      const files = await Promise.all(chosen.map(asItIs));
      const added = files.map(({ file, content }) => newUpload(nextUploadId++, file, maxUploadBytes, (ready) => URL.createObjectURL(ready), content));
      // Rendered at once: after the await above, React would render the new rows after the frame in which focusName looks for them.
      flushSync(() => dispatch({ type: 'queueUploads', items: added }));
      const ready = added.filter((item) => item.status === 'ready');
      announce(ready.length ? `${ready.length} image${ready.length === 1 ? '' : 's'} ready to upload: check the name, then press Upload.` : 'The file cannot be uploaded.');
      if (ready[0]) focusName(ready[0].id);
    },
    [maxUploadBytes, announce, focusName, dispatch],
  );

  const upload = async (id: number, { overwrite = false } = {}) => {
    const item = itemsRef.current.find((candidate) => candidate.id === id);
    if (!item || filenameProblem(item.name, item.file.type)) return;
    dispatch({ type: 'uploadStarted', id });
    let data: string;
    try {
      data = await readBase64(item.file);
    } catch (error) {
      dispatch({ type: 'uploadUnreadable', id, reason: (error as Error).message });
      return;
    }
    if (!mounted.current || !itemsRef.current.some((candidate) => candidate.id === id)) return;
    const mimeType = uploadMimeType(item.file.type);
    const request = uploadAsset({ filename: item.name, data, ...(mimeType && { mimeType }), ...(overwrite && { overwrite: true }) }, (progress) => dispatch({ type: 'uploadProgressed', id, progress }));
    aborts.current.set(id, request.abort);
    const outcome = await request.result;
    aborts.current.delete(id);
    if (!mounted.current || (!outcome.ok && outcome.aborted)) return;
    if (!outcome.ok) {
      dispatch({ type: 'uploadFailed', id, status: outcome.status, error: outcome.error, caseTwin: outcome.caseTwin, maxUploadBytes });
      return;
    }
    if (item.preview) URL.revokeObjectURL(item.preview);
    const more = othersPending(itemsRef.current, id);
    dispatch({ type: 'dismissUpload', id });
    onUploaded(outcome.url, overwrite, more);
    // After the selection, an edit, which would clear a notice said before it.
    if (outcome.locationRemoved) dispatch({ type: 'locationRemoved', name: filenameOf(outcome.url) });
    if (more) announce(`Uploaded and selected ${filenameOf(outcome.url)}.`);
  };

  const proposeNewName = (id: number) => {
    dispatch({ type: 'proposeUploadName', id, takenNames: assets().map(filenameOf) });
    focusName(id);
  };

  return {
    items,
    addFiles,
    upload: (id: number) => void upload(id),
    replace: (id: number) => void upload(id, { overwrite: true }),
    rename: (id: number, name: string) => dispatch({ type: 'renameUpload', id, name }),
    proposeNewName,
    remove,
  };
}
