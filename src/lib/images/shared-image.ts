/**
 * The addresses a page gives for an image as one plain URL, not a responsive <picture>: a copy,
 * never the original, which is served as uploaded, EXIF (GPS included) and all.
 *
 * The address a page gives others for an image: its social image (`og:image`) and the image of
 * its structured data, which crawlers and chat apps fetch and show. An upload that has variants
 * is given as one, never as the original: the original is served as uploaded, so a phone photo's
 * EXIF (where it was taken, GPS) and its full weight went to every service a link was shared
 * with, while the page itself only ever showed copies without them. The copy is the whole image
 * (not cropped: each service frames it its own way), a JPEG (PNG with alpha, which every
 * service reads) about 1200 px wide, the size they ask for. Anything else (an external URL, an
 * SVG or GIF, a missing file) is given as it is.
 */
import { VARIANT_WIDTHS } from '../../../server/image-variant-urls.mjs';
import { planImage, type ImageFrame } from './responsive';

const SHARED_FRAME: ImageFrame = { width: 1200, height: 630, fit: 'contain', maxWidth: 1200 };
/** The whole image, as wide as a copy is made (or the original's width, if less). */
const LARGEST_FRAME: ImageFrame = { width: 1, height: 1, fit: 'contain', maxWidth: Math.max(...VARIANT_WIDTHS) };
/** A video's poster, as the facade shows it across the player (up to about 1000 px). */
const POSTER_FRAME: ImageFrame = { width: 16, height: 9, fit: 'contain', maxWidth: 960 };

/** The absolute URL to give for the image at `url` (`/assets/images/…` or any other). */
export async function sharedImageUrl(url: string, site: URL): Promise<string> {
  return new URL((await planImage(url, SHARED_FRAME)).src, site).href;
}

/**
 * The largest copy of the image at `url`, whole, for a link to the picture itself (the gallery's
 * "full size", which the browser's own viewer shows): it linked to the original, so a phone
 * photo's GPS position reached every visitor. Anything with no copies is given as it is.
 */
export async function largestCopyUrl(url: string): Promise<string> {
  return (await planImage(url, LARGEST_FRAME)).src;
}

/** A copy of a video's poster at the size the facade shows it (video-embed's facade.ts), never the original. */
export async function posterCopyUrl(url: string): Promise<string> {
  return (await planImage(url, POSTER_FRAME)).src;
}
