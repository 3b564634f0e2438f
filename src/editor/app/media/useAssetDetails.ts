/**
 * The uploaded images' details (pixels, bytes, GPS), shared by the media library and every
 * image field: fetched once, and again after an upload or a change to the images.
 */
import { useEffect, useState } from 'react';
import type { AssetDetails } from '../../../server/asset-details';
import { listAssetDetails } from '../api';

type DetailsByUrl = ReadonlyMap<string, AssetDetails>;

let loading: Promise<DetailsByUrl | null> | null = null;
const listeners = new Set<(details: DetailsByUrl | null) => void>();

function load(): Promise<DetailsByUrl | null> {
  loading ??= listAssetDetails().then(
    (list) => new Map(list.map((details) => [details.url, details])),
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

export function useAssetDetails(): DetailsByUrl | null {
  const [details, setDetails] = useState<DetailsByUrl | null>(null);
  useEffect(() => {
    let live = true;
    const listener = (next: DetailsByUrl | null) => live && setDetails(next);
    listeners.add(listener);
    void load().then(listener);
    return () => {
      live = false;
      listeners.delete(listener);
    };
  }, []);
  return details;
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

export const GPS_WARNING = 'This photo records where it was taken (GPS). The page shows copies without it, but the original file, with the location, is public at its URL.';
