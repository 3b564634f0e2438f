/**
 * The address a page gives others for an image: its social image (`og:image`) and the image of
 * its structured data, which crawlers and chat apps fetch and show. An upload that has variants
 * is given as one, never as the original: the original is served as uploaded, so a phone photo's
 * EXIF (where it was taken, GPS) and its full weight went to every service a link was shared
 * with, while the page itself only ever showed copies without them. The copy is the whole image
 * (not cropped: each service frames it its own way), a JPEG (PNG with alpha, which every
 * service reads) about 1200 px wide, the size they ask for. Anything else (an external URL, an
 * SVG or GIF, a missing file) is given as it is.
 */
import { planImage, type ImageFrame } from './responsive';

const SHARED_FRAME: ImageFrame = { width: 1200, height: 630, fit: 'contain', maxWidth: 1200 };

/** The absolute URL to give for the image at `url` (`/assets/images/…` or any other). */
export async function sharedImageUrl(url: string, site: URL): Promise<string> {
  return new URL((await planImage(url, SHARED_FRAME)).src, site).href;
}
