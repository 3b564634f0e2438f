/**
 * The media library: a modal grid of the uploaded images with search,
 * uploads (file chooser, drag-and-drop, paste) and where each image is used.
 * The image field (fields/ImageField.tsx) opens it; it imports no field code.
 * Its parts are in media/: the grid, an upload row, the queue and the drop zone.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MediaOptions } from './media/media-options';
import { filterAssets, UPLOAD_ACCEPT, uploadRules, withAsset } from '../lib/media';
import type { Docs } from '../lib/model';
import { useMarkdownReader } from './hooks/useMarkdownReader';
import { listAssets } from './api';
import { Dialog } from './dialogs';
import { MediaGrid } from './media/MediaGrid';
import { UploadRow } from './media/UploadRow';
import { useFileDrop } from './media/useFileDrop';
import { useUploadQueue } from './media/useUploadQueue';
import { refreshAssetDetails, useAssetDetails } from './media/useAssetDetails';

interface LibraryProps {
  currentUrl: string;
  maxUploadBytes: number;
  whereUsed: MediaOptions['whereUsed'];
  manageImage?: MediaOptions['manageImage'];
  /** Sets the field's URL; the picker closes itself. */
  onSelect(url: string): void;
  onClose(): void;
}

export function MediaLibrary({ currentUrl, maxUploadBytes, whereUsed: usageOf, manageImage, onSelect, onClose }: LibraryProps) {
  const uid = useId().replace(/:/g, '');
  const [assets, setAssets] = useState<string[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  /** Cache-busters for thumbnails of replaced images. */
  const [versions, setVersions] = useState<Record<string, number>>({});
  const assetsRef = useRef(assets);
  assetsRef.current = assets;
  const searchRef = useRef<HTMLInputElement>(null);
  const details = useAssetDetails();

  // After the dialog's showModal() (a child's effect runs first), which focuses its first button.
  useEffect(() => searchRef.current?.focus(), []);

  const load = useCallback(() => {
    const controller = new AbortController();
    setListError(null);
    listAssets(controller.signal).then(setAssets, (error: Error) => {
      if (error.name !== 'AbortError') setListError(error.message);
    });
    return () => controller.abort();
  }, []);
  useEffect(load, [load]);

  const focusName = useCallback((id: number) => requestAnimationFrame(() => document.getElementById(`${uid}-name-${id}`)?.focus()), [uid]);
  const queue = useUploadQueue({
    maxUploadBytes,
    assets: () => assetsRef.current ?? [],
    announce: setAnnouncement,
    focusName,
    // A new upload is selected at once; the picker stays open only for other files still to upload.
    onUploaded: (url, replaced, more) => {
      setAssets((current) => withAsset(current ?? [], url));
      refreshAssetDetails();
      if (replaced) setVersions((current) => ({ ...current, [url]: Date.now() }));
      onSelect(url);
      if (!more) onClose();
    },
  });
  const drop = useFileDrop(queue.addFiles);

  const visible = useMemo(() => filterAssets(assets ?? [], query), [assets, query]);
  // The texts' links to each image count as the store counts them, with the rich-text field's parser, loaded on demand.
  // Should it fail to load, the library keeps the plain answer (wherever the URL is written), and the delete dialog says why.
  const markdown = useMarkdownReader();
  const usage = useMemo(() => new Map((assets ?? []).map((url) => [url, usageOf(url, markdown)])), [assets, usageOf, markdown]);
  const count = assets === null ? '' : query.trim() ? `${visible.length} of ${assets.length} images` : `${assets.length} image${assets.length === 1 ? '' : 's'}`;

  return (
    <Dialog title="Media library" onClose={onClose} className="dialog-media">
      <div className="media-library" {...drop.handlers}>
        <div className="media-toolbar">
          <input
            className="input media-search"
            type="search"
            // Short enough for a phone, where "Search by file name" was cut to "Search by file na" (QA); the grid shows each file's name.
            placeholder="Search images"
            aria-label="Search images"
            aria-describedby={`${uid}-count`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // Escape closes the picker, as everywhere in it; a search field's own Escape would only clear it.
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onClose();
              }
            }}
            ref={searchRef}
          />
          <label className="btn btn-primary media-upload-button">
            <input
              type="file"
              className="visually-hidden"
              accept={UPLOAD_ACCEPT}
              multiple
              aria-describedby={`${uid}-rules`}
              onChange={(event) => {
                void queue.addFiles(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
            Upload images
          </label>
        </div>
        <p className="media-rules" id={`${uid}-rules`}>
          {uploadRules(maxUploadBytes)}. Drop images on the grid, or paste one.
        </p>

        {queue.items.length > 0 && (
          <ul className="media-uploads" aria-label="Uploads">
            {queue.items.map((item) => (
              <UploadRow
                key={item.id}
                item={item}
                uid={uid}
                onRename={(name) => queue.rename(item.id, name)}
                onUpload={() => queue.upload(item.id)}
                onReplace={() => queue.replace(item.id)}
                onNewName={() => queue.proposeNewName(item.id)}
                onRemove={() => queue.remove(item.id)}
              />
            ))}
          </ul>
        )}

        <div className={`media-drop${drop.dragging ? ' is-dragging' : ''}`}>
          {drop.dragging && (
            <p className="media-drop-hint" aria-hidden="true">
              Drop to upload
            </p>
          )}
          {listError ? (
            <div className="notice notice-error media-list-error" role="alert">
              The images could not be listed: {listError}{' '}
              <button type="button" className="btn btn-small" onClick={load}>
                Try again
              </button>
            </div>
          ) : assets === null ? (
            <p className="media-empty">Loading images…</p>
          ) : assets.length === 0 ? (
            <p className="media-empty">No images yet. Upload one, drop it here, or paste it.</p>
          ) : visible.length === 0 ? (
            <p className="media-empty">No image name contains “{query.trim()}”.</p>
          ) : (
            <MediaGrid
              urls={visible}
              currentUrl={currentUrl}
              versions={versions}
              usage={usage}
              details={details}
              onChoose={(url) => {
                onSelect(url);
                onClose();
              }}
              onAction={manageImage && ((url, action) => void manageImage(url, action).then((changed) => changed && (load(), refreshAssetDetails())))}
            />
          )}
        </div>
        <p className="media-count" id={`${uid}-count`} role="status">
          {count}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>
    </Dialog>
  );
}
