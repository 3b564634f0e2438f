/**
 * The media library: a modal grid of the uploaded images with search,
 * uploads (file chooser, drag-and-drop, paste) and where each image is used.
 * The image field (fields/ImageField.tsx) opens it; it imports no field code.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  base64OfDataUrl, fileProblem, filenameOf, filenameProblem, filterAssets, formatBytes, nextFreeName, suggestFilename,
  UPLOAD_ACCEPT, uploadMimeType, uploadRules, whereUsed, withAsset, type Usage,
} from '../lib/media';
import type { Docs } from '../lib/model';
import { listAssets, uploadAsset } from './api';
import { Dialog } from './dialogs';
import './media.css';

/** What image fields need from the editor: the server's upload limit and where an image is used. */
export interface MediaOptions {
  maxUploadBytes: number;
  whereUsed(url: string): Usage[];
  /** Confirms and applies a delete or rename of an image; resolves true when it happened. */
  manageImage?(url: string, action: 'delete' | 'rename'): Promise<boolean>;
}

/** Media options over the editor's documents as they are when asked (a ref, so the options object stays the same). */
export function useMediaOptions(maxUploadBytes: number, docs: { readonly current: Docs }, manageImage?: MediaOptions['manageImage']): MediaOptions {
  return useMemo(() => ({ maxUploadBytes, whereUsed: (url: string) => whereUsed(docs.current, url), manageImage }), [maxUploadBytes, docs, manageImage]);
}

// ---- the picker ----

type UploadStatus = 'rejected' | 'ready' | 'uploading' | 'conflict';

interface UploadItem {
  id: number;
  file: File;
  /** An object URL of the file, for its thumbnail. */
  preview: string | null;
  /** The name it is stored under; editable until it is sent. */
  name: string;
  status: UploadStatus;
  /** Why it was refused, or the server's answer to the last attempt. */
  message?: string;
  progress: number;
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(base64OfDataUrl(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
const unfinished = (item: UploadItem) => item.status !== 'rejected';

let nextUploadId = 1;

interface LibraryProps {
  currentUrl: string;
  maxUploadBytes: number;
  whereUsed(url: string): Usage[];
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
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** Cache-busters for thumbnails of replaced images. */
  const [versions, setVersions] = useState<Record<string, number>>({});
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const assetsRef = useRef(assets);
  assetsRef.current = assets;
  const aborts = useRef(new Map<number, () => void>());
  const mounted = useRef(true);
  const dragDepth = useRef(0);
  const searchRef = useRef<HTMLInputElement>(null);

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

  // Uploads still running when the picker closes are cancelled; previews are released.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const abort of aborts.current.values()) abort();
      for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const update = (id: number, change: Partial<UploadItem>) => setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const removeItem = (id: number) => {
    aborts.current.get(id)?.();
    setItems((current) => {
      const item = current.find((i) => i.id === id);
      if (item?.preview) URL.revokeObjectURL(item.preview);
      return current.filter((i) => i.id !== id);
    });
  };
  const focusName = (id: number) => requestAnimationFrame(() => document.getElementById(`${uid}-name-${id}`)?.focus());

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const added = files.map<UploadItem>((file) => {
        const problem = fileProblem(file, maxUploadBytes);
        return {
          id: nextUploadId++,
          file,
          preview: problem ? null : URL.createObjectURL(file),
          name: problem ? file.name : suggestFilename(file.name, file.type),
          status: problem ? 'rejected' : 'ready',
          message: problem ?? undefined,
          progress: 0,
        };
      });
      setItems((current) => [...current, ...added]);
      const ready = added.filter((item) => item.status === 'ready');
      setAnnouncement(
        ready.length ? `${ready.length} image${ready.length === 1 ? '' : 's'} ready to upload: check the name, then press Upload.` : 'The file cannot be uploaded.',
      );
      if (ready[0]) focusName(ready[0].id);
    },
    [maxUploadBytes],
  );

  // Paste an image (Ctrl/Cmd+V) anywhere while the picker is open; pasted text goes where it always goes.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    // A file dropped beside the grid must not make the browser leave the editor to open it.
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    document.addEventListener('paste', onPaste);
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, [addFiles]);

  const upload = async (id: number, { overwrite = false } = {}) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item || filenameProblem(item.name, item.file.type)) return;
    const name = item.name;
    update(id, { status: 'uploading', progress: 0, message: undefined });
    let data: string;
    try {
      data = await readBase64(item.file);
    } catch (error) {
      update(id, { status: 'ready', message: `The file could not be read: ${(error as Error).message}` });
      return;
    }
    if (!mounted.current || !itemsRef.current.some((i) => i.id === id)) return;
    const mimeType = uploadMimeType(item.file.type);
    const request = uploadAsset({ filename: name, data, ...(mimeType && { mimeType }), ...(overwrite && { overwrite: true }) }, (progress) => update(id, { progress }));
    aborts.current.set(id, request.abort);
    const outcome = await request.result;
    aborts.current.delete(id);
    if (!mounted.current || (!outcome.ok && outcome.aborted)) return;

    if (outcome.ok) {
      setAssets((current) => withAsset(current ?? [], outcome.url));
      if (overwrite) setVersions((current) => ({ ...current, [outcome.url]: Date.now() }));
      removeItem(id);
      onSelect(outcome.url);
      // A new upload is selected at once; the picker stays open only for other files still to upload.
      if (itemsRef.current.some((i) => i.id !== id && unfinished(i))) setAnnouncement(`Uploaded and selected ${filenameOf(outcome.url)}.`);
      else onClose();
      return;
    }
    switch (outcome.status) {
      case 409:
        update(id, { status: 'conflict', message: `A different image named “${name}” is already in the library.` });
        break;
      case 413:
        update(id, { status: 'rejected', message: `“${name}” is too large: images can be at most ${formatBytes(maxUploadBytes)}.` });
        break;
      case 400:
        update(id, { status: 'ready', message: `The server refused “${name}”: ${outcome.error}` });
        break;
      default:
        update(id, { status: 'ready', message: `The upload of “${name}” failed: ${outcome.error}` });
    }
  };

  const proposeNewName = (id: number) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    const taken = (assetsRef.current ?? []).map(filenameOf);
    update(id, { status: 'ready', name: nextFreeName(item.name, taken), message: undefined });
    focusName(id);
  };

  const visible = useMemo(() => filterAssets(assets ?? [], query), [assets, query]);
  const usage = useMemo(() => new Map((assets ?? []).map((url) => [url, usageOf(url)])), [assets, usageOf]);

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      addFiles(Array.from(event.dataTransfer.files));
    },
  };

  const rules = uploadRules(maxUploadBytes);
  const count = assets === null ? '' : query.trim() ? `${visible.length} of ${assets.length} images` : `${assets.length} image${assets.length === 1 ? '' : 's'}`;

  return (
    <Dialog title="Media library" onClose={onClose} className="dialog-media">
      <div className="media-library" {...dropHandlers}>
        <div className="media-toolbar">
          <input
            className="input media-search"
            type="search"
            placeholder="Search by file name"
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
                addFiles(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
            Upload images
          </label>
        </div>
        <p className="media-rules" id={`${uid}-rules`}>
          {rules}. Drop images on the grid, or paste one.
        </p>

        {items.length > 0 && (
          <ul className="media-uploads" aria-label="Uploads">
            {items.map((item) => (
              <UploadRow
                key={item.id}
                item={item}
                uid={uid}
                onRename={(name) => update(item.id, { name })}
                onUpload={() => void upload(item.id)}
                onReplace={() => void upload(item.id, { overwrite: true })}
                onNewName={() => proposeNewName(item.id)}
                onRemove={() => removeItem(item.id)}
              />
            ))}
          </ul>
        )}

        <div className={`media-drop${dragging ? ' is-dragging' : ''}`}>
          {dragging && (
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
            <ul className="media-grid" aria-label="Images">
              {visible.map((url) => (
                <li key={url} className="media-item">
                  <button
                    type="button"
                    className="media-tile"
                    aria-current={url === currentUrl ? 'true' : undefined}
                    onClick={() => {
                      onSelect(url);
                      onClose();
                    }}
                  >
                    <img className="media-tile-image" src={versions[url] ? `${url}?v=${versions[url]}` : url} alt="" loading="lazy" decoding="async" draggable={false} />
                    <span className="media-tile-name" title={filenameOf(url)}>
                      {filenameOf(url)}
                    </span>
                    {url === currentUrl && (
                      <span className="media-tile-check" aria-hidden="true">
                        ✓
                      </span>
                    )}
                  </button>
                  <UsageNote usages={usage.get(url) ?? []} />
                  {manageImage && <ImageActions url={url} onAction={(action) => void manageImage(url, action).then((changed) => changed && load())} />}
                </li>
              ))}
            </ul>
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

function UploadRow({ item, uid, onRename, onUpload, onReplace, onNewName, onRemove }: {
  item: UploadItem;
  uid: string;
  onRename(name: string): void;
  onUpload(): void;
  onReplace(): void;
  onNewName(): void;
  onRemove(): void;
}) {
  const nameId = `${uid}-name-${item.id}`;
  const problem = item.status === 'ready' ? filenameProblem(item.name, item.file.type) : null;
  return (
    <li className={`media-upload is-${item.status}`}>
      {item.preview && <img className="media-upload-thumb" src={item.preview} alt="" />}
      <div className="media-upload-body">
        {item.status === 'ready' && (
          <form
            className="media-upload-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!problem) onUpload();
            }}
          >
            <label className="field-label" htmlFor={nameId}>
              File name
            </label>
            <div className="media-upload-line">
              <input
                id={nameId}
                className="input mono"
                value={item.name}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${nameId}-hint${problem ? ` ${nameId}-problem` : ''}${item.message ? ` ${nameId}-message` : ''}`}
                onChange={(event) => onRename(event.target.value.trim())}
              />
              <button type="submit" className="btn btn-primary btn-small" disabled={Boolean(problem)}>
                Upload
              </button>
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
            <p className="field-hint" id={`${nameId}-hint`}>
              {item.file.name} · {formatBytes(item.file.size)}
            </p>
            {problem && (
              <p className="field-error" id={`${nameId}-problem`}>
                {problem}
              </p>
            )}
            {item.message && (
              <p className="field-error" id={`${nameId}-message`} role="alert">
                {item.message}
              </p>
            )}
          </form>
        )}
        {item.status === 'uploading' && (
          <div className="media-upload-progress">
            <label className="media-upload-label" htmlFor={`${nameId}-progress`}>
              Uploading {item.name}
            </label>
            <div className="media-upload-line">
              <progress id={`${nameId}-progress`} max={100} value={Math.round(item.progress * 100)}>
                {Math.round(item.progress * 100)}%
              </progress>
              <span className="media-upload-percent" aria-hidden="true">
                {Math.round(item.progress * 100)}%
              </span>
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
          </div>
        )}
        {item.status === 'conflict' && (
          <div className="media-upload-conflict">
            <p className="field-error" role="alert">
              {item.message}
            </p>
            <div className="media-upload-line">
              <button type="button" className="btn btn-small btn-primary-soft" onClick={onNewName}>
                Use a new name
              </button>
              <button type="button" className="btn btn-small btn-danger" onClick={onReplace}>
                Replace
              </button>
              <button type="button" className="btn btn-small" onClick={onRemove}>
                Cancel
              </button>
            </div>
            <p className="field-hint">Replacing changes the image everywhere it is used.</p>
          </div>
        )}
        {item.status === 'rejected' && (
          <div className="media-upload-line">
            <p className="field-error" role="alert">
              {item.message}
            </p>
            <button type="button" className="btn btn-small" onClick={onRemove}>
              Dismiss
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** Rename and delete, per image: each asks first, in a dialog over the library. */
function ImageActions({ url, onAction }: { url: string; onAction(action: 'delete' | 'rename'): void }) {
  const name = filenameOf(url);
  return (
    <div className="media-item-actions">
      <button type="button" className="btn btn-ghost btn-small" onClick={() => onAction('rename')} aria-label={`Rename ${name}`}>
        Rename…
      </button>
      <button type="button" className="btn btn-ghost btn-small btn-danger" onClick={() => onAction('delete')} aria-label={`Delete ${name}`}>
        Delete…
      </button>
    </div>
  );
}

const KIND_LABELS = { page: 'Page', shared: 'Shared', entry: 'Entry' } as const;

function UsageNote({ usages }: { usages: Usage[] }) {
  if (usages.length === 0) return <p className="media-usage media-usage-none">Not used</p>;
  return (
    <details className="media-usage">
      <summary>
        Used in {usages.length} {usages.length === 1 ? 'place' : 'places'}
      </summary>
      <ul>
        {usages.map((usage) => (
          <li key={usage.file} title={usage.paths.join('\n')}>
            <span className="media-usage-kind">{KIND_LABELS[usage.kind]}</span> <span className="media-usage-name">{usage.name}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
