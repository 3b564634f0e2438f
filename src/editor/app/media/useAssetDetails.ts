/**
 * The uploaded images' details (pixels, bytes, GPS), shared by the media library and every
 * image field: fetched once, and again after an upload or a change to the images, when the
 * editor's tab comes back into view, and before a field calls an image missing (another tab
 * or person may have uploaded it since).
 */
import { useEffect, useState } from 'react';
import type { AssetDetails } from '../../../server/asset-details';
import { listAssetDetails } from '../api';

type DetailsByUrl = ReadonlyMap<string, AssetDetails>;

let loading: Promise<DetailsByUrl | null> | null = null;
let loadedAt = 0;
const listeners = new Set<(details: DetailsByUrl | null) => void>();
/** How old the list may be before a missing image, or the tab coming back, fetches it again. */
export const RECHECK_AFTER_MS = 5000;

function load(): Promise<DetailsByUrl | null> {
  loading ??= listAssetDetails().then(
    (list) => {
      loadedAt = Date.now();
      return new Map(list.map((details) => [details.url, details]));
    },
    // Details are a help, not a need: without them the library and fields show names only (and
    // null, not an empty list, so no field takes its image for missing).
    () => null,
  );
  return loading;
}

/** Fetches the details again (after an upload, a replacement, a rename or a delete) and tells every user. */
export function refreshAssetDetails(): void {
  loading = null;
  // Unknown until the new list comes: a field showing the image just uploaded must not call it missing meanwhile.
  listeners.forEach((listener) => listener(null));
  void load().then((details) => listeners.forEach((listener) => listener(details)));
}

const listIsStale = (now: number): boolean => loadedAt > 0 && now - loadedAt > RECHECK_AFTER_MS;

/** Fetches the list again if it is old and no fetch is under way (one request however many fields ask). */
function recheckIfStale(): void {
  if (!listIsStale(Date.now())) return;
  loadedAt = 0;
  refreshAssetDetails();
}

let watchingVisibility = false;

/** Back from another tab, where an image may have been uploaded, the list is asked again (once, for every user). */
function watchVisibility(): void {
  if (watchingVisibility) return;
  watchingVisibility = true;
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && recheckIfStale());
}

export function useAssetDetails(): DetailsByUrl | null {
  const [details, setDetails] = useState<DetailsByUrl | null>(null);
  useEffect(() => {
    let live = true;
    const listener = (next: DetailsByUrl | null) => live && setDetails(next);
    listeners.add(listener);
    void load().then(listener);
    watchVisibility();
    return () => {
      live = false;
      listeners.delete(listener);
    };
  }, []);
  return details;
}

/**
 * Whether a field should warn that `url` names no uploaded image. An old list is asked again
 * first, and the field says nothing until it answers: the image may be newer than the list.
 */
export function useMissingUpload(details: DetailsByUrl | null, url: string): boolean {
  const missing = isMissingUpload(details, url);
  const stale = missing && listIsStale(Date.now());
  useEffect(() => {
    if (stale) recheckIfStale();
  }, [stale, url]);
  return missing && !stale;
}

const UPLOADS_PREFIX = '/assets/images/';

/** Whether `url` names an uploaded image that is not there (a typo): visitors would get a broken image. */
export function isMissingUpload(details: DetailsByUrl | null, url: string): boolean {
  const file = url.split(/[?#]/, 1)[0]!;
  return details !== null && file.startsWith(UPLOADS_PREFIX) && !details.has(file);
}

/** "3000 × 2000 px · 2.4 MB" */
export function describeAsset(details: AssetDetails, formatBytes: (bytes: number) => string): string {
  const size = details.width && details.height ? `${details.width} × ${details.height} px · ` : '';
  return `${size}${formatBytes(details.bytes)}`;
}

/**
 * For an original on disk that records its position: put there by hand, or uploaded before uploads
 * had it removed (src/server/upload-location.ts). Uploading it again removes it.
 */
export const GPS_WARNING =
  'This photo records where it was taken (GPS). The page shows copies without it, but the original file, with the location, is public at its URL. To remove the location, upload the photo again under the same name and choose Replace.';

/** The same, in a few words, under the image's tile in the library. */
export const GPS_TILE_NOTE = 'Records its GPS location: upload it again to remove it';
