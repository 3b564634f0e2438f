/**
 * What the media library shows of each uploaded image: its displayed size, its weight, and
 * whether its EXIF records where it was taken. Uploads are stored without that
 * (upload-location.ts), but a file put in the folder by hand, or uploaded before, is served as
 * it is, GPS and all, while the page's variants carry no metadata. Facts are cached by file
 * identity in the variant store, so a second listing reads nothing but the folder.
 */
import { basename } from 'node:path';
import { originalInfo } from '../../server/image-variant-store.mjs';
import { listAssetUrls } from './assets';
import { ASSETS_DIR } from './paths';

export interface AssetDetails {
  url: string;
  /** Bytes of the original file. */
  bytes: number;
  /** As displayed (after the EXIF orientation); absent when the file cannot be read as an image. */
  width?: number;
  height?: number;
  /** The EXIF holds a GPS latitude and longitude. */
  hasGps: boolean;
}

export async function listAssetDetails(dir = ASSETS_DIR): Promise<AssetDetails[]> {
  const urls = await listAssetUrls(dir);
  return Promise.all(
    urls.map(async (url): Promise<AssetDetails> => {
      try {
        const info = await originalInfo([dir], basename(url));
        if (info) return { url, bytes: info.size, width: info.width, height: info.height, hasGps: info.hasGps };
      } catch {
        // a file sharp cannot read: listed by name only
      }
      return { url, bytes: 0, hasGps: false };
    }),
  );
}
